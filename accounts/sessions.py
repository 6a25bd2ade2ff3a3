"""The session engine (``SESSION_ENGINE = "accounts.sessions"``): Django's database sessions,
with the one read every request makes compiled once.

Sessions stay in the database table of ``django.contrib.sessions`` (every server and worker
shares them); only the lookup of a session by its key is cheaper: its SQL is built by the ORM
once per database (``games.queries.CompiledQuery``) instead of on every request, which was about
a fifth of the server's work for the cheapest authenticated request. The expiry is checked on
the row read, as Django's engine checks it in SQL. A session's signed text, once checked and
unpacked, is kept by the process (:meth:`SessionStore.decode`): the next request with the same
text and the same secret keys gets a copy of the same data. Writing, deleting and clearing
sessions are Django's own.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from django.conf import settings
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


# Sessions already decoded by this process: the signed text (with the keys that checked its
# signature) → its data. A logged-in player's session does not change from one request to the
# next, and checking the signature and unpacking it again cost about a tenth of the cheapest
# request. Only data of plain values is kept (a copy of the dict is all a caller can change).
DECODED_MAX = 1024
_decoded: OrderedDict[tuple[str, str, tuple[str, ...]], dict[str, Any]] = OrderedDict()
PLAIN = (str, int, float, bool, type(None))


class SessionStore(DatabaseSessionStore):
    """Database sessions, read with a query compiled once."""

    def decode(self, session_data: str) -> dict[str, Any]:
        key = (session_data, settings.SECRET_KEY, tuple(settings.SECRET_KEY_FALLBACKS))
        data = _decoded.get(key)
        if data is None:
            data = super().decode(session_data)
            if not data or not all(type(value) in PLAIN for value in data.values()):
                return data  # nothing (a bad signature) or values a caller could change inside
            _decoded[key] = data
            if len(_decoded) > DECODED_MAX:
                _decoded.popitem(last=False)
        return dict(data)

    def load(self) -> dict[str, Any]:
        # Django's reads the row as a ``Session`` instance; the signed text is all it uses.
        row = self._row()
        return self.decode(row[0]) if row is not None else {}

    def _get_session_from_db(self) -> Any:
        row = self._row()
        if row is None:
            return None
        data, expires = row
        return Session(session_key=self.session_key, session_data=data, expire_date=expires)

    def _row(self) -> tuple[str, Any] | None:
        """The session's signed text and expiry, ``None`` (and no key) when gone or expired."""
        rows = SESSION_ROW.rows(router.db_for_read(Session), self.session_key)
        if not rows or rows[0][1] <= timezone.now():
            self._session_key = None
            return None
        return rows[0][0], rows[0][1]
