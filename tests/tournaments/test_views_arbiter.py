"""The arbiter's actions through the web: allowed for the tournament's arbiter and a superuser,
403 for anyone else (anonymous, a plain player, the arbiter of another tournament), CSRF-checked,
and the refusals of the services shown as messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from games.models import Player
from tests.factories import seen_entry_version, seen_version
from tests.tournaments.helpers import (
    boards,
    enter_results,
    entry_of,
    new_tournament,
    pair,
    reload,
    seed_players,
)
from tests.views.helpers import form_data, messages_text, parse
from tournaments.acts import services
from tournaments.models import Entry, Result, Round, RoundStatus, Tournament

pytestmark = pytest.mark.django_db

ClientFor = Callable[..., Client]


def url(name: str, *args: object) -> str:
    return reverse(f"tournaments:{name}", args=args)


@dataclass
class Action:
    """One arbiter action: ``prepare`` the tournament, ``send`` the request, ``done`` checks.

    ``page`` marks a GET of a form page (200 for the arbiter). Every arbiter's view sends an
    anonymous visitor to log in; a logged-in user without the right gets 403.
    """

    prepare: Callable[[Tournament, User], Any]
    send: Callable[[Client, Tournament, Any], HttpResponse]
    done: Callable[[Tournament, Any], bool]
    page: bool = False


def nothing(t: Tournament, arbiter: User) -> None:
    return None


def paired(t: Tournament, arbiter: User) -> Round:
    return pair(t, arbiter)


def paired_with_results(t: Tournament, arbiter: User) -> Round:
    rnd = pair(t, arbiter)
    enter_results(rnd, arbiter)
    return rnd


def withdrawn(t: Tournament, arbiter: User) -> Entry:
    return services.withdraw(entry=entry_of(t, "P01"), user=arbiter)


def swapped_boards(t: Tournament, rnd: Round) -> dict[str, str]:
    """The override form's data: every board of ``rnd`` with its players swapped."""
    data = {}
    for n, p in enumerate(boards(rnd)):
        data[f"first_{n}"] = str(p.second_id)
        data[f"second_{n}"] = str(p.first_id)
    return data


ACTIONS = {
    "register": Action(
        nothing,
        lambda c, t, _: c.post(url("entry_add", t.pk), {"new_name": "Newcomer", "rating": "1400"}),
        lambda t, _: t.entries.filter(player__name="Newcomer").exists(),
    ),
    "withdrawal GET": Action(
        nothing,
        lambda c, t, _: c.get(url("withdrawal", t.pk, entry_of(t, "P01").pk)),
        lambda t, _: True,
        page=True,
    ),
    "withdraw": Action(
        nothing,
        lambda c, t, _: c.post(
            url("withdrawal", t.pk, entry_of(t, "P01").pk),
            {"reason": "no_show", "note": "ill", "version": "0"},
        ),
        lambda t, _: entry_of(t, "P01").withdrawn_from_round == 1,
    ),
    "reinstate": Action(
        withdrawn,
        lambda c, t, e: c.post(
            url("withdrawal", t.pk, e.pk),
            {"reason": "correction", "version": seen_entry_version(e)},
        ),
        lambda t, e: reload(e).withdrawn_from_round is None,
    ),
    "pair": Action(
        nothing,
        lambda c, t, _: c.post(url("pair", t.pk)),
        lambda t, _: t.round_set.filter(number=1, status=RoundStatus.PAIRED).exists(),
    ),
    "enter result": Action(
        paired,
        lambda c, t, rnd: c.post(
            url("result", t.pk, boards(rnd)[0].pk),
            {"result": "0-1", "version": seen_version(pairing=boards(rnd)[0])},
        ),
        lambda t, rnd: boards(rnd)[0].result == Result.LOSS,
    ),
    "finish round": Action(
        paired_with_results,
        lambda c, t, rnd: c.post(url("finish_round", t.pk, rnd.number), {"confirm": "1"}),
        lambda t, rnd: reload(rnd).status == RoundStatus.FINISHED,
    ),
    "override GET": Action(
        paired,
        lambda c, t, rnd: c.get(url("override", t.pk, rnd.number)),
        lambda t, rnd: True,
        page=True,
    ),
    "override POST": Action(
        paired,
        lambda c, t, rnd: c.post(url("override", t.pk, rnd.number), swapped_boards(t, rnd)),
        lambda t, rnd: all(p.manual for p in boards(rnd)),
    ),
}


@pytest.fixture
def tournament(arbiter: User) -> Tournament:
    """A paper Swiss of four (P01…P04), not paired yet."""
    t = new_tournament(arbiter, name="Winter Swiss", rounds=3)
    seed_players(t, arbiter, 4)
    return t


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("who", ["arbiter", "superuser"])
def test_the_arbiter_and_a_superuser_may(
    action: str,
    who: str,
    tournament: Tournament,
    arbiter: User,
    client_for: ClientFor,
    request: pytest.FixtureRequest,
) -> None:
    act = ACTIONS[action]
    state = act.prepare(tournament, arbiter)
    response = act.send(client_for(request.getfixturevalue(who)), tournament, state)
    if act.page:
        assert response.status_code == 200
        assert parse(response).find_all("form", method="post")
    else:
        assert response.status_code == 302, response.content.decode()[:500]
    assert act.done(tournament, state)


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("who", ["anonymous", "plain_user", "other_arbiter"])
def test_anyone_else_is_refused(
    action: str,
    who: str,
    tournament: Tournament,
    arbiter: User,
    client_for: ClientFor,
    request: pytest.FixtureRequest,
) -> None:
    act = ACTIONS[action]
    state = act.prepare(tournament, arbiter)
    user = None if who == "anonymous" else request.getfixturevalue(who)
    response = act.send(client_for(user), tournament, state)
    if user is None:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == 403
    if not act.page:
        assert not act.done(tournament, state)
    assert not Player.objects.filter(name="Newcomer").exists()


@pytest.mark.parametrize("name", ["pair", "entry_add", "finish_round", "result"])
def test_actions_are_post_only(
    name: str, tournament: Tournament, client_for: ClientFor, arbiter: User
) -> None:
    args = {
        "pair": (tournament.pk,),
        "entry_add": (tournament.pk,),
        "finish_round": (tournament.pk, 1),
        "result": (tournament.pk, 1),
    }[name]
    assert client_for(arbiter).get(url(name, *args)).status_code == 405


# --- what the arbiter sees after an action ----------------------------------------------------


def test_registering_an_existing_player_with_half_point_byes(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    player = Player.objects.create(name="Known", rating=1234)
    response = client_for(arbiter).post(
        url("entry_add", tournament.pk), {"player": player.pk, "half_byes": "3, 2"}, follow=True
    )
    assert "Known is registered." in messages_text(parse(response))
    entry = tournament.entries.get(player=player)
    assert (entry.rating, entry.half_byes) == (1234, [2, 3])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "Choose a player or write a new player's name."),
        ({"new_name": "X", "half_byes": "two"}, "Write round numbers separated by commas."),
        ({"new_name": "X", "half_byes": "0"}, "Round numbers start at 1."),
    ],
)
def test_a_bad_registration_form_is_explained(
    tournament: Tournament, arbiter: User, client_for: ClientFor, data: dict, message: str
) -> None:
    response = client_for(arbiter).post(url("entry_add", tournament.pk), data, follow=True)
    assert message in messages_text(parse(response))
    assert tournament.entries.count() == 4


def test_a_refusal_of_the_service_is_shown_as_a_message(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    player = entry_of(tournament, "P02").player
    response = client_for(arbiter).post(
        url("entry_add", tournament.pk), {"player": player.pk}, follow=True
    )
    assert response.redirect_chain[-1][0] == tournament.get_absolute_url()
    assert "\u2068P02\u2069 is already registered." in messages_text(parse(response))


def test_finishing_a_round_with_missing_results_shows_why(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    rnd = pair(tournament, arbiter)
    response = client_for(arbiter).post(url("finish_round", tournament.pk, 1), follow=True)
    assert "2 boards still have no result." in messages_text(parse(response))
    assert reload(rnd).status == RoundStatus.PAIRED


def test_entering_a_result_from_the_round_page(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    rnd = pair(tournament, arbiter)
    client = client_for(arbiter)
    page = parse(client.get(url("round", tournament.pk, 1)))
    form = page.find_all("form", cls="result-form")[1]
    data = form_data(form) | {"result": "1/2", "first_score": "3", "second_score": "3"}
    response = client.post(form.attrs["action"], data, follow=True)
    assert response.redirect_chain[-1][0] == url("round", tournament.pk, 1)
    assert "Result saved." in messages_text(parse(response))
    p = boards(rnd)[1]
    assert (p.result, p.first_score, p.second_score) == (Result.DRAW, 3, 3)


def test_a_result_outside_the_choices_is_refused(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    rnd = pair(tournament, arbiter)
    response = client_for(arbiter).post(
        url("result", tournament.pk, boards(rnd)[0].pk), {"result": "bye"}, follow=True
    )
    assert "Choose a result." in messages_text(parse(response))
    assert boards(rnd)[0].result == ""


def test_a_result_of_another_tournaments_board_is_not_found(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    other = new_tournament(arbiter, name="Other")
    seed_players(other, arbiter, 2)
    (p,) = boards(pair(other, arbiter))
    response = client_for(arbiter).post(url("result", tournament.pk, p.pk), {"result": "1-0"})
    assert response.status_code == 404
    assert reload(p).result == ""


def test_withdrawing_from_a_chosen_round_is_recorded(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    entry = entry_of(tournament, "P03")
    client = client_for(arbiter)
    page = parse(client.get(url("withdrawal", tournament.pk, entry.pk)))
    assert page.find("h1").text() == "Withdraw P03"
    data = {"reason": "no_show", "note": "Called in sick", "from_round": "2", "version": "0"}
    response = client.post(url("withdrawal", tournament.pk, entry.pk), data, follow=True)
    assert response.redirect_chain[-1][0] == tournament.get_absolute_url()
    assert "P03 is withdrawn from round 2 on." in messages_text(parse(response))
    assert reload(entry).withdrawn_from_round == 2
    log = parse(client.get(url("log", tournament.pk))).find("table", cls="log").text()
    assert "Player withdrawn" in log
    assert "P03" in log
    assert "Called in sick" in log


def test_the_withdrawal_page_undoes_a_withdrawal(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    entry = withdrawn(tournament, arbiter)
    client = client_for(arbiter)
    page = parse(client.get(url("withdrawal", tournament.pk, entry.pk)))
    assert page.find("h1").text() == "Undo the withdrawal of P01"
    assert not page.has("input", name="from_round")
    version = page.find("input", name="version").attrs["value"]
    assert version == str(entry.withdrawn_from_round)
    client.post(
        url("withdrawal", tournament.pk, entry.pk), {"reason": "correction", "version": version}
    )
    assert reload(entry).withdrawn_from_round is None


def test_a_withdrawal_from_a_paired_round_is_refused_on_the_form(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    pair(tournament, arbiter)
    entry = entry_of(tournament, "P02")
    response = client_for(arbiter).post(
        url("withdrawal", tournament.pk, entry.pk),
        {"reason": "no_show", "from_round": "1", "version": "0"},
    )
    assert response.status_code == 200
    errors = parse(response).find("form", cls="stacked-form").text()
    assert "Round 1 is already paired: withdraw from a later round." in errors
    assert reload(entry).withdrawn_from_round is None


def test_the_override_form_starts_from_the_current_boards(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    rnd = pair(tournament, arbiter)
    page = parse(client_for(arbiter).get(url("override", tournament.pk, 1)))
    data = form_data(page.find("form", cls="override-form"))
    expected = {}
    for n, p in enumerate(boards(rnd)):
        expected[f"first_{n}"] = str(p.first_id)
        expected[f"second_{n}"] = str(p.second_id)
    assert {k: v for k, v in data.items() if k != "csrfmiddlewaretoken"} == expected


def test_an_override_with_a_rematch_is_saved_with_its_warning(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    first = pair(tournament, arbiter)
    enter_results(first, arbiter)
    services.finish_round(round=first, user=arbiter)
    rnd = pair(tournament, arbiter)
    client = client_for(arbiter)
    response = client.post(
        url("override", tournament.pk, 2), swapped_boards(tournament, first), follow=True
    )
    assert response.redirect_chain[-1][0] == url("round", tournament.pk, 2)
    page = parse(response)
    assert "Pairings saved with 2 warnings." in messages_text(page)
    warnings = [w.text() for w in page.find_all("div", cls="warning")]
    a, b = boards(first)[0].first.player.name, boards(first)[0].second.player.name
    assert f"⚠ Players {b} and {a} have met before." in warnings
    assert all(p.manual for p in boards(rnd))


def test_an_override_form_needs_whole_boards(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    rnd = pair(tournament, arbiter)
    p = boards(rnd)[0]
    response = client_for(arbiter).post(
        url("override", tournament.pk, 1), {"first_0": str(p.first_id)}
    )
    assert response.status_code == 200
    errors = parse(response).find("form", cls="override-form").text()
    assert "Board 1 needs two players, or a player and the bye." in errors
    assert not any(q.manual for q in boards(rnd))


def test_an_override_refused_by_the_service_shows_its_message(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    rnd = pair(tournament, arbiter)
    services.record_result(pairing=boards(rnd)[0], result="1-0", user=arbiter)
    response = client_for(arbiter).post(
        url("override", tournament.pk, 1), swapped_boards(tournament, rnd)
    )
    assert response.status_code == 200
    assert "Games of this round have started" in parse(response).text()
    assert not any(p.manual for p in boards(rnd))


def test_resubmitting_the_override_form_keeps_a_round_robins_free_round_at_zero(
    arbiter: User, client_for: ClientFor
) -> None:
    """The form lists the zero-point bye of the resting player as a board with "bye"; saved
    untouched, it must not turn into a pairing-allocated bye worth a win."""
    t = new_tournament(arbiter, format="round_robin")
    seed_players(t, arbiter, 3)
    rnd = pair(t, arbiter)
    (rest,) = [p for p in boards(rnd) if p.second is None]
    assert rest.result == Result.ZERO_BYE
    client = client_for(arbiter)
    page = parse(client.get(url("override", t.pk, 1)))
    client.post(url("override", t.pk, 1), form_data(page.find("form", cls="override-form")))
    (rest,) = [p for p in boards(rnd) if p.second is None]
    assert rest.result == Result.ZERO_BYE


# --- CSRF --------------------------------------------------------------------------------------


def test_the_pair_button_needs_the_csrf_token(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    client = client_for(arbiter, enforce_csrf_checks=True)
    assert client.post(url("pair", tournament.pk)).status_code == 403
    assert not tournament.round_set.exists()
    page = parse(client.get(url("detail", tournament.pk)))
    form = page.find("form", action=url("pair", tournament.pk))
    response = client.post(url("pair", tournament.pk), form_data(form))
    assert response.status_code == 302
    assert tournament.round_set.filter(number=1).exists()


@pytest.mark.parametrize(
    "action", ["register", "withdraw", "reinstate", "enter result", "finish round", "override POST"]
)
def test_other_actions_need_the_csrf_token(
    action: str, tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    act = ACTIONS[action]
    state = act.prepare(tournament, arbiter)
    client = client_for(arbiter, enforce_csrf_checks=True)
    assert act.send(client, tournament, state).status_code == 403
    assert not act.done(tournament, state)


def test_the_result_form_posts_with_its_token(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    rnd = pair(tournament, arbiter)
    client = client_for(arbiter, enforce_csrf_checks=True)
    page = parse(client.get(url("round", tournament.pk, 1)))
    form = page.find_all("form", cls="result-form")[0]
    data = form_data(form)
    assert data["result"] == ""  # the select starts empty: no result is preset
    data["result"] = Result.WIN
    assert client.post(form.attrs["action"], data).status_code == 302
    assert boards(rnd)[0].result == Result.WIN


def test_the_next_parameter_does_not_redirect_off_the_site(
    tournament: Tournament, arbiter: User, client_for: ClientFor
) -> None:
    response = client_for(arbiter).post(
        url("pair", tournament.pk), {"next": "https://evil.example/"}
    )
    assert response.status_code == 302
    assert not response["Location"].startswith("https://evil.example")
