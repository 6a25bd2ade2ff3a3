"""Errors an arbiter can fix, raised by the tournament services (translated, with a code)."""

from __future__ import annotations


class TournamentError(Exception):
    """A refused tournament action; ``message`` is translated, ``code`` stable."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = str(message)
        self.code = code

    def __str__(self) -> str:
        return self.message
