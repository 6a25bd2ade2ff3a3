"""Events in stages in the API (issue 29, docs/stages.md, docs/api.md): each tournament's links
to the stage it was fed from and the play-off it feeds, and a group stage's standings and
crosstable group by group — read as the site's pages read them (``tournaments.queries``,
``tournaments.acts.group_reads``)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from api import schemas
from tournaments import queries
from tournaments.acts import group_reads
from tournaments.models import Tournament


def stage_link(pk: int | None) -> dict[str, Any] | None:
    """A stage's id, its page and its API read; None for no stage."""
    if pk is None:
        return None
    return {
        "id": pk,
        "url": reverse("tournaments:detail", args=[pk]),
        "api_url": reverse("api:tournament", args=[pk]),
    }


def stage_links(t: Tournament) -> dict[str, Any]:
    """``previous_stage`` and ``next_stage`` of ``t``: no query for the first, one for the
    second unless ``next_stage`` was selected with ``t`` (the list selects it)."""
    try:
        following = t.next_stage.pk
    except Tournament.next_stage.RelatedObjectDoesNotExist:
        following = None
    return {"previous_stage": stage_link(t.previous_stage_id), "next_stage": stage_link(following)}


def standings_tables(t: Tournament) -> list[tuple[str, queries.Standings]]:
    """A group stage's tables, one a group ("A", its table), else the one table ("", it)."""
    groups = queries.group_standings(t) if t.format_entry.has_groups else []
    return groups or [("", queries.standings(t))]


def entry_group(t: Tournament, entry: int) -> str | None:
    """The group of one entry of ``t`` (None without one): whose table explains it."""
    if not t.format_entry.has_groups:
        return None
    return t.entries.filter(pk=entry).values_list("group", flat=True).first() or None


def crosstable_out(t: Tournament) -> schemas.CrosstableOut:
    """The crosstable's answer: one table, or a group stage's crosstables one after the other
    (each row its group, its number and cells within it, its place in the group)."""
    groups = group_reads.group_crosstables(t)
    if not groups:
        entries, rows = queries.crosstable_rows(t)
        lines = [(entries[i], row, "") for i, row in enumerate(rows)]
        return schemas.CrosstableOut(tournament=t.pk, rows=[_cross_row(*line) for line in lines])
    return schemas.CrosstableOut(
        tournament=t.pk,
        groups=[g.label for g in groups],
        rows=[{**_cross_row(*line), "group": g.label} for g in groups for line in g.lines()],
    )


def _cross_row(entry: Any, row: Any, place: str) -> dict[str, Any]:
    return {
        "number": row.number,
        "entry": row.entry,
        "player": entry.player_id,
        "name": entry.player.name,
        "cells": [list(cell) for cell in row.cells],
        "points": row.points,
        "place_label": place,
    }
