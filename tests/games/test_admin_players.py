"""A player added in the admin is registered by the same service as on the site."""

from __future__ import annotations

from unittest import mock

import pytest

from games import services
from games.models import Player

pytestmark = pytest.mark.django_db


def test_admin_add_player_goes_through_create_player(admin_client, django_user_model) -> None:
    account = django_user_model.objects.create_user("zoe", password="x")
    with mock.patch.object(services, "create_player", wraps=services.create_player) as spy:
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
