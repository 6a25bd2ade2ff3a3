"""The Swiss entries: the FIDE Dutch system (``tournaments.pairing.pair_swiss``), accelerated
pairings allowed, and the FIDE Burstein system (``tournaments.pairing.pair_burstein``, C.04.4.2);
the arbiter gives the number of rounds of both."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from tournaments import pairing
from tournaments.core.history import BYE, HALF_BYE, GameRecord, PointSystem
from tournaments.errors import TournamentError
from tournaments.formats.base import EntryLike, Format, PairedRound, TournamentFormat
from tournaments.standings import SWISS_ORDER


class Swiss(Format):
    """A Swiss paired by the Dutch system (C.04.3)."""

    value = TournamentFormat.SWISS
    rounds_given = True
    accelerates = True
    default_tiebreaks = SWISS_ORDER
    trf_type = "Individual: Swiss-System"
    trf_import = True

    def pair_players(
        self,
        players: Sequence[pairing.SwissPlayer],
        *,
        acceleration: Mapping[int, Sequence[float]] | None,
        **common: Any,
    ) -> list[pairing.Pair]:
        """The round's boards by this entry's pairing system (``PairingImpossible``)."""
        return pairing.pair_swiss(players, acceleration=acceleration, **common)

    def validate(self, *, rounds: int | None) -> None:
        if not rounds:
            raise TournamentError(_("A Swiss tournament needs its number of rounds."), "rounds")

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
        """The pairing of round ``number`` (``pair_players``), from the games stored (forfeits
        are no meetings); the half-point byes asked for come after the boards."""
        active = [e for e in entries if e.is_active_in(number)]
        requested = {e.pk for e in active if number in (e.half_byes or [])}
        virtual = virtual_points or {}
        order = pairing.pairing_list((e.pk, e.rank, getattr(e, "rating", None)) for e in entries)
        rank = {pk: n for n, pk in enumerate(order, 1)}  # late entries placed by rating (C.04.2)
        players = [
            pairing.SwissPlayer(e.pk, rank[e.pk], virtual_points=virtual.get(e.pk, 0.0))
            for e in active
        ]
        try:
            pairs = self.pair_players(
                players,
                round_no=number,
                games=games,
                point_system=point_system,
                total_rounds=rounds or None,
                requested_byes=requested,
                acceleration=acceleration,
            )
        except pairing.PairingImpossible as err:
            raise TournamentError(
                _(pairing.MESSAGES[err.code]) % err.params, "pairing_impossible"
            ) from None
        boards = [(pair, BYE if pair.second is None else "") for pair in pairs]
        return PairedRound(boards, [(entry, HALF_BYE) for entry in sorted(requested)])


class Burstein(Swiss):
    """A Swiss paired by the Burstein system (C.04.4.2): seeding rounds, then each score group
    ordered by its index and paired top against bottom. No accelerated pairings."""

    value = TournamentFormat.BURSTEIN
    accelerates = False
    trf_type = "Individual: Swiss-System, Burstein"

    def pair_players(
        self,
        players: Sequence[pairing.SwissPlayer],
        *,
        acceleration: Mapping[int, Sequence[float]] | None,
        **common: Any,
    ) -> list[pairing.Pair]:
        return pairing.pair_burstein(players, **common)
