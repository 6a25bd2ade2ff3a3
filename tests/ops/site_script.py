"""Run by tests/ops/realservers.py with the servers' settings (their database):

- ``setup``: the club of the multi-server tests — an arbiter, two players with accounts, a paper
  Swiss tournament with round 1 paired, an ultimate tic-tac-toe game between the players — made
  through the services; prints their ids as JSON;
- ``state TOURNAMENT GAME``: what the tests check, as JSON: board 1's result, the game's moves,
  the integrity check's problems, the failed log-ins counted.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from axes.models import AccessAttempt  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402

from games import services as game_services  # noqa: E402
from games.integrity import game_problems  # noqa: E402
from games.models import Game, Player  # noqa: E402
from tournaments import pairings  # noqa: E402
from tournaments.acts import services as tournament_services  # noqa: E402
from tournaments.models import Pairing  # noqa: E402

PASSWORD = "multi-server-" + "pass-42"


def setup() -> dict:
    arbiter = User.objects.create_user("arbiter", password=PASSWORD)
    users = [User.objects.create_user(name, password=PASSWORD) for name in ("alice", "bob")]
    players = [
        Player.objects.create(name=name, user=user)
        for name, user in zip(("Alice", "Bob"), users, strict=False)
    ]
    cup = tournament_services.create_tournament(
        name="Two servers", kind="uttt", format="swiss", rounds=3, online=False, created_by=arbiter
    )
    for n, name in enumerate(("Carol", "Dara", "Eve", "Fay")):
        player = Player.objects.create(name=name, rating=1500 + n)
        tournament_services.register(tournament=cup, player=player, user=arbiter)
    pairings.pair_round(tournament=cup, user=arbiter)
    game = game_services.create_game(kind="uttt", options={}, players=players)
    return {"tournament": cup.pk, "game": game.pk, "password": PASSWORD}


def state(tournament: int, game: int) -> dict:
    board1 = Pairing.objects.get(round__tournament_id=tournament, round__number=1, board=1)
    the_game = Game.objects.get(pk=game)
    return {
        "board1": board1.result,
        "moves": list(the_game.moves.order_by("ply").values_list("ply", "notation")),
        "ply": the_game.ply,
        "problems": game_problems(),
        "failures": {
            f"{a.username}@{a.ip_address}": a.failures_since_start
            for a in AccessAttempt.objects.all()
        },
    }


if __name__ == "__main__":
    if sys.argv[1] == "setup":
        print(json.dumps(setup()))
    else:
        print(json.dumps(state(int(sys.argv[2]), int(sys.argv[3]))))
