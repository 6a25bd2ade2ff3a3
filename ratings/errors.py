"""Errors of the ratings' acts an arbiter can fix (translated, with a code)."""

from __future__ import annotations


class RatingError(Exception):
    """A refused ratings act; ``message`` is translated, ``code`` stable."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = str(message)
        self.code = code

    def __str__(self) -> str:
        return self.message
