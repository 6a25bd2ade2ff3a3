"""What the database will check is checked first: a pasted list's preview refuses a name longer
than the player's column (and an e-mail address longer than the invitation's), so the apply never
meets a "value too long"; the services refuse it too, whoever calls them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from accounts import services
from accounts.errors import AccountError
from accounts.models import Invitation
from games import player_services
from games.models import Player
from tests.accounts.conftest import EN
from tests.factories import make_player, make_user, with_permission

pytestmark = pytest.mark.django_db

NAME_LIMIT = Player._meta.get_field("name").max_length
EMAIL_LIMIT = Invitation._meta.get_field("email").max_length
ADD = "/accounts/players/add/"


@pytest.fixture
def adder(db: None) -> User:
    return with_permission(make_user("adder"), "games.add_player")


def test_the_limits_are_the_models() -> None:
    assert (NAME_LIMIT, EMAIL_LIMIT) == (100, 254)


def long_address(length: int) -> str:
    """A well-formed address of ``length`` characters (labels of at most 63)."""
    domain = ".".join(["d" * 60] * 4) + ".org"  # 247 characters
    local = "a" * (length - len(domain) - 1)
    assert 0 < len(local) <= 64
    return f"{local}@{domain}"


def test_a_name_at_the_limit_is_added_and_one_past_it_is_refused_in_the_preview(
    client: Client, adder: User
) -> None:
    client.force_login(adder)
    at_limit, past = "A" * NAME_LIMIT, "B" * (NAME_LIMIT + 1)
    preview = client.post(ADD, {"players": f"{at_limit}\n{past}", "preview": "1"}, **EN)
    assert preview.status_code == 200
    assert "The name is too long. At most 100 characters, please." in preview.content.decode()
    assert 'name="confirm"' not in preview.content.decode()  # nothing to confirm
    # Confirmed anyway (a forged or stale form): refused, nothing written.
    applied = client.post(ADD, {"players": f"{at_limit}\n{past}", "confirm": "1"}, **EN)
    assert applied.status_code == 200
    assert "Correct the list first" in applied.content.decode()
    assert not Player.objects.exists()
    added = client.post(ADD, {"players": at_limit, "confirm": "1"}, **EN)
    assert added.status_code == 302
    assert list(Player.objects.values_list("name", flat=True)) == [at_limit]


def test_an_address_longer_than_the_column_is_refused_in_the_preview() -> None:
    at_limit, past = long_address(EMAIL_LIMIT), long_address(EMAIL_LIMIT + 1)
    with translation.override("en"):
        rows = services.read_player_list(f"Anna, {at_limit}\nBoris, {past}")
    assert rows[0].errors == [] and rows[0].email == at_limit
    assert rows[1].errors == ["The e-mail address is too long. At most 254 characters, please."]


def test_a_rating_in_other_digits_is_an_error_not_a_crash(client: Client, adder: User) -> None:
    """``"²".isdigit()`` is true, but ``int("²")`` fails."""
    client.force_login(adder)
    response = client.post(ADD, {"players": "Anna, ²\nBoris, ١٢٣٤", "preview": "1"}, **EN)
    assert response.status_code == 200
    assert response.content.decode().count("is neither an e-mail address nor a rating") == 2


def test_the_invitation_form_takes_the_columns_length(client: Client, adder: User) -> None:
    player = make_player("Anna")
    client.force_login(adder)
    url = f"/accounts/players/{player.pk}/invite/"
    response = client.post(url, {"email": long_address(EMAIL_LIMIT + 1)}, **EN)
    assert response.status_code == 200
    assert "Ensure this value has at most 254 characters" in response.content.decode()
    assert not Invitation.objects.exists()
    assert client.post(url, {"email": long_address(EMAIL_LIMIT)}, **EN).status_code == 302
    assert Invitation.objects.count() == 1


@pytest.mark.parametrize("field", ["name", "club"])
def test_the_player_services_refuse_what_the_column_cannot_hold(field: str) -> None:
    limit = Player._meta.get_field(field).max_length
    values = {"name": "Anna", "club": ""}
    with pytest.raises(ValueError, match="too long"):
        player_services.create_player(**{**values, field: "x" * (limit + 1)})
    player = player_services.create_player(**{**values, field: "x" * limit})
    with pytest.raises(ValueError, match="too long"):
        player_services.update_player(player=player, **{**values, field: "y" * (limit + 1)})
    assert not Player.objects.filter(**{field: "y" * (limit + 1)}).exists()


def test_a_too_long_own_name_is_an_account_error() -> None:
    with pytest.raises(AccountError):
        services.make_own_player(user=make_user("nina"), name="N" * (NAME_LIMIT + 1))
    assert not Player.objects.exists()
