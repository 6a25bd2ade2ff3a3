"""The header's news count: unseen notices (paired, your move, an arbiter's decision) beside
the your-move badge; two queries for a logged-in user, none for a visitor, none until shown;
zero again once "My games" has been opened."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext

from accounts.context_processors import my_games
from accounts.notices import HeaderCounts, header_counts, news, seen_until, settings_of
from games.models import Game, Player
from tests.accounts.conftest import EN
from tests.factories import committed, make_player, make_user
from tests.tournaments.helpers import play
from tournaments import pairings
from tournaments.acts import decisions
from tournaments.acts import services as tournament_services
from tournaments.models import Pairing, RecordReason, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(db: None) -> tuple[Tournament, User, Player, Player]:
    """An online UTTT Swiss of two, round 1 paired: Ann and Ben on board 1."""
    arbiter = make_user("arb")
    cup = tournament_services.create_tournament(
        name="Cup", kind="uttt", rounds=2, created_by=arbiter
    )
    ann = make_player("Ann", make_user("ann"))
    ben = make_player("Ben", make_user("ben"))
    for p in (ann, ben):
        tournament_services.register(tournament=cup, player=p, user=arbiter)
    return cup, arbiter, ann, ben


def pair(cup: Tournament, arbiter: User) -> Pairing:
    with committed():
        rnd = pairings.pair_round(tournament=cup, user=arbiter)
    return rnd.pairings.select_related("first__player__user", "second__player__user").get()


def unseen(user: User) -> int:
    """The same news, listed: what "My games" would show as new."""
    return len(news(user, seen_until(user, settings_of(user))))


def visit_my_games(user: User) -> None:
    client = Client()
    client.force_login(user)
    assert client.get("/accounts/games/", **EN).status_code == 200


def test_nothing_before_the_pairing(cup: tuple[Tournament, User, Player, Player]) -> None:
    _cup, _arbiter, ann, ben = cup
    assert header_counts(ann.user) == HeaderCounts(to_move=0, new=0)
    assert header_counts(ben.user) == HeaderCounts(to_move=0, new=0)


def test_paired_and_your_move_count(cup: tuple[Tournament, User, Player, Player]) -> None:
    t, arbiter, _ann, _ben = cup
    pairing = pair(t, arbiter)
    first, second = pairing.first.player.user, pairing.second.player.user
    # The first mover: paired, and his move in the game; the second: paired only.
    assert header_counts(first) == HeaderCounts(to_move=1, new=2) and unseen(first) == 2
    assert header_counts(second) == HeaderCounts(to_move=0, new=1) and unseen(second) == 1


def test_seeing_my_games_clears_the_count_and_a_move_brings_news(
    cup: tuple[Tournament, User, Player, Player],
) -> None:
    t, arbiter, _ann, _ben = cup
    pairing = pair(t, arbiter)
    first, second = pairing.first.player.user, pairing.second.player.user
    for user in (first, second):
        visit_my_games(user)
    assert header_counts(first) == HeaderCounts(to_move=1, new=0)
    assert header_counts(second) == HeaderCounts(to_move=0, new=0)
    game = Game.objects.get(pk=pairing.game_id)
    play(game, game.rules.legal_moves(game.current_state())[0])
    # Now the second player's move: news for him, none for the first.
    assert header_counts(second) == HeaderCounts(to_move=1, new=1) and unseen(second) == 1
    assert header_counts(first) == HeaderCounts(to_move=0, new=0) and unseen(first) == 0


def test_an_arbiters_decision_counts_for_both(
    cup: tuple[Tournament, User, Player, Player],
) -> None:
    t, arbiter, ann, ben = cup
    pairing = pair(t, arbiter)
    for player in (ann, ben):
        visit_my_games(player.user)
    with committed():
        decisions.decide(user=arbiter, reason=RecordReason.NO_SHOW, result="+/-", pairing=pairing)
    for player in (ann, ben):
        # The game is over (no move waits) and the decision is one new notice.
        assert header_counts(player.user) == HeaderCounts(to_move=0, new=1)
        assert unseen(player.user) == 1
    # The arbiter's own acts are not news for him.
    assert header_counts(arbiter).new == 0


def test_a_withdrawal_is_news_for_the_withdrawn_player(
    cup: tuple[Tournament, User, Player, Player],
) -> None:
    t, arbiter, ann, ben = cup
    visit_my_games(ann.user)
    entry = t.entries.get(player=ann)
    with committed():
        decisions.withdraw(user=arbiter, entry=entry, reason=RecordReason.NO_SHOW)
    assert header_counts(ann.user).new == 1 == unseen(ann.user)
    assert header_counts(ben.user).new == 0


def test_the_header_shows_the_news_badge_until_my_games_is_opened(
    client: Client, cup: tuple[Tournament, User, Player, Player]
) -> None:
    t, arbiter, _ann, _ben = cup
    pairing = pair(t, arbiter)
    client.force_login(pairing.first.player.user)
    page = client.get("/players/", **EN).content.decode()
    assert 'class="badge badge--news"' in page
    assert '<span aria-hidden="true">2 new</span>' in page
    assert '<span class="visually-hidden">2 new notices</span>' in page
    assert '<span class="visually-hidden">1 game waits for your move</span>' in page
    client.get("/accounts/games/", **EN)
    page = client.get("/players/", **EN).content.decode()
    assert "badge--news" not in page
    assert 'class="badge"' in page  # his move still waits


def test_the_badge_speaks_russian(
    client: Client, cup: tuple[Tournament, User, Player, Player]
) -> None:
    t, arbiter, _ann, _ben = cup
    pairing = pair(t, arbiter)
    client.force_login(pairing.first.player.user)
    page = client.get("/players/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "2 новых уведомления" in page and "1 партия ждёт вашего хода" in page


def test_the_counts_are_two_queries(
    cup: tuple[Tournament, User, Player, Player], django_assert_num_queries
) -> None:
    t, arbiter, ann, ben = cup
    pair(t, arbiter)
    visit_my_games(ben.user)  # with and without a NoticeSettings row
    for user in (ann.user, ben.user):
        user = User.objects.get(pk=user.pk)
        with django_assert_num_queries(2):
            header_counts(user)


def test_the_context_processor_is_lazy_and_free_for_visitors(
    cup: tuple[Tournament, User, Player, Player], django_assert_num_queries
) -> None:
    _t, _arbiter, ann, _ben = cup
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    with django_assert_num_queries(0):
        assert my_games(request) == {}
    request.user = User.objects.get(pk=ann.user.pk)
    with django_assert_num_queries(0):
        context = my_games(request)
    with django_assert_num_queries(2):
        assert context["my_games"].new == 0 and context["my_games"].to_move == 0


def test_a_page_asks_for_the_counts_once(
    client: Client, cup: tuple[Tournament, User, Player, Player]
) -> None:
    t, arbiter, _ann, _ben = cup
    pairing = pair(t, arbiter)
    anonymous = Client()
    with CaptureQueriesContext(connection) as visitor:
        anonymous.get("/players/", **EN)
    assert not [q for q in visitor.captured_queries if "noticesettings" in q["sql"].lower()]
    client.force_login(pairing.first.player.user)
    with CaptureQueriesContext(connection) as player:
        client.get("/players/", **EN)
    asked = [q for q in player.captured_queries if "noticesettings" in q["sql"].lower()]
    assert len(asked) == 1
