"""Bidirectional isolation of names in templates (the helpers themselves: :mod:`games.bidi`).

``{{ result|ltr }}`` puts a result, a score or a move in ``<bdi dir="ltr">``.
``{{ name|bdi }}`` wraps a name in ``<bdi>`` (HTML); ``{{ name|isolate }}`` wraps it in the Unicode
first-strong isolate (U+2068 … U+2069) for text that cannot hold markup, such as ``<title>``.
"""

from __future__ import annotations

from django import template

from games import bidi as _bidi
from games.bidi import FSI, PDI

__all__ = ["FSI", "PDI", "bdi", "isolate", "ltr", "register"]

register = template.Library()

bdi = register.filter("bdi", _bidi.bdi)
isolate = register.filter("isolate", _bidi.isolate)
ltr = register.filter("ltr", _bidi.ltr)
