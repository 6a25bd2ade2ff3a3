"""The tournament's settings page: its arbiters change the settings through the same service as
the admin (``tournament_settings.update_tournament``); the game, the format and the rules options
are frozen once round 1 is paired."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.tournaments.helpers import make_user, new_tournament, pair, seed_players
from tournaments.acts import tournament_settings
from tournaments.errors import TournamentError
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def form_data(t: Tournament, **changes: Any) -> dict[str, Any]:
    data = {
        "arbiters": ", ".join(a.username for a in t.arbiters.all()),
        "name": t.name,
        "kind": t.kind,
        "format": t.format,
        "rounds": str(t.rounds or ""),
        "online": "on" if t.online else "",
        "points_win": str(t.points_win),
        "points_draw": str(t.points_draw),
        "points_loss": str(t.points_loss),
        "points_bye": str(t.points_bye),
        "engine_seconds": str(t.engine_seconds),
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


def settings_page(client, t: Tournament):
    return client.get(f"/tournaments/{t.pk}/settings/")


def test_an_arbiter_adds_and_removes_co_arbiters(arbiter: User, client_for) -> None:
    t = new_tournament(arbiter)
    helper = make_user("helper")
    client = client_for(arbiter)
    assert settings_page(client, t).context["form"]["arbiters"].value() == "arbiter"
    response = client.post(
        f"/tournaments/{t.pk}/settings/", form_data(t, arbiters="arbiter, helper")
    )
    assert response.status_code == 302
    assert set(t.arbiters.values_list("username", flat=True)) == {"arbiter", "helper"}
    # The co-arbiter may now run the tournament, and removes the first arbiter.
    co = client_for(helper)
    assert settings_page(co, t).status_code == 200
    assert co.post(f"/tournaments/{t.pk}/settings/", form_data(t, arbiters="helper")).status_code
    assert list(t.arbiters.values_list("username", flat=True)) == ["helper"]
    assert settings_page(client, t).status_code == 403


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("", "This field is required."),
        (" , ,", "A tournament needs at least one arbiter."),
        ("arbiter, nobody", "No active account is called nobody."),
        ("arbiter, gone", "No active account is called gone."),
    ],
)
def test_bad_arbiters_are_refused_and_nothing_is_saved(
    arbiter: User, client_for, written: str, message: str
) -> None:
    t = new_tournament(arbiter)
    make_user("gone", is_active=False)
    response = client_for(arbiter).post(
        f"/tournaments/{t.pk}/settings/", {**form_data(t, name="Renamed"), "arbiters": written}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["arbiters"] == [message]
    after = Tournament.objects.get(pk=t.pk)
    assert after.name == t.name  # the other settings were not saved either
    assert list(after.arbiters.values_list("username", flat=True)) == ["arbiter"]


def test_the_last_arbiter_cannot_be_removed_by_the_service(arbiter: User) -> None:
    t = new_tournament(arbiter)
    with pytest.raises(TournamentError) as info:
        tournament_settings.set_arbiters(tournament=t, user=arbiter, arbiters=[])
    assert info.value.code == "arbiters"
    assert list(t.arbiters.all()) == [arbiter]
    closed = make_user("closed", is_active=False)
    with pytest.raises(TournamentError) as info:
        tournament_settings.set_arbiters(tournament=t, user=arbiter, arbiters=[arbiter, closed])
    assert info.value.code == "arbiters"


def test_only_an_arbiter_names_the_arbiters(arbiter: User, plain_user: User) -> None:
    t = new_tournament(arbiter)
    with pytest.raises(TournamentError) as info:
        tournament_settings.set_arbiters(tournament=t, user=plain_user, arbiters=[plain_user])
    assert info.value.code == "not_allowed"
    assert list(t.arbiters.all()) == [arbiter]


def test_the_claim_time_is_set_and_cleared_on_the_settings_page(arbiter: User, client_for) -> None:
    t = new_tournament(arbiter)
    client = client_for(arbiter)
    url = f"/tournaments/{t.pk}/settings/"
    assert client.post(url, form_data(t, claim_after_minutes="15")).status_code == 302
    assert Tournament.objects.get(pk=t.pk).claim_after_minutes == 15
    assert settings_page(client, t).context["form"]["claim_after_minutes"].value() == 15
    response = client.post(url, form_data(t, claim_after_minutes="0"))
    assert response.status_code == 200 and "claim_after_minutes" in response.context["form"].errors
    assert client.post(url, form_data(t)).status_code == 302  # left empty: no claims
    assert Tournament.objects.get(pk=t.pk).claim_after_minutes is None


def test_acceleration_and_the_dummy_cap_are_set_on_the_settings_page(
    arbiter: User, client_for
) -> None:
    t = new_tournament(arbiter, kind="uttt", rounds=5)
    client = client_for(arbiter)
    url = f"/tournaments/{t.pk}/settings/"
    data = form_data(t, acceleration="baku", dummy_cap="on", preset="tactical")
    assert client.post(url, data).status_code == 302
    after = Tournament.objects.get(pk=t.pk)
    assert (after.acceleration, after.dummy_cap) == ("baku", True)
    form = settings_page(client, t).context["form"]
    assert (form["acceleration"].value(), form["dummy_cap"].value()) == ("baku", True)
    # Through the same validation as at creation: a round robin is never accelerated.
    response = client.post(url, form_data(t, format="round_robin", acceleration="baku"))
    assert response.status_code == 200
    assert Tournament.objects.get(pk=t.pk).format == "swiss"


def test_the_settings_page_shows_the_arbiters_and_the_claim_time(arbiter: User, client_for) -> None:
    t = new_tournament(arbiter)
    page = settings_page(client_for(arbiter), t).content.decode()
    assert 'name="arbiters"' in page and 'name="claim_after_minutes"' in page
    assert "Arbiters and claims" in page


def test_the_engine_time_is_set_on_the_settings_page(arbiter: User, client_for) -> None:
    t = new_tournament(arbiter)
    client = client_for(arbiter)
    assert settings_page(client, t).context["form"]["engine_seconds"].value() == 10
    response = client.post(f"/tournaments/{t.pk}/settings/", form_data(t, engine_seconds="30"))
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.engine_seconds == 30
    response = client.post(f"/tournaments/{t.pk}/settings/", form_data(t, engine_seconds="0"))
    assert response.status_code == 200 and response.context["form"].errors["engine_seconds"]
    t.refresh_from_db()
    assert t.engine_seconds == 30
