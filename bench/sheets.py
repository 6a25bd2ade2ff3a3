"""Spreadsheet export and import of a 200-player, 9-round Swiss with a board sheet per game.

    .venv/bin/python bench/sheets.py [--players 200] [--rounds 9] [--seed 1] [--no-trace]
                                     [--language ru] [--keep FILE.xlsx]

Builds the tournament in a throw-away SQLite database: players registered and every round paired
through the services (900 ultimate tic-tac-toe games created by ``create_game``), each game played
with a random legal move list stored in bulk (Move rows, the cached ply and the outcome exactly
as ``submit_move`` would leave them: benchmark set-up only), each round finished by the service.
Then times, against the targets of issue 5 on a 2-core machine:

* export    — ``export_tournament`` (players, 9 round sheets, standings, 900 board sheets);
* re-import — ``read_workbook`` of that file into the same tournament: every sheet read and
              checked and every game replayed; the plan must be empty;
* apply     — the games' moves removed (set-up), then ``read_workbook`` + ``apply_plan``, which
              writes all 900 move lists back through the services; a second read must be empty.

Each phase runs once untimed by tracemalloc (wall time, and the process's CPU time — on a busy
machine the wall time includes waiting for a core), then once more under tracemalloc for its peak
of Python allocations (``--no-trace`` skips that); the process's peak RSS (``ru_maxrss``) is
printed as well. Targets: export < 10 s, import < 20 s, memory < 500 MB.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TARGETS = {"export": 10.0, "re-import": 20.0, "apply": 20.0}
MEMORY_TARGET_MB = 500


def setup_django() -> None:
    tmp = tempfile.mkdtemp(prefix="bench-sheets-")
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build(players: int, rounds: int, seed: int) -> Any:
    """The tournament, played through: returns (tournament, arbiter)."""
    from django.contrib.auth.models import User
    from django.db import transaction
    from django.utils import timezone

    from games.models import Game, GameStatus, Move, Player
    from games.rules import get_rules
    from tournaments import pairings
    from tournaments.acts import services
    from tournaments.models import Pairing

    arbiter = User.objects.create_user("bench-arbiter", password=None)
    t = services.create_tournament(
        name="Bench Swiss", kind="uttt", format="swiss", rounds=rounds, created_by=arbiter
    )
    people = Player.objects.bulk_create(
        Player(name=f"Player {n:03d}", rating=1200 + (n * 37) % 900, club=f"Club {n % 12}")
        for n in range(players)
    )
    for person in people:
        services.register(tournament=t, player=person, user=arbiter)
    rules = get_rules("uttt")
    rnd_gen = random.Random(seed)
    for number in range(1, rounds + 1):
        rnd = pairings.pair_round(tournament=t, user=arbiter)
        games, moves, done = [], [], []
        now = timezone.now()
        for p in Pairing.objects.filter(round=rnd, game__isnull=False).select_related("game"):
            g = p.game
            state = rules.start()
            while legal := rules.legal_moves(state):
                seat = rules.to_move(state)
                state = rules.play(state, rnd_gen.choice(legal))
                moves.append(Move(game=g, ply=state.ply, seat=seat, notation=state.moves[-1]))
            outcome = rules.outcome(state)
            g.ply = state.ply
            g.status = GameStatus.FINISHED
            g.winners = list(outcome.winners)
            g.end_reason = outcome.reason
            g.started_at = g.finished_at = now
            games.append(g)
            p.result = services.result_of_game(g)
            done.append(p)
        with transaction.atomic():
            Move.objects.bulk_create(moves, batch_size=5000)
            Game.objects.bulk_update(
                games,
                [
                    "ply",
                    "status",
                    "winners",
                    "end_reason",
                    "started_at",
                    "finished_at",
                ],
                batch_size=500,
            )
            Pairing.objects.bulk_update(done, ["result"], batch_size=500)
        services.finish_round(round=rnd, user=arbiter)
        print(f"  round {number}: {len(games)} games, {len(moves)} moves", flush=True)
    return t, arbiter


def clear_moves(t: Any) -> None:
    """Set-up of the apply phase: the games back to their first move, results kept."""
    from games.models import Game, GameStatus, Move

    games = Game.objects.filter(pairing__round__tournament=t)
    Move.objects.filter(game__in=games).delete()
    games.update(
        ply=0,
        status=GameStatus.WAITING,
        winners=None,
        end_reason="",
        started_at=None,
        finished_at=None,
    )


def measure(label: str, run: Callable[[], Any], trace: bool, prepare: Callable[[], None] | None):
    if prepare:
        prepare()
    start, cpu = time.perf_counter(), time.process_time()
    result = run()
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    peak = None
    if trace:
        if prepare:
            prepare()
        tracemalloc.start()
        run()
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    target = TARGETS[label]
    ok = seconds < target and (peak is None or peak < MEMORY_TARGET_MB) and rss < MEMORY_TARGET_MB
    traced = f"peak={peak:.0f}MB " if peak is not None else ""
    print(
        f"{label:<9} time={seconds:.2f}s cpu={cpu:.2f}s {traced}maxrss={rss:.0f}MB "
        f"target<{target:g}s,<{MEMORY_TARGET_MB}MB {'ok' if ok else 'MISSED'}",
        flush=True,
    )
    return result, ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", default="ru")
    parser.add_argument("--no-trace", action="store_true", help="skip the tracemalloc passes")
    parser.add_argument("--keep", help="also save the exported workbook here")
    args = parser.parse_args(argv)
    setup_django()
    from django.utils import translation

    from sheets import services
    from sheets.xlsx.safety import Limits

    translation.activate(args.language)
    start = time.perf_counter()
    print(f"set-up: {args.players} players, {args.rounds} rounds", flush=True)
    t, arbiter = build(args.players, args.rounds, args.seed)
    print(f"set-up done in {time.perf_counter() - start:.1f}s", flush=True)
    trace = not args.no_trace
    limits = Limits(max_bytes=50 * 1024 * 1024)

    def export() -> bytes:
        out = io.BytesIO()
        services.export_tournament(t, out)
        return out.getvalue()

    data, ok_export = measure("export", export, trace, None)
    print(f"  workbook: {len(data) / 2**20:.2f} MB")
    if args.keep:
        Path(args.keep).write_bytes(data)

    def reimport() -> Any:
        plan = services.read_workbook(data, tournament=t, limits=limits)
        assert plan.ok and plan.empty, (plan.errors[:3], len(plan.games))
        return plan

    plan, ok_read = measure("re-import", reimport, trace, None)
    print(f"  {plan.sheets_read} sheets read and checked, nothing to change")

    def apply() -> Any:
        plan = services.read_workbook(data, tournament=t, limits=limits)
        assert plan.ok and len(plan.games) == sum(1 for _ in plan.games), plan.errors[:3]
        services.apply_plan(plan, user=arbiter)
        return plan

    plan, ok_apply = measure("apply", apply, trace, lambda: clear_moves(t))
    moves = sum(len(g.moves) for g in plan.games)
    again = services.read_workbook(data, tournament=t, limits=limits)
    print(f"  {len(plan.games)} games written back ({moves} moves)")
    print(f"  second import of the same file changes nothing: {again.empty}")
    return 0 if ok_export and ok_read and ok_apply and again.empty else 1


if __name__ == "__main__":
    sys.exit(main())
