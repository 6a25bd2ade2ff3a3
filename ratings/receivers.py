"""The ratings app's answers to the tournaments app's events (connected in
``RatingsConfig.ready``): a result record of a rated tournament recalculates its list; round 1
of a tournament seeded from a list takes its starting ratings from it."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments import hooks


def result_recorded(
    sender: Any,
    *,
    record_id: int | None = None,
    act: str = "",
    tournament_id: int | None = None,
    pairing_id: int | None = None,
    **kwargs: Any,
) -> None:
    """Sent after the record's commit: recalculate in a transaction of its own."""
    from ratings import acts

    with transaction.atomic():
        acts.result_changed(
            record_id=record_id, act=act, tournament_id=tournament_id, pairing_id=pairing_id
        )


def first_round(*, tournament: Any, user: Any) -> None:
    from ratings import acts

    acts.seed_from_list(tournament=tournament, user=user)


def connect() -> None:
    hooks.result_recorded.connect(result_recorded, dispatch_uid="ratings.result_recorded")
    hooks.register_first_round(first_round, uid="ratings")
