"""The one error a user can fix on the accounts' side: a translated message and a code."""

from __future__ import annotations


class AccountError(Exception):
    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
