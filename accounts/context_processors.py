"""The header's "My games" figures: games waiting for your move and unseen news.

Two queries (:func:`accounts.notices.header_counts`), only for a logged-in user and only when a
page shows the header: the value is lazy, computed the first time the template reads it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts.notices import header_counts


def my_games(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"my_games": SimpleLazyObject(lambda: header_counts(user))}
