"""The levels section of ``bench/engine.py`` (``--levels``): each level of the computer plays the
level below it, and the ladder is printed as a table (issue 33). Imported by ``bench/engine.py``,
which puts the project on the path.

Each pair plays ``--level-games`` games per game (SOS 5×5 *most*, two seats; UTTT classic).
The games start from seeded random openings (two random moves), each opening played twice with
the colours swapped, so the first move alternates and two levels that play without chance still
meet in varied positions. A win scores 1, a draw ½. The interval is Wilson's 95 % score interval
over the games (a draw counted as half a win). Times are CPU seconds per move of this process.
``--level-pair 6`` (or ``2,6,7``) plays only those steps (level k against k-1): the same games as
the whole ladder's rows for them, since each step's seeds depend only on the seed, game and k.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict

from games.engine.levels import HIGHEST, LOWEST, choose
from games.rules import get_rules

TARGET = 0.70
OPENING_PLIES = 2
GAMES = {
    "SOS 5×5 most": lambda: get_rules("sos", rows=5, cols=5, players=2, mode="most"),
    "UTTT classic": lambda: get_rules("uttt", preset="classic"),
}


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``score`` over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    den = 1 + z * z / n
    mid = (score + z * z / (2 * n)) / den
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def opening(rules, rng: random.Random):
    state = rules.start()
    for _ in range(OPENING_PLIES):
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return state


def play(rules, state, seats: tuple[int, int], seed: int, times: dict) -> float:
    """Play ``state`` to the end, seat i at level ``seats[i]``; the score of seat 0."""
    ply = 0
    while rules.outcome(state) is None:
        level = seats[rules.to_move(state)]
        start = time.process_time()
        choice = choose(rules, state, level, seed=seed * 1_000 + ply)
        times[level].append(time.process_time() - start)
        state = rules.play(state, choice.move)
        ply += 1
    winners = rules.outcome(state).winners
    return 0.5 if not winners else float(0 in winners)


def steps(text: str) -> list[int]:
    """The steps ``--level-pair`` names ("6" or "2,6,7": level k against k-1); all when empty."""
    every = list(range(LOWEST + 1, HIGHEST + 1))
    if not text:
        return every
    chosen = sorted({int(k) for k in text.split(",") if k.strip()})
    if not set(chosen) <= set(every):
        raise SystemExit(f"--level-pair: steps are {LOWEST + 1} to {HIGHEST} (level k vs k-1)")
    return chosen


def ladder(label: str, games: int, seed: int, pairs: list[int]) -> tuple[list[tuple], dict]:
    """Level k against k-1 for every k of ``pairs``; rows ``(label, k, games, score, low, high)``.

    Each step's openings and seeds depend only on the seed, the game and k, so a step measured
    alone (``--level-pair k``) gives the same games as in the whole ladder."""
    make = GAMES[label]
    rules = make()
    times: dict[int, list[float]] = defaultdict(list)
    rows = []
    for k in pairs:
        rng = random.Random(f"{seed}:{label}:{k}")
        total = 0.0
        for g in range(games):
            if g % 2 == 0:
                start = opening(rules, rng)
            strong_first = g % 2 == 0
            seats = (k, k - 1) if strong_first else (k - 1, k)
            s = play(rules, start, seats, seed * 10_000 + k * 100 + g, times)
            total += s if strong_first else 1 - s
        score = total / games
        rows.append((label, k, games, score, *wilson(score, games)))
        print(f"  {label}: level {k} vs {k - 1}: {score:.0%} over {games} games", flush=True)
    return rows, times


def section_levels(args: argparse.Namespace) -> None:
    games = args.level_games or (10 if args.quick else 60)
    games += games % 2
    print(f"== the computer's levels: each level against the one below, {games} games a pair")
    print(f"   (target: each level scores at least {TARGET:.0%}; CPU seconds per move)")
    labels = [g for g in GAMES if not args.level_game or args.level_game in g.lower()]
    pairs = steps(args.level_pair)
    results = [ladder(label, games, args.seed, pairs) for label in labels]
    print()
    print(f"| game | level | vs | games | score | 95 % interval | ≥ {TARGET:.0%} |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for rows, _times in results:
        for label, k, n, score, low, high in rows:
            ok = "yes" if score >= TARGET else "NO"
            print(f"| {label} | {k} | {k - 1} | {n} | {score:.0%} | {low:.0%}–{high:.0%} | {ok} |")
    print()
    print("| game | level | moves | mean CPU ms / move | max CPU ms / move |")
    print("| --- | --- | --- | --- | --- |")
    for (_rows, times), label in zip(results, labels, strict=True):
        for level in sorted(times):
            t = times[level]
            mean_ms = 1000 * sum(t) / len(t)
            print(f"| {label} | {level} | {len(t)} | {mean_ms:.1f} | {1000 * max(t):.1f} |")
