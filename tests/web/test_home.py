"""The home page, in each language, and the language switcher."""

from __future__ import annotations

import html
from html.parser import HTMLParser

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

RU_NAMES = ("SOS", "Тактические крестики-нолики", "Клуб SOS и тактических крестиков-ноликов")
EN_NAMES = ("SOS", "Ultimate (tactical) tic-tac-toe", "SOS & Ultimate Tic-Tac-Toe Club")
FA_NAMES = ("SOS", "دوز نهایی (تاکتیکی)", "باشگاه SOS و دوز نهایی")

pytestmark = pytest.mark.django_db


def page_text(response: HttpResponse) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode(response.charset or "utf-8"))


def assert_russian(text: str) -> None:
    assert '<html lang="ru" dir="ltr">' in text
    for name in RU_NAMES:
        assert name in text
    assert "Ultimate (tactical) tic-tac-toe" not in text


def assert_english(text: str) -> None:
    assert '<html lang="en" dir="ltr">' in text
    for name in EN_NAMES:
        assert name in text
    assert "Тактические крестики-нолики" not in text


def assert_persian(text: str) -> None:
    assert '<html lang="fa" dir="rtl">' in text
    for name in FA_NAMES:
        assert name in text
    assert "Ultimate (tactical) tic-tac-toe" not in text
    assert "Тактические крестики-нолики" not in text


def test_home_url_is_the_root() -> None:
    assert reverse("games:home") == "/"


def test_home_defaults_to_russian(client: Client) -> None:
    assert_russian(page_text(client.get("/")))


def test_home_in_russian_by_accept_language(client: Client) -> None:
    assert_russian(page_text(client.get("/", HTTP_ACCEPT_LANGUAGE="ru")))


def test_home_in_english_by_accept_language(client: Client) -> None:
    assert_english(page_text(client.get("/", HTTP_ACCEPT_LANGUAGE="en")))


def test_home_in_persian_by_accept_language(client: Client) -> None:
    assert_persian(page_text(client.get("/", HTTP_ACCEPT_LANGUAGE="fa")))


def test_unsupported_language_falls_back_to_russian(client: Client) -> None:
    assert_russian(page_text(client.get("/", HTTP_ACCEPT_LANGUAGE="de")))


class FormParser(HTMLParser):
    """Collects each <form>'s attributes and the controls inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._select: dict | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append({"attrs": attributes, "inputs": [], "selects": {}, "buttons": []})
        elif not self.forms:
            return
        elif tag == "input":
            self.forms[-1]["inputs"].append(attributes)
        elif tag == "select":
            self._select = {"options": [], "selected": []}
            self.forms[-1]["selects"][attributes.get("name")] = self._select
        elif tag == "option" and self._select is not None:
            self._select["options"].append(attributes.get("value"))
            if "selected" in attributes:
                self._select["selected"].append(attributes.get("value"))
        elif tag == "button":
            self.forms[-1]["buttons"].append(attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def language_form(text: str) -> dict:
    parser = FormParser()
    parser.feed(text)
    forms = [f for f in parser.forms if f["attrs"].get("action") == reverse("set_language")]
    assert len(forms) == 1, "exactly one language switcher form"
    return forms[0]


def test_language_switcher_form(client: Client) -> None:
    form = language_form(page_text(client.get("/")))
    assert form["attrs"]["method"].lower() == "post"
    tokens = [i for i in form["inputs"] if i.get("name") == "csrfmiddlewaretoken"]
    assert len(tokens) == 1 and tokens[0].get("value")
    assert {"name": "next", "type": "hidden", "value": "/"}.items() <= next(
        i for i in form["inputs"] if i.get("name") == "next"
    ).items()
    select = form["selects"]["language"]
    assert select["options"] == ["ru", "en", "fa"]
    assert select["selected"] == ["ru"]
    assert any(b.get("type") == "submit" for b in form["buttons"])


def test_set_language_cookie_switches_to_english_and_back(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.cookies["django_language"].value == "en"
    text = page_text(client.get("/"))
    assert_english(text)
    assert language_form(text)["selects"]["language"]["selected"] == ["en"]

    client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    assert_russian(page_text(client.get("/", HTTP_ACCEPT_LANGUAGE="en")))


def test_set_language_cookie_switches_to_persian(client: Client) -> None:
    client.post(reverse("set_language"), {"language": "fa", "next": "/"})
    text = page_text(client.get("/"))
    assert_persian(text)
    assert language_form(text)["selects"]["language"]["selected"] == ["fa"]
    # The switcher names each language in its own language, marked with that language.
    assert '<option value="fa" lang="fa" selected>فارسی</option>' in text
    assert '<option value="ru" lang="ru">Русский</option>' in text


def test_switcher_works_with_csrf_enforced() -> None:
    """What a browser without JavaScript does: submit the form with its token and cookie."""
    client = Client(enforce_csrf_checks=True)
    form = language_form(page_text(client.get("/")))
    token = next(i["value"] for i in form["inputs"] if i.get("name") == "csrfmiddlewaretoken")

    response = client.post(
        reverse("set_language"),
        {"csrfmiddlewaretoken": token, "language": "en", "next": "/"},
    )
    assert response.status_code == 302
    assert_english(page_text(client.get("/")))


def test_set_language_without_csrf_token_is_refused() -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/")
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 403


def test_stylesheet_is_linked_and_served_locally(client: Client) -> None:
    text = page_text(client.get("/"))
    assert '<link rel="stylesheet" href="/static/css/site.css">' in text
    assert "<script" not in text
    assert "http://" not in text and "https://" not in text
