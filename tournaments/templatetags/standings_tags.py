"""The standings' extra columns (``tournaments.hooks.standings_columns``) in the templates."""

from __future__ import annotations

from collections.abc import Sequence

from django import template

from tournaments.hooks import StandingsColumn

register = template.Library()


@register.filter
def column_cells(columns: Sequence[StandingsColumn], entry_id: int) -> list[str]:
    """Each extra column's text for the entry ``entry_id`` ("" where it has none)."""
    return [column.text(entry_id) for column in columns or ()]
