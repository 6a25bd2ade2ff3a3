"""Errors a user can fix, raised by the game services and shown as they are (translated)."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.rules import MoveError


class GameError(Exception):
    """A refused action on a game; ``code`` is stable, ``message`` is translated."""

    code = "refused"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = str(message)
        if code:
            self.code = code

    def __str__(self) -> str:
        return self.message


class MoveRefused(GameError):
    """The rules engine refused the move: ``code`` is the engine's."""

    @classmethod
    def from_engine(cls, err: MoveError) -> MoveRefused:
        return cls(err.translate(gettext), err.code)


class NotAllowed(GameError):
    code = "not_allowed"


class StalePosition(GameError):
    code = "stale"

    def __init__(self) -> None:
        super().__init__(
            _("The position changed since you loaded the page: look at the board and try again.")
        )


class GameNotActive(GameError):
    code = "not_active"
