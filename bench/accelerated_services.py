"""Baku-accelerated Swiss tournaments made through our services, exported as TRF and judged by
bbpPairings' ``-c``.

    .venv/bin/python bench/accelerated_services.py --bbp /tmp/bbp/bbpPairings.exe [--count 6]
        [--seed 1]

In a throw-away SQLite database, each tournament (12-40 players rated 2000, 1990, …, 5-9
rounds, Baku acceleration) is paired round by round with ``pairings.pair_round``, its boards
given random results (a quarter drawn) through ``services.record_result`` and finished; before
round 2 two late entries register without a starting rank (rated 1995, 1985 or 1900: placed in
the pairing list by rating). ``export_trf`` writes it with its ``XXA`` lines and bbpPairings
``--dutch FILE -c`` re-pairs every round. Prints one line per tournament and the total of rounds
paired otherwise.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def setup_django(tmp: str) -> None:
    os.environ["SQLITE_PATH"] = os.path.join(tmp, "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def play(seed: int, arbiter) -> str:
    """One accelerated tournament through the services; its TRF text."""
    from games import player_services
    from tournaments import pairings
    from tournaments.acts import services
    from tournaments.models import Acceleration, Pairing
    from tournaments.trf_io import export_trf

    rng = random.Random(seed)
    players, rounds = rng.randint(12, 40), rng.randint(5, 9)
    t = services.create_tournament(
        name=f"Accelerated {seed}",
        kind="sos",
        format="swiss",
        rounds=rounds,
        online=False,
        acceleration=Acceleration.BAKU,
        created_by=arbiter,
    )

    def register(name: str, rating: int) -> None:
        player = player_services.create_player(name=f"{name} {seed}", user=None, rating=rating)
        services.register(tournament=t, player=player, user=arbiter)

    for n in range(1, players + 1):
        register(f"P{n:02d}", 2000 - 10 * (n - 1))
    for k in range(1, rounds + 1):
        if k == 2:
            for i in range(2):
                register(f"Late{i}", rng.choice((1995, 1985, 1900)))
        rnd = pairings.pair_round(tournament=t, user=arbiter)
        for p in Pairing.objects.filter(round=rnd).order_by("board"):
            if not p.result:
                x = rng.random()
                result = "1/2-1/2" if x < 0.25 else rng.choice(("1-0", "0-1"))
                services.record_result(pairing=p, result=result, user=arbiter)
        services.finish_round(round=rnd, user=arbiter)
    return export_trf(t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bbp", required=True)
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="bench-accelerated-")
    setup_django(tmp)
    from django.contrib.auth.models import User

    arbiter = User.objects.create_user("arbiter", password="x")
    wrong = total = 0
    for seed in range(args.seed, args.seed + args.count):
        path = Path(tmp) / f"s{seed}.trf"
        path.write_text(play(seed, arbiter), encoding="utf-8")
        out = subprocess.run(
            [args.bbp, "--dutch", str(path), "-c"], capture_output=True, text=True, timeout=600
        ).stdout
        rounds, differ = out.count("Round #"), out.count("Checker pairings")
        wrong, total = wrong + differ, total + rounds
        print(f"seed={seed} rounds={rounds} paired_otherwise={differ}")
    print(f"rounds bbpPairings -c pairs otherwise: {wrong}/{total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
