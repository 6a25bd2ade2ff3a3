"""The cheaper locale and messages middleware (config/middleware.py) behave as Django's own: the
language follows the cookie and the Accept-Language header on every request, answers carry
``Vary`` and ``Content-Language``, and a message added on one request is shown on the next."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.core.checks import run_checks
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.utils import translation

from config import middleware

pytestmark = pytest.mark.django_db


def _answer(request: HttpRequest) -> HttpResponse:
    return HttpResponse(translation.get_language())


def test_the_language_follows_cookie_and_header_on_each_request() -> None:
    stack = middleware.LocaleMiddleware(_answer)
    factory = RequestFactory()
    cases = [
        ({}, "en-GB,en;q=0.8", "en"),
        ({}, "fa", "fa"),
        ({}, "de", settings.LANGUAGE_CODE),  # no such catalogue: the site's language
        ({settings.LANGUAGE_COOKIE_NAME: "en"}, "fa", "en"),  # the cookie comes first
        ({settings.LANGUAGE_COOKIE_NAME: "xx"}, "fa", "fa"),  # an unknown cookie is ignored
        ({}, "en-GB,en;q=0.8", "en"),  # asked again: the same answer
        ({settings.LANGUAGE_COOKIE_NAME: "fa"}, "", "fa"),
    ]
    for cookies, accept, expected in cases:
        request = factory.get("/games/", HTTP_ACCEPT_LANGUAGE=accept)
        request.COOKIES.update(cookies)
        response = stack(request)
        assert (request.LANGUAGE_CODE, response.content.decode()) == (expected, expected)
        assert response["Content-Language"] == expected
        assert response["Vary"] == "Accept-Language"
        # Django's own middleware decides the same.
        with translation.override(None):
            django_request = factory.get("/games/", HTTP_ACCEPT_LANGUAGE=accept)
            django_request.COOKIES.update(cookies)
            assert translation.get_language_from_request(django_request) == expected


def test_vary_already_set_is_extended() -> None:
    def vary_on_cookie(request: HttpRequest) -> HttpResponse:
        response = HttpResponse("x")
        response["Vary"] = "Cookie"
        return response

    response = middleware.LocaleMiddleware(vary_on_cookie)(RequestFactory().get("/"))
    assert response["Vary"] == "Cookie, Accept-Language"


def test_a_changed_language_setting_is_seen_at_once() -> None:
    stack = middleware.LocaleMiddleware(_answer)
    request = RequestFactory().get("/", HTTP_ACCEPT_LANGUAGE="fa")
    assert stack(request).content == b"fa"
    with override_settings(LANGUAGES=[("ru", "Russian"), ("en", "English")]):
        request = RequestFactory().get("/", HTTP_ACCEPT_LANGUAGE="fa")
        assert stack(request).content.decode() == settings.LANGUAGE_CODE


def test_the_remembered_choices_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(middleware, "CHOSEN_MAX", 3)
    monkeypatch.setattr(middleware, "_chosen", {})
    stack = middleware.LocaleMiddleware(_answer)
    for n in range(10):
        stack(RequestFactory().get("/", HTTP_ACCEPT_LANGUAGE=f"en;q=0.{n}"))
    assert len(middleware._chosen) == 3


def test_a_page_in_the_visitors_language(client: Client) -> None:
    response = client.get("/games/", HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "en" and "Accept-Language" in response["Vary"]
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    response = client.get("/games/", HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "ru"


def test_django_sees_the_middleware_it_needs() -> None:
    # The admin asks for the messages middleware (a subclass counts).
    assert not [m for m in run_checks() if m.id.startswith("admin.")]


def _add_message(request: HttpRequest) -> HttpResponse:
    messages.success(request, "Saved.")
    return HttpResponse("ok")


def _nothing(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def _show(request: HttpRequest) -> HttpResponse:
    return HttpResponse("|".join(str(m) for m in messages.get_messages(request)))


def _stack(view):  # type: ignore[no-untyped-def]
    from django.contrib.sessions.middleware import SessionMiddleware

    return SessionMiddleware(middleware.MessageMiddleware(view))


def test_a_message_is_stored_and_shown_on_the_next_request() -> None:
    factory = RequestFactory()
    added = _stack(_add_message)(factory.get("/"))
    assert "messages" in added.cookies
    untouched = factory.get("/")
    untouched.COOKIES["messages"] = added.cookies["messages"].value
    # A request that neither adds nor reads a message leaves the stored one alone.
    assert "messages" not in _stack(_nothing)(untouched).cookies
    shown = factory.get("/")
    shown.COOKIES["messages"] = added.cookies["messages"].value
    response = _stack(_show)(shown)
    assert response.content == b"Saved."
    assert response.cookies["messages"]["max-age"] == 0  # shown once: removed


def test_a_refused_move_shows_its_message_on_the_page(client: Client) -> None:
    from games import player_services, services

    users = [User.objects.create_user(f"m{n}", password=None) for n in (0, 1)]
    players = [player_services.create_player(name=f"M{n}", user=u) for n, u in enumerate(users)]
    game = services.create_game(kind="uttt", options={}, players=players)
    client.force_login(users[1])  # not his turn
    response = client.post(f"/games/{game.pk}/move/", {"notation": "E5"}, follow=True)
    shown = [str(m) for m in response.context["messages"]]
    assert len(shown) == 1 and "M0" in shown[0]
