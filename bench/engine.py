"""Engine benchmark (issue 15): speed, proofs and strength, printed as figures.

    .venv/bin/python bench/engine.py [--sections random,search,sos,endgames,strength,levels]
                                     [--seconds 3] [--games 100] [--move-time 0.1] [--seed 1]

- random:   random games/s of the fast position type (its playout routine, and its
            legal_moves/play API) beside the public API's, and OpenSpiel's from Python when
            open_spiel is installed (target: the fast type at least 17,800 games/s).
- search:   UTTT MCTS iterations (playouts) per second and nodes per second.
- sos:      the SOS solver proves 3×3 and 3×4 (value 0) and reports time and nodes for 4×4.
- endgames: UTTT positions with at most 14 empty cells, solved exactly by ``analyse`` within
            its default budget (both presets).
- strength: UTTT games (classic preset, varied openings, colours alternated) against
            OpenSpiel's C++ MCTS bot (random rollouts, simulations set to use the same time per
            move). Needs ``pip install open_spiel`` (a benchmark tool, not a site dependency).
            Target: a score of at least 55 %.
- levels:   the computer's eight levels, each against the one below (``--levels`` runs this
            section alone; ``--quick``: 10 games a pair, else 60; ``--level-games N``,
            ``--level-game sos|uttt``, ``--level-pair 6`` or ``2,6,7``: only those steps,
            level k against k-1, the same games as in the whole ladder), printed as a table
            with 95 % intervals and the CPU time per move of each level
            (docs/engine-levels.md). Target: each level ≥ 70 %.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_levels import section_levels  # beside this file
from engine_strength import section_strength  # beside this file

from games.engine import DEFAULT_BUDGET, analyse
from games.engine.sos_solver import Limits, SosSolver
from games.engine.uttt_playout import random_playout
from games.engine.uttt_pos import UtttPos
from games.engine.uttt_search import Mcts
from games.rules import get_rules

RANDOM_TARGET = 17_800


# Rates and times are in CPU seconds of this process (time.process_time): the machine is shared,
# and wall-clock rates would measure the neighbours as much as the code.
CLOCK = time.process_time


def _rate(fn, seconds: float) -> float:
    n = 0
    start = CLOCK()
    deadline = start + seconds
    while CLOCK() < deadline:
        fn()
        n += 1
    return n / (CLOCK() - start)


def section_random(args: argparse.Namespace) -> None:
    print("== random games per CPU second (one core)")
    rng = random.Random(args.seed)
    rows = []
    for label, opts in (("classic", {"preset": "classic"}), ("tactical", {"preset": "tactical"})):
        rules = get_rules("uttt", **opts)
        pos = UtttPos.for_rules(rules)
        fast = _rate(lambda pos=pos: random_playout(pos, rng), args.seconds)

        def via_api(rules=rules) -> None:
            p = UtttPos.for_rules(rules)
            choice = rng.choice
            while p.winner < 0:
                p.play(choice(p.legal_moves()))

        api_fast = _rate(via_api, args.seconds)

        def public(rules=rules) -> None:
            st = rules.start()
            choice, legal, play = rng.choice, rules.legal_moves, rules.play
            while moves := legal(st):
                st = play(st, choice(moves))

        pub = _rate(public, args.seconds)
        rows.append((label, fast, api_fast, pub))
    ospiel = None
    try:
        import pyspiel
    except ImportError:
        pass
    else:
        game = pyspiel.load_game("ultimate_tic_tac_toe")

        def os_game() -> None:
            st = game.new_initial_state()
            choice = rng.choice
            while not st.is_terminal():
                st.apply_action(choice(st.legal_actions()))

        ospiel = _rate(os_game, args.seconds)
    print(f"{'UTTT':<9} {'fast playout':>13} {'fast play/undo':>15} {'public API':>11}")
    for label, fast, api_fast, pub in rows:
        print(f"{label:<9} {fast:>13,.0f} {api_fast:>15,.0f} {pub:>11,.0f}")
    if ospiel is not None:
        print(f"OpenSpiel C++ from Python (classic), measured now: {ospiel:,.0f} games/s")
    best = rows[0][1]
    verdict = "ok" if best >= RANDOM_TARGET else "MISSED"
    print(f"target: fast type ≥ {RANDOM_TARGET:,} games/s (classic): {best:,.0f} {verdict}")
    if ospiel:
        print(f"fast playout / OpenSpiel measured now: {best / ospiel:.2f}×")


def section_search(args: argparse.Namespace) -> None:
    print("== UTTT search speed (MCTS-Solver from the start position)")
    for preset in ("classic", "tactical"):
        pos = UtttPos.for_rules(get_rules("uttt", preset=preset))
        kinds = {
            "default (evaluated leaves, implicit minimax)": {},
            "random playouts": {"heavy": False, "cutoff": None, "minimax": 0.0},
            "heavy playouts": {"heavy": True, "cutoff": None, "minimax": 0.0},
        }
        for kind, options in kinds.items():
            mcts = Mcts(pos, seed=args.seed, **options)
            start = CLOCK()
            mcts.run(seconds=args.seconds, clock=CLOCK)
            elapsed = CLOCK() - start
            print(
                f"{preset:<9} {kind}: {mcts.playouts / elapsed:>8,.0f} iterations/s,"
                f" {mcts.nodes / elapsed:>8,.0f} nodes/s (tree and solver)"
            )


def section_sos(args: argparse.Namespace) -> None:
    print("== SOS exact solver (two seats)")
    for rows, cols, mode in ((3, 3, "most"), (3, 3, "first"), (3, 4, "most"), (3, 4, "first")):
        solver = SosSolver(rows, cols, 2, mode)
        start = CLOCK()
        value = solver.value(0, 0)
        elapsed = CLOCK() - start
        ok = "proved" if value == 0 else "UNEXPECTED"
        print(
            f"{rows}×{cols} {mode:<5} value {value:+d} ({ok} 0)"
            f"  {solver.nodes:>9,} nodes  {elapsed:6.2f} s"
        )
    if args.skip_4x4:
        print("4×4 skipped (--skip-4x4)")
        return
    solver = SosSolver(4, 4, 2, "most", Limits(seconds=args.sos_4x4_seconds))
    start = CLOCK()
    try:
        value = solver.value(0, 0)
    except Exception as exc:  # OutOfBudget
        print(f"4×4 most  not proved within {args.sos_4x4_seconds:.0f} s ({type(exc).__name__})")
        return
    elapsed = CLOCK() - start
    print(
        f"4×4 most  value {value:+d}  {solver.nodes:>9,} nodes  {elapsed:6.2f} s"
        f"  ({len(solver.tt):,} positions in the table, symmetry-reduced)"
    )


def _endgame_positions(preset: str, count: int, empties: int, rng: random.Random):
    rules = get_rules("uttt", preset=preset)
    found = []
    while len(found) < count:
        st = rules.start()
        while True:
            legal = rules.legal_moves(st)
            if not legal:
                break
            pos = UtttPos.from_state(rules, st)
            if pos.empty_cells() <= empties:
                found.append((rules, st))
                break
            st = rules.play(st, rng.choice(legal))
    return found


def section_endgames(args: argparse.Namespace) -> None:
    print("== UTTT endgames with ≤ 14 empty cells, analyse() with its default budget")
    rng = random.Random(args.seed)
    for preset in ("classic", "tactical"):
        positions = _endgame_positions(preset, args.endgames, 14, rng)
        solved, times, nodes = 0, [], []
        for rules, st in positions:
            start = CLOCK()
            result = analyse(rules, st)
            times.append(CLOCK() - start)
            nodes.append(result.nodes)
            solved += result.evaluation.proven
        print(
            f"{preset:<9} {solved}/{len(positions)} solved exactly;"
            f" CPU time mean {statistics.mean(times):.3f} s, max {max(times):.3f} s"
            f" (default budget {DEFAULT_BUDGET.seconds:g} CPU s);"
            f" nodes mean {statistics.mean(nodes):,.0f}, max {max(nodes):,}"
        )


SECTIONS = {
    "random": section_random,
    "search": section_search,
    "sos": section_sos,
    "endgames": section_endgames,
    "strength": section_strength,
    "levels": section_levels,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sections", default=",".join(name for name in SECTIONS if name != "levels")
    )
    parser.add_argument("--levels", action="store_true", help="the levels' ladder alone")
    parser.add_argument("--quick", action="store_true", help="levels: 10 games a pair")
    parser.add_argument("--level-games", type=int, default=0, help="levels: games a pair")
    parser.add_argument("--level-game", default="", help="levels: only 'sos' or 'uttt'")
    parser.add_argument(
        "--level-pair",
        default="",
        help="levels: only these steps, level k against k-1 (e.g. 6 or 2,6,7)",
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="per speed measurement")
    parser.add_argument("--games", type=int, default=100, help="strength games")
    parser.add_argument(
        "--start", type=int, default=0, help="first strength game (to split a match in parts)"
    )
    parser.add_argument("--move-time", type=float, default=0.1, help="seconds per move")
    parser.add_argument("--endgames", type=int, default=20, help="endgames per preset")
    parser.add_argument("--skip-4x4", action="store_true")
    parser.add_argument("--sos-4x4-seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--os-sims", type=int, default=0, help="OpenSpiel simulations (0: timed)")
    # Our search's options; unset ones keep the defaults of ``Mcts`` (what the site uses).
    parser.add_argument("--uct-c", type=float, help="our exploration constant")
    parser.add_argument("--light", action="store_true", help="our playouts uniformly random")
    parser.add_argument("--heavy", type=int, help="playouts: 1 win a board, 2 win else block")
    parser.add_argument("--smart", type=int, help="smart playouts (1) or not (0)")
    parser.add_argument("--prior", type=int, help="virtual playouts of the prior")
    parser.add_argument("--minimax", type=float, help="implicit minimax weight (0: none)")
    parser.add_argument(
        "--cutoff", type=int, help="playouts cut after N half-moves (0: none, -1: to the end)"
    )
    args = parser.parse_args()
    if args.levels:
        args.sections = "levels"
    for name in args.sections.split(","):
        SECTIONS[name.strip()](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
