"""Template filters for results: every page writes a result code through the vocabulary."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import get_text_list
from django.utils.timezone import template_localtime
from django.utils.translation import get_language, gettext, ngettext

from games import endings
from games.bidi import island
from games.models import GameStatus
from games.panel import escape
from tournaments.core import vocabulary as V
from tournaments.models import ResultRecord

register = template.Library()


@register.filter
def result(code: str | None) -> str:
    """``1-0``, ``½-½``, ``+/-``, a bye's words (translated); ``""`` for no result."""
    if not code:
        return ""
    label = V.LABELS.get(code)
    return gettext(label) if label is not None else ""


@register.filter
def ending(reason: str | None) -> str:
    """The badge of how a game ended off the board (``by forfeit``, ``on time``, …)."""
    label = V.END_BADGES.get(reason or "")
    return gettext(label) if label is not None else ""


@register.filter
def game_status(code: str | None) -> str:
    """A game status code (as kept in a record's before/after) in words."""
    return str(GameStatus(code).label) if code in GameStatus.values else ""


@register.filter
def state_points(state: Any) -> str:
    """``points: 1`` when a record's state gives the points of its result (a bye's), else ``""``."""
    value = _dig(state, "pairing", "points")
    if value is None:
        return ""
    return gettext(V.POINTS_TEXT) % {"points": V.points_text(value)}


def game_result(game: Any) -> str:
    """A game's result as a record's state keeps the game (``winners``, ``scores`` — one per
    seat —, ``status``), in words in the active language: ``1-0``, ``0-1``, ``½-½`` for two
    seats (the club's notation, as the ``result`` filter writes a pairing's), "seats 1 and 3
    won" or "nobody won" for more; ``""`` while it has none, or once it was annulled. Never a
    bare seat number."""
    if not isinstance(game, dict):
        return ""
    winners = game.get("winners")
    if not isinstance(winners, list) or game.get("status") == GameStatus.ANNULLED:
        return ""
    scores = game.get("scores")
    seats = len(scores) if isinstance(scores, list) and scores else 2
    if seats == 2:
        return gettext(endings.result_text(winners, seats=2))
    if not winners:
        return gettext("nobody won")
    numbers = [str(int(w) + 1) for w in winners]
    return ngettext("seat %(seats)s won", "seats %(seats)s won", len(numbers)) % {
        "seats": get_text_list(numbers, gettext("and"))
    }


@register.filter
def state_result(state: Any) -> str:
    """The result a record's before or after state holds, in words: its pairing's (``1-0``,
    ``+/-``, a bye's words), else its game's (:func:`game_result`: a casual game's); ``""`` for
    none. Every list and log of records writes a state's result through this."""
    code = _dig(state, "pairing", "result")
    if code:
        return result(code)
    return game_result(_dig(state, "game"))


@register.filter
def result_island(text: str) -> SafeString:
    """A result in words from :func:`state_result`, escaped: notation (``0-1``, ``+/-``) as a
    left-to-right island, words (a bye, "seats 1 and 3 won") isolated in their own direction."""
    return island(text)  # the one rule of a value shown on its own (games.bidi)


# -- A list of records (``tournaments/_records.html``) -------------------------------------------
# Drawn in one call: a template loop spent about 0.7 ms a record (three ``get_…_display``, a
# dozen tags). Every value is escaped; the labels are the models' own, in the active language.

_LABELS: dict[tuple[str, str | None], dict[str, str]] = {}


def _label(field: str, value: str) -> str:
    """A record's ``field`` value in words (its model's label in the active language), escaped;
    the labels are looked up once per language."""
    key = (field, get_language())
    labels = _LABELS.get(key)
    if labels is None:
        choices = ResultRecord._meta.get_field(field).flatchoices
        labels = _LABELS[key] = {k: escape(str(v)) for k, v in choices}
    label = labels.get(value)
    return label if label is not None else escape(value)


def _dig(data: Any, *keys: str) -> Any:
    """``data[k1][k2]…`` as a template's ``data.k1.k2`` reads it: ``None`` where it stops."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def _record_result(record: ResultRecord) -> str:
    """`` · result: 1-0 → 0-1`` (the result before, where it changed, and after; ``…`` for
    none), with a bye's points; ``""`` for a record that concerns no result."""
    was, now = state_result(record.before), state_result(record.after)
    if not (now or was):
        return ""
    changed = f"{result_island(was)} → " if was and was != now else ""
    worth = state_points(record.after)
    worth = f" ({escape(worth)})" if worth else ""
    return f" · {escape(gettext('result'))}: {changed}{result_island(now or '…')}{worth}"


def record_html(record: ResultRecord) -> str:
    """One record: the act, why, where from, the result before and after, what it removed, whom
    it concerns, the engine's verdict, the note, when and by whom."""
    after = record.after if isinstance(record.after, dict) else {}
    out = [
        f'<li class="record record--{escape(record.source)}">\n'
        f"      <strong>{_label('act', record.act)}</strong> · {_label('reason', record.reason)}"
        f' · <span class="source">{_label("source", record.source)}</span>',
        _record_result(record),
    ]
    removed = after.get("removed")
    if removed:
        listed = ", ".join(escape(str(move)) for move in removed)
        out.append(f" · {escape(gettext('moves removed:'))} {listed}")
    if record.entry_id is not None and record.entry is not None:
        out.append(f" · <bdi>{escape(record.entry.player.name)}</bdi>")
        if after.get("withdrawn_from_round"):
            text = gettext("from round %(n)s") % {"n": escape(after["withdrawn_from_round"])}
            out.append(f" ({text})")
    if after.get("engine"):
        out.append(render_to_string("tournaments/_engine_verdict.html", {"a": record}))
    note = record.note_text  # the site's own note in the reader's language, then the arbiter's
    if note:
        out.append(f'<div class="note">{escape(note)}</div>')
    who = record.decided_by.get_username() if record.decided_by_id is not None else ""
    when = _minute(template_localtime(record.decided_at))
    by = escape(who or "—")
    out.append(f"\n      <small>{escape(when)} · <bdi>{by}</bdi></small>\n    </li>")
    return "".join(out)


def _minute(moment: Any) -> str:
    """``moment|date:"Y-m-d H:i"`` (the same digits, without the date formatter's machinery)."""
    if not moment:
        return ""
    return (
        f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d} "
        f"{moment.hour:02d}:{moment.minute:02d}"
    )


@register.simple_tag
def records_list(records: Any) -> SafeString:
    """The ``<ul class="records">`` of ``records`` (nothing for none)."""
    if not records:
        return mark_safe("")
    items = "\n    ".join(record_html(r) for r in records)
    return mark_safe(f'\n<ul class="records">\n    {items}\n</ul>\n')


def records_section(records: Any) -> SafeString:
    """A game page's *Results and decisions*: the heading and the list of ``records``."""
    heading = escape(gettext("Results and decisions"))
    return mark_safe(
        f'<section class="adjudications">\n  <h2>{heading}</h2>\n  {records_list(records)}\n'
        "</section>\n"
    )
