"""The tournament and round pages' extension points, answered by the apps above tournaments
(the spreadsheets) in their ``AppConfig.ready()``, as the game page's are (:mod:`games.hooks`).

- ``register_tournament_page(fn)``: ``fn(request, tournament)`` yields :class:`games.hooks.Link`
  and :class:`games.hooks.Panel` items for the slots ``tabs`` (beside the standings and the
  rounds) and ``arbiter`` (the arbiter's panel; the function asks the authority itself).
- ``register_round_page(fn)``: ``fn(request, round)`` yields items for the slot ``downloads``.

And the tournaments' events, for the apps above that follow them (the ratings):

- ``result_recorded``, a signal sent once a result record's transaction has committed (never
  inside it) with ``record_id``, ``act``, ``tournament_id`` and ``pairing_id``: a result was
  recorded, corrected, annulled or decided (every ``ResultRecord`` the results service writes).
  A receiver works in a transaction of its own and must be idempotent.
- ``register_first_round(fn)``: ``fn(tournament=…, user=…)`` is called inside the transaction that
  pairs a tournament's round 1, before the entries are ranked (the tournament row is locked):
  the place to set the entries' starting ratings, through the entries' service.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.db import transaction
from django.dispatch import Signal

from games.hooks import GamePageHook, Page, PageHooks

TABS = "tabs"
ARBITER = "arbiter"
DOWNLOADS = "downloads"

# Sent with record_id, act, tournament_id and pairing_id once a result record has committed.
result_recorded = Signal()

FirstRoundHook = Callable[..., None]
FIRST_ROUND: dict[str, FirstRoundHook] = {}

TOURNAMENT_PAGE = PageHooks()
ROUND_PAGE = PageHooks()


def register_tournament_page(fn: GamePageHook, *, uid: str | None = None) -> GamePageHook:
    return TOURNAMENT_PAGE.register(fn, uid=uid)


def register_round_page(fn: GamePageHook, *, uid: str | None = None) -> GamePageHook:
    return ROUND_PAGE.register(fn, uid=uid)


def tournament_page(request: Any, tournament: Any) -> Page:
    return TOURNAMENT_PAGE.collect(request, tournament)


def round_page(request: Any, rnd: Any) -> Page:
    return ROUND_PAGE.collect(request, rnd)


def announce_record(
    *, record_id: int, act: str, tournament_id: int | None, pairing_id: int | None
) -> None:
    """Send :data:`result_recorded` once this transaction commits (never inside it)."""
    transaction.on_commit(
        partial(
            result_recorded.send,
            sender=None,
            record_id=record_id,
            act=act,
            tournament_id=tournament_id,
            pairing_id=pairing_id,
        ),
        robust=True,
    )


def register_first_round(fn: FirstRoundHook, *, uid: str) -> FirstRoundHook:
    """Register ``fn(tournament=…, user=…)``, called as round 1 is paired (once per ``uid``)."""
    FIRST_ROUND[uid] = fn
    return fn


def first_round(*, tournament: Any, user: Any) -> None:
    """Call every :func:`register_first_round` function (inside the pairing's transaction)."""
    for fn in list(FIRST_ROUND.values()):
        fn(tournament=tournament, user=user)
