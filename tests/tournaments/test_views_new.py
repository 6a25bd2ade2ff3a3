"""The new tournament form: who may use it, Swiss and round robin with chosen tie-breaks, and
the errors it shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import make_creator
from tests.views.helpers import parse
from tournaments.acts import tournament_settings
from tournaments.models import Tournament
from tournaments.standings import ROUND_ROBIN_ORDER, SWISS_ORDER

pytestmark = pytest.mark.django_db

ClientFor = Callable[..., Client]
NEW = reverse("tournaments:new")


def form(**fields: Any) -> dict[str, Any]:
    """The data of the new tournament form: an online SOS Swiss of 5 rounds, default points."""
    data: dict[str, Any] = {
        "name": "Spring Swiss",
        "kind": "sos",
        "format": "swiss",
        "rounds": "5",
        "online": "on",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_bye": "1",
        "rows": "4",
        "cols": "4",
        "mode": "most",
    }
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


@pytest.fixture
def creator(db: None) -> User:
    return make_creator()


@pytest.fixture
def creator_client(creator: User, client_for: ClientFor) -> Client:
    return client_for(creator)


def errors_of(response) -> str:
    assert response.status_code == 200
    return " ".join(node.text() for node in parse(response).find_all(cls="errorlist"))


def test_anonymous_visitors_are_sent_to_log_in(client_for: ClientFor) -> None:
    response = client_for(None).get(NEW)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("who", ["plain_user", "arbiter"])
def test_the_add_tournament_permission_is_needed(
    who: str, client_for: ClientFor, request: pytest.FixtureRequest
) -> None:
    client = client_for(request.getfixturevalue(who))
    assert client.get(NEW).status_code == 403
    assert client.post(NEW, form()).status_code == 403
    assert not Tournament.objects.exists()


def test_the_list_links_to_the_form_for_creators_only(
    creator_client: Client, plain_user: User, client_for: ClientFor
) -> None:
    link = {"href": NEW}
    assert parse(creator_client.get(reverse("tournaments:list"))).has("a", **link)
    assert not parse(client_for(plain_user).get(reverse("tournaments:list"))).has("a", **link)


def test_the_form_offers_six_tie_breaks_and_the_rules_options(creator_client: Client) -> None:
    page = parse(creator_client.get(NEW))
    for n in range(6):
        select = page.find("select", name=f"tiebreak_{n}")
        values = [o.attrs["value"] for o in select.find_all("option")]
        assert values[0] == ""
        assert {"buchholz", "buchholz_cut1", "sonneborn_berger", "koya"} <= set(values)
    for name in ("rows", "cols", "preset", "rounds", "points_win"):
        assert page.has(name=name)


def test_a_swiss_is_created_with_the_chosen_tie_breaks(
    creator: User, creator_client: Client
) -> None:
    data = form(tiebreak_0="sos_points", tiebreak_1="buchholz", tiebreak_3="wins")
    response = creator_client.post(NEW, data)
    t = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == t.get_absolute_url()
    assert (t.name, t.kind, t.format, t.rounds, t.online) == (
        "Spring Swiss",
        "sos",
        "swiss",
        5,
        True,
    )
    assert (t.options["rows"], t.options["cols"], t.options["mode"]) == (4, 4, "most")
    assert t.tiebreaks == ["sos_points", "buchholz", "wins"]
    assert list(t.arbiters.all()) == [creator]
    assert t.created_by == creator


def test_a_round_robin_is_created_with_the_chosen_tie_breaks(creator_client: Client) -> None:
    data = form(
        name="Club Championship",
        kind="uttt",
        format="round_robin",
        rounds="",
        online=None,
        preset="classic",
        tiebreak_0="koya",
        tiebreak_1="sonneborn_berger",
    )
    assert creator_client.post(NEW, data).status_code == 302
    t = Tournament.objects.get()
    assert (t.kind, t.format, t.rounds, t.online) == ("uttt", "round_robin", None, False)
    assert t.options["preset"] == "classic"
    assert t.tiebreaks == ["koya", "sonneborn_berger"]


@pytest.mark.parametrize(
    ("format", "expected"), [("swiss", SWISS_ORDER), ("double_round_robin", ROUND_ROBIN_ORDER)]
)
def test_no_tie_break_chosen_means_the_formats_usual_order(
    creator_client: Client, format: str, expected: tuple
) -> None:
    data = form(format=format, kind="uttt", preset="tactical")
    assert creator_client.post(NEW, data).status_code == 302
    assert Tournament.objects.get().tiebreaks == list(expected)


@pytest.mark.parametrize("format", ["swiss", "round_robin"])
def test_no_tie_break_chosen_for_sos_means_the_sos_tie_breaks(
    creator_client: Client, format: str
) -> None:
    assert creator_client.post(NEW, form(format=format)).status_code == 302
    t = Tournament.objects.get()
    assert t.tiebreaks == tournament_settings.default_tiebreaks(format, "sos")
    assert {"sos_points", "sos_difference"} <= set(t.tiebreaks)


def shown_tiebreaks(client: Client, url: str) -> list[str]:
    form_ = client.get(url).context["form"]
    return [form_[f"tiebreak_{n}"].value() for n in range(6) if form_[f"tiebreak_{n}"].value()]


def test_the_new_form_shows_the_default_tie_breaks_of_its_game(creator_client: Client) -> None:
    assert shown_tiebreaks(creator_client, NEW) == tournament_settings.default_tiebreaks(
        "swiss", "uttt"
    )
    assert shown_tiebreaks(
        creator_client, NEW + "?kind=sos"
    ) == tournament_settings.default_tiebreaks("swiss", "sos")
    assert shown_tiebreaks(
        creator_client, NEW + "?kind=sos&format=round_robin"
    ) == tournament_settings.default_tiebreaks("round_robin", "sos")
    # Nonsense in the address is ignored.
    assert shown_tiebreaks(
        creator_client, NEW + "?kind=chess"
    ) == tournament_settings.default_tiebreaks("swiss", "uttt")


def test_the_shown_defaults_left_as_they_are_follow_the_game_chosen(
    creator_client: Client,
) -> None:
    """The form shows the ultimate tic-tac-toe Swiss order; the arbiter picks SOS and leaves the
    tie-breaks alone: the tournament gets the SOS order, not the one shown for another game."""
    shown = tournament_settings.default_tiebreaks("swiss", "uttt")
    data = form(**{f"tiebreak_{n}": key for n, key in enumerate(shown)})
    assert creator_client.post(NEW, data).status_code == 302
    assert Tournament.objects.get().tiebreaks == tournament_settings.default_tiebreaks(
        "swiss", "sos"
    )


def test_tie_breaks_changed_from_the_shown_ones_are_kept(creator_client: Client) -> None:
    data = form(tiebreak_0="buchholz", tiebreak_1="sos_points")
    assert creator_client.post(NEW, data).status_code == 302
    assert Tournament.objects.get().tiebreaks == ["buchholz", "sos_points"]


def test_a_tie_break_chosen_twice_is_refused(creator_client: Client) -> None:
    data = form(tiebreak_0="buchholz", tiebreak_1="wins", tiebreak_2="buchholz")
    response = creator_client.post(NEW, data)
    assert "Each tie-break can be chosen only once." in errors_of(response)
    assert not Tournament.objects.exists()
    # The form comes back with the choices made.
    page = parse(response)
    selected = page.find("select", name="tiebreak_2").find("option", selected="")
    assert selected.attrs["value"] == "buchholz"


def test_a_swiss_without_rounds_is_refused(creator_client: Client) -> None:
    response = creator_client.post(NEW, form(rounds=""))
    assert "A Swiss tournament needs its number of rounds." in errors_of(response)
    assert not Tournament.objects.exists()


def test_an_sos_tie_break_for_ultimate_is_refused_by_the_service(creator_client: Client) -> None:
    response = creator_client.post(NEW, form(kind="uttt", tiebreak_0="sos_points"))
    assert "SOS points tie-breaks need an SOS tournament." in errors_of(response)
    assert not Tournament.objects.exists()


def test_the_new_tournament_form_needs_the_csrf_token(creator: User, client_for: ClientFor) -> None:
    client = client_for(creator, enforce_csrf_checks=True)
    assert client.post(NEW, form()).status_code == 403
    page = parse(client.get(NEW))
    token = page.find("form", cls="stacked-form").find("input", name="csrfmiddlewaretoken")
    assert client.post(NEW, form(csrfmiddlewaretoken=token.attrs["value"])).status_code == 302
    assert Tournament.objects.count() == 1
