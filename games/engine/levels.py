"""The computer at eight levels (issue 33): ``choose_move(rules, state, level, seed=...)``.

Level 8 is the full engine (:func:`games.engine.analyse` with a node budget); levels 1 to 7 are
made weaker by a smaller budget and by stated weakenings (see :class:`Level` and
``docs/engine-levels.md``):

- a shallower look: SOS searches to a fixed depth (0: the points a move makes at once), UTTT
  scores each move by the leaf evaluation alone (``nodes == 0``) or by a small tree search;
- a shallower solver: the exact solvers are tried only with fewer empty cells;
- noise on the evaluation: each move's value gets a Gaussian error before the best is taken;
- a chance of the second-best move (the best move of lower value than the best);
- a chance of a random legal move.

The work per move is bounded by nodes (MCTS iterations, solver and search nodes), never by wall
time, so a level's move depends only on the position and the seed: the same seed gives the same
move. Pass a different seed per move (e.g. from the game and the ply). ``seconds`` is an optional
safety cap on CPU time for the site; with it a move may depend on the machine's speed.

Pure Python: no Django.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from games.rules import SosRules, SosState, UtttRules, UtttState

from .analysis import SOS_EXACT_EMPTIES, SOS_MAXN_EXACT_EMPTIES, Budget, analyse
from .budget import OutOfBudget
from .sos_pos import SosPos
from .sos_pos import move_name as sos_move_name
from .sos_search import SosHeuristic
from .sos_solver import Limits, SosSolver
from .uttt_eval import evaluate_pos
from .uttt_pos import UtttPos
from .uttt_pos import move_name as uttt_move_name
from .uttt_search import LOSS, WIN, Mcts
from .uttt_solver import SolverLimits, UtttSolver
from .uttt_tables import DRAW

LOWEST, HIGHEST = 1, 8


@dataclass(frozen=True)
class Level:
    """One level of one game: its budget and its weakenings.

    - ``nodes``: the work per move (UTTT: MCTS iterations, 0 = the leaf evaluation of each move
      alone; SOS: search nodes) — also the exact solver's node budget;
    - ``depth``: SOS only, the deepest search (0: the points a move makes at once; ``None``:
      iterative deepening until ``nodes`` are spent);
    - ``solve``: the exact solver is tried when at most this many cells are empty (0: never);
    - ``noise``: standard deviation of the Gaussian error added to each move's value (UTTT:
      expected score 0-1; SOS *most*: points; SOS *first*: +1 win / 0 / -1 loss);
    - ``second``: chance of playing the second-best move; ``random``: of a random legal move;
    - ``full``: the full engine (``analyse``) within ``nodes``: no weakening at all.
    """

    number: int
    nodes: int
    depth: int | None = None
    solve: int = 0
    noise: float = 0.0
    second: float = 0.0
    random: float = 0.0
    full: bool = False


# Calibrated with ``bench/engine.py --levels`` (docs/engine-levels.md has the measured ladder).
UTTT_LEVELS: tuple[Level, ...] = (
    Level(1, 0, noise=0.3, random=0.6),
    Level(2, 0, noise=0.1, random=0.2),
    Level(3, 0),
    Level(4, 50, solve=8, noise=0.05),
    Level(5, 200, solve=10, noise=0.05),
    Level(6, 800, solve=12, second=0.25),
    Level(7, 3_000, solve=14, second=0.05),
    Level(8, 12_000, full=True),
)

SOS_LEVELS: tuple[Level, ...] = (
    Level(1, 0, depth=0, noise=1.0, random=0.7),
    Level(2, 0, depth=0, noise=0.5, random=0.65),
    Level(3, 2_000, depth=1, second=0.55),
    Level(4, 5_000, depth=1, second=0.4),
    Level(5, 10_000, depth=2, solve=8, second=0.25),
    Level(6, 30_000, depth=3, solve=11, second=0.1),
    Level(7, 60_000, solve=14),
    Level(8, 200_000, full=True),
)

LEVELS: dict[str, tuple[Level, ...]] = {"uttt": UTTT_LEVELS, "sos": SOS_LEVELS}


@dataclass(frozen=True)
class Choice:
    """The computer's move (notation), its level, the nodes it searched and the CPU seconds."""

    move: str
    level: int
    nodes: int
    seconds: float


def level_of(kind: str, level: int) -> Level:
    """The :class:`Level` ``level`` (1-8) of the game ``kind`` (``"sos"`` or ``"uttt"``)."""
    if not LOWEST <= level <= HIGHEST:
        raise ValueError(f"the level must be from {LOWEST} to {HIGHEST}, not {level}")
    return LEVELS[kind][level - 1]


def choose_move(
    rules: SosRules | UtttRules,
    state: SosState | UtttState,
    level: int,
    *,
    seed: int,
    seconds: float | None = None,
) -> str:
    """The move (notation) the computer plays at ``level`` in ``state`` (an unfinished game)."""
    return choose(rules, state, level, seed=seed, seconds=seconds).move


def choose(
    rules: SosRules | UtttRules,
    state: SosState | UtttState,
    level: int,
    *,
    seed: int,
    seconds: float | None = None,
) -> Choice:
    """:func:`choose_move` with the nodes searched and the CPU time taken."""
    lv = level_of(rules.kind, level)
    if rules.outcome(state) is not None:
        raise ValueError("the game is over: there is no move to choose")
    start = time.process_time()
    cap = float("inf") if seconds is None else seconds
    if lv.full:
        result = analyse(rules, state, Budget(seconds=cap, nodes=lv.nodes), seed=seed)
        assert result.best_move is not None
        move, nodes = result.best_move, result.nodes
    else:
        rng = random.Random(seed)
        if rules.kind == "uttt":
            move, nodes = _uttt(rules, state, lv, rng, cap)  # type: ignore[arg-type]
        else:
            move, nodes = _sos(rules, state, lv, rng, cap)  # type: ignore[arg-type]
    return Choice(move, level, nodes, time.process_time() - start)


def pick(ranked: list[tuple[str, float]], legal: list[str], lv: Level, rng: random.Random) -> str:
    """The weakened choice among ``ranked`` (``(move, value)``, the engine's order, best first).

    One draw decides a random legal move (chance ``lv.random``), another the second-best move
    (chance ``lv.second``: the first ranked move of lower value than the best, else the second);
    otherwise the best by value plus Gaussian noise (``lv.noise``), or the engine's best."""
    if rng.random() < lv.random:
        return rng.choice(legal)
    if lv.second and rng.random() < lv.second and len(ranked) > 1:
        top = ranked[0][1]
        return next((m for m, v in ranked if v < top), ranked[1][0])
    if lv.noise:
        noisy = [(v + rng.gauss(0.0, lv.noise), -i) for i, (_m, v) in enumerate(ranked)]
        return ranked[max(range(len(ranked)), key=noisy.__getitem__)][0]
    return ranked[0][0]


# -- SOS -----------------------------------------------------------------------------------------


def _limits(cap: float, nodes: int) -> Limits:
    return Limits(cap, nodes, time.process_time)


def _key(value: int | tuple[int, ...]) -> float:
    return float(value[0] if isinstance(value, tuple) else value)


def _sos(
    rules: SosRules, state: SosState, lv: Level, rng: random.Random, cap: float
) -> tuple[str, int]:
    pos = SosPos.from_state(rules, state)
    s, o = pos.s, pos.o
    limit = SOS_EXACT_EMPTIES if rules.players == 2 else SOS_MAXN_EXACT_EMPTIES
    values: list[tuple[int, float]] | None = None
    nodes = 0
    if lv.solve and pos.n - pos.ply <= min(lv.solve, limit):
        # The solver and the search share the level's nodes: the solver half, the search the rest.
        solver = SosSolver(
            rules.rows, rules.cols, rules.players, rules.mode, _limits(cap, lv.nodes // 2)
        )
        try:
            moves = solver.moves.ordered(s, o)
            values = [(m, _key(solver.move_value(s, o, g, m))) for g, m in moves]
        except OutOfBudget:
            values = None
        nodes += solver.nodes
    if values is None:
        values, searched = _sos_search(rules, s, o, lv, cap, lv.nodes - nodes)
        nodes += searched
    ranked = sorted(values, key=lambda mv: -mv[1])  # stable: the engine's order among equals
    named = [(sos_move_name(rules, m), v) for m, v in ranked]
    legal = [sos_move_name(rules, m) for m in pos.legal_moves()]
    return pick(named, legal, lv, rng), nodes


def _sos_search(
    rules: SosRules, s: int, o: int, lv: Level, cap: float, budget: int
) -> tuple[list[tuple[int, float]], int]:
    """Every move's value at the deepest depth completed within ``budget`` nodes (depth 0: the
    points it makes at once; *first*: 1 if it makes an SOS)."""
    search = SosHeuristic(rules.rows, rules.cols, rules.players, rules.mode, _limits(cap, budget))
    moves = search.candidates(s, o, True)
    values = [(m, float(1 if g and search.first else g)) for g, m in moves]
    empties = bin(search.geo.full & ~(s | o)).count("1")
    deepest = empties if lv.depth is None else min(lv.depth, empties)
    depth = 1
    while depth <= deepest:
        try:
            values = [(m, _key(search.move_value(s, o, g, m, depth))) for g, m in moves]
        except OutOfBudget:
            break
        depth += 1
    return values, search.nodes


# -- UTTT ----------------------------------------------------------------------------------------


def _uttt(
    rules: UtttRules, state: UtttState, lv: Level, rng: random.Random, cap: float
) -> tuple[str, int]:
    pos = UtttPos.from_state(rules, state)
    legal = pos.legal_moves()
    ranked: list[tuple[int, float]] | None = None
    nodes = 0
    if lv.solve and pos.empty_cells() <= lv.solve:
        solver = UtttSolver(SolverLimits(cap, lv.nodes, time.process_time))
        try:
            ranked = [(m, (v + 1) / 2) for m, v in solver.move_values(pos)]
        except OutOfBudget:
            ranked = None
        nodes += solver.nodes
        if ranked is not None:
            ranked.sort(key=lambda mv: -mv[1])
    if ranked is None and lv.nodes == 0:
        ranked = sorted(((m, _static(pos, m)) for m in legal), key=lambda mv: -mv[1])
        nodes += len(legal)
    if ranked is None:
        ranked, searched = _uttt_tree(pos, lv, rng, cap)
        nodes += searched
    named = [(uttt_move_name(m), v) for m, v in ranked]
    return pick(named, [uttt_move_name(m) for m in legal], lv, rng), nodes


def _static(pos: UtttPos, m: int) -> float:
    """The mover's expected score after ``m`` by the leaf evaluation (1 a win at once)."""
    mover = pos.turn
    pos.play(m)
    try:
        w = pos.winner
        if w >= 0:
            return 0.5 if w == DRAW else float(w == mover)
        x = evaluate_pos(pos)
        return 1.0 - x if mover else x
    finally:
        pos.undo()


def _uttt_tree(
    pos: UtttPos, lv: Level, rng: random.Random, cap: float
) -> tuple[list[tuple[int, float]], int]:
    """Root moves by the tree search, in the engine's order (a proven win first, then the most
    visited), each with its mean value for the mover (proven: 1, ½ or 0)."""
    mcts = Mcts(pos, seed=rng.getrandbits(32))
    mcts.run(seconds=cap, iterations=lv.nodes, clock=time.process_time)
    kids = mcts.root.children
    best = mcts.best_child()
    if best is None:  # proven before any child was made: the exact solver's choice
        return [(mcts.best_move(), 1.0)], mcts.nodes

    def value(ch) -> float:
        if ch.proven is not None:
            return {WIN: 1.0, LOSS: 0.0}.get(ch.proven, 0.5)
        return ch.w / ch.n if ch.n else 0.5

    rest = sorted(
        (ch for ch in kids if ch is not best),
        key=lambda ch: (ch.proven == WIN, ch.proven != LOSS, ch.n, ch.w),
        reverse=True,
    )
    ranked = [(ch.move, value(ch)) for ch in [best, *rest]]
    seen = {m for m, _v in ranked}
    ranked += [(m, 0.5) for m in pos.legal_moves() if m not in seen]
    return ranked, mcts.nodes
