"""The Arbiter group, made by migrations 0003 and 0004, and what its permissions allow."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User

from tests.adjudication.helpers import World, in_arbiter_group, make_user
from tournaments.acts import decisions

EXPECTED = {
    "games.play_any_seat",
    "games.add_player",
    "games.change_player",
    "games.view_game",
    "games.view_move",
    "tournaments.add_tournament",
    "tournaments.change_tournament",
    "tournaments.view_tournament",
    "tournaments.view_pairing",
    "tournaments.add_resultrecord",
    "tournaments.view_resultrecord",
    "tournaments.view_claim",
    "tournaments.change_claim",
    # migration 0004: the admin pages of the tournaments they arbitrate
    "games.view_player",
    "tournaments.view_round",
    "tournaments.view_entry",
    "tournaments.change_entry",
}


# A plain (non-transactional) database test: pytest-django runs these before any transactional
# test (a live-server one) could flush the tables the migrations filled.
@pytest.mark.django_db
def test_the_migrations_make_the_arbiter_group_with_its_permissions() -> None:
    group = Group.objects.get(name="Arbiter")
    granted = {
        f"{p.content_type.app_label}.{p.codename}"
        for p in group.permissions.select_related("content_type")
    }
    assert granted == EXPECTED
    # Nothing that would let an arbiter rewrite or remove a record.
    assert not granted & {"tournaments.change_resultrecord", "tournaments.delete_resultrecord"}


@pytest.mark.django_db
def test_a_member_holds_the_permissions(world: World) -> None:
    user = in_arbiter_group(make_user("new-arbiter"))
    assert user.get_all_permissions() >= EXPECTED
    assert not make_user("nobody").has_perm("tournaments.add_resultrecord")


@pytest.mark.django_db
def test_a_casual_game_is_decided_by_the_member_who_created_it(world: World) -> None:
    from games import services as game_services

    member = in_arbiter_group(make_user("member"))
    other_member = in_arbiter_group(make_user("other-member"))
    plain_staff = make_user("staff", is_staff=True)
    players = [world.board1.first.player, world.board1.second.player]
    casual = game_services.create_game(kind="sos", options={}, players=players, created_by=member)
    by_staff = game_services.create_game(
        kind="sos", options={}, players=players, created_by=plain_staff
    )

    assert decisions.may_adjudicate(member, game=casual)
    assert not decisions.may_adjudicate(other_member, game=casual)
    assert not decisions.may_adjudicate(plain_staff, game=casual)
    assert not decisions.may_adjudicate(plain_staff, game=by_staff)  # not an arbiter
    assert not decisions.may_adjudicate(member, game=world.game)
    world.tournament.arbiters.add(member)
    assert decisions.may_adjudicate(User.objects.get(pk=member.pk), game=world.game)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/admin/games/game/",
        "/admin/tournaments/pairing/",
        "/admin/tournaments/claim/",
        "/admin/tournaments/resultrecord/",
    ],
)
def test_a_staff_member_of_the_group_reaches_the_admin_pages_of_the_acts(
    world: World, client_for, url: str
) -> None:
    assert client_for(world.staff_arbiter).get(url).status_code == 200
