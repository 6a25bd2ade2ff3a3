"""The authentication backend of the site's accounts: Django's ``ModelBackend``, with the user
read every authenticated request makes compiled once (``games.queries.CompiledQuery``).

Logging in, permissions and every other part are ``ModelBackend``'s own; only ``get_user``
(the user of a session, on each request) skips building the same SQL again each time.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db import router

from games.queries import CompiledQuery

USER_ID = 2_000_000_017

USER_BY_ID = CompiledQuery(lambda pk: get_user_model()._default_manager.filter(pk=pk), USER_ID)


class AccountBackend(ModelBackend):
    def get_user(self, user_id: Any) -> Any:
        # ``user_id`` is already the primary key's Python value (``auth.get_user`` converts it).
        found = USER_BY_ID.instances(router.db_for_read(get_user_model()), user_id)
        if not found:
            return None
        user = found[0]
        return user if self.user_can_authenticate(user) else None
