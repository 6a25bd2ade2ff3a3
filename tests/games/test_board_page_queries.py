"""The board page's queries are pinned: a finished ultimate tic-tac-toe game (the benchmark's
case, ``bench/board.py``) and a tournament game read a fixed number of rows, whoever looks, so
that a hook answer, a tag or a permission check cannot add its own queries again unnoticed.

The same pages also show what those reads are for (the records, the tournament's links, the
arbiter's actions), so that a page which read less by showing less would fail here too.
"""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import memo, recording, services
from games.authority import may_arbitrate_game
from games.models import Game, GameStatus
from games.rules import get_rules
from tests.adjudication.helpers import build_world, in_arbiter_group
from tests.factories import committed, make_player, make_user

pytestmark = pytest.mark.django_db

# A visitor's page of a tournament game: the game (with whether it was ever analysed, has records
# and is paired), its seats, its moves, and the tournaments' hook answer (the game's records, its
# pairing).
VISITOR_QUERIES = 5
# A casual game has no pairing: the page's game says so, and the hook answer reads only its
# records.
CASUAL_VISITOR_QUERIES = 4
# A logged-in user adds his session, his account, the header's "your move" badge and its count of
# unseen news (one query each), and the arbiter's question (his permissions, his own and his
# groups' in one query, asked once whatever asks it).
PLAYER_QUERIES = 10
CASUAL_PLAYER_QUERIES = 9


def finished_uttt_moves(seed: int = 7) -> list[str]:
    rules = get_rules("uttt")
    rng = random.Random(seed)
    state = rules.start()
    while rules.outcome(state) is None:
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return list(state.moves)


@pytest.fixture
def casual_game() -> tuple[Game, User]:
    user = make_user("maker", password="pw")
    players = [make_player("Игрок 1", user), make_player("Игрок 2", make_user("other"))]
    with committed():
        game = services.create_game(kind="uttt", options={}, players=players, created_by=user)
        moves = finished_uttt_moves()
        game = recording.record_moves(game=game, user=user, moves=moves, expected_ply=0)
    assert game.status == GameStatus.FINISHED
    return game, user


def client(user: User | None = None) -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        c.force_login(user)
    return c


@pytest.mark.parametrize("path", ["", "panel/"])
def test_a_visitor_reads_four_rows_sets(casual_game, django_assert_max_num_queries, path):
    game, _user = casual_game
    visitor = client()
    with django_assert_max_num_queries(CASUAL_VISITOR_QUERIES):
        response = visitor.get(f"{game.get_absolute_url()}{path}")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="records"' in html  # the online result's record, read by the hook answer
    assert "Arbiter&#x27;s actions" not in html and "Arbiter's actions" not in html


def test_the_player_who_made_the_game_reads_nine(casual_game, django_assert_max_num_queries):
    game, user = casual_game
    player = client(user)
    player.get("/")  # the session exists before the counted request
    with django_assert_max_num_queries(CASUAL_PLAYER_QUERIES):
        response = player.get(game.get_absolute_url())
    assert response.status_code == 200
    assert 'class="records"' in response.content.decode()


def test_a_tournament_game_reads_as_few(django_assert_max_num_queries):
    world = build_world()
    game = world.game
    for user, limit in (
        (None, VISITOR_QUERIES),
        (world.seated, PLAYER_QUERIES),
        (world.staff_arbiter, PLAYER_QUERIES),
    ):
        c = client(user)
        c.get("/")
        with django_assert_max_num_queries(limit):
            response = c.get(game.get_absolute_url())
        html = response.content.decode()
        assert world.tournament.get_absolute_url() in html
        assert (f"/tournaments/games/{game.pk}/" in html) == (user == world.staff_arbiter), user


def test_a_game_never_recorded_reads_neither_records_nor_pairing(django_assert_num_queries):
    user = make_user("maker", password="pw")
    players = [make_player("Игрок 1", user), make_player("Игрок 2", make_user("other"))]
    with committed():
        game = services.create_game(kind="uttt", options={}, players=players, created_by=user)
    visitor = client()
    with django_assert_num_queries(3):  # the game (with its flags), its seats, its moves
        response = visitor.get(game.get_absolute_url())
    html = response.content.decode()
    assert 'class="records"' not in html and "Игрок 1" in html


def test_a_casual_game_with_a_record_reads_and_shows_it(casual_game):
    """The flags skip only what is not there: a game with records reads them."""
    from tournaments.models import ResultRecord

    game, _user = casual_game
    assert ResultRecord.objects.filter(game=game).exists()
    html = client().get(game.get_absolute_url()).content.decode()
    assert 'class="records"' in html and "Results and decisions" in html


def test_the_arbiter_question_is_asked_once_per_page_only():
    world = build_world()
    game, user = world.game, in_arbiter_group(make_user("outsider"))
    with memo.page_reads():
        assert may_arbitrate_game(world.staff_arbiter, game)
        assert not may_arbitrate_game(user, game)
    # Outside a page nothing is kept: naming the user an arbiter counts at once.
    world.tournament.arbiters.add(user)
    assert may_arbitrate_game(user, game)


def test_read_once_keeps_an_answer_only_inside_its_scope():
    calls: list[int] = []

    def read() -> int:
        calls.append(1)
        return len(calls)

    assert memo.read_once("k", read) == 1
    assert memo.read_once("k", read) == 2
    with memo.page_reads():
        assert memo.read_once("k", read) == 3
        assert memo.read_once("k", read) == 3
        memo.remember("told", "x")
        assert memo.known("told") == "x"
        with memo.page_reads():  # a scope of its own
            assert memo.read_once("k", read) == 4
        assert memo.read_once("k", read) == 3
    assert memo.known("told") is None
    assert memo.read_once("k", read) == 5


def test_the_compiled_permission_reads_answer_as_django_does(django_assert_num_queries):
    from django.contrib.auth.backends import ModelBackend
    from django.contrib.auth.models import Group, Permission

    from accounts.backends import AccountBackend

    user = in_arbiter_group(make_user("member"))
    user.user_permissions.add(Permission.objects.get(codename="add_player"))
    Group.objects.create(name="empty").user_set.add(make_user("nobody"))
    for candidate in (user, User.objects.get(username="nobody")):
        fresh = User.objects.get(pk=candidate.pk)
        with django_assert_num_queries(1):  # his own and his groups' at once
            mine = AccountBackend().get_all_permissions(fresh)
            assert AccountBackend().has_perm(fresh, "games.add_player") is (candidate == user)
        django = ModelBackend().get_all_permissions(User.objects.get(pk=candidate.pk))
        assert mine == django
    assert "games.add_player" in AccountBackend().get_user_permissions(user)
    assert "games.play_any_seat" in AccountBackend().get_group_permissions(user)
