"""Read-side helpers: standings and crosstables from the database in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.models import Entry, RoundStatus, Tournament
from tournaments.pairing import MESSAGES as PAIRING_MESSAGES
from tournaments.pairing.messages import WORD_PARAMS, WORDS
from tournaments.pairings import tournament_records
from tournaments.standings import TIEBREAKS, StandingRow, compute_standings, crosstable


@dataclass
class Standings:
    rows: list[StandingRow]
    entries: dict[int, Entry]
    labels: list[tuple[str, str, str]]  # (key, label, abbreviation)
    rounds_played: int

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
                    "kind": term.kind,
                    "opponent": self.entries[term.opponent].player.name
                    if term.opponent in self.entries
                    else "",
                    "value": term.value,
                    "score": term.score,
                    "points": term.points,
                    "note": term.note,
                    "cut": term.cut,
                }
                for term in ex.terms
            ]
            out.append(
                {"key": key, "label": label, "abbr": abbr, "value": ex.value, "terms": terms}
            )
        return out


def rounds_played(tournament: Tournament) -> int:
    return (
        tournament.round_set.exclude(status=RoundStatus.PENDING).aggregate(n=Max("number"))["n"]
        or 0
    )


def standings(tournament: Tournament) -> Standings:
    """The standings with every tie-break in the tournament's order: three queries in all."""
    entries = {e.pk: e for e in tournament.entries.select_related("player")}
    games = tournament_records(tournament)
    played = rounds_played(tournament)
    order = [key for key in tournament.tiebreaks if key in TIEBREAKS]
    rows = compute_standings(
        list(entries),
        games,
        system=tournament.point_system,
        order=order,
        rounds_played=played,
        ranks={pk: e.rank for pk, e in entries.items() if e.rank is not None},
        round_robin=tournament.is_round_robin,
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


def describe(message: dict[str, Any], names: dict[int, str]) -> str:
    """A stored pairing reason or warning (``{"code": …, **params}``) in the user's language."""
    params = dict(message)
    code = params.pop("code", "")
    template = PAIRING_MESSAGES.get(code)
    if template is None:
        return code
    for key in NAME_PARAMS:
        if key in params:
            params[key] = names.get(params[key], params[key])
    for key in WORD_PARAMS:
        if key in params and params[key] in WORDS:
            params[key] = _(WORDS[params[key]])
    try:
        return _(template) % params
    except (KeyError, TypeError, ValueError):
        return _(template)
