"""The header's "your move" badge: one query, only for a logged-in user, only when shown."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts.mygames import my_move_count


def my_games(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"my_move_count": SimpleLazyObject(lambda: my_move_count(user))}
