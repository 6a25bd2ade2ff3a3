"""A knockout's bracket in the API (``/api/v1/tournaments/{pk}/bracket``) and its widget
(``/embed/tournaments/{pk}/bracket``), issue 29."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import make_creator, new_tournament, reload
from tests.tournaments.knockout_helpers import finish, new_cup, pair, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter() -> User:
    return make_creator("arbiter")


def test_the_bracket_of_a_cup_with_its_champion(arbiter: User) -> None:
    t = new_cup(arbiter, 3)  # seed 1 has a bye
    pair(t, arbiter)
    win(t, arbiter, 2, "P02")
    finish(t, arbiter)
    pair(t, arbiter)
    win(t, arbiter, 3, "P01")
    t = reload(t)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    url = f"/api/v1/tournaments/{t.pk}/bracket"
    answer = client.get(url)
    assert answer.status_code == 200
    body = answer.json()
    assert body["seeded"] and body["format"] == "knockout"
    assert body["sections"] == [
        {
            "side": "W",
            "title": "Bracket",
            "rounds": [
                {"number": 1, "title": "Semi-finals", "matches": [1, 2]},
                {"number": 2, "title": "Final", "matches": [3]},
            ],
        }
    ]
    bye, semi, final = body["matches"]
    assert bye["status"] == "bye" and bye["slots"][1]["origin"]["kind"] == "bye"
    assert [s["origin"]["label"] for s in semi["slots"]] == ["seed 2", "seed 3"]
    assert semi["slots"][0]["winner"] and semi["games"][0]["result"]
    assert [s["origin"]["label"] for s in final["slots"]] == [
        "winner of match 1",
        "winner of match 2",
    ]
    assert body["champion"]["name"] == "P01"
    assert final["state"] == "P01 wins the match"
    etag = answer["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_a_swiss_has_no_bracket_and_a_cup_not_seeded_says_so(arbiter: User) -> None:
    swiss = new_tournament(arbiter, name="Open")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    answer = client.get(f"/api/v1/tournaments/{swiss.pk}/bracket")
    assert answer.status_code == 404
    assert client.get(reverse("api_pages:bracket", args=[swiss.pk])).status_code == 404
    cup = new_cup(arbiter, 4)
    body = client.get(f"/api/v1/tournaments/{cup.pk}/bracket").json()
    assert body["seeded"] is False and body["matches"] == []


def test_the_widget_may_be_framed_and_speaks_persian_right_to_left(arbiter: User) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    client = Client()
    answer = client.get(reverse("api_pages:bracket", args=[t.pk]), {"lang": "fa"})
    assert answer.status_code == 200
    assert "X-Frame-Options" not in answer
    assert "frame-ancestors *" in answer["Content-Security-Policy"]
    html = answer.content.decode()
    assert 'dir="rtl"' in html and "<bdi>P01</bdi>" in html and "<script" not in html
    assert "css/bracket" in html
    snippets = client.get(reverse("api_pages:snippets", args=[t.pk])).content.decode()
    assert reverse("api_pages:bracket", args=[t.pk]) in snippets
