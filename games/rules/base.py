"""What both games share: the outcome value, the immutable state base and the rules base."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import InvalidMove, MoveError, gettext_noop
from .notation import cell_name, check_on_board, normalise, split_cell

BAD_CELL = gettext_noop(
    "“%(text)s” is not a cell: write a column letter and a row number, like B3."
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended. ``winners`` is empty for a draw."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners


_set = object.__setattr__


def retired(state: Any) -> tuple[tuple[int, int], ...]:
    """The seats out of the game in ``state``, ``(seat, ply)`` in order (a game of three or
    more whose seat's time ran out; none in other games)."""
    return getattr(state, "out", ())


class FrozenState:
    """Base of immutable game states: equal when the rules and the move list are the same.

    A state pickles (and copies) as its game, options and moves, by the reducer the package
    registers for each kind's state (``games.rules.__init__``, beside ``get_rules``)."""

    __slots__ = ("_rules", "moves")
    _rules: Rules
    moves: tuple[str, ...]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (
            self.moves == other.moves
            and self._rules.key == other._rules.key  # type: ignore[attr-defined]
            and retired(self) == retired(other)
        )

    def __hash__(self) -> int:
        return hash((self._rules.key, self.moves, retired(self)))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._rules.kind} ply={len(self.moves)}>"

    @property
    def ply(self) -> int:
        return len(self.moves)


class Rules:
    """Base of the two games' rules. Subclasses set ``kind``, ``rows``, ``cols``, ``players``."""

    kind: ClassVar[str]
    rows: int
    cols: int
    players: int
    options: dict[str, Any]
    key: tuple[Any, ...]

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"get_rules({self.kind!r}, {opts})"

    # -- cells ---------------------------------------------------------------------------------
    def cell_name(self, row: int, col: int) -> str:
        return cell_name(row, col)

    def parse_cell(self, text: str) -> tuple[int, int]:
        """``(row, col)`` 0-based of a cell name; ``InvalidMove`` / ``IllegalMove("off_board")``."""
        pos = split_cell(normalise(text)) if isinstance(text, str) else None
        if pos is None:
            raise InvalidMove("bad_notation", BAD_CELL, text=str(text).strip())
        check_on_board(pos[0], pos[1], self.rows, self.cols)
        return pos

    # -- whole games ---------------------------------------------------------------------------
    def start(self) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def play(self, state: Any, notation: str) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def replay(self, moves: Iterable[str], out: Iterable[tuple[int, int]] = ()) -> Any:
        """The state after ``moves``; a bad move raises its error with ``ply`` set (1-based).
        ``out``: the seats that went out of the game, ``(seat, ply)`` — after ``ply`` moves —
        in order (:meth:`retire`)."""
        state = self.start()
        play = self.play
        pending = list(out)
        for n, move in enumerate(moves, 1):
            while pending and pending[0][1] < n:
                state = self.retire(state, pending.pop(0)[0])
            try:
                state = play(state, move)
            except MoveError as err:
                raise err.at_ply(n) from None
        for seat, _ply in pending:
            state = self.retire(state, seat)
        return state

    def retire(self, state: Any, seat: int) -> Any:
        """The position after ``seat`` goes out of the game (its time ran out): only in games of
        three or more (``ValueError`` here)."""
        raise ValueError("a seat can go out only in a game of three or more")

    def to_dict(self, state: FrozenState) -> dict[str, Any]:
        """A plain JSON-able dict that :meth:`from_dict` turns back into an equal state."""
        self._check_own(state)
        outcome = self.outcome(state)
        return {
            "kind": self.kind,
            "options": dict(self.options),
            "moves": list(state.moves),
            "outcome": None
            if outcome is None
            else {
                "winners": list(outcome.winners),
                "scores": list(outcome.scores),
                "reason": outcome.reason,
            },
        }

    def from_dict(self, data: dict[str, Any]) -> Any:
        """Rebuild a state from :meth:`to_dict`'s dict by replaying its moves (and check it)."""
        if not isinstance(data, dict) or not isinstance(data.get("moves"), list | tuple):
            raise ValueError("a game state dict needs a list of moves under 'moves'")
        if data.get("kind", self.kind) != self.kind:
            raise ValueError(f"this state is of a {data.get('kind')!r} game, not {self.kind!r}")
        if "options" in data and dict(data["options"]) != self.options:
            raise ValueError("this state was recorded under other rules options")
        state = self.replay(data["moves"])
        if "outcome" in data:
            mine = self.to_dict(state)["outcome"]
            if data["outcome"] != mine:
                raise ValueError("the recorded outcome does not match the replay of the moves")
        return state

    def outcome(self, state: Any) -> Outcome | None:
        return state.outcome

    def scores(self, state: Any) -> tuple[int, ...]:
        """The score of each seat in ``state``: SOS points, or small boards won in ultimate
        tic-tac-toe (the same numbers as ``Outcome.scores`` once the game is over)."""
        return tuple(state.scores)

    def _check_own(self, state: FrozenState) -> None:
        if getattr(state, "_rules", None) is not self:
            raise ValueError("this state belongs to other rules")
