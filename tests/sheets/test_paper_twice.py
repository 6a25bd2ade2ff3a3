"""The same paper game's sheet uploaded twice: the preview says the site has that game already
(same players in the same seats, rules, moves — or final position and result) and links it; the
apply step records it again only when the arbiter ticks that it is another game."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.models import Game, Player
from games.rules import get_rules
from sheets import services
from sheets.errors import ImportRefused
from tests.factories import make_user, with_permission
from tests.sheets.helpers import random_moves
from tests.sheets.test_game_sheets import sheet, uttt


@pytest.fixture
def keeper(db: None) -> User:
    return with_permission(make_user("keeper"), "games.play_any_seat")


def _preview(client: Client, data: bytes, language: str = "en"):
    return client.post(
        "/sheets/paper/",
        {"file": SimpleUploadedFile("g.xlsx", data)},
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_the_second_upload_is_named_and_needs_the_arbiters_word(
    db: None, en: str, keeper: User, client: Client
) -> None:
    data = sheet(uttt(random_moves("uttt", {}, seed=4)))
    client.force_login(keeper)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    first = _preview(client, data)
    assert first.context["plan"].same_as is None
    assert b"on the site already" not in first.content
    client.post("/sheets/paper/apply/", first.context["apply_form"].initial)
    game = Game.objects.get()

    second = _preview(client, data)
    plan = second.context["plan"]
    assert plan.errors == [] and plan.same_as == game.pk
    page = second.content.decode()
    assert f"This game is on the site already (game {game.pk})" in page
    assert f'href="/games/{game.pk}/"' in page
    assert 'name="again"' in page and 'type="checkbox"' in page
    form = second.context["apply_form"].initial
    refused = client.post("/sheets/paper/apply/", form)
    assert refused.status_code == 200  # the preview again, with the question
    assert f"on the site already (game {game.pk})" in refused.content.decode()
    assert Game.objects.count() == 1
    again = client.post("/sheets/paper/apply/", {**form, "again": "on"})
    assert again.status_code == 302
    assert Game.objects.count() == 2


def test_the_service_refuses_a_repeat_without_again(db: None, en: str, keeper: User) -> None:
    moves = random_moves("uttt", {}, seed=4)
    state = get_rules("uttt").replay(moves)
    position = ["".join(c or "." for c in row) for row in state.grid]
    winners = get_rules("uttt").outcome(state).winners
    data = sheet(uttt(position=position, winners=winners))
    first = services.apply_game_plan(services.read_paper_game(data), user=keeper)
    plan = services.read_paper_game(data)
    assert plan.same_as == first.pk
    with pytest.raises(ImportRefused, match=f"game {first.pk}"):
        services.apply_game_plan(plan, user=keeper)
    assert Game.objects.count() == 1
    services.apply_game_plan(plan, user=keeper, again=True)
    assert Game.objects.count() == 2


def test_another_game_of_the_same_players_is_not_a_repeat(db: None, en: str, keeper: User) -> None:
    services.apply_game_plan(
        services.read_paper_game(sheet(uttt(random_moves("uttt", {}, seed=4)))), user=keeper
    )
    assert Player.objects.count() == 2
    other = services.read_paper_game(sheet(uttt(random_moves("uttt", {}, seed=5))))
    assert other.errors == [] and other.same_as is None
    shorter = services.read_paper_game(
        sheet(uttt(random_moves("uttt", {}, seed=4, limit=9), winners=(1,)))
    )
    assert shorter.errors == [] and shorter.same_as is None


def test_the_repeat_is_said_in_the_readers_language(db: None, keeper: User, client: Client) -> None:
    data = sheet(uttt(random_moves("uttt", {}, seed=4)))
    services.apply_game_plan(services.read_paper_game(data), user=keeper)
    client.force_login(keeper)
    page = _preview(client, data, "ru").content.decode()
    assert "Эта партия уже записана на сайте (партия" in page
    assert "Это другая партия с теми же ходами: записать ещё раз" in page
