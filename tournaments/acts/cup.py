"""A knockout as it stands, read from its facts (issue 29): the bridge from the models to the
pure core (``tournaments.pairing``'s knockout modules).

Stored are only facts: the seeding (``Cup``), each match as paired (``KnockoutMatch``: its
round, its two entrants, a walkover's or a lot's outcome) and its games (the round's pairings
of the match, ordinary games of the site, each result from its first mover's view). Derived
here, never stored: each match's state (``match_state`` over its games' results), the bracket's
state (``advance`` over the matches' outcomes), the places. The writes are in
``tournaments.acts.cup_play``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments import formats, pairing
from tournaments.acts import stages
from tournaments.formats import CupOptions
from tournaments.formats.knockout import Knockout
from tournaments.models import Cup, Entry, KnockoutMatch, Pairing, Tournament
from tournaments.models.knockout import BOTH_WITHDRAWN
from tournaments.pairing.knockout_bracket import SEED, SOURCE_TEXTS
from tournaments.standings import StandingRow

NOBODY = pairing.NOBODY


@dataclass
class MatchView:
    """One match of the bracket: its place in the bracket, how the core says it stands, and
    (once paired) its row, games and state."""

    match: pairing.Match
    status: pairing.MatchStatus
    row: KnockoutMatch | None = None
    games: list[Pairing] = field(default_factory=list)
    state: pairing.MatchState | None = None
    problem: str = ""  # why its games do not make a match (shown; refused on a correction)
    conflict: bool = False  # played by others than the bracket now gives it (a correction)

    @property
    def number(self) -> int:
        return self.match.id

    @property
    def decided_by(self) -> str | None:
        if self.row is not None and self.row.walkover_winner is not None:
            return "walkover"
        return self.state.decided_by if self.state is not None else None


@dataclass
class CupView:
    """A seeded knockout: its entry, options, bracket, seeds, and every match's view."""

    tournament: Tournament
    entry: Knockout
    options: CupOptions
    cup: Cup
    bracket: pairing.Bracket
    entries: dict[int, Entry]
    state: pairing.BracketState
    matches: dict[int, MatchView]

    def entrant(self, seed: int | None) -> Entry | None:
        """The entry of ``seed`` (``None`` for nobody or not known yet)."""
        if not seed:
            return None
        return self.entries.get(self.cup.seeds[seed - 1])

    def seed_of(self, entry_id: int | None) -> int:
        return self.cup.seeds.index(entry_id) + 1 if entry_id in self.cup.seeds else NOBODY

    def places(self) -> dict[int, int]:
        """Each placed entry's place (entry id → place)."""
        return {self.cup.seeds[s - 1]: p for s, p in self.state.places.items()}

    def seeding_text(self) -> str:
        """How the cup was seeded, translated: a rule of ``Seeding``, or a play-off's "by the
        stage before" (``Cup.seeding`` "stage", which is not a rule an arbiter picks)."""
        if self.cup.seeding in formats.Seeding.values:
            return str(formats.Seeding(self.cup.seeding).label)
        return _("By the stage before")

    def source_text(self, source: pairing.Source) -> str:
        """Where a slot's player comes from, translated ("winner of match 5"); a play-off's
        seed says where he qualified ("A1", ``Cup.origins``)."""
        if source.kind == SEED and self.cup.origins and 0 < source.ref <= len(self.cup.seeds):
            origin = self.cup.origins.get(str(self.cup.seeds[source.ref - 1]))
            if origin:
                return stages.origin_text(origin)
        return _(SOURCE_TEXTS[source.kind]) % {"number": source.ref}


def options_of(t: Tournament) -> CupOptions:
    return CupOptions.of(t.format_options)


def knockout_entry(t: Tournament) -> Knockout:
    entry = formats.get(t.format)
    assert isinstance(entry, Knockout), t.format
    return entry


def game_results(games: list[Pairing]) -> list[str]:
    """The results of a match's games in order, up to the first game without one."""
    out = []
    for game in games:
        if not game.result:
            break
        out.append(game.result)
    return out


def outcome(view: MatchView, seeds: list[int]) -> pairing.Outcome | None:
    """The match's outcome from its row's facts and its games (``None`` while undecided)."""
    row = view.row
    if row is None or row.second_id is None:
        return None
    sides = (row.first_id, row.second_id)
    if row.walkover_winner == BOTH_WITHDRAWN:  # no winner: ``read_cup`` takes both as gone
        return None
    if row.walkover_winner is not None:
        return pairing.Outcome(seeds.index(sides[row.walkover_winner]) + 1, walkover=True)
    if view.state is None or view.state.winner is None:
        return None
    return pairing.Outcome(seeds.index(sides[view.state.winner]) + 1)


def read_rows(t: Tournament) -> dict[int, tuple[KnockoutMatch, list[Pairing]]]:
    """Every paired match of ``t`` with its games in order (two queries)."""
    rows = {m.number: (m, []) for m in KnockoutMatch.objects.filter(tournament=t)}
    by_pk = {m.pk: n for n, (m, _games) in rows.items()}
    games = Pairing.objects.filter(match__tournament=t).select_related("round", "game")
    for game in games.order_by("board"):
        rows[by_pk[game.match_id]][1].append(game)
    return rows


def match_state_of(
    options: CupOptions, row: KnockoutMatch, games: list[Pairing]
) -> tuple[pairing.MatchState | None, str]:
    """A paired match's state from its games, or the problem that keeps it from one."""
    if row.second_id is None or row.walkover_winner is not None:
        return None, ""
    results = game_results(games)
    try:
        return pairing.match_state(options.rules, results, lot_winner=row.lot_winner), ""
    except pairing.KnockoutError:
        return None, _(
            "Match %(number)s has more games with a result than it needs: annul the last one."
        ) % {"number": row.number}


def read_cup(t: Tournament) -> CupView | None:
    """The knockout ``t`` as it stands (``None`` before it is seeded): a fixed number of
    queries, whatever its size."""
    cup = Cup.objects.filter(tournament=t).first()
    if cup is None or not cup.seeds:
        return None
    entry = knockout_entry(t)
    options = options_of(t)
    bracket = entry.bracket(len(cup.seeds), options)
    entries = {e.pk: e for e in t.entries.select_related("player")}
    rows = read_rows(t)
    views: dict[int, MatchView] = {}
    results: dict[int, pairing.Outcome] = {}
    gone: set[int] = set()  # the seeds of matches both of whose players had withdrawn
    for match in bracket.matches:
        view = MatchView(match, pairing.MatchStatus(match.id, "waiting", None, None))
        if match.id in rows:
            view.row, view.games = rows[match.id]
            view.state, view.problem = match_state_of(options, view.row, view.games)
            if view.row.walkover_winner == BOTH_WITHDRAWN:
                gone |= {cup.seeds.index(e) + 1 for e in (view.row.first_id, view.row.second_id)}
            decided = outcome(view, cup.seeds)
            if decided is not None:
                trial = {**results, match.id: decided}
                try:
                    pairing.advance(bracket, trial, withdrawn=gone)
                except pairing.KnockoutError:
                    view.conflict = True
                    view.problem = _(
                        "Match %(number)s was played by other players than the bracket now "
                        "gives it."
                    ) % {"number": match.id}
                else:
                    results = trial
        views[match.id] = view
    state = pairing.advance(bracket, results, withdrawn=gone)
    for number, view in views.items():
        view.status = state.matches[number]
    return CupView(t, entry, options, cup, bracket, entries, state, views)


def outcomes(view: CupView) -> dict[int, pairing.Outcome]:
    """The decided matches' outcomes (match id → ``Outcome``), as ``advance`` took them."""
    out = {}
    for number, match in view.matches.items():
        if match.row is not None and not match.problem:
            decided = outcome(match, view.cup.seeds)
            if decided is not None:
                out[number] = decided
    return out


def place_rows(t: Tournament) -> list[StandingRow]:
    """A knockout's standings: the places ``advance`` gives (Challonge's final standings); the
    entrants still in share the places above them, in seed order; each row's points are its
    matches won (walkovers too, byes not). Entries not in the cup (withdrawn before round 1)
    come last."""
    view = read_cup(t)
    entries = sorted(t.entries.all(), key=lambda e: (e.rank is None, e.rank or 0, e.pk))
    if view is None:
        groups: dict[int, list[int]] = {1: [e.pk for e in entries]}
        wins: dict[int, int] = {}
    else:
        placed = view.places()
        still = [pk for pk in view.cup.seeds if pk not in placed]
        groups = {1: still} if still else {}
        for pk in view.cup.seeds:
            if pk in placed:
                groups.setdefault(placed[pk], []).append(pk)
        outside = [e.pk for e in entries if e.pk not in view.cup.seeds]
        if outside:
            groups[len(view.cup.seeds) + 1] = outside
        wins = {}
        for m in view.matches.values():
            if m.status.played and m.status.winner:
                pk = view.cup.seeds[m.status.winner - 1]
                wins[pk] = wins.get(pk, 0) + 1
    rows = []
    for place in sorted(groups):
        members = groups[place]
        for pk in members:
            rows.append(
                StandingRow(
                    place=place,
                    entry=pk,
                    points=float(wins.get(pk, 0)),
                    tiebreaks=(),
                    explanations={},
                    shared=len(members) > 1,
                    place_to=place + len(members) - 1,
                )
            )
    return rows
