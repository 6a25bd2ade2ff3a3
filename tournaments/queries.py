"""Read-side helpers: standings and crosstables from the database in a fixed number of queries."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from django.db.models import Max
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.bidi import bdi, isolate
from tournaments import scores
from tournaments import standings as standings_core
from tournaments.acts import cup, tables
from tournaments.core.vocabulary import points_text
from tournaments.models import Entry, Pairing, RoundStatus, Tournament
from tournaments.pairing import MESSAGES as PAIRING_MESSAGES
from tournaments.pairing import TABLES_MESSAGES
from tournaments.pairing.messages import WORD_PARAMS, WORDS
from tournaments.pairings import tournament_records
from tournaments.standings import TIEBREAKS, StandingRow, compute_standings, crosstable
from tournaments.standings import performance as rating_tiebreaks
from tournaments.standings.tables import TABLE_TIEBREAKS

# How a tie-break term's round and note read on the standings page (the codes of
# tournaments.standings, never shown as they are).
KIND_LABELS = {
    standings_core.PLAYED: pgettext_lazy("tie-break term", "played"),
    standings_core.FORFEIT_WON: pgettext_lazy("tie-break term", "forfeit win"),
    standings_core.FORFEIT_LOST: pgettext_lazy("tie-break term", "forfeit loss"),
    standings_core.FORFEIT_BOTH: pgettext_lazy("tie-break term", "double forfeit"),
    standings_core.PAIRING_BYE: pgettext_lazy("tie-break term", "bye"),
    standings_core.REQUESTED_HALF_BYE: pgettext_lazy("tie-break term", "half-point bye"),
    standings_core.ZERO_POINT_BYE: pgettext_lazy("tie-break term", "zero-point bye"),
    standings_core.ABSENT: pgettext_lazy("tie-break term", "absent"),
}
NOTE_LABELS = {
    standings_core.NOTE_DUMMY: pgettext_lazy("tie-break term", "dummy opponent: own score"),
    standings_core.NOTE_CAPPED: pgettext_lazy(
        "tie-break term", "dummy opponent: own score, capped (FIDE 2026)"
    ),
    standings_core.NOTE_ADJUSTED: pgettext_lazy(
        "tie-break term", "the final requested byes count as draws"
    ),
    standings_core.NOTE_BELOW: pgettext_lazy("tie-break term", "under half the maximum"),
    rating_tiebreaks.NOTE_UNRATED: pgettext_lazy("tie-break term", "unrated opponent: left out"),
    rating_tiebreaks.NOTE_UNRATED_VALUE: pgettext_lazy(
        "tie-break term", "unrated opponent: the tournament's rating for the unrated"
    ),
    rating_tiebreaks.NOTE_NO_PERFORMANCE: pgettext_lazy(
        "tie-break term", "no game against a rated opponent: left out"
    ),
}

# What a tie-break's value is, shown above its terms on the standings page where the terms do
# not simply add up to it (or are not what they seem).
TIEBREAK_HELP = {
    "direct_encounter": gettext_lazy(
        "The number of players tied with this one that direct encounter ranks below it. The "
        "games are those among the tied players (the average of two players' games when they "
        "met more than once)."
    ),
    "fore_buchholz": gettext_lazy(
        "Buchholz as if every game of the last round had been drawn: the scores below count "
        "the last round's games as draws, for everyone."
    ),
    "average_opponents_buchholz": gettext_lazy(
        "The average of the Buchholz of the opponents met over the board: the sum of the "
        "values below divided by the number of games."
    ),
    "rounds_won": gettext_lazy(
        "The rounds in which the player got a win's points, played or not: games won, "
        "forfeit wins and byes worth a win."
    ),
    "rounds_elected": gettext_lazy(
        "The rounds the player elected to play: every round but the half-point byes, "
        "zero-point byes and forfeit losses (a round still being played counts too)."
    ),
    **dict.fromkeys(
        (
            "average_rating_opponents",
            "average_rating_opponents_cut1",
            "average_rating_opponents_cut2",
            "average_rating_opponents_median1",
            "average_rating_opponents_median2",
        ),
        gettext_lazy(
            "The average rating of the opponents played over the board (the column Adds), "
            "rounded to a whole number, 0.5 up; the cut and median variants leave out the "
            "lowest (and highest) ratings. Forfeits and byes are no opponents."
        ),
    ),
    "performance_rating": gettext_lazy(
        "The average rating of the opponents played over the board plus the rating "
        "difference dp that the FIDE table gives for the fraction p of the points scored in "
        "those games."
    ),
    "perfect_performance": gettext_lazy(
        "The lowest rating whose expected score against the opponents played over the board "
        "(FIDE table of scoring probabilities) reaches the points scored in those games; for "
        "no points, the lowest opponent's rating less 800."
    ),
    "average_performance_opponents": gettext_lazy(
        "The average of the tournament performance ratings (TPR) of the opponents played "
        "over the board, rounded to a whole number, 0.5 up."
    ),
    "average_perfect_performance_opponents": gettext_lazy(
        "The average of the perfect tournament performances (PTP) of the opponents played "
        "over the board, rounded to a whole number, 0.5 up."
    ),
}


def tables_tiebreak_label(key: str) -> tuple[str, str]:
    """A tables' tie-break's label and abbreviation in the reader's language."""
    tb = TABLE_TIEBREAKS[key]
    return _(tb.label), _(tb.abbr)


def tiebreak_detail(key: str, params: Any) -> str:
    """The arithmetic behind a rating tie-break's value, from its ``params`` ("" for others)."""
    if not params.get("games"):
        return ""
    if "dp" in params:
        return _(
            "Average rating %(aro)s; p = %(score)s / %(games)s = %(p)s, dp = %(dp)s; "
            "%(aro)s + (%(dp)s) = %(value)s."
        ) % {
            **params,
            "score": points_text(params["score"]),
            "p": f"{params['p'] / 100:.2f}",
            "value": params["aro"] + params["dp"],
        }
    if "expected" in params:
        return _(
            "Points %(score)s in %(games)s games; expected score at this rating %(expected)s, "
            "one point lower %(below)s."
        ) % {
            "score": points_text(params["score"]),
            "games": params["games"],
            "expected": f"{params['expected'] / 100:.2f}",
            "below": f"{params['expected_below'] / 100:.2f}",
        }
    if key in TIEBREAK_HELP and "sum" in params and key != "average_opponents_buchholz":
        return _("%(sum)s / %(games)s, rounded to a whole number.") % params
    return ""


@dataclass
class Standings:
    rows: list[StandingRow]
    entries: dict[int, Entry]
    labels: list[tuple[str, str, str]]  # (key, label, abbreviation)
    rounds_played: int
    by_places: bool = False  # a knockout's places; each row's points are its matches won

    def lines(self) -> list[tuple[StandingRow, Entry]]:
        return [(row, self.entries[row.entry]) for row in self.rows]

    def explain(self, entry_id: int) -> list[dict[str, Any]]:
        """How each tie-break of one entry was computed, with opponents' names."""
        row = next((r for r in self.rows if r.entry == entry_id), None)
        if row is None:
            return []
        out = []
        for key, label, abbr in self.labels:
            ex = row.explanations[key]
            terms = [
                {
                    "round": term.round,
                    "kind": KIND_LABELS.get(term.kind, ""),
                    "opponent": self.entries[term.opponent].player.name
                    if term.opponent in self.entries
                    else "",
                    "value": term.value,
                    "score": term.score,
                    "points": term.points,
                    "note": NOTE_LABELS.get(term.note, ""),
                    "cut": term.cut,
                }
                for term in ex.terms
            ]
            out.append(
                {
                    "key": key,
                    "label": label,
                    "abbr": abbr,
                    "value": ex.value,
                    "terms": terms,
                    "help": _(TABLE_TIEBREAKS[key].help)
                    if key in TABLE_TIEBREAKS
                    else TIEBREAK_HELP.get(key, ""),
                    "detail": tiebreak_detail(key, ex.params),
                }
            )
        return out


def rounds_played(tournament: Tournament) -> int:
    return (
        tournament.round_set.exclude(status=RoundStatus.PENDING).aggregate(n=Max("number"))["n"]
        or 0
    )


def standings(tournament: Tournament, *, group: str | None = None) -> Standings:
    """The standings with every tie-break in the tournament's order: three queries in all.
    ``group``: a group stage's one group (its players and their games only)."""
    entries = {e.pk: e for e in tournament.entries.select_related("player")}
    played = rounds_played(tournament)
    if tournament.format_entry.plays_matches:
        return Standings(cup.place_rows(tournament), entries, [], played, by_places=True)
    if tournament.format_entry.plays_tables:
        order = tables.tiebreak_order(tournament)
        rows = tables.standing_rows(tournament, list(entries.values()), order)
        labels = [(k, *tables_tiebreak_label(k)) for k in order]
        return Standings(rows, entries, labels, played)
    games = tournament_records(tournament)
    if group is not None:
        return _table(tournament, *_of_group(entries, games, group), played)
    return _table(tournament, entries, games, played)


def group_standings(tournament: Tournament) -> list[tuple[str, Standings]]:
    """A group stage's standings, one table a group in group order (none without groups):
    three queries in all, whatever the number of groups."""
    entries = {e.pk: e for e in tournament.entries.select_related("player")}
    labels = sorted({e.group for e in entries.values() if e.group})
    if not labels or tournament.format_entry.plays_matches:
        return []
    played = rounds_played(tournament)
    games = tournament_records(tournament)
    return [
        (label, _table(tournament, *_of_group(entries, games, label), played)) for label in labels
    ]


def _of_group(
    entries: dict[int, Entry], games: list[Any], group: str
) -> tuple[dict[int, Entry], list[Any]]:
    """One group's entries and games (a game is played inside a group)."""
    members = {pk: e for pk, e in entries.items() if e.group == group}
    return members, [g for g in games if g.first in members]


def _table(
    tournament: Tournament, entries: dict[int, Entry], games: list[Any], played: int
) -> Standings:
    order = [key for key in tournament.tiebreaks if key in TIEBREAKS]
    rows = compute_standings(
        list(entries),
        games,
        system=tournament.point_system,
        order=order,
        rounds_played=played,
        ranks={pk: e.rank for pk, e in entries.items() if e.rank is not None},
        round_robin=tournament.format_entry.all_play_all,
        dummy_cap=tournament.dummy_cap,
        ratings={pk: e.rating for pk, e in entries.items()},
    )
    labels = [(k, _(TIEBREAKS[k].label), _(TIEBREAKS[k].abbr)) for k in order]
    return Standings(rows, entries, labels, played)


def crosstable_rows(tournament: Tournament) -> tuple[list[Entry], list[Any]]:
    entries = sorted(tournament.entries.select_related("player"), key=lambda e: e.rank or 10**6)
    games = tournament_records(tournament)
    rows = crosstable(
        [e.pk for e in entries],
        games,
        system=tournament.point_system,
        rounds_played=rounds_played(tournament),
    )
    return entries, rows


NAME_PARAMS = ("entry", "first", "second")


def describe(message: dict[str, Any], names: dict[int, str], *, html: bool = False) -> str:
    """A stored pairing reason or warning (``{"code": …, **params}``) in the user's language,
    each player's name isolated: in ``<bdi>`` with ``html`` (a safe string, everything else
    escaped), else between FSI and PDI."""
    params = dict(message)
    code = params.pop("code", "")
    template = PAIRING_MESSAGES.get(code) or TABLES_MESSAGES.get(code)
    if template is None:
        return conditional_escape(code) if html else code
    for key in NAME_PARAMS:
        if key in params:
            name = names.get(params[key])
            if name is not None:
                params[key] = bdi(name) if html else isolate(name)
    for key, value in params.items():
        if isinstance(value, list):  # a table's seeds
            params[key] = ", ".join(str(v) for v in value)
    for key in WORD_PARAMS:
        if key in params and params[key] in WORDS:
            params[key] = _(WORDS[params[key]])
    text = _(template)
    if html:
        text = conditional_escape(text)
        params = {key: conditional_escape(value) for key, value in params.items()}
    with contextlib.suppress(KeyError, TypeError, ValueError):
        text = text % params
    return mark_safe(text) if html else text


@dataclass
class ScheduledBoard:
    """One board of a round: stored once paired; before that, as the round robin's schedule
    (Berger tables over the starting ranks) will pair it."""

    board: int
    first: Entry
    second: Entry | None
    pairing: Any = None  # the stored Pairing, None for a round not paired yet


@dataclass
class ScheduledRound:
    number: int
    round: Any  # the stored Round, None for a round not paired yet
    boards: list[ScheduledBoard]

    @property
    def paired(self) -> bool:
        return self.round is not None and self.round.status != RoundStatus.PENDING


def schedule(tournament: Tournament) -> list[ScheduledRound]:
    """Every round's boards: the rounds paired so far as stored (with their results) and, for a
    format with a schedule (a round robin) whose round 1 is paired, every later round as its
    schedule pairs it (published ahead). Three queries, whatever the number of rounds."""
    entries = {e.pk: e for e in tournament.entries.select_related("player")}
    stored = {r.number: r for r in tournament.round_set.exclude(status=RoundStatus.PENDING)}
    boards: dict[int, list[ScheduledBoard]] = {n: [] for n in stored}
    pairings = scores.with_scores(
        Pairing.objects.filter(round__in=list(stored.values())).select_related("game", "round")
    )
    for p in pairings.order_by("round__number", "board"):
        second = entries.get(p.second_id) if p.second_id else None
        boards[p.round.number].append(ScheduledBoard(p.board, entries[p.first_id], second, p))
    out = [ScheduledRound(n, stored[n], boards[n]) for n in sorted(stored)]
    entry = tournament.format_entry
    if entry.has_schedule and tournament.rounds and 1 in stored:
        order = [e.pk for e in sorted(entries.values(), key=lambda e: (e.rank or 10**6, e.pk))]
        for number in range(1, tournament.rounds + 1):
            if number in stored:
                continue
            pairs = entry.scheduled_pairs(order, number)
            ahead = [
                ScheduledBoard(
                    pair.board,
                    entries[pair.first],
                    entries[pair.second] if pair.second is not None else None,
                )
                for pair in pairs
            ]
            out.append(ScheduledRound(number, None, ahead))
        out.sort(key=lambda r: r.number)
    return out


def podium(table: Standings) -> list[tuple[str, list[Entry]]]:
    """The places 1 to 3 of ``table`` as ``(place label, entries)``: players tied on points and
    every tie-break share a place ("1-2"), and a shared place is listed once."""
    out: list[tuple[str, list[Entry]]] = []
    for row, entry in table.lines():
        if row.place > 3:
            break
        if out and out[-1][0] == row.place_label:
            out[-1][1].append(entry)
        else:
            out.append((row.place_label, [entry]))
    return out
