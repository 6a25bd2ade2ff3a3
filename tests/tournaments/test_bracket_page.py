"""The drawn bracket of a knockout (issue 29): its layout (``tournaments.web.bracket_page``),
its page, the read its script polls."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import new_tournament, reload, seed_players
from tests.tournaments.knockout_helpers import finish, new_cup, pair, play, win
from tournaments import pairing
from tournaments.acts import cup_play
from tournaments.web import bracket_page

# -- The layout, without a database --------------------------------------------------------------


def titles(sections: list[bracket_page.SectionPlan]) -> list[tuple[str, list[str]]]:
    return [(s.title, [c.title for c in s.columns]) for s in sections]


def test_a_single_elimination_of_eight_with_its_third_place_match() -> None:
    with translation.override("en"):
        sections = bracket_page.plan(pairing.single_elimination(8, third_place=True))
        assert titles(sections) == [
            ("Bracket", ["Quarter-finals", "Semi-finals", "Final"]),
            ("Third-place match", ["Third-place match"]),
        ]
    bracket = sections[0]
    assert [c.matches for c in bracket.columns] == [[1, 2, 3, 4], [5, 6], [8]]
    assert sections[1].columns[0].matches == [7]


def test_every_match_is_drawn_once_in_the_order_of_its_rounds() -> None:
    for entrants in range(2, 40):
        for bracket in (
            pairing.single_elimination(entrants, third_place=entrants >= 4),
            pairing.double_elimination(entrants),
        ):
            drawn = [n for s in bracket_page.plan(bracket) for c in s.columns for n in c.matches]
            assert sorted(drawn) == [m.id for m in bracket.matches]
            for section in bracket_page.plan(bracket):
                rounds = [bracket.match(c.matches[0]).round for c in section.columns]
                assert rounds == list(range(1, len(rounds) + 1))


def test_a_double_elimination_draws_both_brackets_and_the_grand_final() -> None:
    with translation.override("en"):
        sections = bracket_page.plan(pairing.double_elimination(4, reset=True))
    assert titles(sections) == [
        ("Winners' bracket", ["Winners' round 1", "Winners' final"]),
        ("Losers' bracket", ["Losers' round 1", "Losers' final"]),
        ("Grand final", ["Grand final", "Grand final reset"]),
    ]


def test_round_titles_of_a_big_bracket_and_in_russian() -> None:
    with translation.override("en"):
        sections = bracket_page.plan(pairing.single_elimination(20))
        assert [c.title for c in sections[0].columns] == [
            "Round 1",
            "Round 2",
            "Quarter-finals",
            "Semi-finals",
            "Final",
        ]
    with translation.override("ru"):
        assert bracket_page.plan(pairing.single_elimination(2))[0].columns[0].title == "Финал"


# -- The filled bracket and its page -------------------------------------------------------------

pytestmark_db = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def page(t, language: str = "en", user: User | None = None) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    response = client.get(reverse("tournaments:bracket", args=[t.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytestmark_db
def test_an_eight_player_cup_is_drawn_with_its_origins_scores_and_champion(arbiter: User) -> None:
    t = new_cup(arbiter, 8, games=2, decider="armageddon")
    cup_play.seed_cup(tournament=t, user=arbiter)
    pair(t, arbiter)
    play(t, arbiter, 1, "1/2", "1/2", "1/2")  # level, then the armageddon: P08 goes on
    for number in (2, 3, 4):
        play(t, arbiter, number, "1-0", "0-1")
    layout = bracket_page.build(reload(t))
    assert layout is not None
    first = layout.matches[1]
    assert [(s.name, s.seed, s.origin) for s in first.slots] == [
        ("P01", 1, "seed 1"),
        ("P08", 8, "seed 8"),
    ]
    assert [s.winner for s in first.slots] == [False, True]
    assert [s.score for s in first.slots] == [1.0, 1.0]
    assert first.decided_by == "armageddon" and "armageddon" in first.plain_text
    assert len(first.games) == 3 and first.url.endswith("#match-1")
    semi = layout.matches[5]
    assert [s.origin for s in semi.slots] == ["winner of match 1", "winner of match 2"]
    assert [s.name for s in semi.slots] == ["P08", "P04"]
    assert layout.champion == ""
    finish(t, arbiter)
    pair(t, arbiter)
    play(t, arbiter, 5, "1-0", "0-1")  # the upper slot wins both
    play(t, arbiter, 6, "1-0", "0-1")
    finish(t, arbiter)
    pair(t, arbiter)
    play(t, arbiter, 7, "0-1", "1-0")  # P08 first in game 1: P03 wins both
    layout = bracket_page.build(reload(t))
    assert layout.champion == "P03"
    html = page(t)
    assert 'id="bracket-champion"' in html and "<bdi>P03</bdi>" in html
    assert "winner of match 5" in html and "Quarter-finals" in html
    assert "(winner)" in html  # the winner marked in words, not only by colour


@pytestmark_db
def test_anonymous_visitors_see_the_bracket_and_persian_is_right_to_left(arbiter: User) -> None:
    t = new_cup(arbiter, 5)
    pair(t, arbiter)
    html = page(t)
    assert "Bye: " in html and "bye" in html
    assert "/static/js/bracket.js" in html
    fa = page(t, "fa")
    assert 'dir="rtl"' in fa and "<bdi>P01</bdi>" in fa
    detail = Client(HTTP_ACCEPT_LANGUAGE="en").get(t.get_absolute_url()).content.decode()
    assert reverse("tournaments:bracket", args=[t.pk]) in detail


@pytestmark_db
def test_a_cup_not_seeded_yet_says_so(arbiter: User) -> None:
    t = new_cup(arbiter, 4)
    assert "not seeded yet" in page(t)


@pytestmark_db
def test_a_swiss_has_no_bracket(arbiter: User) -> None:
    t = new_tournament(arbiter, name="Open")
    seed_players(t, arbiter, 4)
    client = Client()
    assert client.get(reverse("tournaments:bracket", args=[t.pk])).status_code == 404
    assert client.get(reverse("tournaments:bracket_live", args=[t.pk])).status_code == 404
    detail = client.get(t.get_absolute_url()).content.decode()
    assert reverse("tournaments:bracket", args=[t.pk]) not in detail


@pytestmark_db
def test_the_live_read_answers_only_when_the_tournament_changed(arbiter: User) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    t = reload(t)
    url = reverse("tournaments:bracket_live", args=[t.pk])
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    same = client.get(url, {"since": t.revision})
    assert same.status_code == 204 and same["X-Revision"] == str(t.revision)
    win(t, arbiter, 1, "P01")
    changed = client.get(url, {"since": t.revision})
    assert changed.status_code == 200
    assert int(changed["X-Revision"]) > t.revision
    assert "bracket-slot--winner" in changed.content.decode()
    assert client.get(url, {"since": "abc"}).status_code == 200


@pytestmark_db
def test_why_this_pairing_names_the_seeding_rule_and_the_bracket_position(arbiter: User) -> None:
    from tournaments.acts import cup
    from tournaments.web import bracket_why

    t = new_cup(arbiter, 5, seeding="rank")
    pair(t, arbiter)
    view = cup.read_cup(t)
    assert view is not None
    first = bracket_why.reasons(view, view.matches[1])
    assert first[0].startswith("The cup is seeded by starting rank")
    assert first[1].startswith("Seed 1 has a bye")
    fourth = bracket_why.reasons(view, view.matches[2])
    assert fourth[1].startswith("Seed 4 against seed 5: the standard bracket order")
    assert "adds up to 9" in fourth[1]
    final = bracket_why.position_reason(view, view.matches[7])
    assert (
        final == "winner of match 5 against winner of match 6: the bracket carries each winner on."
    )
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(t.get_absolute_url()).content.decode()
    assert "Why this pairing" in html and "Seed 4 against seed 5" in html


@pytestmark_db
def test_a_double_elimination_page_draws_the_losers_bracket_and_the_grand_final(
    arbiter: User,
) -> None:
    t = new_cup(arbiter, 4, double=True)
    pair(t, arbiter)
    win(t, arbiter, 1, "P01")
    layout = bracket_page.build(reload(t))
    assert layout is not None
    assert [s.side for s in layout.sections] == ["W", "L", "GF"]
    losers_first = layout.sections[1].columns[0].matches[0]
    assert [s.origin for s in losers_first.slots] == ["loser of match 1", "loser of match 2"]
    assert losers_first.slots[0].name == "P04"  # P01–P04 (seed 1 against seed 4): P04 lost
    reset = layout.sections[2].columns[1].matches[0]
    assert reset.if_needed
    html = page(t, "ru")
    assert "Сетка проигравших" in html and "если понадобится" in html


@pytestmark_db
def test_the_bracket_reads_the_same_number_of_queries_whatever_its_size(arbiter: User) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for players in (4, 16):
        t = new_cup(arbiter, players)
        pair(t, arbiter)
        win(t, arbiter, 1, "P01")
        t = reload(t)
        with CaptureQueriesContext(connection) as queries:
            bracket_page.build(t)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
