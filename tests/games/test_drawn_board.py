"""The board page's parts drawn by Python in one call (the UTTT grid from the engine's
bitboards, the score sheet from the rows as read, the analysis block, another app's links, the
records' times): the same markup the cell views, the objects and the templates gave, user text
escaped, words in each language."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import User
from django.template.defaultfilters import date
from django.test import Client
from django.utils import timezone, translation
from django.utils.safestring import mark_safe

from games import presenters, recording, services
from games.hooks import ASIDE, Link, register_game_page, unregister_game_page
from games.models import Game, GameStatus
from games.rules import get_rules
from tests.factories import committed, make_player, make_user
from tests.games.test_board_page_queries import finished_uttt_moves
from tests.views.helpers import parse
from tournaments.templatetags.results_tags import records_list

pytestmark = pytest.mark.django_db

EVIL = '<script>alert("x")</script> & "Ахмед"'
ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Ахмед&quot;"
LANGUAGES = ("ru", "en", "fa")


def _cells(html: str) -> dict[str, tuple[str, bool, str]]:
    """Each cell of a drawn grid: its mark, whether it is a button, its classes."""
    found = {}
    for m in re.finditer(
        r'<span class="cell ([^"]*)" data-cell="([A-I][1-9])" role="cell">([XO]?)</span>', html
    ):
        found[m[2]] = (m[3], False, m[1])
    for m in re.finditer(
        r'<button type="submit" name="cell" value="([A-I][1-9])" class="cell allowed ([^"]*)" '
        r'aria-label="\1">([XO]?)</button>',
        html,
    ):
        found[m[1]] = (m[3], True, m[2])
    return found


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("interactive", [False, True])
def test_the_uttt_grid_shows_each_cell_as_the_state_has_it(seed: int, interactive: bool) -> None:
    rules = get_rules("uttt")
    rng = random.Random(seed)
    state = rules.start()
    for _ in range(rng.randrange(0, 50)):
        if rules.outcome(state) is not None:
            break
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    view = presenters.board_view(rules, state, interactive=interactive)
    cells = _cells(view.grid_html())
    assert len(cells) == 81
    legal = set(rules.legal_moves(state)) if interactive and not rules.outcome(state) else set()
    zones = set(rules.allowed_boards(state)) if rules.outcome(state) is None else set()
    last = state.moves[-1] if state.moves else None
    for r, row in enumerate(state.grid):
        for c, mark in enumerate(row):
            name = rules.cell_name(r, c)
            shown, button, classes = cells[name]
            assert shown == mark, name
            assert button == (name in legal), name
            board = c // 3 + 3 * (r // 3)
            assert f"b-{state.board_status[board]}" in classes.split()
            assert ("zone" in classes.split()) == (board in zones)
            assert ("last" in classes.split()) == (name == last)
            assert ("edge-r" in classes.split()) == (c % 3 == 2 and c < 8)
            assert (f"mark-{mark.lower()}" in classes.split()) == (bool(mark) and not button)
    assert view.allowed_count == len(legal)
    heads = re.findall(
        r'<span class="col-head" role="columnheader">([A-I])</span>', view.grid_html()
    )
    assert heads == list("ABCDEFGHI")
    rows = re.findall(r'<span class="row-head" role="rowheader">(\d)</span>', view.grid_html())
    assert rows == [str(n) for n in range(1, 10)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_small_boards_are_titled_in_each_language(language: str) -> None:
    rules = get_rules("uttt")
    state = rules.replay(finished_uttt_moves()[:20])
    with translation.override(language):
        html = presenters.board_view(rules, state, interactive=False).small_boards_html()
        expected = {s: translation.gettext(t) for s, t in presenters.SMALL_BOARD_TITLES.items()}
    titles = re.findall(r'class="small-board b-(\w+)[^"]*" title="([^"]*)"', html)
    assert len(titles) == 9
    assert all(title == expected[status] for status, title in titles)
    if language != "en":
        assert 'title="open"' not in html


def test_the_score_sheet_from_rows_is_the_score_sheet_of_the_moves() -> None:
    class M:
        def __init__(self, ply: int, seat: int, notation: str, points: int) -> None:
            self.ply, self.seat, self.notation, self.points = ply, seat, notation, points

    rows = [(1, 0, "A1=S", 0), (2, 1, "B1=O", 0), (3, 1, "C1=S", 1), (4, 0, "<b>", 0)]
    names = {0: EVIL, 1: "Игрок"}
    for at in (0, 2, 4):
        for sos in (True, False):
            html = presenters.score_sheet_rows_html(rows, names, at=at, sos=sos, times=["1s"])
            assert html == presenters.score_sheet_html(
                [M(*r) for r in rows], names, at=at, sos=sos, times=["1s"]
            )
    html = presenters.score_sheet_rows_html(rows, names, at=2, sos=True)
    assert f"<bdi>{ESCAPED}</bdi>" in html and EVIL not in html
    assert "<b>" not in html and "&lt;b&gt;" in html
    assert re.findall(r'<tr class="([^"]*)">', html) == [
        "seat-0",
        "seat-1 current",
        "seat-1 future",
        "seat-0 future",
    ]
    assert "<td>+1</td>" in html and html.count("<td></td>") == 3


@pytest.fixture
def maker() -> User:
    return make_user("maker", password="pw")


@pytest.fixture
def finished(maker: User) -> Game:
    players = [make_player(EVIL, make_user("evil")), make_player("Игрок 2", maker)]
    with committed():
        game = services.create_game(kind="uttt", options={}, players=players, created_by=maker)
        game = recording.record_moves(
            game=game, user=maker, moves=finished_uttt_moves(), expected_ply=0
        )
    assert game.status == GameStatus.FINISHED
    return game


def _page(game: Game, language: str, user: User | None = None) -> str:
    c = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        c.force_login(user)
    response = c.get(game.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_analysis_block_asks_a_visitor_to_log_in_in_each_language(
    finished: Game, language: str
) -> None:
    html = _page(finished, language)
    with translation.override(language):
        heading = translation.gettext("Engine analysis")
        log_in = translation.gettext("Log in to ask for the engine's analysis of this game.")
    section = parse(html).find("section", cls="game-analysis")
    assert section is not None
    assert section.find("h2").text() == heading
    assert section.find("p", cls="empty").text() == log_in
    assert 'id="analysis"' in html and 'aria-labelledby="analysis-heading"' in html
    assert "analysis-request" not in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_analysis_block_offers_a_member_the_form_with_its_token(
    finished: Game, maker: User, language: str
) -> None:
    html = _page(finished, language, user=maker)
    with translation.override(language):
        button = translation.gettext("Analyse the game with the engine")
    form = re.search(
        r'<form method="post" action="/games/(\d+)/analysis/" class="inline-form '
        r'analysis-request">\s*<input type="hidden" name="csrfmiddlewaretoken" value="[^"]+">'
        r'<button type="submit">([^<]*)</button>',
        html,
    )
    assert form is not None, html[html.find("game-analysis") :][:600]
    assert int(form[1]) == finished.pk
    assert form[2] == button.replace("&", "&amp;")


def test_an_unfinished_game_has_no_analysis_block(maker: User) -> None:
    players = [make_player("A", maker), make_player("B", make_user("b"))]
    with committed():
        game = services.create_game(kind="uttt", options={}, players=players, created_by=maker)
    assert "game-analysis" not in _page(game, "en", user=maker)


def test_a_pending_analysis_is_drawn_by_its_template(finished: Game, maker: User) -> None:
    from games import analysis

    analysis.request_game_analysis(game=finished, user=maker)
    html = _page(finished, "en", user=maker)
    section = parse(html).find("section", cls="game-analysis")
    assert section.find("h2").text() == "Engine analysis"
    assert section.find("p", cls="analysis-progress") is not None
    assert 'http-equiv="refresh"' in html and "analysis-request" not in html


def test_another_apps_link_is_escaped_unless_it_is_markup(finished: Game) -> None:
    def links(request, game):  # type: ignore[no-untyped-def]
        yield Link(EVIL, '/x/?a=1&b="2"', order=1, slot=ASIDE, prefix="<i>")
        yield Link(mark_safe("<bdi>kept</bdi>"), "/y/", order=2, slot=ASIDE, button=True)

    register_game_page(links, uid="test-links")
    try:
        html = _page(finished, "en")
    finally:
        unregister_game_page("test-links")
    assert (
        f'<p class="game-link">&lt;i&gt; <a href="/x/?a=1&amp;b=&quot;2&quot;">{ESCAPED}</a></p>'
        in html
    )
    assert '<p class="game-link"><a href="/y/" class="button"><bdi>kept</bdi></a></p>' in html


def test_a_records_time_is_written_as_the_date_filter_writes_it(finished: Game) -> None:
    from tournaments.models import ResultRecord

    record = ResultRecord.objects.filter(game=finished).first()
    assert record is not None
    for moment in (
        timezone.now(),
        timezone.make_aware(timezone.datetime(2026, 1, 2, 3, 4, 59)),
        timezone.make_aware(timezone.datetime(999, 12, 31, 23, 5)),
    ):
        record.decided_at = moment
        expected = date(timezone.template_localtime(moment), "Y-m-d H:i")
        assert f"<small>{expected} · " in records_list([record])
