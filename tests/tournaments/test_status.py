"""A tournament's status has one owner (``tournaments.acts.status``): derived from the rounds,
stored as a cache by ``refresh_status`` alone. Every service path leaves the stored status equal
to the derived one; the admin cannot set it; a row out of step is reported by the integrity check;
the data migration brings old rows in line."""

from __future__ import annotations

import ast
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import translation

from games.integrity import integrity_problems
from tests import factories
from tests.security.test_admin_authority import form_errors, form_of
from tests.tournaments.helpers import (
    boards,
    enter_results,
    entry_of,
    finish,
    new_tournament,
    pair,
    play_round,
    reload,
    seed_players,
    set_boards,
)
from tournaments.acts import given_pairings, services, tournament_settings
from tournaments.acts.status import derived_status, status_problems, tournament_status
from tournaments.errors import TournamentError
from tournaments.models import RecordReason, RoundStatus, Tournament, TournamentStatus
from tournaments.trf_io import export_trf, import_trf

pytestmark = pytest.mark.django_db

REG, RUN, FIN = TournamentStatus.REGISTRATION, TournamentStatus.RUNNING, TournamentStatus.FINISHED
ADD = "tournaments.add_tournament"
PENDING, PAIRED, DONE = RoundStatus.PENDING, RoundStatus.PAIRED, RoundStatus.FINISHED


# --- the rule, pure --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rounds", "states", "expected"),
    [
        (3, [], REG),
        (None, [], REG),  # a round robin before its schedule is made
        (3, [(1, PENDING)], REG),  # a round row not paired yet is no start
        (3, [(1, PAIRED)], RUN),
        (3, [(1, DONE)], RUN),
        (3, [(1, DONE), (2, DONE), (3, PAIRED)], RUN),
        (3, [(3, DONE), (1, DONE), (2, DONE)], FIN),  # in any order
        (2, [(1, DONE), (2, DONE)], FIN),
        (4, [(1, DONE), (2, DONE), (3, DONE)], RUN),  # rounds raised after the last one
        (2, [(1, DONE), (2, DONE), (3, PENDING)], FIN),
    ],
)
def test_the_status_follows_the_rounds(
    rounds: int | None, states: list[tuple[int, str]], expected: str
) -> None:
    assert tournament_status(rounds=rounds, round_states=states) == expected


# --- every service path: stored == derived ---------------------------------------------------


def _created(arbiter: User) -> Tournament:
    t = new_tournament(arbiter, rounds=2)
    seed_players(t, arbiter, 4)
    return t


def _paired(arbiter: User) -> Tournament:
    t = _created(arbiter)
    pair(t, arbiter)
    return t


def _round_finished(arbiter: User) -> Tournament:
    t = _created(arbiter)
    play_round(t, arbiter)
    return t


def _last_round_finished(arbiter: User) -> Tournament:
    t = _created(arbiter)
    play_round(t, arbiter)
    play_round(t, arbiter)
    return t


def _rounds_raised_after_the_end(arbiter: User) -> Tournament:
    t = _last_round_finished(arbiter)
    return tournament_settings.update_tournament(tournament=t, user=arbiter, changes={"rounds": 3})


def _rounds_lowered_to_the_last_finished(arbiter: User) -> Tournament:
    t = _created(arbiter)
    tournament_settings.update_tournament(tournament=t, user=arbiter, changes={"rounds": 3})
    play_round(t, arbiter)
    play_round(t, arbiter)
    return tournament_settings.update_tournament(tournament=t, user=arbiter, changes={"rounds": 2})


def _raised_then_paired(arbiter: User) -> Tournament:
    t = _rounds_raised_after_the_end(arbiter)
    pair(t, arbiter)  # the finished tournament reopened: round 3 can be paired
    return t


def _other_settings_changed(arbiter: User) -> Tournament:
    t = _paired(arbiter)
    return tournament_settings.update_tournament(tournament=t, user=arbiter, changes={"name": "X"})


def _round_robin_paired(arbiter: User) -> Tournament:
    t = new_tournament(arbiter, format="round_robin")
    seed_players(t, arbiter, 3)
    pair(t, arbiter)
    return t


def _round_robin_played_out(arbiter: User) -> Tournament:
    t = new_tournament(arbiter, format="round_robin")
    seed_players(t, arbiter, 3)
    for _n in range(3):
        play_round(t, arbiter)
    return t


def _added_round(arbiter: User) -> Tournament:
    t = _created(arbiter)
    a, b, c, d = (entry_of(t, f"P0{n}").pk for n in (1, 2, 3, 4))
    given_pairings.add_round(tournament=t, boards=[(a, b, ""), (c, d, "")], user=arbiter)
    return t


def _added_round_finished(arbiter: User) -> Tournament:
    t = new_tournament(arbiter, rounds=1)
    seed_players(t, arbiter, 2)
    a, b = (entry_of(t, f"P0{n}").pk for n in (1, 2))
    rnd = given_pairings.add_round(tournament=t, boards=[(a, b, "")], user=arbiter)
    enter_results(rnd, arbiter)
    finish(rnd, arbiter)
    return t


def _overridden(arbiter: User) -> Tournament:
    t = _created(arbiter)
    rnd = pair(t, arbiter)
    p1, p2, p3, p4 = (entry_of(t, f"P0{n}") for n in (1, 2, 3, 4))
    set_boards(rnd, arbiter, [(p1, p4), (p2, p3)])
    return t


def _late_entry_withdrawal_reinstated(arbiter: User) -> Tournament:
    t = _round_finished(arbiter)
    late = services.register(tournament=t, player=factories.make_player("Late"), user=arbiter)
    services.withdraw(entry=late, user=arbiter)
    services.reinstate(entry=late, user=arbiter)
    return t


def _result_corrected_after_the_end(arbiter: User) -> Tournament:
    t = _last_round_finished(arbiter)
    p = boards(t.round_set.get(number=2))[0]
    services.record_result(pairing=p, result="0-1", user=arbiter, reason=RecordReason.CORRECTION)
    return t


def _trf_import_finished(arbiter: User) -> Tournament:
    text = export_trf(_last_round_finished(arbiter))
    return import_trf(text=text, user=factories.with_permission(arbiter, ADD))


def _trf_import_running(arbiter: User) -> Tournament:
    text = export_trf(_round_finished(arbiter))
    return import_trf(text=text, user=factories.with_permission(arbiter, ADD))


PATHS: list[tuple[Callable[[User], Tournament], str]] = [
    (_created, REG),
    (_paired, RUN),
    (_round_finished, RUN),
    (_last_round_finished, FIN),
    (_rounds_raised_after_the_end, RUN),
    (_rounds_lowered_to_the_last_finished, FIN),
    (_raised_then_paired, RUN),
    (_other_settings_changed, RUN),
    (_round_robin_paired, RUN),
    (_round_robin_played_out, FIN),
    (_added_round, RUN),
    (_added_round_finished, FIN),
    (_overridden, RUN),
    (_late_entry_withdrawal_reinstated, RUN),
    (_result_corrected_after_the_end, FIN),
    (_trf_import_finished, FIN),
    (_trf_import_running, RUN),
]


@pytest.mark.parametrize(("path", "expected"), PATHS, ids=[p.__name__[1:] for p, _e in PATHS])
def test_every_service_path_stores_the_derived_status(
    arbiter: User, path: Callable[[User], Tournament], expected: str
) -> None:
    stored = reload(path(arbiter))
    assert stored.status == derived_status(stored) == expected
    assert status_problems() == []


def test_a_finished_tournament_refuses_a_new_round_until_its_rounds_are_raised(
    arbiter: User,
) -> None:
    t = _last_round_finished(arbiter)
    with pytest.raises(TournamentError) as refused:
        pair(t, arbiter)
    assert refused.value.code == "finished"
    tournament_settings.update_tournament(tournament=t, user=arbiter, changes={"rounds": 3})
    assert pair(t, arbiter).number == 3


def test_no_module_but_the_owner_writes_the_status() -> None:
    """``TournamentStatus`` members appear outside ``tournaments/acts/status.py`` only in
    comparisons or query conditions (reads): never assigned, passed as ``status=`` to a
    write, or saved."""
    root = Path(__file__).resolve().parents[2]
    writes = []
    for folder in ("games", "tournaments", "sheets", "accounts", "ops", "config"):
        for path in sorted((root / folder).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if "/migrations/" in name or name in ("tournaments/acts/status.py",):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            compared = {
                id(node)
                for cmp in ast.walk(tree)
                if isinstance(cmp, ast.Compare)
                for side in (cmp.left, *cmp.comparators)
                for node in ast.walk(side)
            }
            # A query's condition (``.filter(status=…)``, ``.exclude(…)``) reads too.
            compared |= {
                id(node)
                for call in ast.walk(tree)
                if isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr in ("filter", "exclude")
                for keyword in call.keywords
                for node in ast.walk(keyword.value)
            }
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "TournamentStatus"
                    and id(node) not in compared
                    and name != "tournaments/models/tournament.py"  # the field's default
                ):
                    writes.append(f"{name}:{node.lineno}")
    assert writes == []


# --- the admin shows it, read-only -------------------------------------------------------------


def test_the_admin_shows_the_status_but_cannot_set_it(superuser: User) -> None:
    t = new_tournament(superuser)
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.force_login(superuser)
    url = f"/admin/tournaments/tournament/{t.pk}/change/"
    page = c.get(url)
    data = form_of(page)
    assert "status" not in data  # no field to post …
    assert "Registration" in page.content.decode()  # … but shown
    data.update(status=FIN, name="Renamed")
    response = c.post(url, data)
    assert response.status_code == 302, form_errors(response)
    t = reload(t)
    assert (t.name, t.status) == ("Renamed", REG)


def test_the_round_admin_neither_finishes_nor_deletes_a_round(superuser: User) -> None:
    """A round's status changes through finish_round only (which keeps the tournament's)."""
    t = new_tournament(superuser, rounds=1)
    seed_players(t, superuser, 2)
    rnd = pair(t, superuser)
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.force_login(superuser)
    url = f"/admin/tournaments/round/{rnd.pk}/change/"
    data = form_of(c.get(url))
    assert "status" not in data
    data.update(status=DONE)
    assert c.post(url, data).status_code == 302
    assert reload(rnd).status == PAIRED
    assert c.get(f"/admin/tournaments/round/{rnd.pk}/delete/").status_code == 403
    assert reload(t).status == RUN


# --- the integrity check reports a row out of step ---------------------------------------------


def test_the_integrity_check_reports_a_status_out_of_step(arbiter: User) -> None:
    good = _paired(arbiter)
    bad = _created(arbiter)
    Tournament.objects.filter(pk=bad.pk).update(status=FIN)  # as an old bug or a hand edit did
    with translation.override("en"):
        assert status_problems() == [
            f"Tournament {bad.pk}: its status is “Finished”, but its rounds make it “Registration”."
        ]
        assert integrity_problems() == status_problems()  # the games themselves are fine
        with pytest.raises(CommandError) as failed:
            call_command("check_integrity", "--language", "en", stdout=io.StringIO())
    assert f"Tournament {bad.pk}: its status" in str(failed.value)
    assert f"Tournament {good.pk}" not in str(failed.value)
    Tournament.objects.filter(pk=bad.pk).update(status=REG)
    out = io.StringIO()
    call_command("check_integrity", "--language", "en", stdout=out)
    assert "games checked" in out.getvalue()


# --- the data migration ------------------------------------------------------------------------

BEFORE = [("tournaments", "0011_pairing_scores_from_the_game")]
AFTER = [("tournaments", "0012_tournament_status_from_rounds")]


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    targets = [*targets, *executor.loader.graph.leaf_nodes("games")]
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_migration_recomputes_every_status() -> None:
    apps = _migrate(BEFORE)
    T = apps.get_model("tournaments", "Tournament")
    R = apps.get_model("tournaments", "Round")

    def made(status: str, rounds: int, states: list[str]) -> int:
        t = T.objects.create(name="Old", kind="sos", format="swiss", rounds=rounds, status=status)
        for number, state in enumerate(states, 1):
            R.objects.create(tournament=t, number=number, status=state)
        return t.pk

    cases = {
        made(FIN, 3, [DONE, DONE]): RUN,  # rounds raised, left finished by the old code
        made(RUN, 2, [DONE, DONE]): FIN,
        made(RUN, 2, []): REG,
        made(RUN, 2, [DONE, PAIRED]): RUN,
        made(REG, 2, [PAIRED]): RUN,
    }
    try:
        apps = _migrate(AFTER)
        T = apps.get_model("tournaments", "Tournament")
        assert dict(T.objects.filter(pk__in=cases).values_list("pk", "status")) == cases
        _migrate(BEFORE)  # going back keeps the values
        assert dict(T.objects.filter(pk__in=cases).values_list("pk", "status")) == cases
    finally:
        executor = MigrationExecutor(connection)
        _migrate(executor.loader.graph.leaf_nodes())
