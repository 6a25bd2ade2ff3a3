"""Direct encounter (C.07 art. 6), the grouped tie-break: the separate standings of the games
among the entries still tied, registered in :data:`tiebreaks.TIEBREAKS` like the others (the
package imports this module, so the registry always holds it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import MappingProxyType

from .results import ResultTable, RoundResult
from .terms import Term
from .tiebreaks import Explanation, TieBreak, _r, _total, gettext_noop, register


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
