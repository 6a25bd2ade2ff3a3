"""The criteria of the Dutch system (C.04.3 C.4–C.21) as the bit fields of an edge weight.

Pure Python, no Django. The weight of the edge between two players who may meet (C.1–C.3,
``DutchRound.compatible``) is one integer whose fields, from the most significant down, stand for
the criteria in their order of priority, so that a maximum-weight matching meets them in that
order (sums never carry from one field into the next: each is wide enough for a whole matching):

* completion (C.4) and the bye (C.5: only an eligible player of the lowest possible score);
* the pairs in the current bracket (C.6), then the scores paired there (C.7), the same for the
  next bracket (C.8: the look-ahead), and the played games of the bye assignee (C.9);
* the colour criteria C.10–C.13, only for pairs inside the current bracket;
* the float criteria C.14–C.21 (the last round's and the round before's down- and up-floats,
  then their scores);
* low bits left for the order of the candidates inside the bracket (section D), which the steps
  of ``dutch_brackets`` and ``dutch_remainder`` change one decision at a time.
"""

from __future__ import annotations

from .dutch_records import DOWN, UP, DutchPlayer, colour_criteria
from .dutch_round import DutchRound


def _layout(r: DutchRound, widths: list[tuple[str, int]]) -> list[tuple[int, int]]:
    """(offset, width) of fields given top to bottom as ("b", width) blocks or ("s", 0)
    score blocks (one field per scoregroup, highest score first)."""
    fields: list[int] = []
    for kind, width in widths:
        if kind == "s":
            fields.extend(r.group_size[s].bit_length() for s in sorted(r.group_size, reverse=True))
        else:
            fields.append(width)
    out = []
    offset = 0
    for width in reversed(fields):
        out.append((offset, width))
        offset += width
    out.reverse()
    return out


def main_layout(r: DutchRound) -> list[tuple[int, int]]:
    """The fields of ``weight``, for the matcher's repacking."""
    B = r.pair_bits
    rounds = min(r.played_rounds, 2)
    spec = [("b", 2), ("b", B), ("s", 0), ("b", B), ("s", 0), ("b", 2 * B)]
    spec += [("b", B)] * 4 + [("b", B)] * (2 * rounds) + [("s", 0)] * (2 * rounds)
    spec.append(("b", 3 * B + 1))
    return _layout(r, spec)


def initial_layout(r: DutchRound) -> list[tuple[int, int]]:
    """The fields of ``initial_weight``."""
    return _layout(r, [("b", 2), ("b", r.score_bits), ("b", r.pair_bits), ("b", 1)])


def weight(
    r: DutchRound, h: DutchPlayer, low: DutchPlayer, in_cur: bool, in_next: bool, check: bool = True
) -> int:
    """The weight of the edge between ``h`` (the higher) and ``low`` (0: no edge; with
    ``check`` false, the weight the edge would have if they could meet). ``in_cur``: a pair
    of the current bracket; ``in_next``: of the next one (C.8).

    The weight is the sum of its fields, each shifted to its place: completion and the bye
    (C.4, C.5) and C.9 change with the bye's state and are computed here; every other field
    depends only on the two players' scores, colour data and floats, so that part (``_middle``)
    is kept in ``r.weight_memo`` for the round."""
    if check and not r.compatible(h, low):
        return 0
    if in_cur:
        key: tuple = (
            in_next,
            h.score,
            low.score,
            h.preference,
            h.imbalance,
            h.repeated,
            low.preference,
            low.imbalance,
            low.repeated,
            h.floats,
            low.floats,
        )
    else:
        key = (in_next, h.score)
    memo = r.weight_memo
    mid = memo.get(key)
    if mid is None:
        mid = memo[key] = _middle(r, h, low, in_cur, in_next)
    B = r.pair_bits
    c9_at = 7 * B + 1 + min(r.played_rounds, 2) * (2 * B + 2 * r.score_bits)
    odd, bye_score = r.odd, r.bye_score
    top = 1 + (not (odd and h.bye_eligible and h.score <= bye_score))  # C.4, C.5
    top += not (odd and low.bye_eligible and low.score <= bye_score)
    w = mid + (top << (c9_at + 4 * B + 2 * r.score_bits))
    if r.c9_in_play:  # C.9
        c9 = 0
        if h.score == bye_score:
            c9 += r.played_rank[h.played]
        if low.score == bye_score:
            c9 += r.played_rank[low.played]
        w += c9 << c9_at
    return w


def _middle(r: DutchRound, h: DutchPlayer, low: DutchPlayer, in_cur: bool, in_next: bool) -> int:
    """The fields of ``weight`` from C.6 to C.21 (completion, the bye and C.9 zero)."""
    B, S, shifts = r.pair_bits, r.score_bits, r.score_shift
    w = in_cur  # C.6
    w <<= S
    if in_cur:
        w |= 1 << shifts[h.score]  # C.7
    w = (w << B) | in_next  # C.8
    w <<= S
    if in_next:
        w |= 1 << shifts[h.score]
    w <<= 2 * B  # C.9 (zero here)
    # colour criteria C.10–C.13 (player = low, opponent = h)
    w <<= B
    if in_cur:
        c10, c11, c12, c13 = colour_criteria(h, low)
        w = (((w | c10) << B | c11) << B | c12) << B | c13
    else:
        w <<= 3 * B
    # float criteria C.14–C.17 (how many), then C.18–C.21 (their scores)
    rounds = [k for k in (1, 2) if r.played_rounds >= k]
    for k in rounds:
        fl, fh = low.floats[k - 1], h.floats[k - 1]
        w <<= B
        if in_cur:
            w += (fl == DOWN) + (h.score <= low.score and fh == DOWN)
        w <<= B
        if in_cur:
            w += not (h.score > low.score and fl == UP)
    for k in rounds:
        fl, fh = low.floats[k - 1], h.floats[k - 1]
        w <<= S
        if in_cur:
            w += (fl == DOWN) << shifts[low.score]
            w += (fh == DOWN) << shifts[h.score]
        w <<= S
        if in_cur and not (fl == UP and h.score > low.score):
            w += 1 << shifts[h.score]
    w <<= 3 * B + 1  # the low bits: the order of the candidates (section D)
    return w


def far_weight(r: DutchRound, h: DutchPlayer, low: DutchPlayer) -> int:
    """``weight(r, h, low, False, False)`` quickly: completion, the bye and C.9 only."""
    if not r.compatible(h, low):
        return 0
    B, S = r.pair_bits, r.score_bits
    w = 1 + (not r.bye_candidate(h)) + (not r.bye_candidate(low))
    w <<= 4 * B + 2 * S
    if r.c9_in_play:
        if h.score == r.bye_score:
            w += r.played_rank[h.played]
        if low.score == r.bye_score:
            w += r.played_rank[low.played]
    rounds = min(r.played_rounds, 2)
    return w << (4 * B + rounds * (2 * B + 2 * S) + 3 * B + 1)


def initial_weight(r: DutchRound, i: int, j: int) -> int:
    """Completion weights of the first matching (C.4 and C.5 in an odd field: who can take
    the bye, at the lowest score possible)."""
    sp = r.players
    p, o = sp[i], sp[j]
    if not r.compatible(p, o):
        return 0
    w = 1 + (not p.bye_eligible) + (not o.bye_eligible)
    w <<= r.score_bits
    w |= r.score_shift[p.score] + r.score_shift[o.score]
    w <<= r.pair_bits
    w |= p.score >= sp[0].score
    return w << 1


def remainder_edge(
    r: DutchRound, base: dict[tuple[int, int], int], smaller: int, larger: int, at: int, pairs: int
) -> int:
    """An edge of the remainder (C.04.3 B.2, D.2): the base weight, with the fewest exchanges
    (``at``: the smaller player's place in the remainder; S1 is its first ``pairs``) and the
    smallest BSN differences in the low bits."""
    w = base[larger, smaller]
    if w:
        add = 1 if at < pairs else 0
        add <<= 2 * r.pair_bits
        add -= at
        add <<= 1
        w += add
    return w
