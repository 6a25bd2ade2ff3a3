"""The Swiss entries: the FIDE Dutch system (``tournaments.pairing.pair_swiss``), accelerated
pairings allowed, and the FIDE Burstein system (``tournaments.pairing.pair_burstein``, C.04.4.2);
the arbiter gives the number of rounds of both."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments import pairing
from tournaments.core.history import BYE, HALF_BYE, GameRecord, PointSystem
from tournaments.errors import TournamentError
from tournaments.formats.base import EntryLike, Format, PairedRound, TournamentFormat
from tournaments.standings import SWISS_ORDER


@dataclass(frozen=True)
class SwissRound:
    """What a Swiss system is given to pair round ``number``: the ranked ``players`` and those
    of them not to pair (``requested``), with the tournament's records and options."""

    number: int
    players: list[pairing.SwissPlayer]
    requested: frozenset[int]
    games: Sequence[GameRecord]
    point_system: PointSystem
    rounds: int | None
    acceleration: Mapping[int, Sequence[float]] | None


class Swiss(Format):
    """A Swiss paired by the Dutch system (C.04.3)."""

    value = TournamentFormat.SWISS
    rounds_given = True
    accelerates = True
    default_tiebreaks = SWISS_ORDER
    trf_type = "Individual: Swiss-System"
    trf_import = True

    def validate(self, *, rounds: int | None) -> None:
        if not rounds:
            raise TournamentError(_("A Swiss tournament needs its number of rounds."), "rounds")

    def ranked_players(
        self,
        *,
        number: int,
        entries: Sequence[EntryLike],
        games: Sequence[GameRecord],
        requested: Set[int],
        virtual: Mapping[int, float],
    ) -> list[pairing.SwissPlayer]:
        """The players the Dutch system is given: the entries taking part in round ``number``
        (those asking for a bye too), ranked in the pairing list of every entry (C.04.2:
        late entries placed by rating)."""
        order = pairing.pairing_list((e.pk, e.rank, getattr(e, "rating", None)) for e in entries)
        rank = {pk: n for n, pk in enumerate(order, 1)}
        return [
            pairing.SwissPlayer(e.pk, rank[e.pk], virtual_points=virtual.get(e.pk, 0.0))
            for e in entries
            if e.is_active_in(number)
        ]

    def pair_players(self, state: SwissRound) -> list[pairing.Pair]:
        """The round's boards by this entry's pairing system (``PairingImpossible``)."""
        return pairing.pair_swiss(
            state.players,
            round_no=state.number,
            games=state.games,
            point_system=state.point_system,
            total_rounds=state.rounds,
            requested_byes=state.requested,
            acceleration=state.acceleration,
        )

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
        half_byes = {
            e.pk for e in entries if e.is_active_in(number) and number in (e.half_byes or [])
        }
        players = self.ranked_players(
            number=number,
            entries=entries,
            games=games,
            requested=half_byes,
            virtual=virtual_points or {},
        )
        active = {e.pk for e in entries if e.is_active_in(number)}
        state = SwissRound(
            number=number,
            players=players,
            requested=frozenset(half_byes | ({p.entry for p in players} - active)),
            games=games,
            point_system=point_system,
            rounds=rounds or None,
            acceleration=acceleration,
        )
        try:
            pairs = self.pair_players(state)
        except pairing.PairingImpossible as err:
            raise TournamentError(
                _(pairing.MESSAGES[err.code]) % err.params, "pairing_impossible"
            ) from None
        boards = [(pair, BYE if pair.second is None else "") for pair in pairs]
        return PairedRound(boards, [(entry, HALF_BYE) for entry in sorted(half_byes)])


def took_part(games: Sequence[GameRecord], before: int) -> set[int]:
    """The entries in a pairing of a round before ``before``: a game (even forfeited) or a
    pairing-allocated bye; a bye asked for is no part of a pairing."""
    out: set[int] = set()
    for g in games:
        if g.round < before and (g.second is not None or g.result == BYE):
            out.add(g.first)
            if g.second is not None:
                out.add(g.second)
    return out


class Burstein(Swiss):
    """A Swiss paired by the Burstein system (C.04.4.2): seeding rounds, then each score group
    ordered by its index and paired top against bottom. No accelerated pairings."""

    value = TournamentFormat.BURSTEIN
    accelerates = False
    trf_type = "Individual: Swiss-System, Burstein"

    def ranked_players(
        self,
        *,
        number: int,
        entries: Sequence[EntryLike],
        games: Sequence[GameRecord],
        requested: Set[int],
        virtual: Mapping[int, float],
    ) -> list[pairing.SwissPlayer]:
        """The seeding rounds' halves count the players by pairing number, so the list is the
        one a TRF of the tournament gives (``trf.pairing_state``, as bbpPairings reads it):
        every entry paired this round, and every entry that took part in an earlier pairing
        (withdrawn or asking for a bye: ranked, not paired), numbered 1, 2, … in the pairing
        list without gaps."""
        order = pairing.pairing_list((e.pk, e.rank, getattr(e, "rating", None)) for e in entries)
        paired_now = {e.pk for e in entries if e.is_active_in(number)} - set(requested)
        counted = paired_now | took_part(games, number)
        ranked = [pk for pk in order if pk in counted]
        return [pairing.SwissPlayer(pk, n) for n, pk in enumerate(ranked, 1)]

    def pair_players(self, state: SwissRound) -> list[pairing.Pair]:
        return pairing.pair_burstein(
            state.players,
            round_no=state.number,
            games=state.games,
            point_system=state.point_system,
            total_rounds=state.rounds,
            requested_byes=state.requested,
        )
