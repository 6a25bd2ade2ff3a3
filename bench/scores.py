"""Reading a tournament's boards with their SOS scores from their one place: time and queries.

    .venv/bin/python bench/scores.py [--players 200] [--rounds 5] [--repeat 20] [--seed 1]

Builds, in a throw-away SQLite database, an online SOS Swiss of ``--players`` players whose
``--rounds`` rounds were played to the end on the site (random legal 3×3 games recorded through
``games.recording.record_moves``, so each game's scores are its moves' points). Then times, over
``--repeat`` runs: ``tournaments.pairings.tournament_records`` (every board as a GameRecord, its
scores summed from the moves in the same query), the plain read of the pairings' own fields
beside it (what the records cost when the scores were copies on the pairing — the floor), and
``tournaments.queries.standings`` with the SOS tie-breaks; it prints the median and the number of
queries of each, and checks that every record's scores are its game's.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def setup_django() -> None:
    tmp = tempfile.mkdtemp(prefix="bench-scores-")
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build(players: int, rounds: int, seed: int) -> Any:
    from django.contrib.auth.models import User
    from django.test import TestCase

    from games import player_services, recording
    from games.rules import get_rules
    from tournaments import pairings
    from tournaments.acts import services

    arbiter = User.objects.create_user("arbiter", password="x")
    t = services.create_tournament(
        name="Bench",
        kind="sos",
        format="swiss",
        rounds=rounds,
        online=True,
        created_by=arbiter,
        tiebreaks=["sos_points", "sos_difference", "buchholz"],
    )
    for n in range(players):
        player = player_services.create_player(name=f"P{n:04d}", rating=2000 - n)
        services.register(tournament=t, player=player, user=arbiter)
    rng = random.Random(seed)
    for _ in range(rounds):
        rnd = pairings.pair_round(tournament=t, user=arbiter)
        for p in rnd.pairings.select_related("game").filter(game__isnull=False):
            rules = get_rules("sos", **p.game.options)
            state = rules.start()
            while moves := rules.legal_moves(state):
                state = rules.play(state, rng.choice(moves))
            with TestCase.captureOnCommitCallbacks(execute=True):
                recording.record_moves(
                    game=p.game, user=arbiter, moves=list(state.moves), expected_ply=0
                )
        services.finish_round(round=rnd, user=arbiter)
    return t


def timed(fn: Any, repeat: int) -> tuple[float, int, Any]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    fn()  # warm up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - start) * 1000)
    with CaptureQueriesContext(connection) as captured:
        fn()
    return statistics.median(times), len(captured), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup_django()
    from games.models import Game
    from tournaments import pairings, queries
    from tournaments.models import Pairing, Tournament

    start = time.perf_counter()
    t = build(args.players, args.rounds, args.seed)
    boards = Pairing.objects.filter(round__tournament=t).count()
    print(
        f"built {args.players} players, {args.rounds} rounds, {boards} boards "
        f"in {time.perf_counter() - start:.1f} s"
    )

    def plain() -> list:
        rows = Pairing.objects.filter(round__tournament=t)
        return list(
            rows.values_list(
                "round__number", "first_id", "second_id", "result", "first_score", "second_score"
            )
        )

    def table() -> Any:
        out = queries.standings(Tournament.objects.get(pk=t.pk))
        out.lines()
        return out

    ms, n, records = timed(lambda: pairings.tournament_records(t), args.repeat)
    print(f"tournament_records (scores from the moves): {ms:7.2f} ms median, {n} queries")
    ms, n, _ = timed(plain, args.repeat)
    print(f"the pairings' own fields only (floor):      {ms:7.2f} ms median, {n} queries")
    ms, n, _ = timed(table, args.repeat)
    print(f"standings with SOS tie-breaks:              {ms:7.2f} ms median, {n} queries")
    games = {g.pk: g for g in Game.objects.filter(pairing__round__tournament=t)}
    by_pair = {
        (p.round.number, p.first_id): games[p.game_id]
        for p in Pairing.objects.filter(round__tournament=t, game__isnull=False).select_related(
            "round"
        )
    }
    wrong = sum(
        1
        for r in records
        if (r.round, r.first) in by_pair
        and (r.first_score, r.second_score) != tuple(by_pair[(r.round, r.first)].scores)
    )
    print(f"records whose scores differ from their game's: {wrong}")


if __name__ == "__main__":
    main()
