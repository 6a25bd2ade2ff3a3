"""The migrations that give a board's SOS scores one place (tournaments 0010 and 0011), run on a
database written the old way: the pairings of games played on the site hold copies of the games'
scores, 0:0 stands for "not given". Forward the copies go and the figures stay; backward they
come back."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournaments import pairings
from tournaments.models import Pairing, Tournament

BEFORE = [("tournaments", "0009_open_registration")]
AFTER = [("tournaments", "0011_pairing_scores_from_the_game")]
PLAYED = ("1-0", "0-1", "1/2")


def migrate(targets: list[tuple[str, str]]) -> Any:
    """Migrate to ``targets`` (the games app staying at its latest); the models of that state."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    targets = [*targets, *executor.loader.graph.leaf_nodes("games")]
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest() -> None:
    executor = MigrationExecutor(connection)
    migrate(executor.loader.graph.leaf_nodes())


def write_the_old_way(apps: Any) -> dict[str, int]:
    """One board of each case, as the old code left them; their pairing ids by case."""
    Tournament_ = apps.get_model("tournaments", "Tournament")
    Round = apps.get_model("tournaments", "Round")
    Entry = apps.get_model("tournaments", "Entry")
    Pairing_ = apps.get_model("tournaments", "Pairing")
    Player = apps.get_model("games", "Player")
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    t = Tournament_.objects.create(name="Old", kind="sos", format="swiss", rounds=9)
    options = {"rows": 3, "cols": 3, "players": 2, "mode": "most"}
    cases: dict[str, int] = {}

    def board(name: str, result: str, scores: tuple[int, int], game: Any = None) -> None:
        number = len(cases) + 1
        rnd = Round.objects.create(tournament=t, number=number, status="finished")
        a = Entry.objects.create(tournament=t, player=Player.objects.create(name=f"{name} A"))
        b = Entry.objects.create(tournament=t, player=Player.objects.create(name=f"{name} B"))
        p = Pairing_.objects.create(
            round=rnd,
            board=1,
            first=a,
            second=b,
            result=result,
            first_score=scores[0],
            second_score=scores[1],
            game=game,
        )
        cases[name] = p.pk

    # Played on the site: the moves' points (A1=S, B1=O by the second, C1=S makes an SOS).
    moved = Game.objects.create(kind="sos", options=options, status="finished", ply=3)
    for ply, seat, notation, points in ((1, 0, "A1=S", 0), (2, 1, "B1=O", 0), (3, 0, "C1=S", 1)):
        Move.objects.create(game=moved, ply=ply, seat=seat, notation=notation, points=points)
    board("moves", "1-0", (1, 0), moved)
    final = Game.objects.create(
        kind="sos",
        options=options,
        status="adjudicated",
        final_position=["SOS", "OOO", "SOS"],
        final_scores=[5, 1],
    )
    board("final", "1-0", (5, 1), final)
    # A game without moves closed by a result handed in with its scores.
    closed = Game.objects.create(kind="sos", options=options, status="adjudicated")
    board("handed_in_game", "0-1", (1, 3), closed)
    board("paper", "0-1", (2, 4))
    board("paper_unknown", "1-0", (0, 0))
    board("forfeit", "+/-", (1, 0))
    waiting = Game.objects.create(kind="sos", options=options, status="waiting")
    board("waiting", "", (0, 0), waiting)
    uttt = Game.objects.create(kind="uttt", options={}, status="in_progress", ply=1)
    Move.objects.create(game=uttt, ply=1, seat=0, notation="e5", points=0)
    board("uttt", "", (0, 0), uttt)
    return cases


def scores_by_case(apps: Any, cases: dict[str, int]) -> dict[str, tuple]:
    Pairing_ = apps.get_model("tournaments", "Pairing")
    rows = {
        pk: (fs, ss)
        for pk, fs, ss in Pairing_.objects.values_list("pk", "first_score", "second_score")
    }
    return {name: rows[pk] for name, pk in cases.items()}


@pytest.mark.django_db(transaction=True)
def test_the_copies_go_and_come_back_and_the_figures_stay() -> None:
    try:
        old = migrate(BEFORE)
        cases = write_the_old_way(old)
        Pairing_ = old.get_model("tournaments", "Pairing")
        played = Pairing_.objects.filter(result__in=PLAYED)
        figures_before = sorted(played.values_list("round__number", "first_score", "second_score"))

        new = migrate(AFTER)
        assert scores_by_case(new, cases) == {
            "moves": (None, None),  # the game keeps them
            "final": (None, None),
            "handed_in_game": (1, 3),  # handed in: the pairing's own
            "paper": (2, 4),
            "paper_unknown": (None, None),  # 0:0 was "not given"
            "forfeit": (None, None),  # no game played, no game score
            "waiting": (None, None),
            "uttt": (None, None),
        }
        latest()
        by_pk = {p.pk: p for p in Pairing.objects.select_related("game")}
        shown = {name: by_pk[pk].game_scores for name, pk in cases.items()}
        assert shown == {
            "moves": (1, 0),
            "final": (5, 1),
            "handed_in_game": (1, 3),
            "paper": (2, 4),
            "paper_unknown": (None, None),
            "forfeit": (None, None),
            "waiting": (None, None),
            "uttt": (None, None),
        }
        t = Tournament.objects.get(name="Old")
        figures_after = sorted(
            (g.round, g.first_score, g.second_score)
            for g in pairings.tournament_records(t)
            if g.result in PLAYED
        )
        assert figures_after == figures_before

        back = migrate(BEFORE)
        assert scores_by_case(back, cases) == {
            "moves": (1, 0),  # copied again from the moves
            "final": (5, 1),
            "handed_in_game": (1, 3),
            "paper": (2, 4),
            "paper_unknown": (0, 0),
            "forfeit": (0, 0),
            "waiting": (0, 0),
            "uttt": (0, 0),
        }
    finally:
        latest()
