"""A rated tournament's ratings in its standings, as chess-results prints them (answering
``tournaments.hooks.register_standings_columns``): each player's rating before the event (Rtg),
the rating change for the event (±), the performance rating (TPR) and the average rating of the
opponents (ARO). The figures are the rating report's (``ratings.report.report``), computed
there once: the standings and crosstable pages and the workbook's standings sheet show them.

A tournament rated in no list gets no columns. For a list rated by calendar month a tournament
is not a period of its own: the change would be the month's, with other games, so that column
is left out (the report's sheet says why).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.bidi import isolate
from ratings.models import Method
from ratings.report import report
from tournaments.hooks import StandingsColumn
from tournaments.models import Tournament


def columns(tournament: Tournament) -> list[StandingsColumn]:
    """The rating columns of ``tournament``'s standings; none when it feeds no list."""
    found = report(tournament)
    if found is None:
        return []
    lines = [line for line in found.lines if line.entry_id is not None]
    out = [
        StandingsColumn(
            pgettext("standings column", "Rtg"),
            _("Rating before the tournament, on the list %(list)s")
            % {"list": isolate(found.list.name)},
            {line.entry_id: line.rating for line in lines if line.entry_id},
        )
    ]
    if not found.by_month:
        glicko = found.list.method == Method.GLICKO2
        out.append(
            StandingsColumn(
                pgettext("standings column", "±"),
                _("Rating change for the tournament"),
                {line.entry_id: line.change for line in lines if line.entry_id},
                signed=True,
                decimals=1 if glicko else 0,
            )
        )
    out += [
        StandingsColumn(
            pgettext("standings column", "TPR"),
            _("Tournament performance rating (FIDE table 8.1.1)"),
            {line.entry_id: line.performance for line in lines if line.entry_id},
        ),
        StandingsColumn(
            pgettext("standings column", "ARO"),
            _("Average rating of the rated opponents"),
            {line.entry_id: line.average for line in lines if line.entry_id},
        ),
    ]
    return out
