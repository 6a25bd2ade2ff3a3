"""Typed move errors of the rules engine.

Each error carries a stable ``code``, an untranslated ``template`` with ``%(name)s``
placeholders and its ``params``, so that a web layer can translate it
(``gettext(err.template) % err.params``) while the engine itself stays free of Django.
``gettext_noop`` only marks the templates for extraction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a string for translation without translating it (read by ``makemessages``)."""
    return message


PLY_PREFIX = gettext_noop("Move %(ply)s: %(reason)s")


class MoveError(ValueError):
    """A move that cannot be played: the base of :class:`InvalidMove` and :class:`IllegalMove`."""

    def __init__(self, code: str, template: str, ply: int | None = None, **params: Any) -> None:
        self.code = code
        self.template = template
        self.params = params
        self.ply = ply
        super().__init__(self.message)

    def translate(self, gettext: Callable[[str], str] = gettext_noop) -> str:
        """The message, each template passed through ``gettext`` first."""
        reason = gettext(self.template) % self.params
        if self.ply is None:
            return reason
        return gettext(PLY_PREFIX) % {"ply": self.ply, "reason": reason}

    @property
    def message(self) -> str:
        return self.translate()

    def at_ply(self, ply: int) -> MoveError:
        """The same error, naming the 1-based number of the move that caused it."""
        return type(self)(self.code, self.template, ply=ply, **self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.code, self.template, self.ply, self.params))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


def _rebuild(
    cls: type[MoveError], code: str, template: str, ply: int | None, params: dict[str, Any]
) -> MoveError:
    return cls(code, template, ply=ply, **params)


class InvalidMove(MoveError):
    """The text is not a move in this game's notation."""


class IllegalMove(MoveError):
    """A well-formed move that the rules forbid in this position."""


GAME_OVER = gettext_noop("The game is over: no more moves can be played.")
OCCUPIED = gettext_noop("%(cell)s is already taken.")
OFF_BOARD = gettext_noop(
    "%(cell)s is off the board: columns %(first)s to %(last)s, rows 1 to %(rows)s."
)


def game_over() -> IllegalMove:
    return IllegalMove("game_over", GAME_OVER)


def occupied(cell: str) -> IllegalMove:
    return IllegalMove("occupied", OCCUPIED, cell=cell)
