"""``analyse(rules, state, budget)``: the one entry point of the engine.

It takes the public API's rules and state (:mod:`games.rules`), searches within the budget, and
answers an :class:`Analysis`: the best move in notation, an :class:`Evaluation` (a proven result,
or an estimate with its uncertainty), the principal line and the nodes searched.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from games.rules import SosRules, SosState, UtttRules, UtttState

from .budget import OutOfBudget
from .sos_pos import SosPos
from .sos_pos import move_name as sos_move_name
from .sos_search import SosHeuristic
from .sos_solver import Limits, SosSolver
from .uttt_pos import UtttPos
from .uttt_pos import move_name as uttt_move_name
from .uttt_search import Mcts
from .uttt_solver import SolverLimits, UtttSolver

# Positions at most this empty are first tried with the exact solvers.
UTTT_EXACT_EMPTIES = 18
SOS_EXACT_EMPTIES = 16
SOS_MAXN_EXACT_EMPTIES = 10


@dataclass(frozen=True)
class Budget:
    """How much search an analysis may spend: seconds, and optionally nodes.

    The seconds are CPU seconds of the analysing process by default (``cpu=True``), so that a
    busy machine makes an analysis slower but not weaker; ``cpu=False`` counts wall-clock time.
    """

    seconds: float = 1.0
    nodes: int | None = None
    cpu: bool = True

    @property
    def clock(self) -> Callable[[], float]:
        return time.process_time if self.cpu else time.perf_counter


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class Evaluation:
    """What the engine thinks of a position, from the point of view of ``seat`` (to move).

    - ``value``: UTTT and SOS *first* — the expected score of ``seat`` (1 win, ½ draw, 0 loss);
      SOS *most* with two seats — the final score difference, ``seat`` minus the opponent;
      SOS with three or more seats — ``seat``'s final score (the others are in ``scores``).
    - ``proven``: the value is exact under best play (then ``winners`` is the result: the
      winning seats, ``()`` for a draw). Three or more seats: exact under max^n (every seat
      maximising its own score or result, ties to the first move in the public order).
    - ``visits``: for a Monte Carlo estimate, how many times the search went through the chosen
      move; else ``None``. No interval is given: the estimate is a mean of heuristic evaluations
      and proven results of one tree, which are not independent samples, so a binomial interval
      over them would claim a precision the search does not have.
    - ``scores``: SOS with three or more seats — the final scores per seat (``None`` otherwise).
    - ``method``: ``"solved"``, ``"mcts"`` or ``"search"``; ``depth``: moves searched (search).
    """

    seat: int
    value: float
    proven: bool
    method: str
    winners: tuple[int, ...] | None = None
    visits: int | None = None
    scores: tuple[float, ...] | None = None
    depth: int | None = None

    @property
    def result(self) -> str | None:
        """``"win"``, ``"draw"`` or ``"loss"`` for ``seat`` once proven, else ``None``."""
        if self.winners is None:
            return None
        if not self.winners:
            return "draw"
        return "win" if self.seat in self.winners else "loss"


@dataclass(frozen=True)
class Analysis:
    best_move: str | None
    evaluation: Evaluation
    line: tuple[str, ...]
    nodes: int
    seconds: float


def _budget(budget: Budget | float | None) -> Budget:
    if budget is None:
        return DEFAULT_BUDGET
    if isinstance(budget, Budget):
        return budget
    return Budget(seconds=float(budget))  # CPU seconds


def analyse(
    rules: SosRules | UtttRules,
    state: SosState | UtttState,
    budget: Budget | float | None = None,
    *,
    seed: int | None = None,
) -> Analysis:
    """Analyse ``state`` (of ``rules``) within ``budget`` (a :class:`Budget` or seconds).

    ``seed`` seeds the UTTT tree search's random choices: with a node budget and no time limit
    that binds, the same seed gives the same analysis (SOS's searches use no randomness)."""
    b = _budget(budget)
    start = time.perf_counter()
    if rules.kind == "uttt":
        best, evaluation, line, nodes = _analyse_uttt(rules, state, b, seed)  # type: ignore[arg-type]
    else:
        best, evaluation, line, nodes = _analyse_sos(rules, state, b)  # type: ignore[arg-type]
    return Analysis(best, evaluation, tuple(line), nodes, time.perf_counter() - start)


def _finished(rules: SosRules | UtttRules, state: SosState | UtttState) -> Evaluation:
    outcome = rules.outcome(state)
    assert outcome is not None
    seat = 0 if rules.kind == "uttt" else (state.turn or 0)  # type: ignore[union-attr]
    if rules.kind == "sos" and rules.mode == "most":  # type: ignore[union-attr]
        scores = outcome.scores
        if rules.players == 2:
            return Evaluation(
                seat, scores[seat] - scores[1 - seat], True, "solved", outcome.winners
            )
        return Evaluation(seat, scores[seat], True, "solved", outcome.winners, scores=scores)
    value = 0.5 if not outcome.winners else float(seat in outcome.winners)
    return Evaluation(seat, value, True, "solved", outcome.winners)


# -- UTTT ----------------------------------------------------------------------------------------


def _analyse_uttt(rules: UtttRules, state: UtttState, budget: Budget, seed: int | None = None):
    if rules.outcome(state) is not None:
        return None, _finished(rules, state), [], 0
    pos = UtttPos.from_state(rules, state)
    seat = pos.turn
    clock = budget.clock
    deadline = clock() + budget.seconds
    nodes = 0
    if pos.empty_cells() <= UTTT_EXACT_EMPTIES:
        limits = SolverLimits(seconds=budget.seconds * 0.8, nodes=budget.nodes, clock=clock)
        solver = UtttSolver(limits)
        try:
            value = solver.solve(pos)
            moves = solver.move_values(pos)
            line = solver.line(pos, limit=30)
        except OutOfBudget:
            nodes += solver.nodes
        else:
            best = next(m for m, v in moves if v == value)
            winners = () if value == 0 else ((seat,) if value > 0 else (1 - seat,))
            ev = Evaluation(seat, (value + 1) / 2, True, "solved", winners)
            return (
                uttt_move_name(best),
                ev,
                [uttt_move_name(m) for m in line],
                (nodes + solver.nodes),
            )
    mcts = Mcts(pos, seed=seed)
    remaining = max(0.0, deadline - clock())
    if budget.nodes is not None:
        mcts.run(seconds=remaining, iterations=max(1, budget.nodes - nodes), clock=clock)
    else:
        mcts.run(seconds=remaining, clock=clock)
    best_child = mcts.best_child()
    best = mcts.best_move()
    line = [uttt_move_name(m) for m in mcts.principal_line()] or [uttt_move_name(best)]
    nodes += mcts.nodes
    root = mcts.root
    if root.proven is not None:
        p = -root.proven  # root.proven is for the seat that moved into the root
        winners = () if p == 0 else ((seat,) if p > 0 else (1 - seat,))
        ev = Evaluation(seat, (p + 1) / 2, True, "solved", winners)
        return uttt_move_name(best), ev, line, nodes
    assert best_child is not None
    value = best_child.w / best_child.n
    ev = Evaluation(seat, value, False, "mcts", visits=int(best_child.n))
    return uttt_move_name(best), ev, line, nodes


# -- SOS -----------------------------------------------------------------------------------------


def _analyse_sos(rules: SosRules, state: SosState, budget: Budget):
    if rules.outcome(state) is not None:
        return None, _finished(rules, state), [], 0
    pos = SosPos.from_state(rules, state)
    players = rules.players
    empties = pos.n - pos.ply
    clock = budget.clock
    deadline = clock() + budget.seconds
    nodes = 0
    exact_limit = SOS_EXACT_EMPTIES if players == 2 else SOS_MAXN_EXACT_EMPTIES
    if empties <= exact_limit:
        limits = Limits(seconds=budget.seconds * 0.7, nodes=budget.nodes, clock=clock)
        solver = SosSolver(rules.rows, rules.cols, players, rules.mode, limits)
        try:
            best, value, line = _sos_exact(solver, pos)
        except OutOfBudget:
            nodes += solver.nodes
        else:
            ev = _sos_evaluation(rules, pos, value, True, "solved", None)
            names = [sos_move_name(rules, m) for m in line]
            return sos_move_name(rules, best), ev, names, solver.nodes
    remaining = max(0.01, deadline - clock())
    limits = Limits(seconds=remaining, nodes=budget.nodes, clock=clock)
    search = SosHeuristic(rules.rows, rules.cols, players, rules.mode, limits)
    best, value, depth = search.best(pos.s, pos.o)
    ev = _sos_evaluation(rules, pos, value, False, "search", depth)
    return (
        sos_move_name(rules, best),
        ev,
        [sos_move_name(rules, best)],
        (nodes + search.nodes),
    )


def _sos_exact(solver: SosSolver, pos: SosPos):
    """Best move, value and principal line (up to 20 moves) with the exact solver."""
    s, o = pos.s, pos.o
    value = solver.value(s, o)
    best = _sos_best(solver, s, o, value)
    line = []
    target = value  # for max^n: counted from the seat to move at each step
    while s | o != solver.geo.full and len(line) < 20:
        m = _sos_best(solver, s, o, target)
        g = solver.geo.gain(s, o, m)
        line.append(m)
        bit = 1 << (m >> 1)
        s, o = (s, o | bit) if m & 1 else (s | bit, o)
        if solver.first and g:
            break
        target = solver.value(s, o)
    return best, value, line


def _sos_best(solver: SosSolver, s: int, o: int, value) -> int:
    key = value[0] if isinstance(value, tuple) else value
    moves = solver.moves.ordered(s, o)
    if isinstance(value, tuple):  # max^n: the first move in the public order, as the search
        moves.sort(key=lambda gm: gm[1])
    for g, m in moves:
        v = solver.move_value(s, o, g, m)
        if (v[0] if isinstance(v, tuple) else v) == key:
            return m
    raise AssertionError("no move reaches the position's value")  # pragma: no cover


def _sos_evaluation(rules: SosRules, pos: SosPos, value, proven: bool, method: str, depth):
    seat, players = pos.turn, rules.players
    if players > 2:
        # value[k] is the rest of the game for the seat k places after the mover.
        final = [float(x) for x in pos.scores]
        for k, v in enumerate(value):
            final[(seat + k) % players] += v
        if rules.mode == "first":
            utility = value[0]
            winners = None
            if proven:
                winners = tuple((seat + k) % players for k, v in enumerate(value) if v > 0)
            return Evaluation(seat, (utility + 1) / 2, proven, method, winners, depth=depth)
        top = max(final)
        winners = tuple(i for i, v in enumerate(final) if v == top)
        if len(winners) == players:
            winners = ()
        return Evaluation(
            seat,
            final[seat],
            proven,
            method,
            winners if proven else None,
            scores=tuple(final),
            depth=depth,
        )
    other = 1 - seat
    if rules.mode == "first":
        winners = () if value == 0 else ((seat,) if value > 0 else (other,))
        return Evaluation(
            seat, (value + 1) / 2, proven, method, winners if proven else None, depth=depth
        )
    diff = pos.scores[seat] - pos.scores[other] + value
    winners = () if diff == 0 else ((seat,) if diff > 0 else (other,))
    return Evaluation(seat, float(diff), proven, method, winners if proven else None, depth=depth)


def as_dict(analysis: Analysis, *, line_limit: int = 12) -> dict:
    """``analysis`` as plain JSON-ready values (what the site stores)."""
    ev = analysis.evaluation
    return {
        "best_move": analysis.best_move,
        "line": list(analysis.line[:line_limit]),
        "nodes": analysis.nodes,
        "seconds": round(analysis.seconds, 3),
        "evaluation": {
            "seat": ev.seat,
            "value": round(ev.value, 4),
            "proven": ev.proven,
            "method": ev.method,
            "winners": list(ev.winners) if ev.winners is not None else None,
            "visits": ev.visits,
            "scores": list(ev.scores) if ev.scores is not None else None,
            "depth": ev.depth,
        },
    }
