"""The group stage entry (issue 29, docs/stages.md): round-robin pools with serpentine seeding
(``tournaments.pairing.groups``), the first stage of an event whose play-off follows.

Round 1 draws the groups (``group_count``; ``tournaments.acts.stages.draw_groups`` stores each
entry's ``group`` and the number of rounds, the largest group's round robin); every round then
pairs each group's round robin over its starting order, group A's boards first. Each group has
its own standings (``tournaments.queries.standings(t, group=…)``); the options
(``Tournament.format_options``): ``group_size``, the most players a group has.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from tournaments import pairing
from tournaments.core.history import GameRecord, PointSystem
from tournaments.errors import TournamentError
from tournaments.formats.base import EntryLike, Format, PairedRound, TournamentFormat
from tournaments.formats.round_robin import scheduled_round
from tournaments.standings import ROUND_ROBIN_ORDER

DEFAULT_GROUP_SIZE = 4
MAX_GROUP_SIZE = 16


def group_size_of(options: Mapping[str, Any] | None) -> int:
    return int((options or {}).get("group_size", DEFAULT_GROUP_SIZE))


class Groups(Format):
    """Round-robin pools; the rounds are set when round 1 draws the groups."""

    value = TournamentFormat.GROUPS
    rounds_given = False
    has_crosstable = True  # one a group (tournaments.acts.group_reads)
    has_groups = True
    all_play_all = True
    default_tiebreaks = ROUND_ROBIN_ORDER

    def group_count(self, *, options: Mapping[str, Any] | None, players: int) -> int:
        return pairing.group_count(players, group_size_of(options))

    def clean_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """``group_size`` (2 to 16); the other formats' options are left out."""
        given = (options or {}).get("group_size", DEFAULT_GROUP_SIZE)
        try:
            size = int(given)
        except (TypeError, ValueError):
            size = 0
        if not 2 <= size <= MAX_GROUP_SIZE:
            raise TournamentError(
                _("A group has from %(low)s to %(high)s players.")
                % {"low": 2, "high": MAX_GROUP_SIZE},
                "group_size",
            )
        return {"group_size": size}

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
        """Round ``number`` of every group's round robin (each over its starting order)."""
        groups: dict[str, list[EntryLike]] = {}
        for e in sorted(entries, key=lambda e: e.rank or 0):
            groups.setdefault(getattr(e, "group", ""), []).append(e)
        order = [[e.pk for e in groups[label]] for label in sorted(groups)]
        return scheduled_round(pairing.groups_pairings(order, number), entries, number)

    def trf_problem(self) -> str | None:
        return _("A group stage has no TRF type: it cannot be exported as a TRF file.")

    def late_entry_problem(self, *, last_paired: int) -> str | None:
        if last_paired:
            return _("A group stage cannot take new players once it has started.")
        return None


GROUPS = Groups()
