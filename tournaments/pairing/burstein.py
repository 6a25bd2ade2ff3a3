"""Swiss pairing by the FIDE Burstein system (C.04.4.2), as bbpPairings (``--burstein``) pairs
it: from the records to the boards. Pure Python, no Django.

What is shared with the Dutch system is the Dutch code's: the players' records
(``swiss.dutch_players``: score, colour history and preference, opponents met, bye
eligibility), the colour rules E.1–E.3 and E.5 (``dutch.neutral_colour``,
``dutch.by_pairing_number``), the matcher and the published board order. What is the Burstein
system's own: the seeding rounds and the index (``burstein_index``), the brackets and their
top-against-bottom pairing (``burstein_brackets``), the bye (the lowest player of the field
without a bye yet, before the brackets are formed) and E.4 (the higher index gets his
preference).
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass

from tournaments.core.history import GameRecord, PointSystem

from .base import Pair, SwissPlayer
from .burstein_brackets import Weights, form_brackets, pair_brackets
from .burstein_index import Index, Outcome, indexes, outcomes, seeded, tenths
from .dutch import by_pairing_number, neutral_colour
from .dutch_records import FIRST, NONE, BoardInfo, DutchPlayer, invert
from .matching import Matcher
from .messages import (
    BURSTEIN_BYE,
    BURSTEIN_E4,
    BURSTEIN_FLOAT,
    BURSTEIN_PAIR,
    BURSTEIN_SEEDING,
    DUTCH_E1,
    DUTCH_E2,
    DUTCH_E3,
    DUTCH_E5,
    NO_BYE_CANDIDATE,
    NO_COMPLETE_PAIRING,
    PairingImpossible,
    Reason,
)
from .swiss import dutch_players, published_order

SEEDING_ROUNDS = 2
COLOUR_CODES = {"E1": DUTCH_E1, "E2": DUTCH_E2, "E3": DUTCH_E3, "E4": BURSTEIN_E4, "E5": DUTCH_E5}


def seeding_points(
    players: Sequence[SwissPlayer],
    chosen: Set[int],
    rounds: dict[int, dict[int, Outcome]],
    round_no: int,
    system: PointSystem,
) -> dict[int, int]:
    """Each entry's virtual points this round (tenths): a win's for the upper half of the
    pairing list in the seeding rounds, none after (see ``burstein_index.seeded``)."""
    if round_no > SEEDING_ROUNDS:
        return {}
    if round_no == 1:
        took_part = set(chosen)
    else:
        took_part = {e for e, mine in rounds.items() if (o := mine.get(1)) and o.pairing}
    ranks = {p.entry: p.rank for p in players}
    win = tenths(system.win)
    return {e: win for e in seeded(ranks, took_part, len(took_part), gaps=round_no > 1)}


@dataclass(frozen=True, slots=True)
class BursteinResult:
    boards: list[BoardInfo]
    bye: int | None


def pair_records(
    records: Sequence[DutchPlayer], index: dict[int, Index], *, top_seed_first: bool
) -> BursteinResult:
    """Pair one round of ``records`` ordered by ``index``; raises ``PairingImpossible``."""
    order = sorted(records, key=lambda r: index[r.entry].key())
    bye = None
    if len(order) % 2:
        eligible = [r for r in order if r.bye_eligible]
        if not eligible:
            raise PairingImpossible(NO_BYE_CANDIDATE, round=0)
        bye = eligible[-1]
        order.remove(bye)
    n = len(order)
    w = Weights(n)
    m = Matcher(n, w.layout())
    bounds = form_brackets(m, w, order)
    ix = [index[r.entry] for r in order]
    pairs = pair_brackets(m, w, order, ix, bounds) if bounds is not None else None
    if pairs is None:
        raise PairingImpossible(NO_COMPLETE_PAIRING, round=0, unpaired=n, players=n)
    boards = [_board(order[p.higher], order[p.lower], index, top_seed_first) for p in pairs]
    return BursteinResult(boards, bye.entry if bye is not None else None)


def colour_of(
    p: DutchPlayer, o: DutchPlayer, index: dict[int, Index], top_seed_first: bool
) -> tuple[str, str]:
    """The move of ``p`` (the higher of the pair in its bracket) against ``o``, and its rule:
    E.1–E.3 as the Dutch system; then E.5 by pairing number when neither has a preference, or
    E.4: the higher index gets his preference."""
    neutral = neutral_colour(p, o)
    if neutral is not None:
        return neutral
    if p.preference == NONE:
        higher = p if p.rank < o.rank else o
        return by_pairing_number(p, o, higher, top_seed_first), "E5"
    if index[p.entry].below(index[o.entry]):
        return invert(o.preference), "E4"
    return p.preference, "E4"


def _board(
    p: DutchPlayer, o: DutchPlayer, index: dict[int, Index], top_seed_first: bool
) -> BoardInfo:
    colour, rule = colour_of(p, o, index, top_seed_first)
    first = p if colour == FIRST else o
    moved = p.score != o.score
    return BoardInfo(p.entry, o.entry, first.entry, min(p.score, o.score), rule, moved)


def pair_burstein(
    players: Sequence[SwissPlayer],
    *,
    round_no: int,
    games: Sequence[GameRecord] = (),
    point_system: PointSystem | None = None,
    total_rounds: int | None = None,
    requested_byes: Set[int] = frozenset(),
    unallocated_byes: Set[tuple[int, int]] = frozenset(),
    top_seed_first: bool = True,
) -> list[Pair]:
    """Pair round ``round_no`` of a Swiss by the Burstein system.

    The arguments mean what they mean for ``pair_swiss`` (``total_rounds`` is not needed: the
    Burstein system has no last-round exception; a player's ``virtual_points`` are ignored, the
    seeding rounds bring their own). ``players`` may include the ``requested_byes`` entries (not
    paired; their ranks place them in the seeding rounds' pairing list). Returns the boards in
    the published order, the pairing-allocated bye last. Raises ``PairingImpossible``.
    """
    del total_rounds  # same signature as pair_swiss; no last-round rule here
    chosen = [p for p in players if p.entry not in requested_byes]
    if len({p.entry for p in players}) != len(players):
        raise ValueError("an entry appears twice among the players")
    if not chosen:
        return []
    system = point_system or PointSystem()
    earlier = [g for g in games if g.round < round_no]
    rounds = outcomes(earlier, system, unallocated_byes)
    extra = seeding_points(players, {p.entry for p in chosen}, rounds, round_no, system)
    seeded_players = [SwissPlayer(p.entry, p.rank, extra.get(p.entry, 0) / 10) for p in chosen]
    records = dutch_players(
        seeded_players,
        round_no=round_no,
        games=games,
        point_system=system,
        unallocated_byes=unallocated_byes,
    )
    scores = {r.entry: (r.score, r.rank) for r in records}
    index = indexes(scores, rounds, played_rounds=round_no - 1, extra=extra, system=system)
    try:
        result = pair_records(records, index, top_seed_first=top_seed_first)
    except PairingImpossible as e:
        raise PairingImpossible(e.code, **{**e.params, "round": round_no}) from None
    by_entry = {r.entry: r for r in records}
    out = []
    for n, b in enumerate(published_order(result.boards, by_entry), start=1):
        second = b.lower if b.first == b.higher else b.higher
        reasons = _reasons(b, by_entry, round_no)
        out.append(Pair(n, b.first, second, reasons))
    if result.bye is not None:
        p = by_entry[result.bye]
        reason = Reason(BURSTEIN_BYE, {"entry": p.entry, "score": p.real_score / 10})
        out.append(Pair(len(out) + 1, result.bye, None, (reason,)))
    return out


def _reasons(b: BoardInfo, by_entry: dict[int, DutchPlayer], round_no: int) -> tuple[Reason, ...]:
    h, lo = by_entry[b.higher], by_entry[b.lower]
    if round_no <= SEEDING_ROUNDS and h.real_score == lo.real_score:
        pair = Reason(BURSTEIN_SEEDING, {"round": round_no, "score": h.real_score / 10})
    elif h.score == lo.score:
        pair = Reason(BURSTEIN_PAIR, {"score": h.real_score / 10})
    else:
        high, low = (h, lo) if h.score > lo.score else (lo, h)
        pair = Reason(
            BURSTEIN_FLOAT,
            {"entry": high.entry, "from": high.real_score / 10, "to": low.real_score / 10},
        )
    return (pair, Reason(COLOUR_CODES[b.colour_rule], {"entry": b.first}))
