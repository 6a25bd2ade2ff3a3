"""The tournament and new game forms show only the chosen game kind's options (site.css), and
the server ignores the other kind's fields: a bad value left in a hidden field stops nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.forms import NewGameForm
from tests.factories import make_player
from tests.tournaments.helpers import make_creator
from tests.tournaments.test_views_new import NEW, form
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_uttt_tournament_ignores_the_sos_fields(client_for: Callable[..., Client]) -> None:
    creator: User = make_creator()
    data = form(kind="uttt", rows="many", cols="-4", mode="nonsense", preset="classic")
    response = client_for(creator).post(NEW, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    t = Tournament.objects.get(name="Spring Swiss")
    assert t.kind == "uttt" and "rows" not in t.options and t.options["preset"] == "classic"


def test_an_sos_tournament_ignores_the_uttt_fields(client_for: Callable[..., Client]) -> None:
    response = client_for(make_creator()).post(NEW, form(preset="nonsense", all_draw_line="x"))
    assert response.status_code == 302
    assert Tournament.objects.get(name="Spring Swiss").options["rows"] == 4


def test_the_chosen_kinds_fields_are_still_checked(client_for: Callable[..., Client]) -> None:
    response = client_for(make_creator()).post(NEW, form(rows="many"))
    assert response.status_code == 200 and not Tournament.objects.exists()


def test_the_new_game_form_ignores_the_other_kinds_fields() -> None:
    players = [make_player("Ann"), make_player("Ben")]
    data = {"kind": "uttt", "rows": "many", "mode": "x", "preset": "tactical"}
    data |= {"seat_0": players[0].pk, "seat_1": players[1].pk}
    game_form = NewGameForm(data)
    assert game_form.is_valid(), game_form.errors
    assert "rows" not in game_form.cleaned_data["options"]
