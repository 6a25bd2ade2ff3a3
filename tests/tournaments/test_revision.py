"""The tournament's change stamp (``tournaments.acts.revision``): every act that changes what the
tournament's reads show raises ``Tournament.revision``, and a write that sends no signal (a
queryset's ``update``, ``bulk_create``, ``bulk_update``) cannot be added without its bump."""

from __future__ import annotations

import ast
import datetime
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games import player_services
from games import services as game_services
from tests.tournaments import helpers as h
from tournaments.acts import decisions, registration, results, round_times
from tournaments.acts import services as t_services
from tournaments.acts import tournament_settings as settings_acts
from tournaments.models import Entry, RecordReason, Tournament

ROOT = Path(__file__).resolve().parents[2]
OWNER = ROOT / "tournaments" / "acts" / "revision.py"  # the stamp's own writes


@pytest.fixture
def cup(db: None) -> tuple[Tournament, User]:
    """A Swiss of four played on paper: round 1 paired, no result yet."""
    arbiter = h.make_creator("arbiter")
    t = h.new_tournament(arbiter, name="Stamp Cup", format="swiss", rounds=3)
    h.register_all(t, arbiter, [(name, 1500 + i) for i, name in enumerate("ABCD")])
    h.pair(t, arbiter)
    return h.reload(t), arbiter


def _first_board(t: Tournament) -> object:
    return h.boards(t.round_set.get(number=1))[0]


def _result(t: Tournament, arbiter: User) -> None:
    results.enter_result(pairing=_first_board(t), result="1-0", user=arbiter)


def _adjudicate(t: Tournament, arbiter: User) -> None:
    decisions.decide(
        user=arbiter,
        reason=RecordReason.values[0],
        result="0-1",
        pairing=_first_board(t),
    )


def _finish(t: Tournament, arbiter: User) -> None:
    rnd = t.round_set.get(number=1)
    h.enter_results(rnd, arbiter)
    t_services.finish_round(round=rnd, user=arbiter)


def _pair(t: Tournament, arbiter: User) -> None:
    _finish(t, arbiter)
    before = h.reload(t).revision
    h.pair(t, arbiter)
    assert h.reload(t).revision > before


def _set_pairings(t: Tournament, arbiter: User) -> None:
    a, b, c, d = (h.entry_of(t, name) for name in "ABCD")
    h.set_boards(t.round_set.get(number=1), arbiter, [(a, d), (b, c)])


def _register(t: Tournament, arbiter: User) -> None:
    t_services.register(tournament=t, player=h.make_player("E"), user=arbiter)


def _withdraw(t: Tournament, arbiter: User) -> None:
    t_services.withdraw(entry=h.entry_of(t, "A"), user=arbiter, from_round=2)


def _edit_entry(t: Tournament, arbiter: User) -> None:
    t_services.update_entry(entry=h.entry_of(t, "A"), user=arbiter, changes={"rating": 2100})


def _settings(t: Tournament, arbiter: User) -> None:
    settings_acts.update_tournament(tournament=t, user=arbiter, changes={"points_draw": "0.4"})


def _rounds(t: Tournament, arbiter: User) -> None:
    settings_acts.update_tournament(tournament=t, user=arbiter, changes={"rounds": 2})


def _registration(t: Tournament, arbiter: User) -> None:
    registration.set_registration(tournament=t, user=arbiter, open=True, approval=False)


def _round_time(t: Tournament, arbiter: User) -> None:
    start = timezone.now() + datetime.timedelta(days=2)
    round_times.set_round_times(tournament=t, user=arbiter, starts={2: start})


def _rename(t: Tournament, arbiter: User) -> None:
    player = h.entry_of(t, "A").player
    player_services.update_player(player=player, name="Renamed", rating=player.rating)


def _rating(t: Tournament, arbiter: User) -> None:
    player = h.entry_of(t, "A").player
    player_services.update_player(player=player, name=player.name, rating=2300)


def _attach_game(t: Tournament, arbiter: User) -> None:
    board = _first_board(t)
    game = game_services.create_game(
        kind=t.kind, options={}, players=[board.first.player, board.second.player]
    )
    t_services.attach_game(pairing=board, game=game)


ACTS: dict[str, Callable[[Tournament, User], None]] = {
    "result entered": _result,
    "arbiter's decision": _adjudicate,
    "round finished": _finish,
    "round paired": _pair,
    "pairings replaced": _set_pairings,
    "player registered": _register,
    "entry withdrawn": _withdraw,
    "entry edited": _edit_entry,
    "points changed": _settings,
    "rounds changed": _rounds,
    "registration opened": _registration,
    "round time set": _round_time,
    "player renamed": _rename,
    "player's rating changed": _rating,
    "paper game attached": _attach_game,
}


@pytest.mark.parametrize("act", list(ACTS), ids=list(ACTS))
def test_every_act_raises_the_stamp(cup: tuple[Tournament, User], act: str) -> None:
    t, arbiter = cup
    other = h.new_tournament(arbiter, name="Elsewhere")
    before, elsewhere = h.reload(t).revision, h.reload(other).revision
    ACTS[act](t, arbiter)
    assert h.reload(t).revision > before
    assert h.reload(other).revision == elsewhere  # only the tournament acted on


def test_a_player_not_entered_changes_no_stamp(cup: tuple[Tournament, User]) -> None:
    t, _arbiter = cup
    before = h.reload(t).revision
    player_services.update_player(player=h.make_player("Outsider"), name="Someone else")
    assert h.reload(t).revision == before


def test_deleting_an_entry_raises_the_stamp(cup: tuple[Tournament, User]) -> None:
    _t, arbiter = cup
    t = h.new_tournament(arbiter, name="Not started")
    t_services.register(tournament=t, player=h.make_player("E"), user=arbiter)
    before = h.reload(t).revision
    Entry.objects.filter(tournament=t).delete()  # the admin's way: signals, no act
    assert h.reload(t).revision > before


# A write that sends no ``post_save``/``post_delete`` signal, on a model the reads show: a
# queryset's (or a manager's) ``update``, ``bulk_create`` or ``bulk_update``.
SILENT = {"update", "bulk_create", "bulk_update"}
SHOWN = re.compile(
    r"\b(Tournament|Entry|Round|Pairing|ResultRecord|RoundTime|Player)\.objects\b"
    r"|\.(entries|round_set|pairings|round_times|records)\b"
)
SCANNED = ("tournaments", "games", "sheets", "accounts", "api", "ratings", "ops")


def silent_writes_without_bump(source: str) -> list[str]:
    """The functions of ``source`` that write silently to a shown model and never call
    ``bump`` or ``bump_players`` (``revision.bump(...)`` or a bare ``bump(...)``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        calls = [c for c in ast.walk(node) if isinstance(c, ast.Call)]
        names = {
            c.func.attr if isinstance(c.func, ast.Attribute) else getattr(c.func, "id", "")
            for c in calls
        }
        silent = [
            c
            for c in calls
            if isinstance(c.func, ast.Attribute)
            and c.func.attr in SILENT
            and SHOWN.search(ast.unparse(c.func.value))
        ]
        if silent and not names & {"bump", "bump_players"}:
            found.append(f"{node.name} line {silent[0].lineno}")
    return found


def test_the_scan_finds_a_silent_write_without_its_bump() -> None:
    forgot = "def act(t):\n    Pairing.objects.filter(round__tournament=t).update(board=1)\n"
    assert silent_writes_without_bump(forgot) == ["act line 2"]
    bumped = forgot + "    revision.bump(t)\n"
    assert silent_writes_without_bump(bumped) == []
    other = "def act(step):\n    step.after.update(seat=1)\n    Game.objects.update(ply=0)\n"
    assert silent_writes_without_bump(other) == []


def test_every_silent_write_bumps_the_stamp() -> None:
    missing = []
    for app in SCANNED:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts or path == OWNER:
                continue
            for where in silent_writes_without_bump(path.read_text(encoding="utf-8")):
                missing.append(f"{path.relative_to(ROOT)}: {where}")
    assert missing == [], "call tournaments.acts.revision.bump beside: " + ", ".join(missing)
