"""Linking a player to an account (issue 26, item 2): every path asks one function,
``games.authority.may_link_player`` — the invitation (sent, and again when its link is used at
sign-up), the claim's confirmation (also of a claim made at sign-up), the admin's account field and
the bulk *Add players* page with its invitations. An arbiter of tournament B never links a player
of tournament A: not his own, not by entering A's player in B first, not through an invitation sent
before the player was entered in A. Each path has its positive case too.
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core import mail
from django.test import Client

from accounts import services
from accounts.errors import AccountError
from accounts.models import ClaimStatus, Invitation, PlayerClaim
from games import authority
from games import services as game_services
from games.models import Player
from tests.accounts.conftest import PASSWORD, link_in_last_mail
from tests.factories import committed, make_player, make_user
from tests.security.test_admin_authority import form_of, refused, staff_arbiter
from tournaments.acts import services as tournament_services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
REFUSED = "Only a superuser, or an arbiter of every tournament this player is in"
WITHDRAWN = "This invitation is no longer valid"


@pytest.fixture
def arbiter_a(db: None) -> User:
    """A member of the Arbiter group (staff), the arbiter of tournament A."""
    return staff_arbiter("arbiter-a")


@pytest.fixture
def arbiter_b(db: None) -> User:
    """A member of the Arbiter group (staff), the arbiter of tournament B only."""
    return staff_arbiter("arbiter-b")


@pytest.fixture
def tournament_a(arbiter_a: User) -> Tournament:
    return tournament_services.create_tournament(
        name="Open A", kind="sos", rounds=3, created_by=arbiter_a
    )


@pytest.fixture
def tournament_b(arbiter_b: User) -> Tournament:
    return tournament_services.create_tournament(
        name="Open B", kind="sos", rounds=3, created_by=arbiter_b
    )


@pytest.fixture
def vera(tournament_a: Tournament, tournament_b: Tournament, arbiter_a: User) -> Player:
    """A player entered in tournament A only, with no account."""
    player = make_player("Vera Listova")
    tournament_services.register(tournament=tournament_a, player=player, user=arbiter_a)
    return player


@pytest.fixture
def superuser(db: None) -> User:
    return User.objects.create_superuser(username="root", password=PASSWORD)


def client(user: User | None = None) -> Client:
    c = Client(**EN)
    if user is not None:
        c.force_login(user)
    return c


def invite(user: User, player: Player, email: str) -> int:
    with committed():
        response = client(user).post(f"/accounts/players/{player.pk}/invite/", {"email": email})
    return response.status_code


def sign_up_through(link: str, username: str, email: str) -> Client:
    """Open an invitation's link and sign up on the page it leads to."""
    visitor = client()
    visitor.get(urlparse(link).path)
    visitor.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )
    return visitor


def decide(user: User, claim: PlayerClaim, decision: str = "confirm") -> int:
    response = client(user).post("/accounts/claims/", {"claim": claim.pk, "decision": decision})
    return response.status_code


# -- the one answer -----------------------------------------------------------------------------


def test_who_may_link_a_player(
    arbiter_a: User,
    arbiter_b: User,
    tournament_a: Tournament,
    tournament_b: Tournament,
    vera: Player,
    superuser: User,
) -> None:
    free = make_player("Free agent")
    shared = make_player("Shared")
    tournament_services.register(tournament=tournament_a, player=shared, user=arbiter_a)
    tournament_services.register(tournament=tournament_b, player=shared, user=arbiter_b)
    co_arbiter = make_user("co-arbiter")  # named by A, outside the Arbiter group
    tournament_a.arbiters.add(co_arbiter)
    member = make_user("member")
    cases = {
        # (user, player): may link
        (superuser, vera): True,
        (superuser, shared): True,
        (arbiter_a, vera): True,
        (co_arbiter, vera): True,
        (arbiter_b, vera): False,  # the issue: another tournament's arbiter
        (arbiter_a, shared): False,  # in B's too: B's arbiter has him as well
        (arbiter_b, shared): False,
        (arbiter_a, free): True,  # in nothing yet: any member who registers players
        (arbiter_b, free): True,
        (co_arbiter, free): False,  # arbitrates, but registers no players
        (member, vera): False,
        (member, free): False,
    }
    for (user, player), allowed in cases.items():
        assert authority.may_link_player(user, player) is allowed, (user, player)
        linkable = authority.linkable_players(user).filter(pk=player.pk).exists()
        assert linkable is allowed, (user, player)
    assert not authority.may_link_player(AnonymousUser(), free)
    assert not authority.may_link_player(None, free)
    User.objects.filter(pk=arbiter_a.pk).update(is_active=False)
    assert not authority.may_link_player(User.objects.get(pk=arbiter_a.pk), vera)


def test_an_arbiter_of_another_over_the_board_game_may_not_link_its_players(
    arbiter_a: User, arbiter_b: User
) -> None:
    seated = [make_player("Board one"), make_player("Board two")]
    game_services.create_game(
        kind="sos", options={}, players=seated, over_the_board=True, created_by=arbiter_a
    )
    assert authority.may_link_player(arbiter_a, seated[0])
    assert not authority.may_link_player(arbiter_b, seated[0])


# -- invitations --------------------------------------------------------------------------------


def test_the_issue_an_arbiter_of_another_tournament_may_not_invite(
    arbiter_b: User, vera: Player
) -> None:
    """The reproduction: B's arbiter invites A's player with his own address."""
    form = client(arbiter_b).get(f"/accounts/players/{vera.pk}/invite/")
    assert form.status_code == 403
    assert invite(arbiter_b, vera, "arbiter-b@example.org") == 403
    assert "Not allowed" in form.content.decode()  # the site's 403 page
    with pytest.raises(AccountError) as refusal:
        services.send_invitation(
            player=vera, email="arbiter-b@example.org", user=arbiter_b, host="x"
        )
    assert refusal.value.code == "not_allowed" and REFUSED in refusal.value.message
    assert not Invitation.objects.exists() and not mail.outbox
    vera.refresh_from_db()
    assert vera.user is None


def test_the_players_arbiter_invites_and_the_link_signs_up_linked(
    arbiter_a: User, vera: Player
) -> None:
    assert invite(arbiter_a, vera, "vera@example.org") == 302
    sign_up_through(link_in_last_mail(), "vera", "vera@example.org")
    vera.refresh_from_db()
    assert vera.user == User.objects.get(username="vera")


def test_an_invitation_whose_sender_lost_the_tournament_is_not_redeemed(
    arbiter_a: User, tournament_a: Tournament, vera: Player
) -> None:
    """Sent while A's arbiter had her; he is no longer A's arbiter when the link is used."""
    assert invite(arbiter_a, vera, "vera@example.org") == 302
    link = link_in_last_mail()
    visitor = client()
    visitor.get(urlparse(link).path)  # the invitation is in the session: the sign-up page next
    tournament_a.arbiters.set([make_user("new-arbiter")])
    # Opened now, the link says so…
    assert WITHDRAWN in client().get(urlparse(link).path).content.decode()
    # …and a sign-up already under way makes the account, unlinked, and says why.
    response = visitor.post(
        "/accounts/signup/",
        {
            "username": "vera",
            "email": "vera@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        follow=True,
    )
    assert WITHDRAWN in response.content.decode()
    vera.refresh_from_db()
    assert vera.user is None
    assert Invitation.objects.get().accepted_at is None
    account = User.objects.get(username="vera")
    with pytest.raises(AccountError) as refusal:
        services.accept_invitation(invitation=Invitation.objects.get(), user=account)
    assert refusal.value.code == "withdrawn"


def test_an_invitation_sent_before_the_player_was_entered_elsewhere_is_not_redeemed(
    arbiter_a: User, arbiter_b: User, tournament_a: Tournament
) -> None:
    """B's arbiter invites a player in nothing (his to link then) to his own address; A's
    arbiter enters that player in A: the invitation no longer links him."""
    free = make_player("Free agent")
    assert invite(arbiter_b, free, "arbiter-b@example.org") == 302
    link = link_in_last_mail()
    tournament_services.register(tournament=tournament_a, player=free, user=arbiter_a)
    sign_up_through(link, "sock", "arbiter-b@example.org")
    free.refresh_from_db()
    assert free.user is None


def test_an_invitation_of_a_deactivated_sender_is_not_redeemed(
    arbiter_a: User, vera: Player
) -> None:
    assert invite(arbiter_a, vera, "vera@example.org") == 302
    link = link_in_last_mail()
    User.objects.filter(pk=arbiter_a.pk).update(is_active=False)
    assert WITHDRAWN in client().get(urlparse(link).path).content.decode()
    sign_up_through(link, "vera", "vera@example.org")
    vera.refresh_from_db()
    assert vera.user is None


# -- claims, made on the "my player" page or at sign-up ----------------------------------------


def test_a_claim_made_at_sign_up_is_decided_by_the_players_arbiter_only(
    arbiter_a: User, arbiter_b: User, vera: Player
) -> None:
    visitor = client()
    visitor.post(
        "/accounts/signup/",
        {
            "username": "vera",
            "email": "vera@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "profile": "claim",
            "player": str(vera.pk),
        },
    )
    claim = PlayerClaim.objects.get(player=vera)
    assert "Vera Listova" not in client(arbiter_b).get("/accounts/claims/").content.decode()
    assert decide(arbiter_b, claim) == 403
    vera.refresh_from_db()
    assert vera.user is None
    assert "Vera Listova" in client(arbiter_a).get("/accounts/claims/").content.decode()
    assert decide(arbiter_a, claim) == 302
    vera.refresh_from_db()
    assert vera.user == User.objects.get(username="vera")


def test_entering_anothers_player_does_not_let_an_arbiter_confirm_a_claim(
    arbiter_a: User, arbiter_b: User, tournament_b: Tournament, vera: Player
) -> None:
    """B's arbiter enters A's player in B, then confirms the claim of his own second account:
    he has her in B, but A's arbiter has her too."""
    tournament_services.register(tournament=tournament_b, player=vera, user=arbiter_b)
    claim = services.claim_player(user=make_user("sock"), player=vera)
    assert "Vera Listova" not in client(arbiter_b).get("/accounts/claims/").content.decode()
    assert decide(arbiter_b, claim) == 403
    with pytest.raises(AccountError) as refusal:
        services.decide_claim(claim=claim, user=arbiter_b, accept=True)
    assert refusal.value.code == "not_allowed"
    # Nor may A's arbiter now: she is in B too. A superuser may.
    assert decide(arbiter_a, claim) == 403
    claim.refresh_from_db()
    vera.refresh_from_db()
    assert (claim.status, vera.user) == (ClaimStatus.PENDING, None)
    superuser = User.objects.create_superuser(username="root", password=PASSWORD)
    assert decide(superuser, claim) == 302
    vera.refresh_from_db()
    assert vera.user == claim.user


def test_a_claim_of_a_player_in_nothing_is_decided_by_an_arbiter_without_tournaments(
    db: None,
) -> None:
    """A member of the Arbiter group who registers players and runs no tournament yet has the
    claims page for the players in nothing."""
    registrar = staff_arbiter("registrar")
    free = make_player("Free agent")
    claim = services.claim_player(user=make_user("free"), player=free)
    assert "Free agent" in client(registrar).get("/accounts/claims/").content.decode()
    assert decide(registrar, claim) == 302
    free.refresh_from_db()
    assert free.user == claim.user


# -- the admin ----------------------------------------------------------------------------------


def test_the_admin_does_not_let_another_tournaments_arbiter_link(
    arbiter_b: User, tournament_b: Tournament, vera: Player
) -> None:
    url = f"/admin/games/player/{vera.pk}/change/"
    sock = make_user("sock")
    assert refused(client(arbiter_b).get(url))
    response = client(arbiter_b).post(url, {"name": vera.name, "user": str(sock.pk)})
    assert refused(response)
    # Entered in B as well, she is visible to him, read-only, the account field too.
    tournament_services.register(tournament=tournament_b, player=vera, user=arbiter_b)
    page = client(arbiter_b).get(url)
    assert page.status_code == 200 and 'name="user"' not in page.content.decode()
    assert client(arbiter_b).post(url, {"name": vera.name, "user": str(sock.pk)}).status_code == 403
    vera.refresh_from_db()
    assert vera.user is None


def test_in_the_admin_a_superuser_links_and_an_arbiter_only_sees_the_link(
    arbiter_a: User, vera: Player, superuser: User
) -> None:
    url = f"/admin/games/player/{vera.pk}/change/"
    account = make_user("vera")
    # A's arbiter changes her name and rating, but the account is picked by a superuser only.
    data = form_of(client(arbiter_a).get(url))
    assert "user" not in data
    assert client(arbiter_a).post(url, {**data, "user": str(account.pk)}).status_code == 302
    vera.refresh_from_db()
    assert vera.user is None
    data = form_of(client(superuser).get(url))
    data["user"] = str(account.pk)
    assert client(superuser).post(url, data).status_code == 302
    vera.refresh_from_db()
    assert vera.user == account


# -- adding many players, with invitations ------------------------------------------------------


def test_the_add_players_page_offers_to_invite_only_players_he_may_link(
    arbiter_a: User, arbiter_b: User, vera: Player
) -> None:
    free = make_player("Free agent")
    href = f'href="/accounts/players/{vera.pk}/invite/"'
    page = client(arbiter_b).get("/accounts/players/add/").content.decode()
    assert href not in page
    assert f'href="/accounts/players/{free.pk}/invite/"' in page
    assert href in client(arbiter_a).get("/accounts/players/add/").content.decode()


def test_adding_players_with_invitations_invites_only_the_new_ones(
    arbiter_b: User, vera: Player
) -> None:
    listing = "Vera Listova, arbiter-b@example.org\nNew One, new@example.org"
    with committed():
        response = client(arbiter_b).post(
            "/accounts/players/add/", {"players": listing, "confirm": "1", "invite": "on"}
        )
    assert response.status_code == 302
    invitations = list(Invitation.objects.values_list("player__name", "email"))
    assert invitations == [("New One", "new@example.org")]
    assert [m.to for m in mail.outbox] == [["new@example.org"]]
    sign_up_through(link_in_last_mail(), "newone", "new@example.org")
    assert Player.objects.get(name="New One").user == User.objects.get(username="newone")
    vera.refresh_from_db()
    assert vera.user is None
