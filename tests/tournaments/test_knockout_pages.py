"""A knockout on the site (issue 29): the new tournament form with its options, the matches on
the tournament and round pages, the arbiter's acts refused (403) to everyone else, no TRF
export, a workbook that exports."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import make_creator, reload
from tests.tournaments.knockout_helpers import finish, match_row, new_cup, pair, play, win
from tournaments.acts import cup_play
from tournaments.errors import TournamentError
from tournaments.models import Cup, Tournament
from tournaments.trf_io import export_trf

pytestmark = pytest.mark.django_db
ClientFor = Callable[..., Client]


def form_data(**extra: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": "Spring Cup",
        "kind": "sos",
        "format": "knockout",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_bye": "1",
        "acceleration": "none",
        "cup_seeding": "draw",
        "cup_games": "2",
        "cup_tiebreak_games": "2",
        "cup_tiebreak_time_control": "5+3",
        "cup_decider": "armageddon",
        "cup_third_place": "on",
        "cup_armageddon_extra": "60",
    }
    data.update(extra)
    return data


def test_the_new_tournament_form_takes_a_knockouts_options(client_for: ClientFor) -> None:
    creator = make_creator()
    response = client_for(creator).post(reverse("tournaments:new"), form_data())
    assert response.status_code == 302
    t = Tournament.objects.get(name="Spring Cup")
    options = dict(t.format_options)
    assert options.pop("tiebreak_time_control") != ""
    assert options == {
        "third_place": True,
        "reset": False,  # a single elimination has no grand final
        "seeding": "draw",
        "games": 2,
        "tiebreak_games": 2,
        "decider": "armageddon",
        "armageddon_time_control": "",
        "armageddon_extra": 60,  # the first mover's extra time by default
    }
    assert t.tiebreaks == []


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("cup_games", "0", "Ensure this value is greater than or equal to 1."),
        ("cup_tiebreak_time_control", "soon", "is not a time control"),
        ("cup_decider", "coin", "Select a valid choice."),
        ("cup_armageddon_time_control", "soon", "is not a time control"),
        ("cup_armageddon_extra", "-5", "Ensure this value is greater than or equal to 0."),
    ],
)
def test_bad_options_get_a_clear_message(
    client_for: ClientFor, field: str, value: str, message: str
) -> None:
    response = client_for(make_creator()).post(
        reverse("tournaments:new"), form_data(**{field: value})
    )
    assert response.status_code == 200
    assert message in response.context["form"].errors[field][0]
    assert not Tournament.objects.filter(name="Spring Cup").exists()


def test_the_service_refuses_bad_options_in_the_users_language(arbiter: User) -> None:
    with translation.override("ru"), pytest.raises(TournamentError) as err:
        new_cup(arbiter, 2, games=99)
    assert err.value.code == "cup_games" and "99" not in str(err.value)
    with translation.override("en"), pytest.raises(TournamentError) as err:
        new_cup(arbiter, 2, decider="coin")
    assert str(err.value) == "Choose how a level match is decided."


def test_the_pages_list_the_matches(arbiter: User, client_for: ClientFor) -> None:
    t = new_cup(arbiter, 3, games=2)
    pair(t, arbiter)
    play(t, arbiter, 2, "1/2", "1/2")  # level: the armageddon's game 3 waits
    for url in (t.get_absolute_url(), reverse("tournaments:round", args=[t.pk, 1])):
        html = client_for(None).get(url).content.decode()
        assert 'id="match-1"' in html and 'id="match-2"' in html
        assert "Bye: <bdi>P01</bdi> goes on" in html
        assert "Decider: game 3 to play" in html
        assert "seed 2" in html and "seed 3" in html
    standings = client_for(None).get(reverse("tournaments:standings", args=[t.pk]))
    assert standings.status_code == 200 and "Matches won" in standings.content.decode()


def test_seeding_again_before_round_one_only(arbiter: User, client_for: ClientFor) -> None:
    t = new_cup(arbiter, 4, seeding="draw")
    first = cup_play.seed_cup(tournament=t, user=arbiter)
    assert first.draw_seed is not None and sorted(first.seeds) == sorted(
        t.entries.values_list("pk", flat=True)
    )
    response = client_for(arbiter).post(reverse("tournaments:cup_seed", args=[t.pk]))
    assert response.status_code == 302
    again = Cup.objects.get(tournament=t)
    # The draw is replayed from its seed.
    assert cup_play.seed_order(t, list(t.entries.select_related("player")), again.draw_seed) == (
        again.seeds
    )
    page = client_for(arbiter).get(t.get_absolute_url()).content.decode()
    assert f"draw seed {again.draw_seed}" in page
    pair(t, arbiter)
    with translation.override("en"), pytest.raises(TournamentError) as err:
        cup_play.seed_cup(tournament=t, user=arbiter)
    assert err.value.code == "seeded"


def test_the_cups_acts_are_refused_to_all_but_its_arbiters(
    arbiter: User, plain_user: User, other_arbiter: User, client_for: ClientFor
) -> None:
    t = new_cup(arbiter, 2, decider="lot")
    pair(t, arbiter)
    play(t, arbiter, 1, "1/2")
    urls = [
        reverse("tournaments:cup_seed", args=[t.pk]),
        reverse("tournaments:cup_lot", args=[t.pk, 1]),
    ]
    for user in (plain_user, other_arbiter):
        for url in urls:
            assert client_for(user).post(url).status_code == 403, url
    for url in urls:  # the anonymous go to log in
        assert client_for(None).post(url).status_code == 302
    assert match_row(t, 1).lot_winner is None
    with pytest.raises(TournamentError):
        cup_play.seed_cup(tournament=t, user=plain_user)
    assert client_for(arbiter).post(urls[1]).status_code == 302
    assert match_row(t, 1).lot_winner is not None
    assert client_for(arbiter).post(reverse("tournaments:cup_lot", args=[t.pk, 9])).status_code == (
        404
    )


def test_a_knockout_has_no_trf_but_a_workbook(arbiter: User, client_for: ClientFor) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    win(t, arbiter, 1, "P01")
    with translation.override("en"), pytest.raises(TournamentError) as err:
        export_trf(t)
    assert "Knockouts have no TRF type" in str(err.value)
    with translation.override("en"), pytest.raises(CommandError, match="no TRF type"):
        call_command("export_trf", str(t.pk))
    response = client_for(arbiter).get(reverse("sheets:tournament", args=[t.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    win(t, arbiter, 2, "P02")
    finish(t, arbiter)
    assert reload(t).rounds == 2


def test_the_open_api_reads_a_knockout(arbiter: User, client_for: ClientFor) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    win(t, arbiter, 1, "P01")
    entry = t.entries.get(player__name="P01")
    for name, args in (
        ("api:tournament", [t.pk]),
        ("api:rounds", [t.pk]),
        ("api:round", [t.pk, 1]),
        ("api:standings", [t.pk]),
        ("api:standing", [t.pk, entry.pk]),
    ):
        response = client_for(None).get(reverse(name, args=args))
        assert response.status_code == 200, name
    # No crosstable, as for a Swiss: the API's problem.
    assert client_for(None).get(reverse("api:crosstable", args=[t.pk])).status_code == 404
