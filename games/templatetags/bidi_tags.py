"""Bidirectional isolation of names (players, tournaments, users) wherever a page shows them.

A name may be written right to left (Persian, Arabic, Hebrew) or hold a direction override such as
U+202E; shown as it is, it would reorder the text around it ("Ali – 1-0 – Bob" read backwards).
``{{ name|bdi }}`` wraps it in ``<bdi>`` (HTML); ``{{ name|isolate }}`` wraps it in the Unicode
first-strong isolate (U+2068 … U+2069) for text that cannot hold markup, such as ``<title>``.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

FSI = "\u2068"  # FIRST STRONG ISOLATE
PDI = "\u2069"  # POP DIRECTIONAL ISOLATE


@register.filter
def bdi(value: object) -> SafeString:
    """``value`` (escaped) inside ``<bdi>``: its direction is its own, never its neighbours'."""
    return format_html("<bdi>{}</bdi>", value)


@register.filter
def isolate(value: object) -> str:
    """``value`` between FSI and PDI, the plain-text form of ``<bdi>`` (titles, attributes)."""
    return f"{FSI}{value}{PDI}"
