"""The terms a tie-break value is summed from, and the shared ways to build and cut them.

``opposition`` gives each round's opponent score (Buchholz and Sonneborn-Berger); ``cut`` marks
the least and most significant terms as left out (Buchholz cut 1, median Buchholz).
"""

from __future__ import annotations

from typing import NamedTuple

from .results import VUR_KINDS, ResultTable

# Notes on a term (codes, so a page can phrase them in its own language).
NOTE_DUMMY = "dummy"  # own unplayed round: a dummy opponent with the entry's own score (16.4)
NOTE_ADJUSTED = "adjusted"  # the opponent's score counts final requested byes as draws (16.3)
NOTE_CAPPED = "dummy_capped"  # the dummy's score lowered by the cap of C.07 (2026) art. 16.4
NOTE_BELOW = "below_threshold"  # Koya: the opponent scored under 50%, left out

# Terms are built in loops over every round of every entry: ``_new(Term, (all ten fields))`` is
# several times faster than ``Term(...)`` (round, kind, opponent, value, score, points, scored,
# conceded, note, cut).
_new = tuple.__new__


class Term(NamedTuple):
    """One contribution to a tie-break value (one round, mostly).

    ``value`` is what the term adds (before cuts); ``score`` the opponent's (or dummy's) score
    used, ``points`` the points the entry earned; ``scored``/``conceded`` the SOS game scores.
    ``cut`` marks a term left out (Buchholz cut / median, Koya below threshold, direct encounter
    when not all tied entries met).
    """

    round: int
    kind: str
    opponent: int | None
    value: float
    score: float | None = None
    points: float | None = None
    scored: int | None = None
    conceded: int | None = None
    note: str = ""
    cut: bool = False


def opposition(table: ResultTable, entry: int) -> list[Term]:
    """Each round's opponent score, for Buchholz and Sonneborn-Berger (value = the score).

    Played games: the opponent's adjusted score (16.3). Own unplayed rounds (byes, forfeits,
    absences): a dummy opponent with the entry's own score (16.4); but in a round robin a
    forfeit counts as a game against its opponent. Cached on the table.

    With ``table.dummy_cap`` (the C.07 revision in force from 1 March 2026, art. 16.4.1 and
    16.4.2) the dummy's score is capped: for an unplayed round with a scheduled opponent (a
    forfeit won or lost, a double forfeit) at that opponent's score as it counts in Buchholz;
    for a round without one (a bye of any kind, an absence) at the points of a draw times the
    rounds played. The term is then noted ``dummy_capped``.
    """
    cache = table._cache.setdefault("opposition", {})
    assert isinstance(cache, dict)
    got = cache.get(entry)
    if got is not None:
        return got
    own = table.points[entry]
    adjusted, raw = table.adjusted, table.points
    capped = table.dummy_cap
    half_of_all = table.system.draw * table.rounds_played
    terms: list[Term] = []
    met = table.met
    for r in table.rounds[entry]:
        rnd, kind, opp, pts = r[:4]
        if met(r):
            assert opp is not None
            score = adjusted[opp]
            note = NOTE_ADJUSTED if score != raw[opp] else ""
            terms.append(_new(Term, (rnd, kind, opp, score, score, pts, None, None, note, False)))
        else:
            score, note = own, NOTE_DUMMY
            if capped:
                cap = adjusted[opp] if opp is not None else half_of_all
                if cap < own:
                    score, note = cap, NOTE_CAPPED
            terms.append(_new(Term, (rnd, kind, opp, score, score, pts, None, None, note, False)))
    cache[entry] = terms
    return terms


def cut(terms: list[Term], low: int, high: int) -> list[Term]:
    """Mark the ``low`` least and ``high`` most significant terms as cut (FIDE art. 14, 16.5).

    The least significant: if the entry has voluntary unplayed rounds, the lowest of those,
    whatever its value; otherwise the lowest value. The most significant: the highest value.
    Ties go to the earliest round. Never more cuts than terms.
    """
    n = len(terms)
    low = min(low, n)
    high = min(high, n - low)
    if not low and not high:
        return terms
    out = list(terms)
    for _ in range(low):
        pick, pick_vur, pick_value = -1, False, 0.0
        for i, t in enumerate(out):  # in round order, so a tie keeps the earliest
            if t[9]:
                continue
            vur = t[1] in VUR_KINDS
            if pick < 0 or (vur and not pick_vur) or (vur == pick_vur and t[3] < pick_value):
                pick, pick_vur, pick_value = i, vur, t[3]
        out[pick] = _new(Term, (*out[pick][:9], True))
    for _ in range(high):
        pick, pick_value = -1, 0.0
        for i, t in enumerate(out):
            if not t[9] and (pick < 0 or t[3] > pick_value):
                pick, pick_value = i, t[3]
        out[pick] = _new(Term, (*out[pick][:9], True))
    return out
