"""The Swiss entry: the FIDE Dutch system (``tournaments.pairing.pair_swiss``), accelerated
pairings allowed; the arbiter gives the number of rounds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from tournaments import pairing
from tournaments.core.history import BYE, HALF_BYE, GameRecord, PointSystem
from tournaments.errors import TournamentError
from tournaments.formats.base import EntryLike, Format, PairedRound, TournamentFormat
from tournaments.standings import SWISS_ORDER


class Swiss(Format):
    """A Swiss paired by the Dutch system (a Burstein Swiss would be another entry)."""

    value = TournamentFormat.SWISS
    rounds_given = True
    accelerates = True
    default_tiebreaks = SWISS_ORDER
    trf_type = "Individual: Swiss-System"

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
        """The Dutch pairing of round ``number``, from the games stored (forfeits are no
        meetings); the half-point byes asked for come after the boards."""
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
            pairs = pairing.pair_swiss(
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
