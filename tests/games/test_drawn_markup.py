"""The parts of the game page drawn by Python rather than by template tags (the panel, the
header, the records): user text escaped and isolated, words in the page's language, and nothing
of one request or one language kept for another."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import translation

from games import recording, services
from games.hooks import Html
from games.models import Game, GameStatus
from games.panel import words
from tests.factories import committed, make_player, make_user
from tests.games.test_board_page_queries import finished_uttt_moves
from tests.views.helpers import parse
from tournaments.templatetags.results_tags import records_list

pytestmark = pytest.mark.django_db

EVIL = '<script>alert("x")</script> & "Ахмед"'
ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Ахмед&quot;"
LANGUAGES = ("ru", "en", "fa")


@pytest.fixture
def maker() -> User:
    return make_user("maker", password="pw")


@pytest.fixture
def finished(maker: User) -> Game:
    """A finished ultimate tic-tac-toe game: the hostile name plays first (he may be the
    winner, or the loser: his name is on the seats and the score sheet either way)."""
    players = [make_player(EVIL, make_user("evil")), make_player("Игрок 2", maker)]
    with committed():
        game = services.create_game(kind="uttt", options={}, players=players, created_by=maker)
        game = recording.record_moves(
            game=game, user=maker, moves=finished_uttt_moves(), expected_ply=0
        )
    assert game.status == GameStatus.FINISHED
    return game


@pytest.fixture
def waiting(maker: User) -> Game:
    """An SOS game where the hostile name is to move (the maker's seat moved last)."""
    players = [make_player("Игрок 1", maker), make_player(EVIL, make_user("evil2"))]
    with committed():
        game = services.create_game(kind="sos", options={}, players=players, created_by=maker)
        return recording.record_moves(game=game, user=maker, moves=["A1=S"], expected_ply=0)


def page(game: Game, language: str, user: User | None = None, suffix: str = "") -> str:
    c = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        c.force_login(user)
    response = c.get(f"{game.get_absolute_url()}{suffix}")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("suffix", ["", "panel/", "?at=3"])
def test_a_hostile_name_is_escaped_and_isolated_in_the_panel(
    finished: Game, language: str, suffix: str
) -> None:
    html = page(finished, language, suffix=suffix)
    assert EVIL not in html and "<script>alert" not in html
    assert f"<bdi>{ESCAPED}</bdi>" in html  # the seats and the score sheet
    tree = parse(html)
    assert EVIL in tree.find("table", cls="seats").text()  # shown as typed


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_mover_is_escaped_and_the_forms_carry_their_token(
    waiting: Game, maker: User, language: str
) -> None:
    html = page(waiting, language)
    assert f"<strong><bdi>{ESCAPED}</bdi></strong>" in html  # "To move:"
    assert EVIL not in html
    # Not the maker's move: no board form for him.
    mine = page(waiting, language, user=User.objects.get(username="evil2"))
    assert mine.count('name="csrfmiddlewaretoken"') >= 3  # two move forms and the header's
    assert 'class="board-form"' in mine and 'class="typed-move"' in mine


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_panels_words_are_in_the_pages_language(finished: Game, language: str) -> None:
    html = page(finished, language)
    with translation.override(language):
        expected = {w: translation.gettext(w) for w in ("Score sheet", "Player", "Boards won")}
        kept = words()
    for word, translated in expected.items():
        assert f">{translated}<" in html
        assert kept[word] == translated.replace("&", "&amp;")
    if language != "en":
        assert ">Score sheet<" not in html  # not the English words of another request


def test_the_panel_and_the_header_follow_each_request_language(finished: Game) -> None:
    """What is kept per language is kept per language: pages in turn get their own words."""
    seen = {}
    for language in ("ru", "en", "fa", "ru", "en"):
        html = page(finished, language)
        tree = parse(html)
        seen.setdefault(language, set()).add(tree.find("aside", cls="scoresheet").text()[:40])
        assert f'lang="{language}"' in html
        assert ('dir="rtl"' in html) == (language == "fa")
    assert all(len(texts) == 1 for texts in seen.values())
    assert len({next(iter(t)) for t in seen.values()}) == 3


def test_the_header_escapes_the_name_and_the_return_address(finished: Game) -> None:
    member = make_user('"><b>x</b>', password="pw")
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.force_login(member)
    html = c.get(f"{finished.get_absolute_url()}?at=2&x=%22%3E%3Cb%3E").content.decode()
    assert "<b>x</b>" not in html and "&quot;&gt;&lt;b&gt;x&lt;/b&gt;" in html
    # The hidden "next" of the language switcher: the address, escaped.
    assert f'name="next" value="/games/{finished.pk}/?at=2&amp;x=%22%3E%3Cb%3E"' in html
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    html = visitor.get(f"{finished.get_absolute_url()}?at=2&x=%22%3E").content.decode()
    # The log-in link carries the address URL-encoded, as {{ path|urlencode }} wrote it.
    assert f"/accounts/login/?next=/games/{finished.pk}/%3Fat%3D2%26x%3D%2522%253E" in html


def test_the_header_keeps_nothing_of_one_user_for_another(finished: Game) -> None:
    names = []
    for username in ("first-user", "second-user"):
        c = Client(HTTP_ACCEPT_LANGUAGE="ru")
        c.force_login(make_user(username, password="pw"))
        html = c.get(finished.get_absolute_url()).content.decode()
        names.append(parse(html).find("span", cls="account__name").text())
    assert names == ["first-user", "second-user"]


def test_a_changed_setting_redraws_the_header(finished: Game) -> None:
    html = page(finished, "en")
    assert '<option value="fa"' in html
    with override_settings(LANGUAGES=[("en", "English"), ("ru", "Russian")]):
        html = page(finished, "en")
    assert '<option value="fa"' not in html and '<option value="ru"' in html


def test_a_record_escapes_its_note_and_names_its_labels_in_each_language(
    finished: Game,
) -> None:
    from tournaments.models import ResultRecord

    record = ResultRecord.objects.filter(game=finished).first()
    assert record is not None
    record.note = "<img src=x onerror=alert(1)>"
    for language in LANGUAGES:
        with translation.override(language):
            html = records_list([record])
            label = str(record.get_source_display())
        assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
        assert f'<span class="source">{label}</span>' in html.replace("&#x27;", "'")
    assert records_list([]) == ""


def test_an_html_item_is_shown_as_its_maker_drew_it(finished: Game) -> None:
    from games.hooks import ASIDE, register_game_page, unregister_game_page

    register_game_page(
        lambda request, game: [Html('<p class="drawn">drawn</p>', slot=ASIDE)], uid="test-html"
    )
    try:
        html = page(finished, "en")
    finally:
        unregister_game_page("test-html")
    assert '<p class="drawn">drawn</p>' in html
