"""Reading a tournament workbook's players sheet: the tournament and rules it names, and a new
entry for each name the tournament does not have yet (an existing player of that name, or a new
one), checked as the registration service would check it. Nothing is written here."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Max
from django.utils import translation
from django.utils.translation import gettext as _

from games import player_services
from games.bidi import isolate
from games.models import Player
from sheets import layout as L
from sheets.boards.read import to_int
from sheets.boards.ruletext import parse_rules_string, rules_words
from sheets.imports.context import Context
from sheets.imports.plan import NewEntry
from sheets.workbooks.tables import Table
from tournaments.models import RoundStatus, Tournament, TournamentStatus


def _registration_closed(t: Tournament) -> str | None:
    """Why ``register`` would refuse a new player now (its own messages), or ``None``."""
    if t.status == TournamentStatus.FINISHED:
        return _("This tournament is finished.")
    last = t.round_set.exclude(status=RoundStatus.PENDING).aggregate(n=Max("number"))["n"] or 0
    if closed := t.format_entry.late_entry_problem(last_paired=last):
        return closed
    if t.rounds and last >= t.rounds:
        return _("Every round has been paired already.")
    return None


def read_players(ctx: Context, table: Table) -> None:
    """Check the players sheet: the tournament and its rules as named there, then each row — a
    player the tournament has, or a new entry (an existing player of that name, or a new one)."""
    ctx.check_tournament(table.sheet, table.details.get("tournament"))
    rules = table.details.get("rules")
    if rules and rules[0] is not None and not _words_of_rules(ctx, str(rules[0])):
        try:
            found = parse_rules_string(str(rules[0]))
        except ValueError as err:
            found = None
            ctx.error(
                table.sheet, rules[1], _("These rules cannot be read: %(reason)s") % {"reason": err}
            )
        if found is not None and found != (ctx.t.kind, dict(ctx.t.options)):
            ctx.error(
                table.sheet,
                rules[1],
                _("These are not the tournament's rules (%(rules)s).")
                % {"rules": rules_words(ctx.t.kind, ctx.t.options)},
            )
    seen: set[str] = set()
    closed = _registration_closed(ctx.t)
    # A late entry gets a zero-point bye for each round paired before it (``enter_locked``).
    last = max((n for n, r in ctx.rounds.items() if r.status != RoundStatus.PENDING), default=0)
    missed = tuple(range(1, last + 1))
    for row in table.rows:
        raw = row.values.get("name")
        cell = row.cells["name"]
        if raw is None:
            ctx.error(table.sheet, cell, _("A player needs a name."))
            continue
        try:
            name = player_services.player_name(raw)  # what the service checks and writes
        except ValueError as err:
            ctx.error(table.sheet, cell, str(err))
            continue
        key = L.norm(name)
        if key in seen:
            ctx.error(table.sheet, cell, _("“%(name)s” is listed twice.") % {"name": isolate(name)})
            continue
        seen.add(key)
        rating = _number(ctx, table.sheet, row.cells.get("rating"), row.values.get("rating"), 0)
        rank = _number(ctx, table.sheet, row.cells.get("rank"), row.values.get("rank"), 1)
        if key in ctx.by_name:
            continue
        if closed:
            ctx.error(
                table.sheet,
                cell,
                _("%(name)s cannot be registered: %(reason)s")
                % {"name": isolate(name), "reason": closed},
            )
            continue
        try:
            club = player_services.player_club(row.values.get("club"))
        except ValueError as err:
            ctx.error(table.sheet, row.cells.get("club") or cell, str(err))
            continue
        unique, player_id = _existing_player(ctx, table.sheet, cell, name, club)
        if not unique:
            continue
        ctx.plan.new_entries.append(
            NewEntry(table.sheet, cell, name, rating, club, rank, player_id, byes=missed)
        )
        ctx.new_names.add(key)


def _words_of_rules(ctx: Context, text: str) -> bool:
    """Is ``text`` the tournament's rules in words, in one of the site's languages?"""
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            if L.norm(rules_words(ctx.t.kind, dict(ctx.t.options))) == L.norm(text):
                return True
    return False


def _number(ctx: Context, sheet: str, cell: str | None, value: Any, low: int) -> int | None:
    if value is None:
        return None
    number = to_int(value)
    if number is None or number < low:
        ctx.error(sheet, cell, _("“%(text)s” is not a number.") % {"text": value})
        return None
    return number


def _existing_player(
    ctx: Context, sheet: str, cell: str, name: str, club: str
) -> tuple[bool, int | None]:
    """(found at most one, its id): the player on the site called ``name`` — the same club breaks
    a tie; several of that name is an error (which one to register?)."""
    key = L.norm(name)
    found = [
        p
        for p in Player.objects.filter(search_key__startswith=name.casefold()[:3])
        if L.norm(p.name) == key
    ]
    if len(found) > 1 and club:
        found = [p for p in found if L.norm(p.club) == L.norm(club)] or found
    if len(found) > 1:
        ctx.error(
            sheet,
            cell,
            _("Several players on the site are called “%(name)s”: register the right one first.")
            % {"name": isolate(name)},
        )
        return False, None
    return True, found[0].pk if found else None
