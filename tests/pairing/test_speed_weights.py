"""``dutch_weights.weight`` keeps the fields that depend on the two players only in a memo
(``DutchRound.weight_memo``): the weights must be those of the field-by-field formula, whatever
the bye's state (C.4, C.5, C.9), for every pair and kind of edge."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing.dutch_records import DOWN, UP, DutchPlayer, colour_criteria
from tournaments.pairing.dutch_round import DutchRound
from tournaments.pairing.dutch_weights import weight

from .test_shortcuts import states


def _reference(r: DutchRound, h: DutchPlayer, low: DutchPlayer, in_cur: bool, in_next: bool) -> int:
    """The weight field by field, from the most significant down (the formula before the memo)."""
    B, S, shifts = r.pair_bits, r.score_bits, r.score_shift
    w = 1 + (not r.bye_candidate(h)) + (not r.bye_candidate(low))
    w = (w << B) | in_cur
    w <<= S
    if in_cur:
        w |= 1 << shifts[h.score]
    w = (w << B) | in_next
    w <<= S
    if in_next:
        w |= 1 << shifts[h.score]
    w <<= 2 * B
    if r.c9_in_play:
        if h.score == r.bye_score:
            w += r.played_rank[h.played]
        if low.score == r.bye_score:
            w += r.played_rank[low.played]
    w <<= B
    if in_cur:
        c10, c11, c12, c13 = colour_criteria(h, low)
        w = (((w | c10) << B | c11) << B | c12) << B | c13
    else:
        w <<= 3 * B
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
    return w << (3 * B + 1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=states(), bye_at=st.integers(min_value=0, max_value=3), c9=st.booleans())
def test_the_memo_gives_the_field_by_field_weights(
    state: tuple[list[DutchPlayer], dict], bye_at: int, c9: bool
) -> None:
    players, kwargs = state
    r = DutchRound.of(players, **kwargs)  # type: ignore[arg-type]
    sp = r.players
    for bye_score in (bye_at * 10, sp[-1].score):
        r.bye_score, r.c9_in_play = bye_score, c9
        r.played_rank = {}
        r.rank_played_games()
        for i, low in enumerate(sp):
            for h in sp[:i]:
                for in_cur, in_next in ((True, False), (False, True), (False, False)):
                    expected = _reference(r, h, low, in_cur, in_next)
                    assert weight(r, h, low, in_cur, in_next, check=False) == expected
                    if r.compatible(h, low):
                        assert weight(r, h, low, in_cur, in_next) == expected
                    else:
                        assert weight(r, h, low, in_cur, in_next) == 0
