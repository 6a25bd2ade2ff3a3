"""The Burstein Swiss (FIDE C.04.4.2) as a format an arbiter chooses: the form, the registry entry,
the pairing service, the TRF export and import and ``manage.py pair_trf --burstein``.

The pairing itself is checked against bbpPairings in ``tests/pairing``; here, that a tournament
stored in the database is paired by it, round after round, exactly as the pure core pairs the
same records, and that nothing of the Dutch system (acceleration) leaks in.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import (
    boards,
    enter_results,
    finish,
    make_creator,
    new_tournament,
    pair,
    seed_players,
)
from tests.tournaments.test_views_new import form
from tournaments import formats, pairing, pairings, trf
from tournaments.acts import services
from tournaments.errors import TournamentError
from tournaments.formats import TournamentFormat
from tournaments.models import Acceleration, Tournament, acceleration_problem
from tournaments.standings import SWISS_ORDER
from tournaments.trf_io import export_trf, import_trf

pytestmark = pytest.mark.django_db

ClientFor = Callable[..., Client]
BURSTEIN = TournamentFormat.BURSTEIN


def burstein(arbiter: User, players: int = 11, rounds: int = 6) -> Tournament:
    t = new_tournament(arbiter, format=BURSTEIN, rounds=rounds)
    seed_players(t, arbiter, players)
    return t


def test_the_entry_says_what_a_burstein_swiss_is() -> None:
    entry = formats.get(BURSTEIN)
    with translation.override("en"):
        assert entry.label == "Swiss, Burstein system"
    assert (entry.rounds_given, entry.accelerates, entry.all_play_all) == (True, False, False)
    assert (entry.has_crosstable, entry.has_schedule) == (False, False)
    assert entry.default_tiebreaks == SWISS_ORDER
    assert entry.trf_type == "Individual: Swiss-System, Burstein"
    with pytest.raises(TournamentError) as err:
        entry.validate(rounds=None)
    assert err.value.code == "rounds"


def test_a_trf_type_names_its_format() -> None:
    assert formats.by_trf_type("Individual: Swiss-System (sos)").value == TournamentFormat.SWISS
    assert formats.by_trf_type("Individual: Swiss-System, Burstein (uttt)").value == BURSTEIN
    assert formats.by_trf_type("individual:  swiss-system,  BURSTEIN").value == BURSTEIN
    # Round robins are not imported from a TRF; nor is anything unknown.
    assert formats.by_trf_type("Individual: Round-Robin (sos)") is None
    assert formats.by_trf_type("Swiss Dutch") is None
    assert formats.by_trf_type("") is None


def test_the_form_offers_and_creates_a_burstein_swiss(client_for: ClientFor) -> None:
    client = client_for(make_creator())
    page = client.get(reverse("tournaments:new")).content.decode()
    assert 'value="swiss_burstein"' in page and "Swiss, Burstein system" in page
    response = client.post(reverse("tournaments:new"), form(format="swiss_burstein"))
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert t.format == BURSTEIN and t.rounds == 5
    assert "Swiss, Burstein system" in client.get(t.get_absolute_url()).content.decode()


def test_a_burstein_swiss_takes_no_acceleration(client_for: ClientFor) -> None:
    with translation.override("en"):
        problem = acceleration_problem(
            acceleration=Acceleration.BAKU, format=BURSTEIN, win=1, draw=0.5, loss=0
        )
    assert problem == "Accelerated pairings are for Swiss tournaments only."
    client = client_for(make_creator())
    response = client.post(
        reverse("tournaments:new"), form(format="swiss_burstein", acceleration="baku")
    )
    assert response.status_code == 200
    assert "Accelerated pairings are for Swiss tournaments only." in response.content.decode()
    assert not Tournament.objects.exists()


def _pure_pairs(t: Tournament, number: int) -> list[tuple[int, int | None]]:
    """Round ``number`` as the pure Burstein core pairs the tournament's stored records."""
    entries = list(t.entries.all())
    order = pairings.pairing_order(entries)
    rank = {pk: n for n, pk in enumerate(order, 1)}
    players = [pairing.SwissPlayer(e.pk, rank[e.pk]) for e in entries if e.is_active_in(number)]
    games = [g for g in pairings.tournament_records(t) if g.round < number]
    pairs = pairing.pair_burstein(
        players, round_no=number, games=games, point_system=t.point_system, total_rounds=t.rounds
    )
    return [(p.first, p.second) for p in pairs]


def test_every_round_is_paired_by_the_burstein_core(arbiter: User) -> None:
    """Six rounds of eleven players with random results (draws among them): the service pairs
    each round as ``pair_burstein`` pairs the same records, the bye last, and never as a
    repeat of an earlier game."""
    t = burstein(arbiter)
    rng = random.Random(7)
    met: set[frozenset[int]] = set()
    for number in range(1, 7):
        expected = _pure_pairs(t, number)
        rnd = pair(t, arbiter)
        got = [(b.first_id, b.second_id) for b in boards(rnd)]
        assert got == expected, number
        assert got[-1][1] is None and all(second for _f, second in got[:-1])
        for first, second in got[:-1]:
            assert frozenset((first, second)) not in met
            met.add(frozenset((first, second)))
        for b in boards(rnd):
            if not b.result:
                result = rng.choice(("1-0", "0-1", "1/2-1/2"))
                services.record_result(pairing=b, result=result, user=arbiter)
        finish(rnd, arbiter)


def test_the_trf_says_burstein_and_comes_back_as_burstein(arbiter: User) -> None:
    t = burstein(arbiter, players=8, rounds=4)
    for _ in range(2):
        rnd = pair(t, arbiter)
        enter_results(rnd, arbiter)
        finish(rnd, arbiter)
    text = export_trf(t)
    assert "092 Individual: Swiss-System, Burstein (sos)" in text
    copy = import_trf(text=text, user=make_creator())
    assert copy.format == BURSTEIN
    assert export_trf(copy) == text
    # A Dutch file stays Dutch.
    dutch = new_tournament(arbiter, name="Dutch", rounds=4)
    seed_players(dutch, arbiter, 4)
    assert import_trf(text=export_trf(dutch), user=make_creator("second")).format == "swiss"


def test_a_burstein_file_with_acceleration_is_refused(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=5, acceleration=Acceleration.BAKU)
    seed_players(t, arbiter, 10)
    text = export_trf(t).replace("Individual: Swiss-System", "Individual: Swiss-System, Burstein")
    with translation.override("en"), pytest.raises(TournamentError) as err:
        import_trf(text=text, user=make_creator())
    assert "Accelerated pairings are for Swiss tournaments only." in err.value.message
    assert Tournament.objects.count() == 1


def _command(*args: str) -> list[str]:
    out = io.StringIO()
    with translation.override("en"):
        call_command("pair_trf", *args, stdout=out)
    return out.getvalue().splitlines()


def test_pair_trf_pairs_and_checks_by_burstein(arbiter: User, tmp_path: Path) -> None:
    t = burstein(arbiter, players=9, rounds=5)
    for _ in range(3):
        rnd = pair(t, arbiter)
        enter_results(rnd, arbiter, "0-1")
        finish(rnd, arbiter)
    path = tmp_path / "b.trf"
    path.write_text(export_trf(t), encoding="utf-8")
    assert _command(str(path), "--check", "--burstein") == [
        "All 3 rounds are paired as Burstein pairs them."
    ]
    data = trf.parse(path.read_text(encoding="utf-8"))
    state = trf.pairing_state(data, 4)
    expected = [f"{p.first} {p.second or 0}" for p in state.pair(system="burstein")]
    assert _command(str(path), "--burstein") == [str(len(expected)), *expected]
    # The same file read by the Dutch system: the check says how many rounds it would pair
    # otherwise (or that it agrees), never that it is Burstein.
    dutch = _command(str(path), "--check")
    assert not any("Burstein" in line for line in dutch)
    assert dutch[-1].endswith("differ from Dutch.") or dutch[-1].endswith("as Dutch pairs them.")
