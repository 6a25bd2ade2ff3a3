"""A rated tournament's rating report, as chess-results prints it: for each player, the rating
the event is rated from, the games, each round's opponent's rating, their average, the score,
the expected score, the change, the new rating and the performance.

Read from the derived rows (``RatingChange``, written by ``ratings.services.rebuild``) and the
tournament's played games; nothing is computed that the rebuild does not compute the same way:
the expected scores come from ``ratings.states.lines``, the rebuild's own arithmetic. Only what
the rows do not hold is worked out here: the performance (TPR, FIDE table 8.1.1 over the games
against rated opponents, as the tie-break of ``tournaments.standings.performance`` does).
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field

from django.utils import timezone

from ratings import sources
from ratings import states as S
from ratings.core.elo import EloState
from ratings.core.glicko2 import Glicko2State
from ratings.core.periods import Game
from ratings.models import Method, PeriodKind, RatedTournament, RatingChange, RatingList
from tournaments.core import vocabulary as V
from tournaments.core.fide_tables import dp_of
from tournaments.models import Entry, Pairing, Tournament


@dataclass
class ReportLine:
    """One player's line of the report (ratings as the list keeps them: Elo whole numbers,
    Glicko-2 full floats; ``None`` where a figure does not exist, e.g. an unrated player's)."""

    rank: int | None
    name: str
    rating: float | None = None  # the rating the event is rated from
    games: int = 0
    opponents: dict[int, float | None] = field(default_factory=dict)  # round → opp.'s rating
    score: float = 0.0
    expected: float = 0.0
    counted: int = 0  # games against opponents with a rating (they count for the expectation)
    counted_sum: float = 0.0  # their ratings' sum
    counted_score: float = 0.0  # the score in them
    change: float | None = None
    after: float | None = None
    entry_id: int | None = None  # the tournament's entry (the standings' columns find it)
    player_id: int | None = None

    @property
    def average(self) -> float | None:
        return self.counted_sum / self.counted if self.counted else None

    @property
    def performance(self) -> int | None:
        """TPR: the average rating of the rated opponents (nearest whole, half up) plus dp for
        p = score / games over them (nearest hundredth, half up), table 8.1.1."""
        if not self.counted:
            return None
        aro = math.floor(self.counted_sum / self.counted + 0.5)
        halves = round(2 * self.counted_score)
        p = (100 * halves + self.counted) // (2 * self.counted)
        return aro + dp_of(p)


@dataclass
class Report:
    tournament: Tournament
    list: RatingList
    rounds: list[int]
    lines: list[ReportLine]

    @property
    def by_month(self) -> bool:
        return self.list.period == PeriodKind.MONTH


def _fits(rating_list: RatingList, tournament: Tournament) -> bool:
    preset = (tournament.options or {}).get("preset")
    return tournament.kind == rating_list.kind and (
        not rating_list.preset or preset == rating_list.preset
    )


def _key(rating_list: RatingList, tournament_key: str, moments: tuple) -> str:
    if rating_list.period != PeriodKind.MONTH:
        return tournament_key
    day = next((timezone.localdate(m) for m in moments if m is not None), None)
    return sources.month_key(day or dt.date.fromisoformat(tournament_key[:10]))


def _state(rating_list: RatingList, row: RatingChange | None) -> S.State:
    """A player's state as the period began, as far as the expectation needs it."""
    if rating_list.method == Method.GLICKO2:
        if row is None or row.rating_before is None:
            return Glicko2State(
                rating_list.initial_rating,
                rating_list.initial_deviation,
                rating_list.initial_volatility,
            )
        deviation = row.deviation_before or rating_list.initial_deviation
        return Glicko2State(row.rating_before, deviation, rating_list.initial_volatility)
    rating = row.rating_before if row is not None else None
    return EloState(round(rating) if rating is not None else None)


def report(tournament: Tournament) -> Report | None:
    """The rating report of ``tournament``; ``None`` when it feeds no list."""
    rated = RatedTournament.objects.filter(tournament=tournament).select_related("list").first()
    if rated is None:
        return None
    rating_list = rated.list
    entries = Entry.objects.filter(tournament=tournament).select_related("player")
    lines = {
        e.player_id: ReportLine(e.rank, e.player.name, entry_id=e.pk, player_id=e.player_id)
        for e in sorted(entries, key=lambda e: (e.rank or 10**9, e.pk))
    }
    rounds = list(tournament.round_set.order_by("number").values_list("number", flat=True))
    out = Report(tournament, rating_list, rounds, list(lines.values()))
    if not _fits(rating_list, tournament):
        return out
    own_key = sources.tournament_key(
        sources.tournament_date(tournament.end_date, tournament.start_date, tournament.created_at),
        tournament.pk,
    )
    games = _games(rating_list, tournament, own_key)
    keys = {key for _n, _a, _b, _s, key in games}
    rows = {
        (c.player_id, c.period_key): c
        for c in RatingChange.objects.filter(list=rating_list, period_key__in=keys)
    }
    _fill(rating_list, lines, games, rows)
    _changes(rating_list, lines, rows)
    return out


def _games(
    rating_list: RatingList, tournament: Tournament, own_key: str
) -> list[tuple[int, int, int, float, str]]:
    """The tournament's rated games: (round, first player, second player, first's score,
    period key)."""
    found = Pairing.objects.filter(
        round__tournament=tournament, second__isnull=False, result__in=V.PLAYED_RESULTS
    ).values_list(
        "round__number",
        "first__player_id",
        "second__player_id",
        "result",
        "game__finished_at",
        "round__paired_at",
    )
    return [
        (n, a, b, sources.SCORE[result], _key(rating_list, own_key, (finished, paired)))
        for n, a, b, result, finished, paired in found.order_by("round__number", "board")
        if a != b
    ]


def _fill(
    rating_list: RatingList,
    lines: dict[int, ReportLine],
    games: list[tuple[int, int, int, float, str]],
    rows: dict[tuple[int, str], RatingChange],
) -> None:
    for number, first, second, score, key in games:
        before = {p: _state(rating_list, rows.get((p, key))) for p in (first, second)}
        figures = S.lines(before, before[first], [Game(first, second, score, key)])
        for me, them, mine in ((first, second, score), (second, first, 1.0 - score)):
            line, figure = lines.get(me), figures[me]
            if line is None:
                continue
            if line.games == 0:
                line.rating = before[me].rating
            line.games += 1
            line.score += mine
            line.opponents[number] = before[them].rating
            if figure.counted:
                line.expected += figure.expected
                line.counted += 1
                line.counted_sum += figure.opponents
                line.counted_score += mine


def _changes(
    rating_list: RatingList,
    lines: dict[int, ReportLine],
    rows: dict[tuple[int, str], RatingChange],
) -> None:
    """Each player's change over the report's periods (a Glicko-2 newcomer's from the list's
    initial rating; an Elo player's only while rated) and the rating after the last of them."""
    new = rating_list.initial_rating if rating_list.method == Method.GLICKO2 else None
    for (player, _key), row in sorted(rows.items(), key=lambda item: item[0][1]):
        line = lines.get(player)
        if line is None:
            continue
        line.after = row.rating_after
        before = row.rating_before if row.rating_before is not None else new
        if before is not None and row.rating_after is not None:
            line.change = (line.change or 0.0) + row.rating_after - before
