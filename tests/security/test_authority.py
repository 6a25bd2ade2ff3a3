"""The one authority, asked by every path: the 403 page for a logged-in user without the right,
over-the-board moves by that game's arbiters only, tournament settings through the service, and
imports run from the shell."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from games import authority as game_authority
from games import services as game_services
from games.models import Game, Player
from tests import factories
from tests.factories import with_permission
from tests.security.conftest import ClientFor, Club, make_user
from tournaments import authority
from tournaments.acts import services, tournament_settings
from tournaments.errors import TournamentError
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


# -- the 403 page --------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "title"), [("en", "Not allowed"), ("ru", "Нет доступа")])
def test_a_logged_in_user_without_the_right_gets_the_403_page(
    client_for: ClientFor, outsider: User, club_a: Club, language: str, title: str
) -> None:
    client = client_for(outsider)
    for url in (
        "/tournaments/new/",
        f"/tournaments/{club_a.pk}/rounds/1/override/",
        f"/sheets/tournaments/{club_a.pk}/import/",
        "/players/new/",
    ):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 403, url
        html = response.content.decode()
        assert f"<h1>{title}</h1>" in html, url
        assert 'class="site-header"' in html  # the site's own page, with its menu


def test_an_anonymous_visitor_still_goes_to_the_login_form(
    client_for: ClientFor, club_a: Club
) -> None:
    client = client_for(None)
    for url in (
        "/tournaments/new/",
        f"/tournaments/{club_a.pk}/rounds/1/override/",
        "/players/new/",
    ):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/"), url
    response = client.post(f"/tournaments/{club_a.pk}/pair/")
    assert response["Location"].startswith("/accounts/login/")


# -- over-the-board moves ------------------------------------------------------------------------


def test_over_the_board_in_a_tournament_only_its_arbiters_enter_moves(
    client_for: ClientFor, club_a: Club, club_b: Club, staff: User
) -> None:
    """A paper board's game recorded over the board (as a workbook import makes it): B's
    arbiter holds the arbiter's permission and even created the game, but A arbitrates it."""
    b_arbiter = with_permission(club_b.arbiter, "games.play_any_seat")
    pairing = club_a.game_pairing()
    game = game_services.create_game(
        kind="sos",
        options=club_a.tournament.options,
        players=[pairing.first.player, pairing.second.player],
        over_the_board=True,
        created_by=b_arbiter,
    )
    services.attach_game(pairing=pairing, game=game)
    url = f"/games/{game.pk}/move/"
    for intruder in (b_arbiter, staff):
        response = client_for(intruder).post(url, {"cell": "A1", "letter": "S"}, **JSON)
        assert response.status_code == 400
        assert response.json()["code"] == "not_allowed"
    assert Game.objects.get(pk=game.pk).ply == 0
    assert not game_authority.may_arbitrate_game(b_arbiter, game)
    assert authority.tournament_of_game(game) == club_a.tournament
    # The control: A's arbiter moves for both seats.
    client = client_for(club_a.arbiter)
    for cell in ("A1", "B2"):
        response = client.post(url, {"cell": cell, "letter": "S"}, **JSON)
        assert response.json() == {"ok": True}, cell
    assert Game.objects.get(pk=game.pk).ply == 2


def test_arbitrated_games_lists_what_may_arbitrate_game_allows(
    club_a: Club, club_b: Club, alice: Player, boris: Player
) -> None:
    member = with_permission(make_user("member"), "games.play_any_seat")
    own = game_services.create_game(
        kind="sos", options={}, players=[alice, boris], created_by=member
    )
    other = game_services.create_game(kind="sos", options={}, players=[alice, boris])
    everyone = [member, club_a.arbiter, club_b.arbiter]
    for user in everyone:
        listed = set(game_authority.arbitrated_games(user))
        for game in (own, other):
            assert (game in listed) == game_authority.may_arbitrate_game(user, game), user
    assert set(game_authority.arbitrated_games(member)) == {own}


# -- tournament settings through the service -----------------------------------------------------


def test_kind_format_and_rules_are_frozen_in_the_service(club_a: Club) -> None:
    t = club_a.tournament
    for changes in (
        {"kind": "uttt", "options": {}},
        {"format": "round_robin"},
        {"options": {"rows": 4}},
    ):
        with pytest.raises(TournamentError) as refused:
            tournament_settings.update_tournament(
                tournament=t, user=club_a.arbiter, changes=changes
            )
        assert refused.value.code == "frozen", changes
    after = Tournament.objects.get(pk=t.pk)
    assert (after.kind, after.format, after.options) == (t.kind, t.format, t.options)
    # What is not frozen still changes.
    tournament_settings.update_tournament(
        tournament=t, user=club_a.arbiter, changes={"name": "Renamed"}
    )
    assert Tournament.objects.get(pk=t.pk).name == "Renamed"


def test_settings_are_changed_by_the_tournaments_arbiters_only(club_a: Club, club_b: Club) -> None:
    for user in (club_b.arbiter, None):
        with pytest.raises(TournamentError) as refused:
            tournament_settings.update_tournament(
                tournament=club_a.tournament, user=user, changes={"name": "Taken over"}
            )
        assert refused.value.code == "not_allowed"
    assert Tournament.objects.get(pk=club_a.pk).name == club_a.tournament.name


def test_bad_rules_options_are_refused_before_the_first_pairing(club_b: Club) -> None:
    t = services.create_tournament(
        name="Unpaired", kind="uttt", rounds=3, online=True, created_by=club_b.arbiter
    )
    with pytest.raises(TournamentError) as refused:
        tournament_settings.update_tournament(
            tournament=t, user=club_b.arbiter, changes={"options": {"preset": "bogus", "rows": 999}}
        )
    assert refused.value.code == "options"
    assert Tournament.objects.get(pk=t.pk).options == t.options


# -- imports from the shell ask the same authority -----------------------------------------------


def test_a_workbook_import_from_the_shell_needs_the_tournaments_arbiter(
    club_a: Club, club_b: Club, tmp_path
) -> None:
    from sheets import services as sheet_services

    path = tmp_path / "a.xlsx"
    path.write_bytes(sheet_services.export_tournament(club_a.tournament))
    with pytest.raises(CommandError) as refused:
        call_command(
            "import_tournament",
            str(club_a.pk),
            str(path),
            "--apply",
            "--user",
            club_b.arbiter.username,
            "--language",
            "en",
        )
    assert "Only this tournament's arbiters may import results." in str(refused.value)
    # The control: A's own arbiter may (the workbook changes nothing).
    call_command(
        "import_tournament", str(club_a.pk), str(path), "--apply", "--user", club_a.arbiter.username
    )


# -- an account switched off -----------------------------------------------------------------------


def test_an_account_switched_off_arbitrates_nothing(club_a: Club) -> None:
    """``is_active=False`` (an account disabled by the club) logs in nowhere; named by a command
    (``import_tournament --user``) or held in an old session, it arbitrates nothing either."""
    root = User.objects.create_superuser(username="root", password="x")
    players = [factories.make_player("Ann"), factories.make_player("Ben")]
    casual = game_services.create_game(
        kind="sos",
        options={},
        players=players,
        over_the_board=True,
        created_by=with_permission(make_user("board_arbiter"), "games.play_any_seat"),
    )
    board_arbiter = User.objects.get(username="board_arbiter")
    users = (club_a.arbiter, root, board_arbiter)
    assert authority.may_arbitrate(club_a.arbiter, club_a.tournament)  # the controls
    assert authority.may_arbitrate(root, club_a.tournament)
    assert game_authority.may_arbitrate_game(board_arbiter, casual)
    User.objects.filter(pk__in=[u.pk for u in users]).update(is_active=False)
    for user in users:
        user = User.objects.get(pk=user.pk)
        assert not authority.may_arbitrate(user, club_a.tournament), user
        assert not authority.arbitrated_tournaments(user).exists(), user
        assert not game_authority.may_arbitrate_game(user, casual), user
        assert not game_authority.arbitrated_games(user).exists(), user
        assert not game_authority.may_link_accounts(user), user
        with pytest.raises(TournamentError):
            services.register(
                tournament=club_a.tournament, player=factories.make_player("X"), user=user
            )
