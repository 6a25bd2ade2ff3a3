"""The session engine (``SESSION_ENGINE = "accounts.sessions"``): Django's database sessions,
with the one read every request makes compiled once.

Sessions stay in the database table of ``django.contrib.sessions`` (every server and worker
shares them); only the lookup of a session by its key is cheaper: its SQL is built by the ORM
once per database (``games.queries.CompiledQuery``) instead of on every request, which was about
a fifth of the server's work for the cheapest authenticated request. The expiry is checked on
the row read, as Django's engine checks it in SQL. Writing, deleting and clearing sessions are
Django's own.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.db import router
from django.utils import timezone

from games.queries import CompiledQuery

# A placeholder session key (distinct from any real parameter of the query).
SESSION_KEY = "compiled-query-placeholder-session-key"

SESSION_ROW = CompiledQuery(
    lambda key: Session.objects.filter(session_key=key).values_list("session_data", "expire_date"),
    SESSION_KEY,
)


class SessionStore(DatabaseSessionStore):
    """Database sessions, read with a query compiled once."""

    def _get_session_from_db(self) -> Any:
        rows = SESSION_ROW.rows(router.db_for_read(Session), self.session_key)
        if not rows or rows[0][1] <= timezone.now():
            self._session_key = None
            return None
        data, expires = rows[0]
        return Session(session_key=self.session_key, session_data=data, expire_date=expires)
