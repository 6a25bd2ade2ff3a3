"""Reading a field a view takes from the request itself, without a Django form: an id that is no
id is a bad request (a 400 page saying what to do, translated), never a 500.

Every app may use it (Django only, no project import). The 400 page is ``ops.views.bad_request``
(``handler400``), which shows a :class:`BadInput`'s message.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.core.exceptions import BadRequest
from django.db.models import Model, QuerySet
from django.http import QueryDict
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

# The largest id a column holds (BigAutoField, the project's default, and PostgreSQL's bigint).
MAX_ID = 2**63 - 1

M = TypeVar("M", bound=Model)


class BadInput(BadRequest):
    """A request the site cannot read (a form tampered with, or broken): a 400 page that shows
    ``message``, translated."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = str(message)


def broken_form() -> BadInput:
    return BadInput(_("This form is broken or out of date: open the page again and try again."))


def parse_id(value: Any) -> int | None:
    """``value`` as an id: ASCII digits naming a row a column can hold; ``None`` otherwise."""
    text = str(value).strip() if isinstance(value, str | int) else ""
    if not text.isascii() or not text.isdigit():
        return None
    number = int(text)
    return number if 0 < number <= MAX_ID else None


def posted_id(data: QueryDict, name: str) -> int:
    """The id posted as ``name`` (exactly one value): :class:`BadInput` when it is missing,
    repeated, or not an id."""
    values = data.getlist(name)
    number = parse_id(values[0]) if len(values) == 1 else None
    if number is None:
        raise broken_form()
    return number


def posted_object(data: QueryDict, queryset: type[M] | QuerySet[M], name: str, **filters: Any) -> M:
    """The row whose id is posted as ``name`` among ``queryset`` (with ``filters``): a 400 for a
    malformed id (:func:`posted_id`), a 404 for one that names no such row."""
    return get_object_or_404(queryset, pk=posted_id(data, name), **filters)
