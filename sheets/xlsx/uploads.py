"""Keeping an uploaded workbook between the preview and the apply step.

The file is kept in the database (:class:`sheets.models.PendingUpload`) under a random key, so any
server can answer the apply step; the browser gets a signed token naming that key, the
tournament, the arbiter and the file's SHA-256, valid for an hour. The apply step re-reads the
file (and checks it again), so nothing from the preview is trusted. Uploads older than a day are
swept away whenever a new one is kept.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.core import signing
from django.utils import timezone

from sheets.models import PendingUpload

SALT = "sheets.import"
MAX_AGE = 3600
KEEP = timedelta(days=1)


def _sweep() -> None:
    PendingUpload.objects.filter(created__lt=timezone.now() - KEEP).delete()


def save_upload(data: bytes, *, tournament_id: int | None, user_id: int, scope: str = "") -> str:
    """Store ``data``; return the token that finds it again."""
    _sweep()
    key = secrets.token_hex(16)
    PendingUpload.objects.create(key=key, tournament_id=tournament_id, user_id=user_id, data=data)
    payload = {
        "f": key,
        "t": tournament_id,
        "u": user_id,
        "s": scope,
        "h": hashlib.sha256(data).hexdigest(),
    }
    return signing.dumps(payload, salt=SALT)


def _key(token: str) -> tuple[str, dict] | None:
    try:
        payload = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return None
    key = str(payload.get("f", ""))
    return (key, payload) if key.isalnum() else None


def load_upload(
    token: str, *, tournament_id: int | None, user_id: int, scope: str = ""
) -> bytes | None:
    """The stored file, or ``None`` if the token is bad, expired, not this arbiter's or the file
    is gone or changed."""
    found = _key(token)
    if found is None:
        return None
    key, payload = found
    if payload.get("t") != tournament_id or payload.get("u") != user_id:
        return None
    if payload.get("s", "") != scope:  # another page's upload (a game's, a paper game's)
        return None
    row = (
        PendingUpload.objects.filter(key=key, tournament_id=tournament_id, user_id=user_id)
        .values_list("data", flat=True)
        .first()
    )
    if row is None:
        return None
    data = bytes(row)
    if hashlib.sha256(data).hexdigest() != payload.get("h"):
        return None
    return data


def discard_upload(token: str) -> None:
    found = _key(token)
    if found is not None:
        PendingUpload.objects.filter(key=found[0]).delete()
