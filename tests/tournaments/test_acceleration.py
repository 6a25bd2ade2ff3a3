"""Baku acceleration end to end: the form, the tournament page, the pairing bridge's virtual
points, the TRF export and import (XXA lines) and the workbook."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from sheets import services as sheet_services
from tests.tournaments.helpers import (
    make_creator,
    make_player,
    new_tournament,
    pair,
    play_round,
    seed_players,
)
from tests.tournaments.test_views_new import form
from tournaments import pairings, queries, trf
from tournaments.acts import services
from tournaments.errors import TournamentError
from tournaments.models import Acceleration, Tournament
from tournaments.trf_io import export_trf, import_trf

pytestmark = pytest.mark.django_db

ClientFor = Callable[..., Client]
NEW = reverse("tournaments:new")


def baku(arbiter: User, players: int = 10, rounds: int = 5) -> Tournament:
    t = new_tournament(arbiter, rounds=rounds, acceleration=Acceleration.BAKU)
    seed_players(t, arbiter, players)
    return t


def vp_by_rank(t: Tournament, number: int) -> list[float]:
    entries = list(t.entries.select_related("player"))
    got = pairings.virtual_points(t, entries, number)
    return [got[e.pk] for e in sorted(entries, key=lambda e: (e.rank is None, e.rank or 0, e.pk))]


def test_the_form_creates_an_accelerated_swiss_shown_on_its_page(client_for: ClientFor) -> None:
    client = client_for(make_creator())
    response = client.post(NEW, form(acceleration="baku", rounds="9"))
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert t.acceleration == Acceleration.BAKU and t.accelerated
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Baku acceleration (FIDE C.04.5.1)" in page
    # The default is no acceleration, and the page says nothing of it.
    assert client.post(NEW, form(name="Plain")).status_code == 302
    plain = Tournament.objects.get(name="Plain")
    assert plain.acceleration == Acceleration.NONE and not plain.accelerated
    assert "Baku" not in client.get(plain.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"format": "round_robin", "rounds": ""},
            "Accelerated pairings are for Swiss tournaments only.",
        ),
        (
            {"points_win": "3", "points_draw": "1"},
            "Baku acceleration needs a loss to score 0 and a draw half a win",
        ),
    ],
)
def test_the_form_refuses_acceleration_that_does_not_fit(
    client_for: ClientFor, fields: dict, message: str
) -> None:
    client = client_for(make_creator())
    response = client.post(NEW, form(acceleration="baku", **fields))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_service_refuses_it_too(arbiter: User) -> None:
    with pytest.raises(TournamentError) as info:
        new_tournament(arbiter, format="double_round_robin", acceleration=Acceleration.BAKU)
    assert info.value.code == "acceleration"
    # A 2-1-0 system fits (a draw is half a win).
    t = new_tournament(arbiter, acceleration="baku", points_win=2, points_draw=1, points_bye=2)
    assert t.accelerated


def test_virtual_points_round_by_round(arbiter: User) -> None:
    # 10 players, 5 rounds: GA = 2 × ⌈10/4⌉ = 6 (ranks 1-6). Accelerated rounds ⌈5/2⌉ = 3:
    # rounds 1-2 (⌈3/2⌉) one virtual point, round 3 half a point, rounds 4-5 none.
    t = baku(arbiter)
    assert vp_by_rank(t, 1) == [1] * 6 + [0] * 4  # before round 1: ranks come from ratings
    play_round(t, arbiter)
    assert vp_by_rank(t, 2) == [1] * 6 + [0] * 4
    assert vp_by_rank(t, 3) == [0.5] * 6 + [0] * 4
    assert vp_by_rank(t, 4) == [0] * 10
    # Not accelerated: nothing.
    plain = new_tournament(arbiter, name="Plain", rounds=5)
    seed_players(plain, arbiter, 4)
    assert pairings.virtual_points(plain, list(plain.entries.all()), 1) == {}


def test_a_late_entry_joins_the_group_his_rating_places_him_in(arbiter: User) -> None:
    # 10 players rated 2000, 1990, … 1910: GA is ranks 1-6 (down to 1950), cut from round 1.
    t = baku(arbiter)
    play_round(t, arbiter)
    strong = services.register(tournament=t, player=make_player("S", rating=1995), user=arbiter)
    weak = services.register(tournament=t, player=make_player("W", rating=1945), user=arbiter)
    # Neither has a starting rank; by rating (C.04.2) the strong one is placed second, above the
    # last GA player of round 1, so he is in GA (C.04.5.1), now seven; the weak one below it, GB.
    entries = list(t.entries.all())
    assert strong.pk in pairings.pairing_order(entries)[:2]
    got = pairings.virtual_points(t, entries, 2)
    assert got[strong.pk] == 1 and got[weak.pk] == 0
    assert sum(1 for v in got.values() if v) == 7
    assert sorted(e.rank for e in entries if got[e.pk] and e.rank) == [1, 2, 3, 4, 5, 6]
    # An unrated late entry is last: GB.
    unrated = services.register(tournament=t, player=make_player("Unrated"), user=arbiter)
    entries = list(t.entries.all())
    assert pairings.pairing_order(entries)[-1] == unrated.pk
    assert pairings.virtual_points(t, entries, 2)[unrated.pk] == 0


def test_pairing_an_accelerated_round_works(arbiter: User) -> None:
    t = baku(arbiter)
    rnd = pair(t, arbiter)
    assert rnd.pairings.count() == 5


def test_trf_export_import_keeps_the_acceleration(arbiter: User) -> None:
    t = baku(arbiter)
    play_round(t, arbiter)
    text = export_trf(t)
    lines = [line for line in text.splitlines() if line.startswith("XXA")]
    # GA = start numbers 1-6; rounds 1-2: 1.0, round 3: 0.5 (columns 10-13, 15-18, 20-23).
    assert lines == [f"XXA {n:>4}  1.0  1.0  0.5" for n in range(1, 7)]
    parsed = trf.parse(text)
    assert parsed.acceleration == {n: (1.0, 1.0, 0.5) for n in range(1, 7)}
    assert trf.baku_acceleration(parsed)
    assert trf.virtual_points(parsed, 3)[1] == 0.5 and trf.virtual_points(parsed, 3)[7] == 0
    copy = import_trf(text=text, user=make_creator())
    assert copy.acceleration == Acceleration.BAKU
    assert export_trf(copy) == text
    # Without acceleration, no XXA line, and the import gives none.
    plain = new_tournament(arbiter, name="Plain", rounds=5)
    seed_players(plain, arbiter, 4)
    plain_text = export_trf(plain)
    assert "XXA" not in plain_text
    assert (
        import_trf(text=plain_text, user=User.objects.get(username="organiser")).acceleration
        == Acceleration.NONE
    )


def test_trf_import_refuses_another_acceleration(arbiter: User) -> None:
    creator = make_creator()
    t = baku(arbiter)
    text = export_trf(t)
    # Player 6 loses his virtual points: no longer the Baku groups.
    changed = text.replace("XXA    6  1.0  1.0  0.5\n", "")
    with translation.override("en"), pytest.raises(TournamentError) as info:
        import_trf(text=changed, user=creator)
    assert "not the Baku acceleration (FIDE C.04.5.1)" in info.value.message
    assert info.value.message.startswith("Line ")
    # Nor can a tournament whose points do not fit be made accelerated by a file.
    # (3-1-0 points, and the XXA lines the Baku method would give with 3 for a win.)
    three = text.replace("XXR 5\n", "XXR 5\nBBW 3.0\nBBD 1.0\n").replace(
        "  1.0  1.0  0.5", "  3.0  3.0  1.5"
    )
    with translation.override("en"), pytest.raises(TournamentError) as info:
        import_trf(text=three, user=creator)
    assert "Baku acceleration needs a loss to score 0 and a draw half a win" in info.value.message
    assert Tournament.objects.count() == 1


def test_the_workbook_states_it_and_imports_back(arbiter: User) -> None:
    t = baku(arbiter)
    rnd = pair(t, arbiter)
    with translation.override("en"):
        data = sheet_services.export_tournament(t)
    sheet = load_workbook(io.BytesIO(data))["Players"]
    assert (sheet["A4"].value, sheet["B4"].value) == (
        "Accelerated pairings:",
        "Baku acceleration (FIDE C.04.5.1)",
    )
    with translation.override("ru"):
        ru = load_workbook(io.BytesIO(sheet_services.export_tournament(t)))["Игроки"]
    assert ru["A4"].value == "Ускоренная жеребьёвка:"
    plan = sheet_services.read_workbook(data, tournament=t)
    assert plan.errors == []
    sheet_services.import_workbook(data, tournament=t, user=arbiter)
    assert Tournament.objects.get(pk=t.pk).acceleration == Acceleration.BAKU
    assert rnd.pairings.count() == 5


def test_the_admin_offers_the_options_and_validates_them(
    arbiter: User, superuser: User, client_for: ClientFor
) -> None:
    page = client_for(superuser).get(reverse("admin:tournaments_tournament_add"))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="acceleration"' in html and 'name="dummy_cap"' in html
    # The admin's model validation refuses acceleration outside a Swiss (Tournament.clean).
    t = new_tournament(arbiter, format="round_robin")
    t.acceleration = Acceleration.BAKU
    with pytest.raises(ValidationError) as info:
        t.full_clean()
    assert "acceleration" in info.value.message_dict
    t.format = "swiss"
    t.rounds = 5
    t.full_clean()  # a Swiss with 1 – ½ – 0 points: fine


def test_the_dummy_cap_option_reaches_the_standings(arbiter: User, client_for: ClientFor) -> None:
    client = client_for(make_creator())
    assert client.post(NEW, form(dummy_cap="on")).status_code == 302
    t = Tournament.objects.get()
    assert t.dummy_cap
    assert "dummy opponents capped (FIDE 2026)" in client.get(t.get_absolute_url()).content.decode()
    # Three players, one round: the bye's dummy is capped at ½ × 1 round = ½ (uncapped: own 1).
    t.tiebreaks = ["buchholz"]
    t.save(update_fields=["tiebreaks"])
    seed_players(t, User.objects.get(username="organiser"), 3)
    play_round(t, User.objects.get(username="organiser"))
    rows = queries.standings(t).rows
    bye_row = next(r for r in rows if r.explanations["buchholz"].terms[0].opponent is None)
    assert bye_row.points == 1 and bye_row.tiebreaks == (0.5,)
    t.dummy_cap = False
    t.save(update_fields=["dummy_cap"])
    bye_row = next(r for r in queries.standings(t).rows if r.entry == bye_row.entry)
    assert bye_row.tiebreaks == (1.0,)


def test_the_standings_page_names_the_capped_dummy(arbiter: User, client_for: ClientFor) -> None:
    creator = make_creator()
    t = new_tournament(creator, rounds=3, dummy_cap=True, tiebreaks=["buchholz"])
    seed_players(t, creator, 3)
    play_round(t, creator)
    bye = t.round_set.get(number=1).pairings.get(second__isnull=True).first_id
    url = reverse("tournaments:standings", args=[t.pk])
    client = client_for(None)
    page = client.get(url, {"explain": bye}).content.decode()
    assert "dummy opponent: own score, capped (FIDE 2026)" in page
    assert "dummy_capped" not in page
    ru = Client(HTTP_ACCEPT_LANGUAGE="ru").get(url, {"explain": bye})
    assert "фиктивный соперник: свои очки, с ограничением (ФИДЕ, 2026)" in ru.content.decode()
