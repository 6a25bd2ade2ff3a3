"""An id a view reads from a POST without a form (``common.posted``): one that is not an id is a
400 page that says what to do, in the visitor's language, and changes nothing — never a 500."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import QueryDict
from django.test import Client

from accounts import services as account_services
from accounts.models import ClaimStatus, PlayerClaim
from common.posted import MAX_ID, BadInput, parse_id, posted_id
from tests.factories import make_player, make_user
from tests.security.conftest import EN, PASSWORD
from tournaments.acts import registration
from tournaments.acts import services as tournament_services
from tournaments.models import JoinRequest, Tournament

pytestmark = pytest.mark.django_db

MALFORMED = [
    "abc",
    "",
    " ",
    "2.5",
    "-1",
    "0",
    "1e3",
    "99999999999999999999",
    "\U0001f3b2",
    "٣",
    "a\x00b",
]


def posted(**fields: str) -> QueryDict:
    data = QueryDict(mutable=True)
    data.update(fields)
    return data


@pytest.mark.parametrize("value", MALFORMED)
def test_what_is_no_id(value: str) -> None:
    assert parse_id(value) is None
    with pytest.raises(BadInput):
        posted_id(posted(x=value), "x")


def test_ids() -> None:
    assert [parse_id(v) for v in ("1", " 42 ", str(MAX_ID), 7)] == [1, 42, MAX_ID, 7]
    assert parse_id(str(MAX_ID + 1)) is None
    assert parse_id(None) is None


def test_a_missing_or_repeated_id_is_no_id() -> None:
    data = QueryDict("a=1&a=2")
    for name in ("a", "b"):
        with pytest.raises(BadInput):
            posted_id(data, name)


@pytest.fixture
def pending_claim(db: None) -> tuple[User, PlayerClaim]:
    arbiter = make_user("arbiter", password=PASSWORD)
    cup = tournament_services.create_tournament(
        name="Cup", kind="uttt", rounds=3, created_by=arbiter
    )
    player = make_player("Вера")
    tournament_services.register(tournament=cup, player=player, user=arbiter)
    claim = account_services.claim_player(user=make_user("vera"), player=player)
    return arbiter, claim


@pytest.mark.parametrize("value", MALFORMED)
def test_a_malformed_claim_id_is_a_400(
    client: Client, pending_claim: tuple[User, PlayerClaim], value: str
) -> None:
    arbiter, claim = pending_claim
    client.force_login(arbiter)
    response = client.post("/accounts/claims/", {"claim": value, "decision": "confirm"}, **EN)
    assert response.status_code == 400
    # A NUL is refused before any view, by config.security.NulCharacterMiddleware.
    said = "no text may hold" if "\x00" in value else "This form is broken or out of date"
    assert said in response.content.decode()
    claim.refresh_from_db()
    assert claim.status == ClaimStatus.PENDING


def test_the_400_page_speaks_the_visitors_language(
    client: Client, pending_claim: tuple[User, PlayerClaim]
) -> None:
    client.force_login(pending_claim[0])
    response = client.post(
        "/accounts/claims/", {"claim": "abc", "decision": "confirm"}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.status_code == 400
    assert "Эта форма повреждена или устарела" in response.content.decode()


def test_a_claim_id_that_names_no_claim_is_a_404(
    client: Client, pending_claim: tuple[User, PlayerClaim]
) -> None:
    arbiter, claim = pending_claim
    client.force_login(arbiter)
    response = client.post("/accounts/claims/", {"claim": claim.pk + 1000, "decision": "confirm"})
    assert response.status_code == 404


@pytest.fixture
def join_request(db: None) -> tuple[User, Tournament, JoinRequest]:
    arbiter = make_user("arbiter", password=PASSWORD)
    cup = tournament_services.create_tournament(
        name="Cup", kind="uttt", rounds=3, created_by=arbiter
    )
    registration.set_registration(tournament=cup, user=arbiter, open=True, approval=True)
    joiner = make_user("joiner")
    make_player("Joiner", joiner)
    made = registration.join(tournament=cup, user=joiner)
    assert isinstance(made, JoinRequest)
    return arbiter, cup, made


@pytest.mark.parametrize("value", [*MALFORMED, ["1", "2"]])
def test_a_malformed_join_request_id_is_a_400(
    client: Client, join_request: tuple[User, Tournament, JoinRequest], value: object
) -> None:
    arbiter, cup, made = join_request
    client.force_login(arbiter)
    response = client.post(
        f"/tournaments/{cup.pk}/registration/", {"request": value, "decision": "accept"}, **EN
    )
    assert response.status_code == 400
    made.refresh_from_db()
    assert made.status == ClaimStatus.PENDING
    assert not cup.entries.exists()


def test_a_join_request_is_still_decided(
    client: Client, join_request: tuple[User, Tournament, JoinRequest]
) -> None:
    arbiter, cup, made = join_request
    client.force_login(arbiter)
    response = client.post(
        f"/tournaments/{cup.pk}/registration/", {"request": made.pk, "decision": "accept"}, **EN
    )
    assert response.status_code == 302
    made.refresh_from_db()
    assert made.status == ClaimStatus.ACCEPTED


@pytest.mark.parametrize("page", ["/games/{}/", "/games/{}/live/", "/games/{}/panel/"])
@pytest.mark.parametrize("pk", ["99999999999999999999", str(MAX_ID + 1)])
def test_a_game_id_in_the_path_that_no_column_holds_is_a_404(
    client: Client, page: str, pk: str
) -> None:
    """The game pages' compiled queries (games.queries) answer as the ORM would: no such row."""
    assert client.get(page.format(pk)).status_code == 404


def test_a_move_in_a_game_no_column_holds_is_a_404(client: Client, alice: object) -> None:
    client.force_login(User.objects.get(username="alice"))
    response = client.post("/games/99999999999999999999/move/", {"notation": "a1"})
    assert response.status_code == 404


def test_an_admin_form_with_an_id_beyond_any_column_is_refused_not_a_500(
    client: Client, superuser: User
) -> None:
    """Django's multiple choice of rows looks every posted id up (``pk__in``); SQLite cannot
    bind one beyond its integers, and the site's backend compares it as PostgreSQL does."""
    from django.contrib.auth.models import Group

    client.force_login(superuser)
    response = client.post(
        "/admin/auth/group/add/", {"name": "Umpires", "permissions": ["99999999999999999999"]}
    )
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not Group.objects.filter(name="Umpires").exists()


@pytest.mark.parametrize("tiebreaks", [-1, 7, {"a": 1}, 2.5])
def test_tiebreaks_that_are_no_list_are_refused(tiebreaks: object) -> None:
    """The admin's tie-breaks field is JSON: a number is not an order of tie-breaks."""
    from tournaments.acts.tournament_settings import validate_settings
    from tournaments.errors import TournamentError

    with pytest.raises(TournamentError) as refused:
        validate_settings(
            name="Cup",
            kind="sos",
            options={},
            format="swiss",
            rounds=3,
            points_win=1,
            points_draw="0.5",
            points_loss=0,
            points_bye=1,
            tiebreaks=tiebreaks,  # type: ignore[arg-type]
        )
    assert refused.value.code == "tiebreaks"
