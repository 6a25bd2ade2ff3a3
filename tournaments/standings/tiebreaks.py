"""The tie-break registry: one small class per tie-break, keyed, labelled and explained.

Each tie-break's ``compute(table, groups)`` returns, for every entry of the table, an
``Explanation``: the value and the terms it was summed from, so a page can show how it was
computed. The exact FIDE choices are in the package docstring; ``Term`` and the opponent scores
the Buchholz family sums (``opposition``, ``cut``) are in ``terms``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar, NamedTuple

from .results import PLAYED, WIN_OUTCOME, ResultTable, RoundResult
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
    """BH-M1 (14.2): Buchholz less the least (a VUR first) and the most significant."""

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


# --- direct encounter ------------------------------------------------------------------------


@register
class DirectEncounter(TieBreak):
    """DE (C.07 art. 6): within a tied group, the separate standings of the games among them.

    The group is the entries level on points and on every tie-break before DE. An encounter is
    a game played over the board (a forfeit is none, except in a round robin, 6.1.1 and 15.2).

    * The separate standings (6.1): each member's points against the other members; when two
      met more than once (a double cycle), the average of their games counts (6.1.2).
    * Every two members have met (6.2): the separate standings rank them; a subset still level
      is ranked by applying art. 6 again to it alone (its own games), until nothing changes.
    * Not every two have met, in a Swiss (6.3): the member who stays alone at the top of the
      separate standings whatever the outcome of the missing games is ranked first, then the
      same for the second place, and so on. A member is out of reach when its points exceed the
      *maximum* of every member not yet ranked, a maximum being that member's points plus a win
      for every member it has not met (its best case, while the leader loses every game it
      has not played). Art. 6 is then applied again to the members left unranked. In a round
      robin (the standings before its last round) 6.3 does not apply: the group stays tied.

    The value is the number of members of the group DE ranks below the entry (so higher is
    better, and members DE leaves level share a value); 0 for an entry tied with nobody. The
    terms are the entry's encounters in the group (``value`` what each adds to the separate
    standings). ``params``: ``group``, ``all_met``, ``points`` (entry -> its separate standings
    score), ``maximum`` (entry -> its maximum, not-all-met groups only) and ``decided``
    (whether DE ranked this entry apart from every other member).
    """

    key = "direct_encounter"
    label = gettext_noop("Direct encounter")
    abbr = gettext_noop("DE")
    grouped = True

    def compute(
        self, table: ResultTable, groups: Iterable[Sequence[int]] = ()
    ) -> dict[int, Explanation]:
        out: dict[int, Explanation] = {}
        for group in groups:
            members = tuple(group)
            if len(members) < 2:
                continue
            score, maximum, terms = _separate_standings(table, members)
            all_met = maximum is None
            tiers = _de_tiers(table, members)
            below = len(members)
            value: dict[int, float] = {}
            for tier in tiers:
                below -= len(tier)
                for e in tier:
                    value[e] = float(below)
            shown: dict[str, object] = {
                "group": members,
                "all_met": all_met,
                "points": MappingProxyType(score),
            }
            if maximum is not None:
                shown["maximum"] = MappingProxyType(maximum)
            alone = {tier[0] for tier in tiers if len(tier) == 1}
            for e in members:
                params = MappingProxyType({**shown, "decided": e in alone})
                out[e] = Explanation(value[e], tuple(terms[e]), params)
        for e in table.entries:
            if e not in out:
                out[e] = Explanation(
                    0.0,
                    (),
                    MappingProxyType({"group": (e,), "all_met": False, "decided": False}),
                )
        return out


def _separate_standings(
    table: ResultTable, members: Sequence[int]
) -> tuple[dict[int, float], dict[int, float] | None, dict[int, list[Term]]]:
    """The separate standings of ``members`` (C.07 6.1): each one's points against the others,
    the average of the games when two met more than once (6.1.2); the terms (one per game, its
    share of that average); and, when not every two have met, each member's maximum (its points
    plus a win for each member it has not met), else None."""
    inside = set(members)
    games: dict[int, dict[int, list[RoundResult]]] = {e: {} for e in members}
    for e in members:
        for r in table.rounds.get(e, ()):
            opp = r.opponent
            if opp in inside and table.met(r):
                assert opp is not None
                games[e].setdefault(opp, []).append(r)
    score: dict[int, float] = {}
    terms: dict[int, list[Term]] = {}
    for e in members:
        found = []
        for rs in games[e].values():
            n = len(rs)
            for r in rs:
                found.append(Term(r.round, r.kind, r.opponent, r.points / n, points=r.points))
        found.sort(key=lambda t: t.round)
        terms[e] = found
        score[e] = _total(found)
    k = len(members)
    if all(len(games[e]) == k - 1 for e in members):
        return score, None, terms
    win = table.system.win
    maximum = {e: _r(score[e] + win * (k - 1 - len(games[e]))) for e in members}
    return score, maximum, terms


def _de_tiers(table: ResultTable, members: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``members`` in the order art. 6 ranks them, best first, as tiers of members DE leaves
    level (a tier of one is ranked apart)."""
    if len(members) < 2:
        return [members]
    score, maximum, _ = _separate_standings(table, members)
    position = {e: n for n, e in enumerate(members)}
    if maximum is None:  # 6.2: the separate standings rank them; art. 6 again on each tie
        levels: dict[float, list[int]] = {}
        for e in members:
            levels.setdefault(score[e], []).append(e)
        if len(levels) == 1:
            return [members]
        tiers: list[tuple[int, ...]] = []
        for s in sorted(levels, reverse=True):
            tiers.extend(_de_tiers(table, tuple(levels[s])))
        return tiers
    if table.round_robin:  # 6.3 is for Swiss tournaments only
        return [members]
    # 6.3: rank from the top while the leader is out of everyone else's reach.
    rest = sorted(members, key=lambda e: (-score[e], -maximum[e], position[e]))
    ranked: list[tuple[int, ...]] = []
    while len(rest) > 1 and score[rest[0]] > max(maximum[x] for x in rest[1:]) + 1e-9:
        ranked.append((rest.pop(0),))
    if not ranked:
        return [members]
    if len(rest) == 1:
        return [*ranked, (rest[0],)]
    remaining = tuple(e for e in members if e in set(rest))
    return [*ranked, *_de_tiers(table, remaining)]


# FIDE's defaults for the formats (keys of ``TournamentFormat``).
SWISS_ORDER: tuple[str, ...] = (
    "buchholz_cut1",
    "buchholz",
    "sonneborn_berger",
    "direct_encounter",
    "wins",
)
ROUND_ROBIN_ORDER: tuple[str, ...] = ("direct_encounter", "sonneborn_berger", "wins", "koya")
DEFAULT_ORDER: dict[str, tuple[str, ...]] = {
    "swiss": SWISS_ORDER,
    "round_robin": ROUND_ROBIN_ORDER,
    "double_round_robin": ROUND_ROBIN_ORDER,
}
