"""A tournament's status, worked out from its rounds: the one owner of ``Tournament.status``.

The status (registration → running → finished) is a fact about the rounds, not one of its own:
no round paired yet is *registration*; a round paired is *running*; the last round
(``number >= tournament.rounds``) finished is *finished*. :func:`tournament_status` derives it
from plain values; ``Tournament.status`` keeps it only as a cache for the lists and the admin's
filter, and :func:`refresh_status` is the one function that writes it. Every service that
changes the rounds or ``tournament.rounds`` (pairing, adding or finishing a round, the settings)
calls it in its transaction, with the tournament's row locked; nothing else writes the field.
:func:`status_problems` reports a stored status that differs from the derived one (the integrity
check, ``manage.py check_integrity``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db import DEFAULT_DB_ALIAS
from django.utils.translation import gettext as _

from tournaments.acts import revision
from tournaments.models import Round, RoundStatus, Tournament, TournamentStatus


def tournament_status(*, rounds: int | None, round_states: Iterable[tuple[int, str]]) -> str:
    """The status of a tournament of ``rounds`` rounds (``None``: not known yet) whose rounds are
    ``(number, RoundStatus)`` pairs, in any order: pure, no database."""
    paired = [(number, state) for number, state in round_states if state != RoundStatus.PENDING]
    if not paired:
        return TournamentStatus.REGISTRATION
    number, state = max(paired)
    if state == RoundStatus.FINISHED and number >= (rounds or 0):
        return TournamentStatus.FINISHED
    return TournamentStatus.RUNNING


def derived_status(tournament: Tournament, *, using: str | None = None) -> str:
    """``tournament``'s status as its stored rounds give it (one query)."""
    rows = Round.objects.using(using or tournament._state.db or DEFAULT_DB_ALIAS).filter(
        tournament_id=tournament.pk
    )
    return tournament_status(
        rounds=tournament.rounds, round_states=rows.values_list("number", "status")
    )


def refresh_status(*, tournament: Tournament) -> str:
    """Store ``tournament``'s derived status if it changed, and set it on the instance too.

    The one writer of ``Tournament.status``: called by the services that change the rounds or
    the number of rounds, inside their transaction, with the tournament's row locked (and
    ``tournament.rounds`` as they have just saved it)."""
    status = derived_status(tournament)
    if tournament.status != status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        revision.bump(tournament)
        tournament.status = status
    return status


def status_problems(using: str = DEFAULT_DB_ALIAS) -> list[str]:
    """Every tournament whose stored status differs from the one its rounds give (two queries);
    ``[]`` when all agree. The integrity check's tournaments part."""
    states: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for tournament_id, number, state in Round.objects.using(using).values_list(
        "tournament_id", "number", "status"
    ):
        states[tournament_id].append((number, state))
    labels = dict(TournamentStatus.choices)
    problems = []
    rows = Tournament.objects.using(using).order_by("pk").values_list("pk", "rounds", "status")
    for pk, rounds, stored in rows:
        derived = tournament_status(rounds=rounds, round_states=states.get(pk, ()))
        if stored != derived:
            problems.append(
                _(
                    "Tournament %(id)s: its status is “%(stored)s”, "
                    "but its rounds make it “%(derived)s”."
                )
                % {
                    "id": pk,
                    "stored": labels.get(stored, stored),
                    "derived": labels[derived],
                }
            )
    return problems
