"""The tournament's settings page: its arbiters change the settings through the same service as
the admin (``services.update_tournament``); the game, the format and the rules options are frozen
once round 1 is paired."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.tournaments.helpers import new_tournament, pair, seed_players
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def form_data(t: Tournament, **changes: Any) -> dict[str, Any]:
    data = {
        "name": t.name,
        "kind": t.kind,
        "format": t.format,
        "rounds": str(t.rounds or ""),
        "online": "on" if t.online else "",
        "points_win": str(t.points_win),
        "points_draw": str(t.points_draw),
        "points_loss": str(t.points_loss),
        "points_bye": str(t.points_bye),
        **{k: str(v) for k, v in t.options.items() if k in ("rows", "cols", "mode", "preset")},
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v != ""}


def test_the_arbiter_changes_the_settings_before_round_1(arbiter: User, client_for) -> None:
    t = new_tournament(arbiter, kind="sos")
    client = client_for(arbiter)
    assert client.get(f"/tournaments/{t.pk}/settings/").status_code == 200
    response = client.post(
        f"/tournaments/{t.pk}/settings/",
        form_data(t, name="Renamed", rows="4", cols="6", points_win="3", points_draw="1"),
    )
    assert response.status_code == 302
    after = Tournament.objects.get(pk=t.pk)
    assert after.name == "Renamed"
    assert (after.options["rows"], after.options["cols"]) == (4, 6)
    assert (after.points_win, after.points_draw) == (3, 1)


def test_after_round_1_the_game_format_and_rules_are_frozen(arbiter: User, client_for) -> None:
    t = new_tournament(arbiter, kind="sos")
    seed_players(t, arbiter, 4)
    pair(t, arbiter)
    t = Tournament.objects.get(pk=t.pk)
    client = client_for(arbiter)
    page = client.get(f"/tournaments/{t.pk}/settings/").content.decode()
    assert (
        "Round 1 is paired: the game, the format and the rules options can no longer change."
        in page
    )
    response = client.post(
        f"/tournaments/{t.pk}/settings/",
        form_data(t, name="Still open", kind="uttt", format="round_robin", rows="7"),
    )
    assert response.status_code == 302
    after = Tournament.objects.get(pk=t.pk)
    assert after.name == "Still open"
    assert (after.kind, after.format, after.options) == (t.kind, t.format, t.options)


def test_negative_points_are_refused(arbiter: User, client_for) -> None:
    t = new_tournament(arbiter)
    response = client_for(arbiter).post(
        f"/tournaments/{t.pk}/settings/", form_data(t, points_win="-1")
    )
    assert response.status_code == 200
    assert Tournament.objects.get(pk=t.pk).points_win == t.points_win


@pytest.mark.parametrize("who", ["plain_user", "other_arbiter"])
def test_nobody_else_opens_the_settings(
    request: pytest.FixtureRequest, arbiter: User, client_for, who: str
) -> None:
    t = new_tournament(arbiter)
    client = client_for(request.getfixturevalue(who))
    assert client.get(f"/tournaments/{t.pk}/settings/").status_code == 403
    assert client.post(f"/tournaments/{t.pk}/settings/", form_data(t, name="X")).status_code == 403
    assert Tournament.objects.get(pk=t.pk).name == t.name
    anonymous = client_for(None).get(f"/tournaments/{t.pk}/settings/")
    assert anonymous["Location"].startswith("/accounts/login/")
