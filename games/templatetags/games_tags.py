"""Template helpers of the games app."""

from __future__ import annotations

import math

from django import template
from django.template.defaultfilters import floatformat
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games import computer_panel, endings, kinds
from games.hooks import Html, Link, Panel
from games.models import Game
from games.panel import escape, panel_html, url_with_pk
from games.presenters import seat_colour_class

register = template.Library()


@register.simple_tag
def rules_summary(game: Game) -> str:
    """The game's rules in a short translated sentence."""
    return kinds.of(game).summary(game.options)


@register.filter
def scores_points(kind: str) -> bool:
    """Do the games of ``kind`` score points (SOS), shown beside a result? (the game-kind
    registry's :attr:`games.kinds.Kind.points`)."""
    return kinds.known(kind) and kinds.get(kind).points


@register.filter
def seat_colour(seat: int) -> str:
    """The class of seat ``seat``'s colour swatch (seat counted from 0): ``seat-colour-1`` for the
    first (:func:`games.presenters.seat_colour_class`)."""
    return seat_colour_class(seat)


@register.filter
def nobody_won(reason: str) -> bool:
    """Did the game end with both players forfeiting (nobody wins)?"""
    return reason == endings.DOUBLE_FORFEIT


@register.filter
def ending(reason: str | None) -> str:
    """How a game ended, in words (``three small boards in a line``, ``by forfeit``, …);
    ``""`` for a reason without words."""
    label = endings.WORDS.get(reason or "")
    return gettext(label) if label is not None else ""


@register.simple_tag(takes_context=True)
def page_item(
    context: template.Context, item: Link | Panel | Html, wrap: str = "span"
) -> SafeString:
    """One link or panel another app added to a page (:mod:`games.hooks`): a link as
    ``<wrap class="game-link">prefix <a …>label</a></wrap>`` (``wrap`` is ``span``, ``p`` or
    ``""`` for the bare link), a panel as its template rendered with its own context over the
    page's, an :class:`~games.hooks.Html` as its maker drew it."""
    if isinstance(item, Html):
        return mark_safe(item.html)
    if isinstance(item, Panel):
        tpl = context.template.engine.get_template(item.template)
        with context.push(dict(item.context)):
            return tpl.render(context)
    # What format_html would write, without its lazy-text machinery: every value escaped
    # unless it is markup already (a name its maker isolated in <bdi>).
    download = " download" if item.download else ""
    button = ' class="button"' if item.button else ""
    link = f'<a href="{_escaped(item.url)}"{download}{button}>{_escaped(item.label)}</a>'
    prefix = f"{_escaped(item.prefix)} " if item.prefix else ""
    if wrap not in ("span", "p"):
        return mark_safe(f"{prefix}{link}")
    classes = "game-link downloads" if item.download else "game-link"
    return mark_safe(f'<{wrap} class="{classes}">{prefix}{link}</{wrap}>')


def _escaped(value: object) -> str:
    """``conditional_escape(value)``: markup as it is, anything else escaped."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return escape(value)


register.simple_tag(page_item, takes_context=True, name="game_item")


@register.filter
def points(value: object) -> str:
    """A score in the club's one number style: ``0``, ``½``, ``1½``, ``2``; a value that is not
    a whole or a half (a tie-break's average) with up to two decimals, localised."""
    if value is None or value == "":
        return ""
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(value)
    if not math.isfinite(number):
        return str(value)
    halves = math.floor(number * 2 + 0.5)
    if abs(number * 2 - halves) > 1e-9:
        return floatformat(number, -2)
    whole, half = divmod(abs(halves), 2)
    text = (str(whole) if whole or not half else "") + ("½" if half else "")
    return f"-{text}" if halves < 0 else text


def _clocks(context: template.Context) -> str:
    """The clocks above the board (``games/_clock.html``), in the page's context."""
    return context.template.engine.get_template("games/_clock.html").render(context)


@register.simple_tag(takes_context=True)
def game_panel(context: template.Context) -> SafeString:
    """The game page's panel (:mod:`games.panel`), drawn in one call."""
    return mark_safe(panel_html(context, page_item, _clocks))


@register.simple_tag(takes_context=True)
def computer_refresh(context: template.Context) -> SafeString:
    """In the head of a game against the computer, while it thinks: a reload without a script."""
    return mark_safe(computer_panel.refresh_html(context))


@register.simple_tag
def pk_url(name: str, pk: int) -> str:
    """``{% url name pk %}`` for an address that takes one number, reversed once per process."""
    return url_with_pk(name, pk)
