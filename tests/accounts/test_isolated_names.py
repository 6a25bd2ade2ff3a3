"""Names put into sentences stay isolated and escaped: a player called with U+202E (RIGHT-TO-LEFT
OVERRIDE) and ``<b>`` in his name, in the flash messages after registering and withdrawing him,
in his notices on "My games", in the news mail and in the invitation mail."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from accounts import services as account_services
from accounts.models import NoticeSettings
from games.bidi import FSI, PDI, bdi, html_sentence, isolate, text_sentence
from games.models import Player
from tests.accounts.conftest import EN, link_in_last_mail, sign_up
from tests.factories import committed, make_player, make_user, with_permission
from tournaments import pairings
from tournaments.acts import registration
from tournaments.acts import services as tournament_services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

RLO = "\u202e"
EVE = f"Eve{RLO}<b>x</b>"
ZED = f"Zed{RLO}<script>alert(1)</script>"
CUP = f"Cup{RLO}<i>t</i>"


def messages_html(response) -> list[str]:
    """The flash messages of a page as they are in its HTML."""
    return re.findall(r'<li class="message [^"]*">(.*?)</li>', response.content.decode(), re.S)


def bdi_of(name: str) -> str:
    return f"<bdi>{escape(name)}</bdi>"


@pytest.fixture
def arbiter(db: None) -> User:
    return with_permission(make_user("arb"), "tournaments.add_tournament")


@pytest.fixture
def cup(arbiter: User) -> Tournament:
    return tournament_services.create_tournament(
        name=CUP, kind="uttt", rounds=3, created_by=arbiter
    )


@pytest.fixture
def eve(db: None) -> Player:
    return make_player(EVE, make_user("eve", email="eve@example.org"))


def arbiter_client(arbiter: User) -> Client:
    client = Client()
    client.force_login(arbiter)
    return client


def test_the_helpers() -> None:
    assert bdi(EVE) == f"<bdi>Eve{RLO}&lt;b&gt;x&lt;/b&gt;</bdi>"
    assert isolate(EVE) == f"{FSI}{EVE}{PDI}"
    sentence = "%(name)s & %(n)s <ok>"
    assert html_sentence(sentence, {"name": EVE, "n": 3}) == f"{bdi(EVE)} &amp; 3 &lt;ok&gt;"
    assert text_sentence(sentence, {"name": EVE, "n": 3}) == f"{FSI}{EVE}{PDI} & 3 <ok>"
    link = bdi("already safe")
    assert html_sentence("%(x)s", {"x": link}) == link  # safe HTML goes in unchanged


def test_registering_and_withdrawing_say_the_name_isolated(
    arbiter: User, cup: Tournament, eve: Player
) -> None:
    client = arbiter_client(arbiter)
    add = reverse("tournaments:entry_add", args=[cup.pk])
    response = client.post(add, {"player": eve.pk}, follow=True, **EN)
    assert messages_html(response) == [f"{bdi_of(EVE)} is registered."]
    response = client.post(add, {"new_name": ZED}, follow=True, **EN)
    assert messages_html(response) == [f"{bdi_of(ZED)} is registered."]
    assert "<script>" not in response.content.decode()
    entry = cup.entries.get(player=eve)
    withdrawal = reverse("tournaments:withdrawal", args=[cup.pk, entry.pk])
    data = {"reason": "no_show", "note": "", "from_round": "2", "version": "0"}
    response = client.post(withdrawal, data, follow=True, **EN)
    assert messages_html(response) == [f"{bdi_of(EVE)} is withdrawn from round 2 on."]
    entry.refresh_from_db()
    assert entry.withdrawn_from_round == 2
    response = client.post(withdrawal, {**data, "version": "2"}, follow=True, **EN)
    assert messages_html(response) == [f"The withdrawal of {bdi_of(EVE)} is undone."]


def test_the_notices_isolate_the_names_on_the_page_and_in_the_mail(
    arbiter: User, cup: Tournament, eve: Player
) -> None:
    zed = make_player(ZED, make_user("zed"))
    for p in (eve, zed):
        tournament_services.register(tournament=cup, player=p, user=arbiter)
    NoticeSettings.objects.create(user=eve.user, by_email=True)
    with committed():
        pairings.pair_round(tournament=cup, user=arbiter)

    with translation.override("en"):
        call_command("send_notices", "--base-url", "https://club.example.org", stdout=StringIO())
    (message,) = mail.outbox
    # Plain text: the names as they are, each between FSI and PDI.
    line = f"{FSI}{CUP}{PDI}, round 1: you are paired against {FSI}{ZED}{PDI}."
    assert f"- {line}\n" in message.body
    assert RLO not in message.body.replace(isolate(CUP), "").replace(isolate(ZED), "")

    client = Client()
    client.force_login(eve.user)
    page = client.get("/accounts/games/", **EN).content.decode()
    notice = f"{bdi_of(CUP)}, round 1: you are paired against {bdi_of(ZED)}."
    assert notice in page
    assert "<script>alert" not in page and "<b>x</b>" not in page


def test_the_invitation_mail_isolates_the_name(arbiter: User) -> None:
    player = make_player(ZED)
    client = arbiter_client(with_permission(arbiter, "games.add_player"))
    with committed():  # the mail leaves after the commit
        response = client.post(
            reverse("accounts:invite", args=[player.pk]), {"email": "zed@example.org"}, **EN
        )
    assert response.status_code == 302
    (message,) = mail.outbox
    assert isolate(ZED) in message.body
    response = client.get(response["Location"], **EN)
    assert messages_html(response) == [f"An invitation to {bdi_of('zed@example.org')} is sent."]


def test_the_sign_up_messages_isolate_the_address_and_the_name(client: Client) -> None:
    """allauth's messages are plain text (it unescapes them): FSI…PDI, then escaped by the page."""
    response = sign_up(client, "nadia")
    page = client.get(response["Location"], **EN)
    assert messages_html(page) == [f"Confirmation email sent to {isolate('nadia@example.org')}."]
    page = client.get(link_in_last_mail(), follow=True, **EN)
    assert messages_html(page) == [
        f"You have confirmed {isolate('nadia@example.org')}.",
        f"Successfully signed in as {isolate('nadia')}.",
    ]


def test_accepting_a_join_request_says_the_name_isolated(
    arbiter: User, cup: Tournament, eve: Player
) -> None:
    registration.set_registration(tournament=cup, user=arbiter, open=True, approval=True)
    request = registration.join(tournament=cup, user=eve.user)
    response = arbiter_client(arbiter).post(
        reverse("tournaments:registration", args=[cup.pk]),
        {"request": request.pk, "decision": "accept"},
        follow=True,
        **EN,
    )
    assert messages_html(response) == [f"{bdi_of(EVE)} is registered."]


def test_confirming_a_claim_says_both_names_isolated(arbiter: User, cup: Tournament) -> None:
    listed = make_player(ZED)
    tournament_services.register(tournament=cup, player=listed, user=arbiter)
    claimant = make_user("claimant")
    claim = account_services.claim_player(user=claimant, player=listed)
    response = arbiter_client(arbiter).post(
        "/accounts/claims/", {"claim": claim.pk, "decision": "confirm"}, follow=True, **EN
    )
    assert messages_html(response) == [f"{bdi_of('claimant')} is now {bdi_of(ZED)}."]
