"""The data migration that makes the ``Move`` rows the one record (games 0002–0004), run
forward on games written with the old fields (``Game.state``, ``Game.scores``)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.integrity import game_problems
from games.models import Game
from games.rules import get_rules

BEFORE = [("games", "0001_initial")]
AFTER = [("games", "0004_remove_game_state_and_scores")]


def migrate(targets: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_forward_keeps_every_games_record() -> None:
    old = migrate(BEFORE)
    OldGame, OldMove = old.get_model("games", "Game"), old.get_model("games", "Move")
    Player, Seat = old.get_model("games", "Player"), old.get_model("games", "Seat")
    a, b = Player.objects.create(name="A"), Player.objects.create(name="B")
    rules = get_rules("sos", rows=3, cols=3, players=2, mode="most")
    moves = ["A1=S", "B1=O", "C1=S"]
    state = rules.replay(moves)

    def game(**fields):  # type: ignore[no-untyped-def]
        made = OldGame.objects.create(kind="sos", options=rules.options, **fields)
        Seat.objects.bulk_create(
            [Seat(game=made, number=0, player=a), Seat(game=made, number=1, player=b)]
        )
        return made

    # 1. Moves in rows and copied in state, as the services wrote them.
    rows = game(status="in_progress", ply=3, state=rules.to_dict(state), scores=[1, 0])
    for n, notation in enumerate(moves, 1):
        OldMove.objects.create(
            game=rows, ply=n, seat=0 if n != 2 else 1, notation=notation, points=state.points[n - 1]
        )
    # 2. Moves kept only in the state copy (no rows): the rows are made from it.
    only_copy = game(status="in_progress", ply=3, state=rules.to_dict(state), scores=[1, 0])
    # 3. A paper game known by its final position only.
    position = ["SOS", "...", "..."]
    paper = game(
        status="adjudicated",
        state={**rules.to_dict(rules.start()), "position": position},
        scores=[1, 0],
        winners=[0],
        end_reason="final_position",
    )

    migrate(AFTER)
    # The current models read the tables of the latest migrations (later ones add fields; and
    # going back to games 0001 undid the other apps' migrations that need a later games one).
    executor = MigrationExecutor(connection)
    migrate(executor.loader.graph.leaf_nodes())
    new = {g.pk: g for g in Game.objects.all()}
    for pk in (rows.pk, only_copy.pk):
        assert new[pk].moves_list == moves
        assert new[pk].ply == 3 and new[pk].scores == [1, 0]
        assert list(new[pk].moves.values_list("seat", "points")) == [(0, 0), (1, 0), (0, 1)]
    assert (new[paper.pk].final_position, new[paper.pk].final_scores) == (position, [1, 0])
    assert new[paper.pk].scores == [1, 0] and new[paper.pk].winners == [0]
    assert new[paper.pk].final_position is not None and new[rows.pk].final_position is None
    assert game_problems() == []
