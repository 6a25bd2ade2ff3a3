"""A game page tells the truth: where a tournament game belongs, the replay of an annulled game,
and for a game that is over its result and how it ended, on a board that cannot be played."""

from __future__ import annotations

import pytest

from games.models import Game, GameStatus
from tests.adjudication.helpers import SOS_FIRST_WINS, World, page_text, play, reload
from tests.views.helpers import parse
from tournaments.acts import decisions
from tournaments.models import RecordReason as Reason

pytestmark = pytest.mark.django_db


def links(page, cls: str) -> list[tuple[str, str]]:
    boxes = page.find_all("p", cls=cls)
    return [(a.attrs["href"], a.text().strip()) for b in boxes for a in b.find_all("a")]


def assert_inert(page) -> None:
    board = page.find("div", cls="board")
    assert "board--over" in board.classes
    assert board.attrs.get("aria-disabled") == "true"
    assert page.find_all("button", cls="cell") == []
    assert page.find_all("form", cls="board-form") == []
    assert page.find_all("form", cls="typed-move") == []
    status = page.find("p", cls="status").text()
    assert "To move" not in status
    assert "to move" not in page.find("table", cls="seats").text()


def test_a_tournament_game_links_to_its_tournament_round_and_board(world: World, client_for):
    game = world.game
    page = parse(client_for(None).get(game.get_absolute_url()))
    t, rnd = world.tournament, world.round1
    assert links(page, "game-links") == [
        (t.get_absolute_url(), "Club Open"),
        (rnd.get_absolute_url(), "Round 1"),
        (f"{rnd.get_absolute_url()}#board-{world.board1.board}", f"board {world.board1.board}"),
    ]


def test_a_finished_game_shows_its_result_and_how_it_ended(world: World, client_for):
    game = play(world.game, *SOS_FIRST_WINS)
    assert game.status == GameStatus.FINISHED
    for user in (None, world.seated, world.opponent, world.arbiter):
        page = parse(client_for(user).get(game.get_absolute_url()))
        status = page.find("p", cls="status").text()
        assert "Winner: Alice" in status
        assert "1-0" in status
        assert "the grid is full: most SOSs win" in status
        assert_inert(page)


def test_an_adjudicated_game_shows_the_decision(world: World, client_for):
    game = play(world.game, "A1=S")
    decisions.decide(
        user=world.arbiter, game=game, pairing=world.board1, result="0-1", reason=Reason.AGREEMENT
    )
    game = reload(game)
    assert game.status == GameStatus.ADJUDICATED
    page = parse(client_for(world.seated).get(game.get_absolute_url()))
    status = page.find("p", cls="status").text()
    assert "Winner: Carol" in status and "0-1" in status
    assert "decided by the arbiter" in status
    assert_inert(page)


def test_an_annulled_game_links_to_its_replay(world: World, client_for):
    game = play(world.game, "A1=S")
    decisions.annul(user=world.arbiter, game=game, reason=Reason.CORRECTION, replay=True)
    replay = reload(world.board1).game
    assert replay.pk != game.pk
    page = parse(client_for(world.seated).get(Game.objects.get(pk=game.pk).get_absolute_url()))
    status = page.find("p", cls="status")
    assert "This game was annulled." in status.text()
    assert "It is replayed in" in status.text()
    assert [a.attrs["href"] for a in status.find_all("a")] == [replay.get_absolute_url()]
    assert_inert(page)
    # The annulled game still says where it was played; the replay links to the same board.
    assert [href for href, _ in links(page, "game-links")][1] == world.round1.get_absolute_url()
    new = parse(client_for(None).get(replay.get_absolute_url()))
    assert len(links(new, "game-links")) == 3
    assert "replayed" not in new.find("p", cls="status").text()


def test_an_annulled_game_without_a_replay_links_nowhere(world: World, client_for):
    game = world.game
    decisions.annul(user=world.arbiter, game=game, reason=Reason.CORRECTION, replay=False)
    text = page_text(client_for(None).get(game.get_absolute_url()))
    assert "This game was annulled." in text and "replayed" not in text


def test_a_game_in_play_is_not_inert(world: World, client_for):
    page = parse(client_for(world.seated).get(world.game.get_absolute_url()))
    board = page.find("div", cls="board")
    assert "board--over" not in board.classes and "aria-disabled" not in board.attrs
    assert "To move: Alice" in page.find("p", cls="status").text()
    assert page.find_all("button", cls="cell")
