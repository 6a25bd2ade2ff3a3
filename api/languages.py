"""The language of a feed or a widget: ``?lang=ru|en|fa`` when given (a club's page, a phone's
calendar, which sends no ``Accept-Language``), else the request's (LocaleMiddleware's)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation


def chosen(request: HttpRequest) -> str:
    """``?lang`` when it is one of the site's languages, else the request's language."""
    wanted = request.GET.get("lang", "")
    if wanted in {code for code, _name in settings.LANGUAGES}:
        return wanted
    return translation.get_language() or settings.LANGUAGE_CODE


@contextmanager
def language_of(request: HttpRequest) -> Iterator[str]:
    """Everything translated inside in :func:`chosen`'s language (which it yields)."""
    code = chosen(request)
    with translation.override(code):
        yield code
