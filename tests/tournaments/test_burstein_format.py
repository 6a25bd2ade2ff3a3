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
    make_player,
    new_tournament,
    pair,
    seed_players,
)
from tests.tournaments.test_views_new import form
from tournaments import formats, trf
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


@pytest.mark.parametrize(
    ("format", "check"),
    [(BURSTEIN, ["--burstein"]), (TournamentFormat.SWISS, [])],
    ids=["burstein", "dutch"],
)
def test_every_round_is_paired_as_the_tournaments_trf_is_paired(
    arbiter: User, tmp_path: Path, format: str, check: list[str]
) -> None:
    """Six rounds of twelve players with random results, a half-point bye asked for, a late
    entry (rated high, so placed near the top of the list) and a withdrawal: no repeated game,
    the pairing-allocated bye last, and every round is the one ``pair_burstein`` gives from
    the tournament's TRF (``pair_trf --check --burstein``: the same ranks as bbpPairings reads
    them, withdrawn and absent players ranked but not paired). The Dutch system likewise."""
    t = new_tournament(arbiter, format=format, rounds=6)
    seed_players(t, arbiter, 12)
    entries = list(t.entries.order_by("rank"))
    services.update_entry(entry=entries[4], user=arbiter, changes={"half_byes": [3]})
    rounds: list[list[tuple[int, int | None]]] = []
    rng = random.Random(7)
    for number in range(1, 7):
        if number == 2:
            late = make_player("Late", rating=1995)
            services.register(tournament=t, player=late, user=arbiter)
        if number == 4:
            services.withdraw(entry=entries[2], user=arbiter)
        rnd = pair(t, arbiter)
        rounds.append([(b.first_id, b.second_id) for b in boards(rnd)])
        for b in boards(rnd):
            if not b.result:
                result = rng.choice(("1-0", "0-1", "1/2-1/2"))
                services.record_result(pairing=b, result=result, user=arbiter)
        finish(rnd, arbiter)
    met: set[frozenset[int]] = set()
    for got in rounds:
        games = [(f, s) for f, s in got if s is not None]
        assert all(frozenset(g) not in met for g in games)
        met.update(frozenset(g) for g in games)
        assert all(s is not None for _f, s in got[: len(games)])  # a bye only last
    assert any(s is None for got in rounds for _f, s in got)  # an odd field had byes
    path = tmp_path / "t.trf"
    path.write_text(export_trf(t), encoding="utf-8")
    system = "Burstein" if check else "Dutch"
    assert _command(str(path), "--check", *check) == [
        f"All 6 rounds are paired as {system} pairs them."
    ]


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
