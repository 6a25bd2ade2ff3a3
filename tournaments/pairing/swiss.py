"""Swiss pairing by the FIDE Dutch system (C.04.3, 2025): from the records to ``dutch``.

``pair_swiss`` reads the games of the earlier rounds (``tournaments.core.history.GameRecord``) into
what the Dutch system needs of each player (score, colour history over games actually played,
float history of the last two rounds, opponents met over the board, bye eligibility), pairs the
round with ``dutch.pair_dutch`` and returns the boards, in the published order (by the higher
player's score, then the lower's, then the higher's rank), each with its explanation.

A forfeited game is not a meeting (the two may be paired again) and gives no colour; a forfeit
win uses up the player's pairing-allocated bye like a bye does; a full-point bye the player was
given without the pairing (``unallocated_byes``) does not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from tournaments.core.history import (
    BYE,
    DOUBLE_FORFEIT,
    FORFEIT_WIN,
    PLAYED_RESULTS,
    GameRecord,
    PointSystem,
    game_points,
)

from .base import Pair, SwissPlayer
from .dutch import pair_dutch
from .dutch_records import DOWN, FLOAT_NONE, UP, BoardInfo, DutchPlayer
from .messages import NO_BYE_CANDIDATE, NO_COMPLETE_PAIRING, PairingImpossible
from .reasons import board_reasons, bye_reasons


def tenths(points: float) -> int:
    return round(points * 10)


@dataclass(slots=True)
class _Round:
    opponent: int | None
    played: bool
    points: int  # tenths
    first: bool
    allocated_win: bool  # a pairing-allocated bye or a forfeit win


def _rounds(
    games: Sequence[GameRecord], system: PointSystem, unallocated: Set[tuple[int, int]]
) -> dict[int, dict[int, _Round]]:
    out: dict[int, dict[int, _Round]] = {}
    for g in games:
        if g.second is None:
            pts = tenths(game_points(g, g.first, system))
            allocated = g.result == BYE and (g.round, g.first) not in unallocated
            out.setdefault(g.first, {})[g.round] = _Round(None, False, pts, True, allocated)
            continue
        played = g.result in PLAYED_RESULTS or g.result is None
        for me, other, first in ((g.first, g.second, True), (g.second, g.first, False)):
            pts = tenths(game_points(g, me, system))
            won = not played and g.result != DOUBLE_FORFEIT and ((g.result == FORFEIT_WIN) == first)
            out.setdefault(me, {})[g.round] = _Round(other, played, pts, first, won)
    return out


def dutch_players(
    players: Sequence[SwissPlayer],
    *,
    round_no: int,
    games: Sequence[GameRecord],
    point_system: PointSystem | None = None,
    unallocated_byes: Set[tuple[int, int]] = frozenset(),
    acceleration: Mapping[int, Sequence[float]] | None = None,
) -> list[DutchPlayer]:
    """What the Dutch system needs of each of ``players`` before round ``round_no``.

    ``acceleration``: each entry's virtual points when rounds 1, 2, … were paired (a TRF's
    ``XXA`` values); a float is judged on the pairing scores of that round (C.04.3 A.4 with
    C.04.5: real points plus that round's virtual points), as bbpPairings does.
    """
    system = point_system or PointSystem()
    earlier = [g for g in games if g.round < round_no]
    rounds = _rounds(earlier, system, unallocated_byes)
    loss = tenths(system.loss)
    virtual = acceleration or {}

    def before(entry: int, r: int) -> int:
        """The pairing score ``entry`` had when round ``r`` was paired (tenths)."""
        values = virtual.get(entry, ())
        extra = tenths(values[r - 1]) if r <= len(values) else 0
        return extra + sum(x.points for rr, x in rounds.get(entry, {}).items() if rr < r)

    def float_in(entry: int, r: int) -> int:
        x = rounds.get(entry, {}).get(r)
        if r < 1 or x is None:
            return FLOAT_NONE
        if not x.played:
            return DOWN if x.points > loss else FLOAT_NONE
        mine, theirs = before(entry, r), before(x.opponent, r)
        return DOWN if mine > theirs else UP if mine < theirs else FLOAT_NONE

    out = []
    for p in players:
        mine = rounds.get(p.entry, {})
        ordered = [mine[r] for r in sorted(mine)]
        score = sum(x.points for x in ordered)
        out.append(
            DutchPlayer(
                entry=p.entry,
                rank=p.rank,
                score=score + tenths(p.virtual_points),
                real_score=score,
                colours=tuple("F" if x.first else "S" for x in ordered if x.played),
                forbidden=frozenset(x.opponent for x in ordered if x.played and x.opponent),
                bye_eligible=not any(x.allocated_win for x in ordered),
                played=sum(1 for x in ordered if x.played),
                floats=(float_in(p.entry, round_no - 1), float_in(p.entry, round_no - 2)),
            )
        )
    return out


def published_order(
    boards: Sequence[BoardInfo], by_entry: Mapping[int, DutchPlayer]
) -> list[BoardInfo]:
    """The boards in the published order: the higher player's real score (his points without
    virtual ones), then the lower player's, then the higher player's rank."""

    def key(board: BoardInfo) -> tuple[int, int, int]:
        h, lo = by_entry[board.higher], by_entry[board.lower]
        if (lo.real_score, -lo.rank) > (h.real_score, -h.rank):
            h, lo = lo, h
        return (-h.real_score, -lo.real_score, h.rank)

    return sorted(boards, key=key)


def pair_swiss(
    players: Sequence[SwissPlayer],
    *,
    round_no: int,
    games: Sequence[GameRecord] = (),
    point_system: PointSystem | None = None,
    total_rounds: int | None = None,
    requested_byes: Set[int] = frozenset(),
    unallocated_byes: Set[tuple[int, int]] = frozenset(),
    top_seed_first: bool = True,
    acceleration: Mapping[int, Sequence[float]] | None = None,
) -> list[Pair]:
    """Pair round ``round_no`` of a Swiss by the Dutch system.

    ``players`` are the active entries (withdrawn ones left out) with their starting ranks (and
    any acceleration's ``virtual_points``); ``games`` every earlier round's records;
    ``total_rounds`` the planned number of rounds (the last round's top-scorer exception needs
    it); ``requested_byes`` entries not to pair this round (the caller records their byes);
    ``unallocated_byes`` (round, entry) of full-point byes not allocated by the pairing;
    ``top_seed_first`` the initial colour (E.5); ``acceleration`` every entry's virtual points
    round by round (from round 1; the earlier rounds' floats are judged on the pairing score).
    Returns the boards in the published order, the
    pairing-allocated bye (if any) last. Raises ``PairingImpossible`` when no pairing satisfies
    the absolute criteria.
    """
    chosen = [p for p in players if p.entry not in requested_byes]
    if len({p.entry for p in chosen}) != len(chosen):
        raise ValueError("an entry appears twice among the players")
    if not chosen:
        return []
    system = point_system or PointSystem()
    records = dutch_players(
        chosen,
        round_no=round_no,
        games=games,
        point_system=system,
        unallocated_byes=unallocated_byes,
        acceleration=acceleration,
    )
    played_rounds = round_no - 1
    threshold = (played_rounds * tenths(max(system.win, system.draw))) >> 1
    last_round = total_rounds is not None and played_rounds >= total_rounds - 1
    result = pair_dutch(
        records,
        played_rounds=played_rounds,
        last_round=last_round,
        top_threshold=threshold,
        top_seed_first=top_seed_first,
    )
    if result is None:
        if len(chosen) % 2 and not any(r.bye_eligible for r in records):
            raise PairingImpossible(NO_BYE_CANDIDATE, round=round_no)
        raise PairingImpossible(
            NO_COMPLETE_PAIRING, round=round_no, unpaired=len(chosen), players=len(chosen)
        )
    by_entry = {r.entry: r for r in records}
    boards = published_order(result.boards, by_entry)
    out = []
    for n, b in enumerate(boards, start=1):
        second = b.lower if b.first == b.higher else b.higher
        out.append(Pair(n, b.first, second, board_reasons(b, by_entry, result)))
    if result.bye is not None:
        out.append(Pair(len(out) + 1, result.bye, None, bye_reasons(result, by_entry)))
    return out
