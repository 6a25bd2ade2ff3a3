"""``{% asset 'css/site.css' %}``: ``{% static %}``'s address, looked up once per process.

A static file's address depends only on the settings and the deployed files (the manifest of
hashed names), never on a request; it is kept by name, and a changed setting (a test's
``override_settings``) empties what was kept.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.core.signals import setting_changed
from django.templatetags.static import static
from django.utils.html import escape

register = template.Library()

_addresses: dict[str, str] = {}


def _forget(**_kwargs: Any) -> None:
    _addresses.clear()


setting_changed.connect(_forget, dispatch_uid="games.assets")


@register.simple_tag
def asset(path: str) -> str:
    """The static file ``path``'s address, escaped as ``{% static %}`` writes it."""
    found = _addresses.get(path)
    if found is None:
        found = _addresses[path] = escape(static(path))
    return found
