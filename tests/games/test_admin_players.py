"""A player added in the admin is registered by the same service as on the site."""

from __future__ import annotations

from unittest import mock

import pytest
from django.utils import translation

from games import player_services
from games.models import Player

pytestmark = pytest.mark.django_db


def test_admin_add_player_goes_through_create_player(admin_client, django_user_model) -> None:
    account = django_user_model.objects.create_user("zoe", password="x")
    real = player_services.create_player
    with mock.patch.object(player_services, "create_player", wraps=real) as spy:
        response = admin_client.post(
            "/admin/games/player/add/",
            {
                "name": "  Zoë   Ivanova ",
                "club": " Chess  Club ",
                "rating": "1500",
                "user": account.pk,
            },
        )
    assert response.status_code == 302, response.content[:2000]
    assert spy.call_count == 1
    player = Player.objects.get()
    assert player.name == "Zoë Ivanova"  # normalised by the service
    assert player.club == "Chess Club"
    assert player.user == account
    assert response["Location"].endswith("/admin/games/player/")


def test_admin_change_player_goes_through_update_player(admin_client, django_user_model) -> None:
    account = django_user_model.objects.create_user("zoe", password="x")
    player = player_services.create_player(name="Zoe", user=account)
    real = player_services.update_player
    with mock.patch.object(player_services, "update_player", wraps=real) as spy:
        response = admin_client.post(
            f"/admin/games/player/{player.pk}/change/",
            {"name": "  Zoë   Petrova ", "club": " Club  B ", "rating": "1600", "user": ""},
        )
    assert response.status_code == 302, response.content[:2000]
    assert spy.call_count == 1
    player.refresh_from_db()
    assert (player.name, player.club, player.rating) == ("Zoë Petrova", "Club B", 1600)
    assert player.user is None  # a superuser may unlink the account


def test_update_player_keeps_the_account_unless_told(django_user_model) -> None:
    account = django_user_model.objects.create_user("ann", password=None)
    player = player_services.create_player(name="Ann", user=account)
    player_services.update_player(player=player, name=" Ann  B ", rating=None, club="")
    player.refresh_from_db()
    assert (player.name, player.user) == ("Ann B", account)
    with translation.override("en"), pytest.raises(ValueError, match="needs a name"):
        player_services.update_player(player=player, name="   ")
    player.refresh_from_db()
    assert player.name == "Ann B"
