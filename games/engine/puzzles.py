"""Puzzles from played positions: :func:`find_puzzle` says whether a position of a game is a
puzzle, checked by the exact solvers, and what its one solution is (no Django: the site's side is
``games.puzzles``).

Two kinds:

- ``"win"`` — the seat to move has **exactly one** winning first move: the exact solver
  (:class:`~games.engine.uttt_solver.UtttSolver`, :class:`~games.engine.sos_solver.SosSolver`)
  values every legal move and exactly one of them wins under best play (ultimate tic-tac-toe;
  SOS *first* and SOS *most* with two seats). ``depth`` is then the shortest forced win in the
  mover's own moves ("win in 2") when a bounded search finds it (ultimate tic-tac-toe and SOS
  *first*, at most :data:`MAX_DEPTH`), else ``None`` ("find the only winning move"; SOS *most*,
  where the game goes on to the full grid).
- ``"sos"`` — SOS *most* (any number of seats): exactly one move makes the most SOSs at once, at
  least two ("find the move that makes three SOSs"); counted exhaustively over every legal move.

A position is a puzzle only where the player **missed** the solution (``played`` is another
move). Every search has a node budget, never a time limit, so the answer for a position is the
same on every machine and every run; a position the budget cannot prove is no puzzle.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from games.rules import SosRules, SosState, UtttRules, UtttState

from .budget import OutOfBudget
from .sos_pos import SosPos
from .sos_pos import move_index as sos_move_index
from .sos_pos import move_name as sos_move_name
from .sos_solver import Limits, SosSolver
from .uttt_pos import UtttPos
from .uttt_pos import move_index as uttt_move_index
from .uttt_pos import move_name as uttt_move_name
from .uttt_solver import SolverLimits, UtttSolver

WIN, SOS = "win", "sos"
# Nodes the solvers may spend on one position (its proof and its depth together).
DEFAULT_NODES = 100_000
# Positions with more empty cells are not tried (a cheap bound before any search).
UTTT_MAX_EMPTIES = 20
SOS_MAX_EMPTIES = 12
# The longest "win in N" measured (the mover's moves).
MAX_DEPTH = 4
# The fewest SOSs one move must make to be a puzzle of kind "sos".
MIN_POINTS = 2


@dataclass(frozen=True)
class Found:
    """A puzzle: its ``kind`` (``"win"`` or ``"sos"``), the one ``solution`` (notation), the
    ``depth`` of a forced win (the mover's moves, or ``None``), the ``points`` the solution makes
    at once (kind ``"sos"``), the seat to move and the solver's nodes."""

    kind: str
    solution: str
    seat: int
    depth: int | None = None
    points: int | None = None
    nodes: int = 0


def position_key(rules: SosRules | UtttRules, state: SosState | UtttState) -> str:
    """A digest of everything that decides the game from ``state`` under ``rules`` (the marks,
    whose turn, the scores, where the next move may go): two puzzles never share one."""
    if rules.kind == "uttt":
        pos = UtttPos.from_state(rules, state)  # type: ignore[arg-type]
        body: object = [list(pos.key()), pos.turn]
    else:
        body = [state.cells, state.turn, list(state.scores)]  # type: ignore[union-attr]
    text = json.dumps([rules.kind, sorted(rules.options.items()), body])
    return hashlib.sha1(text.encode()).hexdigest()


def find_puzzle(
    rules: SosRules | UtttRules,
    state: SosState | UtttState,
    played: str | None = None,
    *,
    nodes: int = DEFAULT_NODES,
) -> Found | None:
    """The puzzle at ``state`` (``played``: the move the game went on with), or ``None``."""
    if rules.outcome(state) is not None:
        return None
    try:
        if rules.kind == "uttt":
            return _uttt(rules, state, played, nodes)  # type: ignore[arg-type]
        return _sos(rules, state, played, nodes)  # type: ignore[arg-type]
    except OutOfBudget:
        return None


# -- Ultimate tic-tac-toe ------------------------------------------------------------------------


def _uttt(rules: UtttRules, state: UtttState, played: str | None, nodes: int) -> Found | None:
    pos = UtttPos.from_state(rules, state)
    if pos.empty_cells() > UTTT_MAX_EMPTIES:
        return None
    limits = SolverLimits(nodes=nodes)
    solver = UtttSolver(limits)
    winning = [m for m, v in solver.move_values(pos) if v == 1]
    if len(winning) != 1 or (played is not None and uttt_move_index(played) == winning[0]):
        return None
    move = winning[0]
    depth = next((d for d in range(1, MAX_DEPTH + 1) if _uttt_wins(pos, move, d, limits)), None)
    return Found(WIN, uttt_move_name(move), pos.turn, depth=depth, nodes=limits.nodes)


def _uttt_wins(pos: UtttPos, move: int, depth: int, limits: SolverLimits) -> bool:
    """Does ``move`` win for the mover within ``depth`` of his moves, whatever the replies?"""
    mover = pos.turn
    limits.tick()
    pos.play(move)
    try:
        if pos.winner >= 0:
            return pos.winner == mover
        if depth == 1:
            return False
        for reply in pos.legal_moves():
            pos.play(reply)
            try:
                if pos.winner >= 0:
                    return False  # the opponent won or it is a draw
                if not any(_uttt_wins(pos, m, depth - 1, limits) for m in pos.legal_moves()):
                    return False
            finally:
                pos.undo()
        return True
    finally:
        pos.undo()


# -- SOS -----------------------------------------------------------------------------------------


def _sos(rules: SosRules, state: SosState, played: str | None, nodes: int) -> Found | None:
    pos = SosPos.from_state(rules, state)
    missed = None if played is None else sos_move_index(rules, played)
    found = None
    if rules.players == 2 and pos.n - pos.ply <= SOS_MAX_EMPTIES:
        found = _sos_win(rules, pos, missed, nodes)
    if found is None and rules.mode == "most":
        found = _sos_points(rules, pos, missed)
    return found


def _sos_win(rules: SosRules, pos: SosPos, missed: int | None, nodes: int) -> Found | None:
    limits = Limits(nodes=nodes)
    solver = SosSolver(rules.rows, rules.cols, 2, rules.mode, limits)
    s, o, seat = pos.s, pos.o, pos.turn
    lead = pos.scores[seat] - pos.scores[1 - seat]
    winning = []
    for m in pos.legal_moves():
        value = solver.move_value(s, o, pos.gain(m), m)
        if (value == 1) if solver.first else (lead + value > 0):  # type: ignore[operator]
            winning.append(m)
    if len(winning) != 1 or winning[0] == missed:
        return None
    move = winning[0]
    depth = None
    if solver.first:
        depth = next(
            (d for d in range(1, MAX_DEPTH + 1) if _sos_first_wins(pos, move, d, limits)), None
        )
    return Found(WIN, sos_move_name(rules, move), seat, depth=depth, nodes=limits.nodes)


def _sos_first_wins(pos: SosPos, move: int, depth: int, limits: Limits) -> bool:
    """SOS *first*: does ``move`` make the first SOS within ``depth`` of the mover's moves?"""
    limits.tick()
    if pos.play(move):
        pos.undo()
        return True
    try:
        if pos.over or depth == 1:
            return False
        for reply in pos.legal_moves():
            if pos.gain(reply):
                return False  # the opponent makes the first SOS
            pos.play(reply)
            try:
                if pos.over or not any(
                    _sos_first_wins(pos, m, depth - 1, limits) for m in pos.legal_moves()
                ):
                    return False
            finally:
                pos.undo()
        return True
    finally:
        pos.undo()


def _sos_points(rules: SosRules, pos: SosPos, missed: int | None) -> Found | None:
    gains = [(pos.gain(m), m) for m in pos.legal_moves()]
    best = max((g for g, _m in gains), default=0)
    top = [m for g, m in gains if g == best]
    if best < MIN_POINTS or len(top) != 1 or top[0] == missed:
        return None
    return Found(SOS, sos_move_name(rules, top[0]), pos.turn, points=best)
