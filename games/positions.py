"""The last position this process saw of each game, so that a game is not replayed from its
first move on every move and every page view.

The ``Move`` rows are the game: a remembered position is used only while it is the replay of the
moves the caller has just read (the same rules object, the same moves in order); otherwise the
moves are replayed and the new position remembered. A take-back, a move stored by another
process or server, an annulled game's replacement — anything that changes the rows — therefore
shows at once. Nothing here is written to the database, and nothing is shared between processes.

The newest :data:`POSITIONS_MAX` games are kept (the engine's states are small: the moves and a
few tuples).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from games.rules import retired

POSITIONS_MAX = 512
_positions: dict[int, Any] = {}


def replayed(
    pk: int | None,
    rules: Any,
    notations: Sequence[str],
    out: Sequence[tuple[int, int]] = (),
) -> Any:
    """The engine's state after ``notations`` (the game ``pk``'s moves just read, in order) and
    the seats ``out`` of the game (``(seat, ply)``, from its clock log)."""
    moves = tuple(notations)
    out = tuple(out)
    state = _positions.get(pk) if pk is not None else None
    if (
        state is None
        or getattr(state, "_rules", None) is not rules
        or state.moves != moves
        or retired(state) != out
    ):
        state = rules.replay(moves, out)
        if pk is not None:
            remember(pk, state)
    return state


def remember(pk: int, state: Any) -> None:
    """Keep ``state`` as the game ``pk``'s latest position (the newest games kept)."""
    positions = _positions
    positions.pop(pk, None)
    positions[pk] = state  # the newest last
    if len(positions) > POSITIONS_MAX:
        with contextlib.suppress(KeyError, RuntimeError, StopIteration):
            del positions[next(iter(positions))]
