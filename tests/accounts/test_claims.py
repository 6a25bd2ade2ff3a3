"""A claim of an existing player waits for whoever may link him (an arbiter of every tournament he
is in, or a superuser), who confirms or rejects it on a page; only a confirmed claim links him."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts import services
from accounts.errors import AccountError
from accounts.models import ClaimStatus, PlayerClaim
from games.forms import PlayerForm
from games.models import Player
from tests.accounts.conftest import EN
from tests.factories import make_player, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def claimant(db: None) -> User:
    return make_user("claimant")


@pytest.fixture
def claim(claimant: User, listed: Player) -> PlayerClaim:
    return services.claim_player(user=claimant, player=listed)


def decide(client: Client, claim: PlayerClaim, decision: str) -> int:
    return client.post(
        "/accounts/claims/", {"claim": claim.pk, "decision": decision}, **EN
    ).status_code


def test_the_arbiter_of_the_players_tournament_confirms(
    client: Client, arbiter: User, claim: PlayerClaim, listed: Player, claimant: User
) -> None:
    client.force_login(arbiter)
    page = client.get("/accounts/claims/", **EN).content.decode()
    assert "Вера Листова" in page and "claimant" in page
    assert decide(client, claim, "confirm") == 302
    listed.refresh_from_db()
    assert listed.user == claimant
    claim.refresh_from_db()
    assert (claim.status, claim.decided_by) == (ClaimStatus.ACCEPTED, arbiter)


def test_a_rejected_claim_links_nothing(
    client: Client, arbiter: User, claim: PlayerClaim, listed: Player
) -> None:
    client.force_login(arbiter)
    assert decide(client, claim, "reject") == 302
    listed.refresh_from_db()
    assert listed.user is None
    assert PlayerClaim.objects.get().status == ClaimStatus.REJECTED


def test_an_arbiter_of_another_tournament_may_not_decide(
    client: Client, claim: PlayerClaim, listed: Player
) -> None:
    from tournaments.acts import services as tournament_services

    other = make_user("other-arbiter")
    tournament_services.create_tournament(name="Other", kind="sos", rounds=3, created_by=other)
    client.force_login(other)
    assert "Вера Листова" not in client.get("/accounts/claims/", **EN).content.decode()
    assert decide(client, claim, "confirm") == 403
    listed.refresh_from_db()
    assert listed.user is None
    with pytest.raises(AccountError):
        services.decide_claim(claim=claim, user=other, accept=True)


def test_a_player_arbitrating_nothing_gets_403(client: Client, claimant: User) -> None:
    client.force_login(claimant)
    assert client.get("/accounts/claims/").status_code == 403


def test_a_superuser_decides_any_claim(client: Client, claim: PlayerClaim, listed: Player) -> None:
    root = User.objects.create_superuser("root", password="x")
    client.force_login(root)
    assert decide(client, claim, "confirm") == 302
    listed.refresh_from_db()
    assert listed.user is not None


def test_confirming_one_claim_rejects_the_others(
    arbiter: User, claim: PlayerClaim, listed: Player
) -> None:
    rival = services.claim_player(user=make_user("rival"), player=listed)
    services.decide_claim(claim=claim, user=arbiter, accept=True)
    rival.refresh_from_db()
    assert rival.status == ClaimStatus.REJECTED
    with pytest.raises(AccountError):
        services.decide_claim(claim=rival, user=arbiter, accept=True)


def test_one_pending_claim_per_account(claimant: User, claim: PlayerClaim) -> None:
    with pytest.raises(AccountError):
        services.claim_player(user=claimant, player=make_player("Somebody"))


def test_a_linked_player_cannot_be_claimed(claimant: User) -> None:
    taken = make_player("Taken", make_user("owner"))
    with pytest.raises(AccountError):
        services.claim_player(user=claimant, player=taken)


def test_my_player_page_makes_a_player_later(client: Client, claimant: User) -> None:
    client.force_login(claimant)
    response = client.post("/accounts/player/", {"profile": "new", "name": "Late Comer"}, **EN)
    assert response.status_code == 302
    assert Player.objects.get(user=claimant).name == "Late Comer"
    page = client.get("/accounts/player/", **EN).content.decode()
    assert "Your account plays as" in page


def test_my_player_page_tells_a_claim_waits(
    client: Client, claimant: User, claim: PlayerClaim
) -> None:
    client.force_login(claimant)
    page = client.get("/accounts/player/", **EN).content.decode()
    assert "An arbiter will confirm it" in page


def test_the_account_list_offers_only_unlinked_accounts() -> None:
    root = User.objects.create_superuser("root", password="x")
    free = make_user("free")
    linked = make_user("linked")
    make_player("Linked", linked)
    choices = set(PlayerForm(user=root).fields["user"].queryset)
    assert free in choices and root in choices
    assert linked not in choices
    assert "user" not in PlayerForm(user=free).fields
