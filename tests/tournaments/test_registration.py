"""Open registration: a player joins through the public link before round 1 (at once, or after
the arbiter's approval); the arbiter opens it, and accepts or refuses requests."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.helpers import make_player, make_user, new_tournament
from tournaments import pairings
from tournaments.acts import registration, services
from tournaments.errors import TournamentError
from tournaments.models import ClaimStatus, Entry, JoinRequest, Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def open_cup(arbiter: User) -> Tournament:
    t = new_tournament(arbiter, name="Open Cup")
    return registration.set_registration(tournament=t, user=arbiter, open=True, approval=False)


@pytest.fixture
def joiner(db: None) -> User:
    user = make_user("joiner")
    player = make_player("Joining Player")
    player.user = user
    player.save(update_fields=["user"])
    return user


def post(client: Client, t: Tournament, action: str) -> None:
    assert client.post(f"/tournaments/{t.pk}/join/", {"action": action}).status_code == 302


def test_a_player_joins_an_open_tournament(
    client: Client, open_cup: Tournament, joiner: User
) -> None:
    client.force_login(joiner)
    page = client.get(f"/tournaments/{open_cup.pk}/join/", **EN).content.decode()
    assert "Join as" in page
    post(client, open_cup, "join")
    entry = Entry.objects.get(tournament=open_cup)
    assert entry.player == joiner.player
    assert (
        "You are registered."
        in client.get(f"/tournaments/{open_cup.pk}/join/", **EN).content.decode()
    )


def test_joining_twice_is_refused(open_cup: Tournament, joiner: User) -> None:
    registration.join(tournament=open_cup, user=joiner)
    with pytest.raises(TournamentError) as error:
        registration.join(tournament=open_cup, user=joiner)
    assert error.value.code == "duplicate"


def test_a_closed_tournament_cannot_be_joined(arbiter: User, joiner: User) -> None:
    closed = new_tournament(arbiter, name="Closed")
    with pytest.raises(TournamentError) as error:
        registration.join(tournament=closed, user=joiner)
    assert error.value.code == "closed"
    assert not Entry.objects.exists()


def test_an_account_without_a_player_cannot_join(open_cup: Tournament) -> None:
    with pytest.raises(TournamentError) as error:
        registration.join(tournament=open_cup, user=make_user("bare"))
    assert error.value.code == "no_player"


def test_no_joining_once_round_1_is_paired(
    open_cup: Tournament, arbiter: User, joiner: User
) -> None:
    for name in ("A", "B"):
        services.register(tournament=open_cup, player=make_player(name), user=arbiter)
    pairings.pair_round(tournament=open_cup, user=arbiter)
    with pytest.raises(TournamentError) as error:
        registration.join(tournament=open_cup, user=joiner)
    assert error.value.code == "started"


def test_leaving_is_a_withdrawal_and_no_way_back_alone(
    client: Client, open_cup: Tournament, joiner: User
) -> None:
    client.force_login(joiner)
    post(client, open_cup, "join")
    post(client, open_cup, "leave")
    assert Entry.objects.get().withdrawn_from_round == 1
    with pytest.raises(TournamentError) as error:
        registration.join(tournament=open_cup, user=joiner)
    assert error.value.code == "withdrawn"


def test_with_approval_the_request_waits_for_the_arbiter(
    client: Client, open_cup: Tournament, arbiter: User, joiner: User
) -> None:
    registration.set_registration(tournament=open_cup, user=arbiter, open=True, approval=True)
    client.force_login(joiner)
    post(client, open_cup, "join")
    assert not Entry.objects.exists()
    request = JoinRequest.objects.get()
    assert request.status == ClaimStatus.PENDING
    arbiter_client = Client()
    arbiter_client.force_login(arbiter)
    page = arbiter_client.get(f"/tournaments/{open_cup.pk}/registration/", **EN).content.decode()
    assert "Joining Player" in page
    assert f"/tournaments/{open_cup.pk}/join/" in page
    response = arbiter_client.post(
        f"/tournaments/{open_cup.pk}/registration/", {"request": request.pk, "decision": "accept"}
    )
    assert response.status_code == 302
    assert Entry.objects.get().player == joiner.player
    request.refresh_from_db()
    assert (request.status, request.decided_by) == (ClaimStatus.ACCEPTED, arbiter)


def test_a_refused_request_registers_nobody(
    open_cup: Tournament, arbiter: User, joiner: User
) -> None:
    registration.set_registration(tournament=open_cup, user=arbiter, open=True, approval=True)
    request = registration.join(tournament=open_cup, user=joiner)
    registration.decide_join(request=request, user=arbiter, accept=False)
    assert not Entry.objects.exists()
    with pytest.raises(TournamentError):
        registration.decide_join(request=request, user=arbiter, accept=True)


def test_only_the_arbiters_manage_the_registration(
    client: Client, open_cup: Tournament, joiner: User, other_arbiter: User
) -> None:
    for user in (joiner, other_arbiter):
        client.force_login(user)
        assert client.get(f"/tournaments/{open_cup.pk}/registration/").status_code == 403
        response = client.post(
            f"/tournaments/{open_cup.pk}/registration/",
            {"form": "settings", "registration_open": ""},
        )
        assert response.status_code == 403
    open_cup.refresh_from_db()
    assert open_cup.registration_open
    with pytest.raises(TournamentError):
        registration.set_registration(tournament=open_cup, user=joiner, open=False, approval=False)


def test_the_arbiter_opens_the_registration_on_its_page(client: Client, arbiter: User) -> None:
    t = new_tournament(arbiter, name="Later Open")
    client.force_login(arbiter)
    response = client.post(
        f"/tournaments/{t.pk}/registration/",
        {"form": "settings", "registration_open": "on", "registration_approval": "on"},
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.registration_open and t.registration_approval


def test_a_visitor_is_asked_to_log_in_or_sign_up(client: Client, open_cup: Tournament) -> None:
    page = client.get(f"/tournaments/{open_cup.pk}/join/", **EN).content.decode()
    assert "/accounts/signup/" in page and "/accounts/login/?next=" in page
    response = client.post(f"/tournaments/{open_cup.pk}/join/", {"action": "join"})
    assert response["Location"].startswith("/accounts/login/")
    assert not Entry.objects.exists()


def test_the_tournament_page_links_the_join_page(client: Client, open_cup: Tournament) -> None:
    page = client.get(f"/tournaments/{open_cup.pk}/", **EN).content.decode()
    assert f'href="/tournaments/{open_cup.pk}/join/"' in page


def test_the_tournament_form_sets_the_registration(client: Client, arbiter: User) -> None:
    t = new_tournament(arbiter, name="Form Cup")
    client.force_login(arbiter)
    page = client.get(f"/tournaments/{t.pk}/settings/", **EN).content.decode()
    assert 'name="registration_open"' in page and 'name="registration_approval"' in page
    from tournaments.web.settings_form import TournamentForm

    data = {
        k: v for k, v in TournamentForm.initial_of(t).items() if v is not None and v is not False
    }
    data.update(registration_open="on", registration_approval="on")
    response = client.post(f"/tournaments/{t.pk}/settings/", data)
    assert response.status_code == 302, response.content.decode()
    t.refresh_from_db()
    assert t.registration_open and t.registration_approval
    created = services.create_tournament(
        name="Open at once", kind="sos", rounds=1, registration_open=True, created_by=arbiter
    )
    assert created.registration_open and not created.registration_approval
