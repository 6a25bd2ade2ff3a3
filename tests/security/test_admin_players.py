"""Players in the admin: an arbiter of tournament B sees the players of what he arbitrates and
those in nothing another arbiter has — never A's only players — and changes only the players
nobody else has (a change would rewrite A's records too). The entries' player autocomplete and
the entry form's choices follow the same answer (``games.authority.visible_players``).
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User

from games import services as game_services
from games.models import Player
from tests import factories
from tests.security import test_admin_authority as base
from tests.security.test_admin_authority import Side, client, form_of, refused, staff_arbiter
from tournaments.acts import services

pytestmark = pytest.mark.django_db

# The two tournaments of the admin's authority tests, and a superuser.
side_a, side_b, superuser = base.side_a, base.side_b, base.superuser

PLAYERS = "/admin/games/player/"


def change_url(player: Player) -> str:
    return f"{PLAYERS}{player.pk}/change/"


def autocomplete(c, term: str) -> list[str]:
    response = c.get(
        "/admin/autocomplete/",
        {"app_label": "tournaments", "model_name": "entry", "field_name": "player", "term": term},
    )
    assert response.status_code == 200, response.status_code
    return [row["text"] for row in json.loads(response.content)["results"]]


def test_the_entry_autocomplete_offers_none_of_another_tournaments_players(
    side_a: Side, side_b: Side
) -> None:
    found = autocomplete(client(side_b.arbiter), "player")
    assert "Open B player 0" in found
    assert not [name for name in found if name.startswith("Open A")]
    # The control: A's arbiter finds his own.
    assert "Open A player 0" in autocomplete(client(side_a.arbiter), "player")


def test_the_entry_form_does_not_take_another_tournaments_player(
    side_a: Side, side_b: Side
) -> None:
    c = client(side_b.arbiter)
    unpaired = services.create_tournament(
        name="Spring B", kind="sos", rounds=3, online=False, created_by=side_b.arbiter
    )
    entry = services.register(
        tournament=unpaired, player=factories.make_player("Free"), user=side_b.arbiter
    )
    data = form_of(c.get(f"/admin/tournaments/entry/{entry.pk}/change/"))
    data["player"] = str(side_a.pairing.first.player_id)
    response = c.post(f"/admin/tournaments/entry/{entry.pk}/change/", data)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert entry.__class__.objects.get(pk=entry.pk).player.name == "Free"


def test_a_player_of_both_tournaments_is_seen_but_not_changed(side_a: Side, side_b: Side) -> None:
    shared = side_a.pairing.first.player
    later = services.create_tournament(
        name="Spring B", kind="sos", rounds=3, online=False, created_by=side_b.arbiter
    )
    services.register(tournament=later, player=shared, user=side_b.arbiter)
    c = client(side_b.arbiter)
    page = c.get(change_url(shared))
    assert page.status_code == 200
    assert 'name="name"' not in page.content.decode()  # read-only for him
    response = c.post(change_url(shared), {"name": "Renamed", "club": "", "rating": ""})
    assert response.status_code == 403
    assert Player.objects.get(pk=shared.pk).name == shared.name
    # A's arbiter, who has him only in his own tournaments… has him in B's too: read-only.
    assert 'name="name"' not in client(side_a.arbiter).get(change_url(shared)).content.decode()


def test_a_player_in_nothing_else_is_his_to_change(side_a: Side, side_b: Side) -> None:
    own = side_b.pairing.first.player
    free = factories.make_player("Free agent")
    c = client(side_b.arbiter)
    body = c.get(PLAYERS).content.decode()
    assert change_url(own) in body and change_url(free) in body
    for player in (own, free):
        data = form_of(c.get(change_url(player)))
        data["name"] = f"{player.name} (renamed)"
        assert c.post(change_url(player), data).status_code == 302
        assert Player.objects.get(pk=player.pk).name == f"{player.name} (renamed)"


def test_the_players_of_another_arbiters_board_game_are_not_his(side_b: Side) -> None:
    other = staff_arbiter("arbiter-c")
    seated = [factories.make_player("Board one"), factories.make_player("Board two")]
    game_services.create_game(
        kind="sos", options={}, players=seated, over_the_board=True, created_by=other
    )
    body = client(side_b.arbiter).get(PLAYERS).content.decode()
    assert change_url(seated[0]) not in body
    assert refused(client(side_b.arbiter).get(change_url(seated[0])))
    assert change_url(seated[0]) in client(other).get(PLAYERS).content.decode()


def test_a_superuser_sees_and_changes_every_player(
    side_a: Side, side_b: Side, superuser: User
) -> None:
    c = client(superuser)
    body = c.get(PLAYERS).content.decode()
    for side in (side_a, side_b):
        assert change_url(side.pairing.first.player) in body
    player = side_a.pairing.first.player
    data = form_of(c.get(change_url(player)))
    data["rating"] = "1234"
    assert c.post(change_url(player), data).status_code == 302
    assert Player.objects.get(pk=player.pk).rating == 1234
