"""Arbiters add many players at once from a pasted list (read and shown first, duplicates
reported) and invite them by e-mail: the link signs up an account already linked."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import translation

from accounts import services
from accounts.errors import AccountError
from games.models import Player
from tests.accounts.conftest import EN, link_in_last_mail, sign_up
from tests.factories import committed, make_player, make_user, with_permission

pytestmark = pytest.mark.django_db

LIST = """Anna Alpha, anna@example.org, 1500
Boris Beta; 1400
  Вера Листова
Anna Alpha
Gleb Gamma\tgleb@example.org
"""


@pytest.fixture
def adder(db: None) -> User:
    return with_permission(make_user("adder"), "games.add_player")


def test_reading_the_list(listed: Player) -> None:
    rows = services.read_player_list(LIST)
    assert [(r.line, r.name, r.email, r.rating) for r in rows] == [
        (1, "Anna Alpha", "anna@example.org", 1500),
        (2, "Boris Beta", "", 1400),
        (3, "Вера Листова", "", None),
        (4, "Anna Alpha", "", None),
        (5, "Gleb Gamma", "gleb@example.org", None),
    ]
    assert rows[2].duplicate_of == listed
    assert rows[3].repeated
    assert [r.addable for r in rows] == [True, True, False, False, True]


def test_bad_cells_are_reported_per_line() -> None:
    with translation.override("en"):
        rows = services.read_player_list("Anna, not-mail@, x1\n, 1200\n")
    assert len(rows[0].errors) == 2
    assert rows[1].errors == ["A player needs a name."]


def test_preview_then_create(client: Client, adder: User, listed: Player) -> None:
    client.force_login(adder)
    preview = client.post("/accounts/players/add/", {"players": LIST, "preview": "1"}, **EN)
    text = preview.content.decode()
    assert "Registered already: skipped" in text and "Twice in the list: skipped" in text
    assert "3 players will be added." in text
    assert Player.objects.count() == 1  # nothing added yet
    with committed():  # the mails leave once the players are saved
        done = client.post(
            "/accounts/players/add/", {"players": LIST, "confirm": "1", "invite": "on"}, **EN
        )
    assert done.status_code == 302
    names = sorted(Player.objects.values_list("name", flat=True))
    assert names == ["Anna Alpha", "Boris Beta", "Gleb Gamma", "Вера Листова"]
    assert Player.objects.get(name="Anna Alpha").rating == 1500
    assert sorted(m.to[0] for m in mail.outbox) == ["anna@example.org", "gleb@example.org"]


def test_a_list_with_errors_adds_nothing(client: Client, adder: User) -> None:
    client.force_login(adder)
    response = client.post(
        "/accounts/players/add/", {"players": "Good One\nBad, x", "confirm": "1"}, **EN
    )
    assert response.status_code == 200
    assert not Player.objects.exists()
    with pytest.raises(AccountError):
        services.add_players(rows=services.read_player_list("Bad, x"), user=adder)


def test_only_arbiters_add_players(client: Client) -> None:
    client.force_login(make_user("nobody"))
    assert client.get("/accounts/players/add/").status_code == 403
    assert (
        client.post("/accounts/players/add/", {"players": "X", "confirm": "1"}).status_code == 403
    )
    assert not Player.objects.exists()


def test_an_invitation_signs_up_already_linked(arbiter: User, listed: Player) -> None:
    """Sent by the arbiter of the player's tournament (who may link him)."""
    arbiter_client = Client()
    arbiter_client.force_login(arbiter)
    with committed():
        response = arbiter_client.post(
            f"/accounts/players/{listed.pk}/invite/", {"email": "vera@example.org"}, **EN
        )
    assert response.status_code == 302
    assert mail.outbox[-1].to == ["vera@example.org"]
    link = urlparse(link_in_last_mail()).path
    visitor = Client()
    assert visitor.get(link).status_code == 302
    page = visitor.get("/accounts/signup/", **EN).content.decode()
    assert "You are invited as" in page and 'name="profile"' not in page
    assert 'value="vera@example.org"' in page
    response = sign_up(visitor, "vera", email="vera@example.org", profile="", name="")
    assert response.status_code == 302
    listed.refresh_from_db()
    assert listed.user == User.objects.get(username="vera")
    # The link is spent.
    again = Client().get(link, **EN)
    assert "This invitation has been used already." in again.content.decode()


def test_a_forged_invitation_is_refused(client: Client) -> None:
    response = client.get("/accounts/invitation/forged-token/", **EN)
    assert "This invitation link is not valid." in response.content.decode()


def test_a_linked_player_is_not_invited(adder: User) -> None:
    player = make_player("Has Account", make_user("has"))
    with pytest.raises(AccountError):
        services.send_invitation(player=player, email="a@example.org", user=adder, host="x")


def test_the_page_offers_to_invite_players_without_an_account(
    client: Client, adder: User, listed: Player
) -> None:
    """Those he may link: not ``listed``, a player of another arbiter's tournament."""
    free = make_player("Free One")
    linked = make_player("Linked One", make_user("linked"))
    client.force_login(adder)
    page = client.get("/accounts/players/add/", **EN).content.decode()
    assert f'href="/accounts/players/{free.pk}/invite/"' in page
    assert f'href="/accounts/players/{linked.pk}/invite/"' not in page
    assert f'href="/accounts/players/{listed.pk}/invite/"' not in page


def test_the_tournament_page_links_its_arbiter_to_add_players_and_claims(
    client: Client, adder: User
) -> None:
    from tests.tournaments.helpers import new_tournament

    t = new_tournament(adder)
    client.force_login(adder)
    page = client.get(t.get_absolute_url()).content.decode()
    assert (
        f'href="/accounts/players/add/?tournament={t.pk}"' in page
        and 'href="/accounts/claims/"' in page
    )
    client.force_login(make_user("visitor"))
    page = client.get(t.get_absolute_url()).content.decode()
    assert "/accounts/players/add/" not in page and "/accounts/claims/" not in page
