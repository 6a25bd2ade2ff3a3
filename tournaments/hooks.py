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
  the place to set the entries' starting ratings, through the entries' service. It is also
  called when round 1 is given from a TRF file (``tournaments.acts.given_pairings``).

And the standings' extra columns (the ratings of a rated tournament):

- ``register_standings_columns(fn, uid=…)``: ``fn(tournament)`` returns
  :class:`StandingsColumn` items (none for a tournament it has nothing to say about), shown after
  the points and tie-breaks on the standings and crosstable pages and in the workbook's
  standings sheet (``standings_columns(tournament)`` collects them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
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


@dataclass(frozen=True)
class StandingsColumn:
    """An extra column of the standings: ``header`` (short, translated: "Rtg"), ``title`` (what it
    is, translated: the header's tooltip) and each entry's value by entry id (missing or None: an
    empty cell); ``signed`` prints a + before a positive value; values are shown with
    ``decimals`` decimals."""

    header: str
    title: str
    values: Mapping[int, float | None] = field(default_factory=dict)
    signed: bool = False
    decimals: int = 0

    def value(self, entry_id: int) -> float | None:
        return self.values.get(entry_id)

    def text(self, entry_id: int) -> str:
        """The value as the pages print it ("" when empty; a − sign, Latin digits)."""
        number = self.values.get(entry_id)
        if number is None:
            return ""
        step = Decimal(1).scaleb(-self.decimals)
        value = Decimal(str(number)).quantize(step, rounding=ROUND_HALF_UP)  # 0.5 away from 0
        text = f"{value:+}" if self.signed and value else f"{value}"
        return text.replace("-", "\u2212")


StandingsColumnsHook = Callable[[Any], list[StandingsColumn]]
STANDINGS_COLUMNS: dict[str, StandingsColumnsHook] = {}


def register_standings_columns(fn: StandingsColumnsHook, *, uid: str) -> StandingsColumnsHook:
    """Register ``fn(tournament)``, returning the standings' extra columns (once per ``uid``)."""
    STANDINGS_COLUMNS[uid] = fn
    return fn


def standings_columns(tournament: Any) -> list[StandingsColumn]:
    """Every registered app's extra standings columns for ``tournament``, in registration order."""
    return [column for fn in list(STANDINGS_COLUMNS.values()) for column in fn(tournament)]
