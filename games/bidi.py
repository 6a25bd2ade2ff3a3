"""Bidirectional isolation of names (players, tournaments, accounts): the one helper for it.

A name may be written right to left (Persian, Arabic, Hebrew) or hold a direction override such as
U+202E; put into a sentence as it is, it would reorder the words around it ("Ann is registered"
read backwards). Every name that goes into a page, a flash message, a notice or a mail goes
through one of these:

- :func:`bdi` — HTML: the name escaped inside ``<bdi>`` (a safe string);
- :func:`isolate` — plain text (mail, ``<title>``, a form's choice, an error text): the name
  between FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE (U+2069);
- :func:`html_sentence` / :func:`text_sentence` — a translated sentence with ``%(key)s``
  placeholders filled in: in HTML the sentence and its values are escaped and every name is in
  ``<bdi>``; in plain text every name is between FSI and PDI.

Results, scores and notation (``0-1``, ``+/-``, ``3:2``, ``A1=S``) are left-to-right islands: in a
right-to-left sentence the digits after a Persian word are Arabic numbers to the Unicode
algorithm, and ``0-1`` would read ``1-0``. :func:`ltr` puts one in ``<bdi dir="ltr">`` (HTML),
:func:`ltr_text` between LEFT-TO-RIGHT ISOLATE (U+2066) and PDI (plain text: a form's choice).

A value is treated as a name when it is a string; numbers go in as they are, and a value already
safe HTML (a link built with ``format_html``) goes in unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal

from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeData, SafeString, mark_safe

FSI = "\u2068"  # FIRST STRONG ISOLATE
PDI = "\u2069"  # POP DIRECTIONAL ISOLATE
LRI = "\u2066"  # LEFT-TO-RIGHT ISOLATE

_NUMBERS = (int, float, Decimal)


def bdi(value: object) -> SafeString:
    """``value`` (escaped) inside ``<bdi>``: its direction is its own, never its neighbours'."""
    return format_html("<bdi>{}</bdi>", value)


def isolate(value: object) -> str:
    """``value`` between FSI and PDI, the plain-text form of ``<bdi>``."""
    return f"{FSI}{value}{PDI}"


def ltr(value: object) -> SafeString:
    """A result, a score or a move (escaped) in ``<bdi dir="ltr">``; ``""`` for an empty one."""
    if value is None or value == "":
        return mark_safe("")
    return format_html('<bdi dir="ltr">{}</bdi>', value)


def ltr_text(value: object) -> str:
    """A result, a score or a move between LRI and PDI, the plain-text form of :func:`ltr`."""
    return f"{LRI}{value}{PDI}"


def ltr_within(text: str, island: str) -> str:
    """``text`` (a translated label such as ``+/- (second player forfeits)``) with its first
    ``island`` (the notation it names) between LRI and PDI."""
    return str(text).replace(island, ltr_text(island), 1) if island else str(text)


def _html_value(value: object) -> str:
    if isinstance(value, SafeData):
        return value
    if isinstance(value, _NUMBERS):
        return conditional_escape(value)
    return bdi(value)


def _text_value(value: object) -> object:
    return value if isinstance(value, _NUMBERS) else isolate(value)


def html_sentence(text: str, values: Mapping[str, object] | None = None, /) -> SafeString:
    """``text % values`` as safe HTML: ``text`` (a translated sentence) escaped, each name
    escaped inside ``<bdi>``, numbers as they are."""
    escaped = conditional_escape(text)
    if values is None:
        return mark_safe(escaped)
    return mark_safe(escaped % {key: _html_value(v) for key, v in values.items()})


def text_sentence(text: str, values: Mapping[str, object] | None = None, /) -> str:
    """``text % values`` as plain text, each name between FSI and PDI."""
    if values is None:
        return str(text)
    return str(text) % {key: _text_value(v) for key, v in values.items()}


def isolated(value: object) -> str:
    """An object's name or description as plain text with every name in it isolated: a text
    that isolates its names already (``Round 1: ⁨Ann⁩ – ⁨Bob⁩``, a pairing's) as it is, any other
    between FSI and PDI. ``""`` for ``None``."""
    if value is None:
        return ""
    text = str(value)
    return text if not text or FSI in text or LRI in text else isolate(text)


_ISOLATES = re.compile(f"([{FSI}{LRI}])([^{FSI}{LRI}{PDI}]*){PDI}")


def isolates_html(text: object) -> SafeString:
    """Plain text whose names are between FSI (results between LRI) and PDI, as HTML: escaped,
    each FSI…PDI a ``<bdi>``, each LRI…PDI a ``<bdi dir="ltr">``."""
    if isinstance(text, SafeData):
        return text  # type: ignore[return-value]
    opening = {FSI: "<bdi>", LRI: '<bdi dir="ltr">'}
    return mark_safe(
        _ISOLATES.sub(lambda m: f"{opening[m.group(1)]}{m.group(2)}</bdi>", str(escape(str(text))))
    )


def island(value: object) -> SafeString:
    """A value shown on its own (a table's cell, a read-only field) in its own direction: a name
    or words in ``<bdi>``, a text that isolates its names with them in ``<bdi>``, notation and
    numbers (no letter: ``1-0``, ``3:2``) as a left-to-right island; safe HTML as it is."""
    if isinstance(value, SafeData):
        return value  # type: ignore[return-value]
    text = "" if value is None else str(value)
    if not text:
        return mark_safe("")
    if FSI in text or LRI in text:
        return isolates_html(text)
    return bdi(text) if any(c.isalpha() for c in text) else ltr(text)
