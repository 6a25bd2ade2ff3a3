"""What a parsed TRF says: its rounds, point system, games as ``GameRecord`` and the next round."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.core import history
from tournaments.pairing.base import Pair, SwissPlayer
from tournaments.pairing.burstein import pair_burstein
from tournaments.pairing.swiss import pair_swiss

from .base import (
    BYE_RESULTS,
    DEFAULT_POINTS,
    DIGITS,
    ROUNDS_2025,
    TrfError,
    TrfTournament,
    _first_of,
    _pair_result,
    gettext_noop,
)


def paired_rounds(t: TrfTournament) -> int:
    """The last round in which anyone was paired (a game or a pairing-allocated bye); 0 if none."""
    return max(
        (r for p in t.players for r, b in enumerate(p.rounds, 1) if b.in_pairing),
        default=0,
    )


def planned_rounds(t: TrfTournament) -> int | None:
    """The number of rounds the file announces (``XXR``, else a ``142`` line), if any."""
    if t.rounds is not None:
        return t.rounds
    for line in t.extra:
        if line.startswith(ROUNDS_2025):
            value = line[3:].strip()
            if DIGITS.fullmatch(value) and int(value):
                return int(value)
    return None


def point_system(t: TrfTournament) -> history.PointSystem:
    """The ``BB*`` lines as a point system (a half-point bye scores a draw)."""
    points = {**DEFAULT_POINTS, **t.points}
    return history.PointSystem(
        win=points["BBW"],
        draw=points["BBD"],
        loss=points["BBL"],
        bye=points.get("BBU", points["BBW"]),
        half_bye=points["BBD"],
        zero_bye=points["BBZ"],
    )


def game_records(t: TrfTournament, up_to: int | None = None) -> list[history.GameRecord]:
    """The games and byes of rounds 1..``up_to`` (default: every paired round) as records."""
    last = paired_rounds(t) if up_to is None else up_to
    by_number = {p.number: p for p in t.players}
    out = []
    for r in range(1, last + 1):
        for p in t.players:
            block = p.round(r)
            if block.is_empty:
                continue
            if block.opponent is None:
                out.append(history.GameRecord(r, p.number, None, BYE_RESULTS[block.result]))
            elif _first_of(p, block):
                other = by_number[block.opponent].round(r)
                result = _pair_result(block, other)[1]
                out.append(history.GameRecord(r, p.number, block.opponent, result))
    return out


def check_points(t: TrfTournament) -> None:
    """Raise ``TrfError`` where a player's points column disagrees with his results.

    The points may include those of a pre-entered bye of the next round (bbpPairings allows
    both). Skipped for accelerated files (``XXA`` or ``250`` lines), whose points may include
    the acceleration.
    """
    if t.acceleration or any(line.startswith("250") for line in t.extra):
        return
    system = point_system(t)
    played = paired_rounds(t)
    points = {p.number: 0.0 for p in t.players}
    for g in game_records(t, up_to=played):
        for entry in (g.first, g.second):
            if entry is not None:
                points[entry] += history.game_points(g, entry, system)
    for p in t.players:
        if p.points is None:
            continue
        computed = round(points[p.number], 1)
        allowed = {computed}
        ahead = p.round(played + 1)
        if not ahead.is_empty:
            bye = history.GameRecord(played + 1, p.number, None, BYE_RESULTS[ahead.result])
            allowed.add(round(computed + history.game_points(bye, p.number, system), 1))
        if round(p.points, 1) not in allowed:
            raise TrfError(
                p.line,
                gettext_noop(
                    "Player %(number)s has %(given)s points, but the results give %(computed)s."
                ),
                {"number": p.number, "given": f"{p.points:.1f}", "computed": f"{computed:.1f}"},
            )


def initial_colour(t: TrfTournament) -> str:
    """The top seed's colour in round 1: ``XXC``, else inferred from the first round with
    colours (as bbpPairings does), else ``"w"``."""
    words = t.colours.split()
    if "black1" in words:
        return "b"
    if "white1" in words:
        return "w"
    first = min(
        (r for p in t.players for r, b in enumerate(p.rounds, 1) if b.colour in "wb"),
        default=None,
    )
    if first is None:
        return "w"
    k = 0
    for p in t.players:
        if not any(p.round(r).in_pairing for r in range(1, first + 1)):
            continue
        colour = p.round(first).colour
        if colour in "wb":
            return colour if k % 2 == 0 else ("b" if colour == "w" else "w")
        k += 1
    return "w"


@dataclass(frozen=True)
class NextRound:
    """The arguments of ``pair_swiss`` for the round after the file's last paired round."""

    round_no: int
    players: list[SwissPlayer]
    histories: dict[int, history.History]
    requested_byes: frozenset[int]


def next_round(t: TrfTournament) -> NextRound:
    """What the pairing of the next round needs, from the file alone.

    Every player is in ``players`` (rank = start number; shifted by one when the top seed
    starts with ``b``, so that the pairing's "odd rank moves first" rule gives black1); those
    with a pre-entered block for the next round (``H``, ``F``, ``Z``) are requested byes.
    Raises ``TrfError`` when a paired round still lacks a result or the points disagree.
    """
    played = paired_rounds(t)
    for p in t.players:
        for r in range(1, played + 1):
            block = p.round(r)
            if block.opponent is not None and block.result == " ":
                raise TrfError(
                    p.line,
                    gettext_noop(
                        "Round %(round)s: player %(number)s has no result yet; enter the round's "
                        "results before pairing the next one."
                    ),
                    {"round": r, "number": p.number},
                )
    check_points(t)
    system = point_system(t)
    numbers = [p.number for p in t.players]
    hist = history.histories(numbers, game_records(t, up_to=played), system)
    for p in t.players:
        for r in range(1, played + 1):
            block = p.round(r)
            if block.opponent is None and block.result == "F":
                hist[p.number].pairing_byes -= 1  # asked for, not allocated by the pairing
    shift = 1 if initial_colour(t) == "b" else 0
    # XXA acceleration points of the round (0 without), for bracket placement only.
    virtual = {p.number: _acceleration_of(p.number, t, played + 1) for p in t.players}
    return NextRound(
        round_no=played + 1,
        players=[SwissPlayer(entry=n, rank=n + shift, virtual_points=virtual[n]) for n in numbers],
        histories=hist,
        requested_byes=frozenset(p.number for p in t.players if not p.round(played + 1).is_empty),
    )


def _acceleration_of(number: int, t: TrfTournament, round_no: int) -> float:
    """Player ``number``'s XXA acceleration points for round ``round_no`` (0 without)."""
    values = t.acceleration.get(number, ())
    return values[round_no - 1] if 1 <= round_no <= len(values) else 0.0


@dataclass(frozen=True)
class PairingState:
    """The arguments of ``pair_swiss`` for round ``round_no`` of a file (see ``pairing_state``)."""

    round_no: int
    players: list[SwissPlayer]
    games: list[history.GameRecord]
    point_system: history.PointSystem
    total_rounds: int | None
    requested_byes: frozenset[int]
    unallocated_byes: frozenset[tuple[int, int]]
    top_seed_first: bool
    acceleration: dict[int, tuple[float, ...]]  # the XXA lines: virtual points by round
    # the requested byes who are ranked (took part in an earlier pairing), with their ranks
    requested_players: tuple[SwissPlayer, ...] = ()

    def pair(self, *, total_rounds: int | None = None, system: str = "dutch") -> list[Pair]:
        """Pair this round by the Dutch system, or by the Burstein system with ``system=
        "burstein"`` (the file's ``XXA`` lines are then not read: the Burstein system's seeding
        rounds bring their own virtual points); ``total_rounds`` overrides the file's."""
        if system == "burstein":
            return pair_burstein(
                [*self.players, *self.requested_players],
                round_no=self.round_no,
                games=self.games,
                point_system=self.point_system,
                requested_byes=self.requested_byes,
                unallocated_byes=self.unallocated_byes,
                top_seed_first=self.top_seed_first,
            )
        if system != "dutch":
            raise ValueError(f"unknown Swiss system {system!r}")
        return pair_swiss(
            self.players,
            round_no=self.round_no,
            games=self.games,
            point_system=self.point_system,
            total_rounds=total_rounds or self.total_rounds,
            requested_byes=self.requested_byes,
            unallocated_byes=self.unallocated_byes,
            top_seed_first=self.top_seed_first,
            acceleration=self.acceleration,
        )


def pairing_state(t: TrfTournament, round_no: int) -> PairingState:
    """The state before round ``round_no`` as the pairing programs read it.

    Rounds 1..round_no-1 are kept; in round ``round_no`` only the byes and absences decided
    before the pairing (``H``, ``Z``, ``F``, or ``-`` without an opponent) are: those players are
    requested byes. Ranks are the pairing numbers among the players taking part (a player with a
    pre-entered bye who never took part in a pairing does not count), as bbpPairings numbers them.
    """
    games = game_records(t, up_to=round_no - 1)
    requested = set()
    ranks = []
    for p in sorted(t.players, key=lambda p: p.number):
        block = p.round(round_no)
        pre = block.opponent is None and not block.is_empty and block.result != "U"
        if pre:
            requested.add(p.number)
        took_part = any(p.round(r).in_pairing for r in range(1, round_no))
        if not pre or took_part:
            ranks.append(p.number)
    rank_of = {n: i for i, n in enumerate(ranks, start=1)}
    unallocated = frozenset(
        (r, p.number)
        for p in t.players
        for r in range(1, round_no)
        if p.round(r).opponent is None and p.round(r).result == "F"
    )
    players = [
        SwissPlayer(
            entry=p.number,
            rank=rank_of.get(p.number, len(ranks) + p.number),
            virtual_points=_acceleration_of(p.number, t, round_no),
        )
        for p in t.players
        if p.number not in requested
    ]
    requested_players = tuple(
        SwissPlayer(entry=n, rank=rank_of[n]) for n in sorted(requested) if n in rank_of
    )
    return PairingState(
        round_no=round_no,
        players=players,
        games=games,
        point_system=point_system(t),
        total_rounds=planned_rounds(t),
        requested_byes=frozenset(requested),
        unallocated_byes=unallocated,
        top_seed_first=initial_colour(t) == "w",
        acceleration=dict(t.acceleration),
        requested_players=requested_players,
    )
