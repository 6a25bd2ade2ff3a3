"""Players: the list with its search, a player's page and registering a new player."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client

from games.models import Player
from tests.conftest import GameFactory
from tests.views.conftest import make_player, make_user
from tests.views.helpers import body, form_data, parse, play

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
ClientFor = Callable[[User | None], Client]


def listed_names(response: HttpResponse) -> list[str]:
    page = parse(response)
    tables = page.find_all("table", cls="table")
    if not tables:
        return []
    return [tr.find_all("td")[0].text() for tr in tables[0].find("tbody").find_all("tr")]


# -- the list --------------------------------------------------------------------------------------


def test_player_list_shows_everyone_by_name(
    client: Client, alice: Player, boris: Player, carol: Player
) -> None:
    response = client.get("/players/", **EN)
    assert listed_names(response) == ["Alice", "Carol", "Борис"]
    page = parse(response)
    assert page.find("a", href=alice.get_absolute_url()).text() == "Alice"
    assert "Chess Club" in page.find("table", cls="table").text()


@pytest.mark.parametrize(
    ("q", "names"),
    [
        ("ali", ["Alice"]),
        ("ALI", ["Alice"]),
        ("  carol  ", ["Carol"]),
        ("Бор", ["Борис"]),
        ("chess", ["Alice"]),  # the club
        ("", ["Alice", "Carol", "Борис"]),
    ],
)
def test_player_search(
    client: Client, alice: Player, boris: Player, carol: Player, q: str, names: list[str]
) -> None:
    response = client.get("/players/", {"q": q})
    assert listed_names(response) == names
    assert parse(response).find("input", name="q").attrs["value"] == q.strip()


def test_player_search_ignores_case_in_cyrillic(client: Client, boris: Player) -> None:
    assert listed_names(client.get("/players/", {"q": "борис"})) == ["Борис"]


def test_player_search_without_matches(client: Client, alice: Player) -> None:
    response = client.get("/players/", {"q": "zzz"}, **EN)
    assert listed_names(response) == []
    assert "No players found." in body(response)


def test_the_register_link_is_only_for_those_who_may(
    client: Client, client_for: ClientFor, alice_client: Client, superuser: User
) -> None:
    assert not parse(client.get("/players/")).has("a", href="/players/new/")
    assert not parse(alice_client.get("/players/")).has("a", href="/players/new/")
    assert parse(client_for(superuser).get("/players/")).has("a", href="/players/new/")


# -- a player's page -------------------------------------------------------------------------------


def test_player_page_lists_their_games(
    client: Client, alice: Player, boris: Player, carol: Player, new_game: GameFactory
) -> None:
    with_boris = play(new_game("uttt"), "E5")
    with_carol = new_game("sos", players=[carol, alice])
    finished = play(new_game("sos", mode="first"), "A1=S", "B1=O", "C1=S")
    without_alice = new_game("uttt", players=[boris, carol])
    response = client.get(alice.get_absolute_url(), **EN)
    page = parse(response)
    assert page.find("h1").text() == "Alice"
    facts = page.find("dl", cls="facts").text()
    assert "Chess Club" in facts
    assert "1500" in facts
    table = page.find("table", cls="table")
    links = {a.attrs["href"] for a in table.find_all("a") if a.attrs["href"].startswith("/games/")}
    assert links == {g.get_absolute_url() for g in (with_boris, with_carol, finished)}
    assert without_alice.get_absolute_url() not in body(response)


def test_player_without_games(client: Client, carol: Player) -> None:
    response = client.get(carol.get_absolute_url(), **EN)
    assert "No games here yet." in body(response)


def test_unknown_player_is_404(client: Client, db: None) -> None:
    assert client.get("/players/999999/").status_code == 404


# -- registering a player --------------------------------------------------------------------------


def test_anonymous_cannot_register_players(client: Client, db: None) -> None:
    response = client.get("/players/new/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/players/new/"
    response = client.post("/players/new/", {"name": "Mallory"})
    assert response.status_code == 302
    assert not Player.objects.filter(name="Mallory").exists()


def test_a_plain_user_cannot_register_players(alice_client: Client) -> None:
    """Logged in without the permission: the 403 page, not the login form."""
    assert alice_client.get("/players/new/").status_code == 403
    response = alice_client.post("/players/new/", {"name": "Mallory"})
    assert response.status_code == 403
    assert not Player.objects.filter(name="Mallory").exists()


def test_staff_without_the_permission_cannot_register_players(
    client_for: ClientFor, staff: User
) -> None:
    response = client_for(staff).post("/players/new/", {"name": "Mallory"})
    assert response.status_code == 403
    assert not Player.objects.filter(name="Mallory").exists()


def test_only_a_superuser_links_the_new_player_to_an_account(
    client_for: ClientFor, registrar: User, superuser: User, outsider: User
) -> None:
    account = make_user("fresh")
    client = client_for(registrar)
    assert 'name="user"' not in client.get("/players/new/").content.decode()
    client.post("/players/new/", {"name": "Mallory", "user": str(account.pk)})
    assert Player.objects.get(name="Mallory").user is None
    su = client_for(superuser)
    assert 'name="user"' in su.get("/players/new/").content.decode()
    su.post("/players/new/", {"name": "Trent", "user": str(account.pk)})
    assert Player.objects.get(name="Trent").user == account


def test_a_superuser_registers_a_player(client_for: ClientFor, superuser: User) -> None:
    client = client_for(superuser)
    form = parse(client.get("/players/new/", **EN)).find("form", cls="stacked-form")
    data = {**form_data(form), "name": "  Иван \t  Петров\n ", "club": "Шахматный клуб"}
    response = client.post("/players/new/", data)
    player = Player.objects.get(club="Шахматный клуб")
    assert player.name == "Иван Петров"
    assert response.status_code == 302
    assert response["Location"] == player.get_absolute_url()
    assert parse(client.get(player.get_absolute_url())).find("h1").text() == "Иван Петров"


def test_the_add_player_permission_is_enough(client_for: ClientFor, registrar: User) -> None:
    client = client_for(registrar)
    assert client.get("/players/new/").status_code == 200
    response = client.post("/players/new/", {"name": "Dmitri", "rating": "1200"})
    assert response.status_code == 302
    assert Player.objects.get(name="Dmitri").rating == 1200


def test_a_blank_name_is_refused(client_for: ClientFor, superuser: User) -> None:
    response = client_for(superuser).post("/players/new/", {"name": "   "}, **EN)
    assert response.status_code == 200
    errors = " ".join(ul.text() for ul in parse(response).find_all("ul", cls="errorlist"))
    assert errors
    assert not Player.objects.exists()


def test_player_list_pages(client: Client, db: None) -> None:
    for n in range(35):
        make_player(f"Player {n:02d}")
    first = client.get("/players/", **EN)
    assert len(listed_names(first)) == 30
    second = client.get("/players/", {"page": "2"})
    assert listed_names(second) == [f"Player {n:02d}" for n in range(30, 35)]
    assert client.get("/players/", {"page": "nonsense"}).status_code == 200
    assert client.get("/players/", {"page": "999"}).status_code == 200
