"""The variants of Buchholz and Sonneborn-Berger (FIDE C.07, 2026: art. 8.2, 8.3, 14.1-14.4).

Buchholz cut 2 and median 2 cut more terms of the same opposition (``terms.cut``); Fore
Buchholz is Buchholz over a copy of the table whose final-round games are all draws; the
average of the opponents' Buchholz averages the opponents' own Buchholz; Sonneborn-Berger cut 1
cuts one term chosen by the opponent's score (14.1.1) with the exception of art. 16.5.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from .results import DRAW_OUTCOME, PLAYED, VUR_KINDS, ResultTable, RoundResult, _scores
from .terms import Term, _new, opposition
from .tiebreaks import (
    TIEBREAKS,
    Explanation,
    TieBreak,
    _BuchholzBase,
    _r,
    _total,
    gettext_noop,
    register,
)


@register
class BuchholzCut2(_BuchholzBase):
    """BH-C2 (14.2): Buchholz less the two least significant contributions (VURs first, 16.5)."""

    key = "buchholz_cut2"
    label = gettext_noop("Buchholz cut 2")
    abbr = gettext_noop("BH-C2")
    low = 2


@register
class MedianBuchholz2(_BuchholzBase):
    """BH-M2 (14.4): Buchholz less the two least (VURs first) and the two most significant."""

    key = "median_buchholz2"
    label = gettext_noop("Median Buchholz 2")
    abbr = gettext_noop("BH-M2")
    low = 2
    high = 2


def fore_table(table: ResultTable) -> ResultTable:
    """The table as if every paired game of the final round (``rounds_played``) had ended in a
    draw (8.3): played games, forfeits and double forfeits of that round become drawn games
    over the board; byes and absences keep their points. Cached on the table."""
    got = table._cache.get("fore")
    if isinstance(got, ResultTable):
        return got
    last, draw = table.rounds_played, table.system.draw
    rounds: dict[int, list[RoundResult]] = {}
    points: dict[int, float] = {}
    adjusted: dict[int, float] = {}
    adjusted_rounds: dict[int, tuple[int, ...]] = {}
    for entry, got_rounds in table.rounds.items():
        rounds[entry] = [
            RoundResult(r.round, PLAYED, r.opponent, draw, DRAW_OUTCOME, r.first)
            if r.round == last and r.opponent is not None
            else r
            for r in got_rounds
        ]
        points[entry], adjusted[entry], adjusted_rounds[entry] = _scores(
            rounds[entry], draw, table.round_robin
        )
    fore = replace(
        table,
        rounds=rounds,
        points=points,
        adjusted=adjusted,
        adjusted_rounds=adjusted_rounds,
        _cache={},
    )
    table._cache["fore"] = fore
    return fore


@register
class ForeBuchholz(TieBreak):
    """FB (8.3): Buchholz "as if all paired games for the final round had ended in draws"
    (``fore_table``): the opponents' scores and the entry's own (for its dummy opponents) count
    every game of the last round counted as a draw. Unplayed rounds as in Buchholz (16).
    A final-round game whose result is not entered yet is left out, as everywhere."""

    key = "fore_buchholz"
    label = gettext_noop("Fore Buchholz")
    abbr = gettext_noop("FB")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        terms = tuple(opposition(fore_table(table), entry))
        return Explanation(_total(terms), terms, MappingProxyType({"round": table.rounds_played}))


@register
class AverageOpponentsBuchholz(TieBreak):
    """AOB (8.2): the average of the Buchholz (8.1, with its unplayed-rounds rules) of the
    opponents played over the board (in a round robin, forfeits too, 15.2); an opponent met
    twice counts twice (4.4). 0 without such an opponent. The value is rounded to 9 places;
    ``params`` gives the sum and the number of games."""

    key = "average_opponents_buchholz"
    label = gettext_noop("Average of opponents' Buchholz")
    abbr = gettext_noop("AOB")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        buchholz = TIEBREAKS["buchholz"]
        terms = []
        for r in table.rounds[entry]:
            if not table.met(r):
                continue
            assert r.opponent is not None
            bh = buchholz.explain(table, r.opponent).value
            terms.append(
                _new(Term, (r.round, r.kind, r.opponent, bh, bh, r.points, None, None, "", False))
            )
        total = _total(terms)
        value = _r(total / len(terms)) if terms else 0.0
        params = MappingProxyType({"sum": total, "games": len(terms)})
        return Explanation(value, tuple(terms), params)


def _sb_cut1(terms: tuple[Term, ...]) -> tuple[Term, ...]:
    """Cut one Sonneborn-Berger term (14.1.1, 16.5): the least significant is the term of the
    opponent with the lowest score, and of those the lowest product; when the entry has
    voluntary unplayed rounds, the lowest VUR product is cut instead as long as it is not lower
    than the least significant one (the higher of the two goes). Ties: the earliest round."""
    if not terms:
        return terms
    order = range(len(terms))
    least = min(order, key=lambda i: (terms[i].score or 0.0, terms[i].value, i))
    vurs = [i for i in order if terms[i].kind in VUR_KINDS]
    pick = least
    if vurs:
        vur = min(vurs, key=lambda i: (terms[i].value, i))
        if terms[vur].value >= terms[least].value:
            pick = vur
    return tuple(_new(Term, (*t[:9], True)) if i == pick else t for i, t in enumerate(terms))


@register
class SonnebornBergerCut1(TieBreak):
    """SB-C1 (14.1): Sonneborn-Berger less one term (``_sb_cut1``)."""

    key = "sonneborn_berger_cut1"
    label = gettext_noop("Sonneborn–Berger cut 1")
    abbr = gettext_noop("SB-C1")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        terms = _sb_cut1(TIEBREAKS["sonneborn_berger"].explain(table, entry).terms)
        return Explanation(_total(terms), terms)
