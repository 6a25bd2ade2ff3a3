"""The round robin entries, single and double: the FIDE Berger tables
(``tournaments.pairing.round_robin_pairings``); the schedule sets the number of rounds, every
round is published once round 1 is paired, and the tournament has a crosstable."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from tournaments import pairing
from tournaments.core.history import (
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    ZERO_BYE,
    GameRecord,
    PointSystem,
)
from tournaments.formats.base import EntryLike, Format, PairedRound
from tournaments.standings import ROUND_ROBIN_ORDER


def scheduled_round(
    pairs: Sequence[pairing.Pair], entries: Sequence[EntryLike], number: int
) -> PairedRound:
    """Round ``number`` of a schedule: a free round scores nothing, a withdrawn player's game
    is a forfeit."""
    active = {e.pk for e in entries if e.is_active_in(number)}
    boards = []
    for pair in pairs:
        result = ""
        if pair.second is None:
            result = ZERO_BYE  # a round robin's free round scores nothing
        elif pair.first not in active and pair.second not in active:
            result = DOUBLE_FORFEIT
        elif pair.first not in active:
            result = FORFEIT_LOSS
        elif pair.second not in active:
            result = FORFEIT_WIN
        boards.append((pair, result))
    return PairedRound(boards)


class RoundRobin(Format):
    """All play all, once (``double=False``) or twice with the first moves swapped."""

    rounds_given = False
    has_crosstable = True
    has_schedule = True
    all_play_all = True
    default_tiebreaks = ROUND_ROBIN_ORDER

    def __init__(self, value: str, *, double: bool, trf_type: str) -> None:
        self.value = value
        self.double = double
        self.trf_type = trf_type

    def planned_rounds(self, *, rounds: int | None, players: int) -> int | None:
        return pairing.round_robin_rounds(players, double=self.double)

    def scheduled_pairs(self, order: Sequence[int], number: int) -> list[pairing.Pair]:
        return pairing.round_robin_pairings(order, number, double=self.double)

    def pair_round(
        self,
        *,
        number: int,
        entries: Sequence[EntryLike],
        games: Sequence[GameRecord],
        point_system: PointSystem,
        rounds: int | None = None,
        virtual_points: Mapping[int, float] | None = None,
        acceleration: Mapping[int, Sequence[float]] | None = None,
    ) -> PairedRound:
        """Round ``number`` of the table over the starting ranks: a free round scores nothing,
        a withdrawn player's game is a forfeit."""
        order = [e.pk for e in sorted(entries, key=lambda e: e.rank or 0)]
        return scheduled_round(self.scheduled_pairs(order, number), entries, number)

    def late_entry_problem(self, *, last_paired: int) -> str | None:
        if last_paired:
            return _("A round robin cannot take new players once it has started.")
        return None
