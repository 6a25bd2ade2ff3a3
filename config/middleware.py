"""Django's locale and messages middleware, doing on each request only the work it needs.

Both behave exactly as Django's own (they are subclasses, and Django's checks see them as such);
they are cheaper on the requests that make up most of the traffic — a move, a poll — where
Django's do the same work every time whatever the request:

- :class:`LocaleMiddleware` decides the language of a request from its language cookie and
  ``Accept-Language`` header once per pair of values and process (Django parses the header,
  looks the language up in the catalogues and tests the path for a language prefix on every
  request), and sets ``Vary`` directly when the answer has none yet. With language-prefixed URL
  patterns (``i18n_patterns``, none today) it is Django's own, unchanged.
- :class:`MessageMiddleware` opens a request's message storage (a cookie and a session read)
  only when something adds or reads a message; an answer for which nobody did has nothing to
  store, exactly as Django's storage would find.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.contrib.messages import middleware as messages_middleware
from django.contrib.messages.storage import default_storage
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase
from django.middleware import locale
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject, empty

# (language cookie, Accept-Language) → the language Django would choose. Bounded: the header is
# the client's to write, so a new value evicts the oldest once there are this many.
CHOSEN_MAX = 512
_chosen: dict[tuple[str | None, str], str] = {}

# The settings the choice depends on: a test that overrides one starts from an empty memory.
LANGUAGE_SETTINGS = frozenset(
    {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "LANGUAGE_COOKIE_NAME", "INSTALLED_APPS"}
)


@receiver(setting_changed)
def _forget_choices(*, setting: str, **_kwargs: Any) -> None:
    if setting in LANGUAGE_SETTINGS:
        _chosen.clear()


def _prefixed(request: HttpRequest) -> bool:
    """Does the request's URLconf use language-prefixed patterns (``i18n_patterns``)?"""
    return is_language_prefix_patterns_used(getattr(request, "urlconf", settings.ROOT_URLCONF))[0]


class LocaleMiddleware(locale.LocaleMiddleware):
    """Django's ``LocaleMiddleware``, with each request's language choice remembered."""

    def process_request(self, request: HttpRequest) -> None:
        if _prefixed(request):
            return super().process_request(request)
        key = (
            request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME),
            request.META.get("HTTP_ACCEPT_LANGUAGE", ""),
        )
        language = _chosen.get(key)
        if language is None:
            language = translation.get_language_from_request(request, check_path=False)
            if len(_chosen) >= CHOSEN_MAX:
                del _chosen[next(iter(_chosen))]
            _chosen[key] = language
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        return None

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if _prefixed(request):
            return super().process_response(request, response)
        # What Django's does without language prefixes: Vary on the header, and the language.
        if "Vary" in response.headers:
            patch_vary_headers(response, ("Accept-Language",))
        else:
            response.headers["Vary"] = "Accept-Language"
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


class MessageMiddleware(messages_middleware.MessageMiddleware):
    """Django's ``MessageMiddleware``, opening the message storage on first use."""

    def process_request(self, request: HttpRequest) -> None:
        request._messages = SimpleLazyObject(lambda: default_storage(request))

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        storage = getattr(request, "_messages", None)
        if isinstance(storage, SimpleLazyObject) and storage._wrapped is empty:
            return response  # nobody added or read a message: nothing to store or remove
        return super().process_response(request, response)
