"""Keeping an uploaded workbook between the preview and the apply step.

The file goes to a private temporary directory under a random name; the browser gets a signed
token naming that file, the tournament, the arbiter and the file's SHA-256, valid for an hour.
The apply step re-reads the file (and checks it again), so nothing from the preview is trusted.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core import signing

SALT = "sheets.import"
MAX_AGE = 3600


def upload_dir() -> Path:
    path = Path(
        getattr(settings, "SHEETS_UPLOAD_DIR", "") or Path(tempfile.gettempdir()) / "sosttt-sheets"
    )
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def _sweep(folder: Path) -> None:
    limit = time.time() - 24 * 3600
    for old in folder.glob("*.xlsx"):
        try:
            if old.stat().st_mtime < limit:
                old.unlink()
        except OSError:
            pass


def save_upload(data: bytes, *, tournament_id: int, user_id: int) -> str:
    """Store ``data``; return the token that finds it again."""
    folder = upload_dir()
    _sweep(folder)
    name = secrets.token_hex(16)
    path = folder / f"{name}.xlsx"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    payload = {"f": name, "t": tournament_id, "u": user_id, "h": hashlib.sha256(data).hexdigest()}
    return signing.dumps(payload, salt=SALT)


def load_upload(token: str, *, tournament_id: int, user_id: int) -> bytes | None:
    """The stored file, or ``None`` if the token is bad, expired, not this arbiter's or the file
    is gone or changed."""
    try:
        payload = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return None
    if payload.get("t") != tournament_id or payload.get("u") != user_id:
        return None
    name = str(payload.get("f", ""))
    if not name.isalnum():
        return None
    try:
        data = (upload_dir() / f"{name}.xlsx").read_bytes()
    except OSError:
        return None
    if hashlib.sha256(data).hexdigest() != payload.get("h"):
        return None
    return data


def discard_upload(token: str) -> None:
    try:
        payload = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return
    name = str(payload.get("f", ""))
    if name.isalnum():
        (upload_dir() / f"{name}.xlsx").unlink(missing_ok=True)
