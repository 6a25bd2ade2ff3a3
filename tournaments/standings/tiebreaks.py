"""The tie-break registry: one small class per tie-break, keyed, labelled and explained.

Each tie-break's ``compute(table, groups)`` returns, for every entry of the table, an
``Explanation``: the value and the terms it was summed from, so a page can show how it was
computed. The exact FIDE choices are in the package docstring; ``Term`` and the opponent scores
the Buchholz family sums (``opposition``, ``cut``) are in ``terms``; direct encounter, the grouped
tie-break, in ``direct_encounter``; the cut, median, Fore and average variants of Buchholz and
Sonneborn-Berger in ``variants``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar, NamedTuple

from .results import PLAYED, VUR_KINDS, WIN_OUTCOME, ResultTable
from .terms import NOTE_ADJUSTED as NOTE_ADJUSTED  # re-exported
from .terms import NOTE_BELOW, Term, _new, cut, opposition
from .terms import NOTE_CAPPED as NOTE_CAPPED  # re-exported
from .terms import NOTE_DUMMY as NOTE_DUMMY  # re-exported


def gettext_noop(s: str) -> str:
    """Mark a string for translation without translating it (makemessages finds it by name).

    The pure core imports no Django: pages translate ``TieBreak.label`` with ``gettext`` when
    they render it.
    """
    return s


_NO_PARAMS: Mapping[str, object] = MappingProxyType({})


class Explanation(NamedTuple):
    """One tie-break of one entry: the value, the terms it came from, and named parameters."""

    value: float
    terms: tuple[Term, ...] = ()
    params: Mapping[str, object] = _NO_PARAMS


class TieBreak:
    """A tie-break: ``key`` (stored in a tournament's order), ``label`` and ``abbr`` (marked for
    translation), and ``compute``. Higher values rank higher, for every tie-break.

    ``grouped`` tie-breaks (direct encounter) depend on who is still tied: ``compute_standings``
    passes them ``groups``, the entries equal on points and on every earlier tie-break.
    """

    key: ClassVar[str] = ""
    label: ClassVar[str] = ""
    abbr: ClassVar[str] = ""
    grouped: ClassVar[bool] = False

    def compute(
        self, table: ResultTable, groups: Iterable[Sequence[int]] = ()
    ) -> dict[int, Explanation]:
        """Each entry of ``table`` -> its value and how it was computed."""
        return {e: self.explain(table, e) for e in table.entries}

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<TieBreak {self.key}>"


TIEBREAKS: dict[str, TieBreak] = {}


def register(cls: type[TieBreak]) -> type[TieBreak]:
    """Class decorator: add one instance of ``cls`` to ``TIEBREAKS`` under its key."""
    if not cls.key or cls.key in TIEBREAKS:
        raise ValueError(f"tie-break key missing or taken: {cls.key!r}")
    TIEBREAKS[cls.key] = cls()
    return cls


def _r(x: float) -> float:
    """Round away float noise (values are sums of halves, but a point system may be anything)."""
    return round(x, 9) + 0.0


# --- the Buchholz family -------------------------------------------------------------------


def _total(terms: Iterable[Term]) -> float:
    """The sum of the values of the terms not cut."""
    return _r(sum([t[3] for t in terms if not t[9]]))


class _BuchholzBase(TieBreak):
    low: ClassVar[int] = 0
    high: ClassVar[int] = 0

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        terms = cut(opposition(table, entry), self.low, self.high)
        return Explanation(_total(terms), tuple(terms))


@register
class Buchholz(_BuchholzBase):
    """BH (8.1): the sum of the opponents' adjusted scores, dummies for unplayed rounds."""

    key = "buchholz"
    label = gettext_noop("Buchholz")
    abbr = gettext_noop("BH")


@register
class BuchholzCut1(_BuchholzBase):
    """BH-C1 (14.1): Buchholz less the least significant contribution (a VUR first)."""

    key = "buchholz_cut1"
    label = gettext_noop("Buchholz cut 1")
    abbr = gettext_noop("BH-C1")
    low = 1


@register
class MedianBuchholz(_BuchholzBase):
    """BH-M1 (14.3): Buchholz less the least (a VUR first) and the most significant."""

    key = "median_buchholz"
    label = gettext_noop("Median Buchholz")
    abbr = gettext_noop("BH-M1")
    low = 1
    high = 1


@register
class SonnebornBerger(TieBreak):
    """SB (9.1): the sum of each round's opponent score (as in Buchholz) times the points the
    entry earned in that round."""

    key = "sonneborn_berger"
    label = gettext_noop("Sonneborn–Berger")
    abbr = gettext_noop("SB")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        terms = tuple(
            _new(Term, (rnd, kind, opp, score * pts, score, pts, None, None, note, False))
            for rnd, kind, opp, _, score, pts, _, _, note, _ in opposition(table, entry)
        )
        return Explanation(_total(terms), terms)


# --- the entry's own results ---------------------------------------------------------------


@register
class Wins(TieBreak):
    """WON (7.2): games won over the board; forfeit wins and byes do not count."""

    key = "wins"
    label = gettext_noop("Wins")
    abbr = gettext_noop("WON")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        terms = tuple(
            _new(Term, (rnd, PLAYED, opp, 1.0, None, pts, None, None, "", False))
            for rnd, kind, opp, pts, outcome, *_ in table.rounds[entry]
            if kind == PLAYED and outcome == WIN_OUTCOME
        )
        return Explanation(float(len(terms)), terms)


@register
class SecondMoves(TieBreak):
    """BPG (7.3): games played over the board with the second move ("black")."""

    key = "second_moves"
    label = gettext_noop("Games with the second move")
    abbr = gettext_noop("BPG")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        terms = tuple(
            _new(Term, (rnd, PLAYED, opp, 1.0, None, pts, None, None, "", False))
            for rnd, kind, opp, pts, _, first, *_ in table.rounds[entry]
            if kind == PLAYED and first is False
        )
        return Explanation(float(len(terms)), terms)


@register
class SecondMoveWins(TieBreak):
    """BWG (7.4): games won over the board with the second move ("black"); every game kind
    has a first and a second mover, so every game played counts."""

    key = "second_move_wins"
    label = gettext_noop("Games won with the second move")
    abbr = gettext_noop("BWG")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        terms = tuple(
            _new(Term, (rnd, PLAYED, opp, 1.0, None, pts, None, None, "", False))
            for rnd, kind, opp, pts, outcome, first, *_ in table.rounds[entry]
            if kind == PLAYED and first is False and outcome == WIN_OUTCOME
        )
        return Explanation(float(len(terms)), terms)


@register
class RoundsWon(TieBreak):
    """WIN (7.1): the rounds in which the entry obtained, with or without playing, the points
    of a win: games won over the board, forfeit wins, and byes worth a win (a
    pairing-allocated bye when the tournament gives it a win's points)."""

    key = "rounds_won"
    label = gettext_noop("Rounds won, played or not")
    abbr = gettext_noop("WIN")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        win = table.system.win
        terms = tuple(
            _new(Term, (rnd, kind, opp, 1.0, None, pts, None, None, "", False))
            for rnd, kind, opp, pts, outcome, *_ in table.rounds[entry]
            if outcome == WIN_OUTCOME or (opp is None and abs(pts - win) < 1e-9)
        )
        return Explanation(float(len(terms)), terms)


@register
class RoundsElected(TieBreak):
    """REP (7.6): the rounds less the half-point byes, zero-point byes and forfeit losses,
    i.e. less the voluntary unplayed rounds (an absence is a zero-point bye, 16.1.1; a double
    forfeit is a forfeit loss). A round whose result is not entered yet counts as elected.

    In a round robin (15.2) the rounds are those with a scheduled opponent (a resting round
    is none of the entry's) and the only unplayed rounds are forfeits; forfeit losses stay
    unplayed for this tie-break (15.2, second exception).
    """

    key = "rounds_elected"
    label = gettext_noop("Rounds elected to play")
    abbr = gettext_noop("REP")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        rr = table.round_robin
        terms = tuple(
            _new(Term, (r[0], r[1], r[2], 1.0, None, r[3], None, None, "", False))
            for r in table.rounds[entry]
            if r[1] not in VUR_KINDS and (not rr or r[2] is not None)
        )
        waiting = len(table.pending.get(entry, ()))
        return Explanation(float(len(terms) + waiting), terms)


@register
class Progressive(TieBreak):
    """PS (7.5): the sum of the running score after each round (byes and forfeits included)."""

    key = "progressive"
    label = gettext_noop("Progressive score")
    abbr = gettext_noop("PS")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        running = 0.0
        terms = []
        for rnd, kind, opp, pts, *_ in table.rounds[entry]:
            running += pts
            terms.append(_new(Term, (rnd, kind, opp, running, None, pts, None, None, "", False)))
        return Explanation(_total(terms), tuple(terms))


@register
class Koya(TieBreak):
    """KS (9.2): points scored against the opponents who scored at least 50% of the maximum.

    The maximum possible score (C.07 art. 9.2) is the win points times the rounds: in a Swiss,
    the rounds played (``rounds_played × win``, whoever had byes); in a round robin, the games
    each entry plays (the most rounds any entry had an opponent in, so an odd-sized table's
    resting round does not count). Forfeit results count as points scored against that
    opponent; byes do not. Opponents' scores are their points.
    """

    key = "koya"
    label = gettext_noop("Koya score")
    abbr = gettext_noop("KS")

    def compute(
        self, table: ResultTable, groups: Iterable[Sequence[int]] = ()
    ) -> dict[int, Explanation]:
        if table.round_robin:
            most = max(
                (sum(1 for r in rs if r.opponent is not None) for rs in table.rounds.values()),
                default=0,
            )
        else:
            most = table.rounds_played
        maximum = _r(table.system.win * most)
        threshold = _r(maximum / 2)
        params = MappingProxyType({"maximum": maximum, "threshold": threshold})
        points = table.points
        out = {}
        for e in table.entries:
            terms = []
            for rnd, kind, opp, pts, *_ in table.rounds[e]:
                if opp is None:
                    continue
                score = points[opp]
                below = score < threshold - 1e-9
                note = NOTE_BELOW if below else ""
                terms.append(_new(Term, (rnd, kind, opp, pts, score, pts, None, None, note, below)))
            out[e] = Explanation(_total(terms), tuple(terms), params)
        return out


@register
class SosPoints(TieBreak):
    """SOS points scored: the sum of the entry's own game scores, in games played."""

    key = "sos_points"
    label = gettext_noop("SOS points scored")
    abbr = gettext_noop("SOS")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        terms = tuple(
            _new(Term, (rnd, PLAYED, opp, float(sc), None, None, sc, co, "", False))
            for rnd, kind, opp, _, _, _, sc, co in table.rounds[entry]
            if kind == PLAYED
        )
        return Explanation(_total(terms), terms)


@register
class SosDifference(TieBreak):
    """SOS points difference: the SOS points scored minus those conceded, in games played."""

    key = "sos_difference"
    label = gettext_noop("SOS points difference")
    abbr = gettext_noop("SOS±")

    def explain(self, table: ResultTable, entry: int) -> Explanation:
        terms = tuple(
            _new(Term, (rnd, PLAYED, opp, float(sc - co), None, None, sc, co, "", False))
            for rnd, kind, opp, _, _, _, sc, co in table.rounds[entry]
            if kind == PLAYED
        )
        return Explanation(_total(terms), terms)


# FIDE's default orders: a Swiss's and a round robin's (the format registry,
# ``tournaments.formats``, gives each format its own).
SWISS_ORDER: tuple[str, ...] = (
    "buchholz_cut1",
    "buchholz",
    "sonneborn_berger",
    "direct_encounter",
    "wins",
)
ROUND_ROBIN_ORDER: tuple[str, ...] = ("direct_encounter", "sonneborn_berger", "wins", "koya")
