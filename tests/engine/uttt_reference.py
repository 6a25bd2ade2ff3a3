"""Replays the fast playout's random choices through the public rules engine (tests only)."""

from __future__ import annotations

import random

from games.engine.uttt_playout import REFILL


class LoggingBits:
    """A ``Random`` stand-in whose ``getrandbits`` draws are logged for a replay."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self.log: list[int] = []

    def getrandbits(self, k: int) -> int:
        value = self._rng.getrandbits(k)
        self.log.append(value)
        return value

    def random(self) -> float:  # pragma: no cover - only the general playout uses it
        raise AssertionError("the fast playout draws bits only")


def winning_cells(rules, state, board):
    """Cells of ``board`` that would win it for the mover (empty if the board is decided)."""
    if state.board_status[board] != "open":
        return []
    out = []
    for move in rules.legal_moves(state):
        r, c = rules.parse_cell(move)
        if (c // 3) + 3 * (r // 3) != board:
            continue
        after = rules.play(state, move)
        if after.board_status[board] != "open" and after.board_status[board] != "draw":
            out.append(move)
    return out


def smart_cells(rules, state, board):
    """Cells of ``board`` that send the opponent neither to a closed board nor to an undecided
    board where the opponent has a cell that wins it at once (the smart playout's preference)."""
    mover = rules.to_move(state)
    out = []
    for move in rules.legal_moves(state):
        r, c = rules.parse_cell(move)
        if (c // 3) + 3 * (r // 3) != board:
            continue
        target = (c % 3) + 3 * (r % 3)
        closed = state.board_status[target] != "open" if rules.classic else state.board_full[target]
        if closed:
            continue
        threat = False
        if state.board_status[target] == "open":
            # Would the opponent (to move after us) win board ``target`` at once, as it is now?
            grid = state.grid
            mark = "XO"[1 - mover]
            cells = [(3 * (target // 3) + i // 3, 3 * (target % 3) + i % 3) for i in range(9)]
            vals = [grid[rr][cc] for rr, cc in cells]
            for a, b_, e in (
                (0, 1, 2),
                (3, 4, 5),
                (6, 7, 8),
                (0, 3, 6),
                (1, 4, 7),
                (2, 5, 8),
                (0, 4, 8),
                (2, 4, 6),
            ):
                trio = [vals[a], vals[b_], vals[e]]
                if trio.count(mark) == 2 and trio.count("") == 1:
                    threat = True
        if not threat:
            out.append(move)
    return out


def replay_playout(rules, state, log, heavy, smart=False):
    """The public engine's state after the choices a fast playout drew from ``log``."""
    draws = iter(log)
    r = next(draws)
    # The playout goes round by round (X's half, then O's) and tops r up at the start of a round
    # (and before the first move, even when it is O's).
    half = len(state.moves) % 2
    first = True
    while rules.outcome(state) is None:
        if (half == 0 or first or smart) and r < REFILL:
            r = next(draws)
        first = False
        legal = rules.legal_moves(state)
        t = state.send_to
        closed = (
            t is None
            or (rules.classic and state.board_status[t] != "open")
            or (not rules.classic and state.board_full[t])
        )
        if closed:
            move = legal[next(draws) % len(legal)]
        else:
            cells = winning_cells(rules, state, t) if heavy else []
            if not cells and smart:
                cells = smart_cells(rules, state, t)
            if not cells:
                cells = legal
            move = cells[r % len(cells)]
            r //= len(cells)
        state = rules.play(state, move)
        half ^= 1
    assert next(draws, None) is None, "the playout drew more numbers than the replay used"
    return state
