"""The server's work for a move in a game on one device without an account, beside a registered
player's move in an ordinary game (issue 33: "no dearer per move").

    .venv/bin/python bench/anonymous.py [--moves 200] [--rounds 3] [--seed 1]

A throw-away SQLite database and Django's test client (the whole middleware stack, DEBUG off).
One visitor without an account starts SOS games on one device through ``/play/`` and plays
random legal moves in them (every seat from the one session); two accounts play the same
kind of game against each other, each from his own logged-in client. Prints, for each, the SQL
statements a move runs and the CPU time a move takes (the best of ``--rounds`` rounds: the
machine is shared, and a busy neighbour only ever adds time).

A third visitor plays the computer (issue 33: "the server cost per computer move"): each of his
moves is answered by the computer at level 1 within the same request (the thinker's "inline"
setting), so the figures of that row are the visitor's move *plus* the whole computer's move —
scheduling it, reading the game, its search (level 1: a fraction of a millisecond) and recording
it with its thinking time — measured the same way. The searches of higher levels cost what
``bench/engine.py --levels`` prints per level; on the site they run in the search process.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SIZE = 6  # a 6×6 SOS grid: 36 moves a game


def setup_django() -> None:
    tmp = tempfile.mkdtemp(prefix="bench-anonymous-")
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    os.environ["DJANGO_DEVICE_GAMES_PER_HOUR"] = "100000"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


class Side:
    """Who plays: a client for each seat (one for every seat on one device), and how a new
    game is started."""

    def __init__(self, name: str, clients: list[Any], start: Any) -> None:
        self.name, self.clients, self.start = name, clients, start
        self.game: Any = None
        self.state: Any = None
        self.before = self.answers = 0  # the computer's moves (against the computer)

    def next_client(self) -> Any:
        return self.clients[self.game.rules.to_move(self.state) % len(self.clients)]


def _anonymous() -> Side:
    from django.test import Client

    from games.models import Game

    client = Client()

    def start() -> Any:
        data = {"kind": "sos", "rows": SIZE, "cols": SIZE, "mode": "most", "seats": 2}
        response = client.post("/play/", data)
        return Game.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))

    return Side("anonymous, one device", [client], start)


def _registered() -> Side:
    from django.contrib.auth.models import User
    from django.test import Client

    from games import services
    from games.models import Player

    clients, players = [], []
    for n in (1, 2):
        user = User.objects.create_user(f"bench-{n}", password=None)
        players.append(Player.objects.create(name=f"Bench {n}", user=user))
        client = Client()
        client.force_login(user)
        clients.append(client)

    def start() -> Any:
        options = {"rows": SIZE, "cols": SIZE, "mode": "most"}
        return services.create_game(kind="sos", options=options, players=players)

    return Side("registered players", clients, start)


def _against_computer() -> Side:
    from django.conf import settings
    from django.test import Client

    from games.models import Game

    settings.COMPUTER_MOVES = "inline"  # the computer answers in the visitor's request
    settings.COMPUTER_PROCESSES = 0
    client = Client()

    def start() -> Any:
        data = {"kind": "sos", "rows": SIZE, "cols": SIZE, "mode": "most", "seats": 2}
        response = client.post("/play/computer/", {**data, "computer_1": "on", "level": 1})
        return Game.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))

    return Side("anonymous v computer", [client], start)


def play(side: Side, moves: int, rng: random.Random) -> tuple[float, list[int]]:
    """``moves`` random legal moves; the CPU seconds they took and the queries of each."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    spent, queries = 0.0, []
    for _n in range(moves):
        if side.game is None or side.state is None or side.game.rules.outcome(side.state):
            side.game = side.start()
            side.state = side.game.rules.start()
        rules = side.game.rules
        side.before = side.state.ply
        move = rng.choice(list(rules.legal_moves(side.state)))
        client = side.next_client()
        data = {"notation": move, "expected_ply": side.state.ply}
        url = f"/games/{side.game.pk}/move/"
        with CaptureQueriesContext(connection) as captured:
            before = time.process_time()
            response = client.post(url, data, HTTP_ACCEPT="application/json")
            spent += time.process_time() - before
        assert response.status_code == 200, response.content
        queries.append(len(captured))
        side.state = rules.play(side.state, move)
        if side.name.endswith("computer"):  # its answers, made within the request
            side.game.refresh_from_db()
            side.game.__dict__.pop("_move_list", None)
            side.game.__dict__.pop("_replayed", None)
            side.answers += side.state.ply - (side.before + 1)
            side.state = side.game.current_state()
    return spent, queries


def computer_cost(moves: int, rng: random.Random) -> tuple[float, int, int]:
    """The computer's own moves (level 1), each thought over and recorded as the thinker does it:
    the CPU seconds, the queries and the number of the computer's moves."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import computer, device_services, services

    spent, queries, made = 0.0, 0, 0
    game = None
    while made < moves:
        if game is None or not game.is_active:
            options = {"rows": SIZE, "cols": SIZE, "mode": "most"}
            game = device_services.create_device_game(
                kind="sos",
                options=options,
                names=[],
                seats=2,
                token="bench",
                computer_seats=[1],
                level=1,
            )
        state = game.current_state()
        with _computer_waits():
            services.submit_move(
                game=game,
                user=None,
                notation=rng.choice(list(game.rules.legal_moves(state))),
                device_token="bench",
            )
        game.refresh_from_db()
        game.__dict__.pop("_move_list", None)
        game.__dict__.pop("_replayed", None)
        if not game.is_active:
            continue
        before = game.ply
        with CaptureQueriesContext(connection) as captured:
            started = time.process_time()
            computer.schedule(game.pk, game.moves_list)
            spent += time.process_time() - started
        queries += len(captured)
        game.refresh_from_db()
        game.__dict__.pop("_move_list", None)
        game.__dict__.pop("_replayed", None)
        made += game.ply - before
    return spent, queries, made


class _computer_waits:
    """The visitor's move without the computer's answer (it is measured on its own)."""

    def __enter__(self) -> None:
        from games import computer

        self.saved = computer.schedule
        computer.schedule = lambda *args: None  # type: ignore[assignment]

    def __exit__(self, *exc: object) -> None:
        from games import computer

        computer.schedule = self.saved  # type: ignore[assignment]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup_django()
    import logging

    # Every move is logged (club.moves), as under the server: its cost is part of a move's. The
    # lines go to the null device rather than the output the figures are printed on.
    null = open(os.devnull, "w")  # noqa: SIM115 - open while the benchmark runs
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.StreamHandler):
            handler.setStream(null)
    sides = [_registered(), _anonymous(), _against_computer()]
    best: dict[str, float] = {}
    counts: dict[str, set[int]] = {}
    for _round in range(args.rounds):
        for side in sides:
            spent, queries = play(side, args.moves, random.Random(args.seed + _round))
            best[side.name] = min(best.get(side.name, spent), spent)
            counts.setdefault(side.name, set()).update(queries)
    print(f"{args.moves} moves a round, best of {args.rounds} rounds, SOS {SIZE}×{SIZE}")
    print(f"{'who moves':<24} {'queries a move':>15} {'CPU ms a move':>14}")
    for side in sides:
        figures = counts[side.name]
        queries = "-".join(str(n) for n in sorted({min(figures), max(figures)}))
        per_move = best[side.name] / args.moves * 1000
        print(f"{side.name:<24} {queries:>15} {per_move:>14.2f}")
    spent, queries, made = computer_cost(args.moves, random.Random(args.seed))
    print(
        f"{'the computer (level 1)':<24} {queries / made:>15.1f} {spent / made * 1000:>14.2f}"
        "   (its move alone: read, search, record; mean of "
        f"{made} moves)"
    )


if __name__ == "__main__":
    main()
