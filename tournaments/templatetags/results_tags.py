"""Template filters for results: every page writes a result code through the vocabulary."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import get_language, gettext

from games.bidi import ltr
from games.models import GameStatus
from games.panel import escape
from tournaments import vocabulary as V
from tournaments.models import Act, Adjudication

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


@register.filter
def winners_text(winners: Any) -> str:
    """Winning seats of a game of more than two (``1+3``); ``½-½`` style for none."""
    if not winners:
        return V.notation(V.DRAW)
    return "+".join(str(int(w) + 1) for w in winners)


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
        choices = Adjudication._meta.get_field(field).flatchoices
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


def _record_result(record: Adjudication) -> str:
    was = _dig(record.before, "pairing", "result")
    now = _dig(record.after, "pairing", "result")
    if now or was:
        changed = f"{ltr(result(was))} → " if was and was != now else ""
        worth = state_points(record.after)
        worth = f" ({escape(worth)})" if worth else ""
        return f" · {escape(gettext('result'))}: {changed}{ltr(result(now) or '…')}{worth}"
    winners = _dig(record.after, "game", "winners")
    if winners is not None and record.act not in (Act.TAKE_BACK, Act.ANNUL):
        return f" · {escape(gettext('result'))}: {ltr(winners_text(winners))}"
    return ""


def record_html(record: Adjudication) -> str:
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
    if record.note:
        out.append(f'<div class="note">{escape(record.note)}</div>')
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
