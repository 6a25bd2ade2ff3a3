"""Structured logs: one JSON object per line, the club loggers at INFO, and never a secret."""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from config.logging import (
    CLUB_LOGGERS,
    LOGGING,
    JsonLinesFormatter,
    is_secret_key,
    log_event,
    scrub,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def lines() -> Iterator[io.StringIO]:
    """What the club loggers write, through the JSON formatter, into a string buffer."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonLinesFormatter())
    saved = {}
    for name in (*CLUB_LOGGERS, "test.plain"):
        logger = logging.getLogger(name)
        saved[name] = (logger.level, logger.propagate)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    yield stream
    for name, (level, propagate) in saved.items():
        logger = logging.getLogger(name)
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate


def records(stream: io.StringIO) -> list[dict]:
    text = stream.getvalue()
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def test_one_json_object_per_line_with_time_level_logger_event_and_fields(
    lines: io.StringIO,
) -> None:
    log_event("club.moves", "move", game=7, ply=12, seat=1, user=3, notation="E5")
    log_event("club.imports", "import", sheet="Тур 1\nдоска 2", rows=[1, 2])
    first, second = records(lines)
    assert first.keys() == {
        "time",
        "level",
        "logger",
        "event",
        "game",
        "ply",
        "seat",
        "user",
        "notation",
    }
    assert first["level"] == "INFO"
    assert first["logger"] == "club.moves"
    assert first["event"] == "move"
    assert (first["game"], first["ply"], first["seat"], first["user"]) == (7, 12, 1, 3)
    assert first["time"].endswith("Z")
    from datetime import datetime

    parsed = datetime.fromisoformat(first["time"].replace("Z", "+00:00"))
    assert parsed.utcoffset() is not None and parsed.utcoffset().total_seconds() == 0
    # A newline inside a value stays inside its JSON string.
    assert second["sheet"] == "Тур 1\nдоска 2"
    assert second["rows"] == [1, 2]


@pytest.mark.parametrize(
    "key",
    [
        "password",
        "new_password1",
        "PASSWORD",
        "passwd",
        "secret",
        "SECRET_KEY",
        "client_secret",
        "token",
        "access_token",
        "csrfmiddlewaretoken",
        "csrftoken",
        "X-CSRFToken",
        "HTTP_X_CSRFTOKEN",
        "sessionid",
        "session_key",
        "cookie",
        "Set-Cookie",
        "HTTP_COOKIE",
        "authorization",
        "HTTP_AUTHORIZATION",
        "api_key",
    ],
)
def test_secret_keys(key: str) -> None:
    assert is_secret_key(key)


@pytest.mark.parametrize("key", ["game", "ply", "user", "notation", "seat", "username", "rows"])
def test_ordinary_keys(key: str) -> None:
    assert not is_secret_key(key)


def test_log_event_strips_secrets_at_any_depth(lines: io.StringIO) -> None:
    log_event(
        "club.security",
        "login_failed",
        username="alice",
        password="hunter2",
        csrfmiddlewaretoken="tok-1",
        request={
            "path": "/accounts/login/",
            "headers": {"Cookie": "sessionid=abc", "Authorization": "Bearer xyz", "Accept": "*/*"},
            "POST": [{"username": "alice", "password": "hunter2"}, ("sessionid", "kept-as-value")],
        },
        deep={"a": {"b": {"c": {"d": {"secret": "s3", "ok": 1}}}}},
    )
    (record,) = records(lines)
    text = lines.getvalue()
    for leaked in ("hunter2", "tok-1", "sessionid=abc", "Bearer xyz", "s3"):
        assert leaked not in text
    assert record["username"] == "alice"
    assert "password" not in record and "csrfmiddlewaretoken" not in record
    assert record["request"]["headers"] == {"Accept": "*/*"}
    assert record["request"]["POST"][0] == {"username": "alice"}
    assert record["deep"] == {"a": {"b": {"c": {"d": {"ok": 1}}}}}


def test_plain_extra_is_scrubbed_by_the_formatter_too(lines: io.StringIO) -> None:
    logging.getLogger("test.plain").warning(
        "login for %s", "bob", extra={"token": "t0ps3cret", "meta": {"Cookie": "x"}, "ip": "::1"}
    )
    (record,) = records(lines)
    assert record["event"] == "login for bob"
    assert record["level"] == "WARNING"
    assert record["ip"] == "::1"
    assert record["meta"] == {}
    assert "t0ps3cret" not in lines.getvalue()


def test_any_field_name_is_allowed_and_odd_values_are_written(lines: io.StringIO) -> None:
    cyclic: list = []
    cyclic.append(cyclic)

    class Thing:
        def __str__(self) -> str:
            return "a thing"

    log_event("club.adjudication", "adjudicated", name="n", message="m", args=1, thing=Thing())
    log_event("club.adjudication", "deep", value=cyclic)
    first, second = records(lines)
    assert (first["name"], first["message"], first["args"], first["thing"]) == (
        "n",
        "m",
        1,
        "a thing",
    )
    assert second["event"] == "deep"


def test_exceptions_are_logged_on_the_same_line(lines: io.StringIO) -> None:
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        logging.getLogger("club.imports").exception("import_failed", extra={"sheet": "A"})
    (record,) = records(lines)
    assert record["level"] == "ERROR"
    assert "RuntimeError: boom" in record["exc"]
    assert len(lines.getvalue().splitlines()) == 1


def test_scrub_copies_without_touching_the_original() -> None:
    original = {"password": "x", "list": [{"token": "y", "n": 1}]}
    assert scrub(original) == {"list": [{"n": 1}]}
    assert original == {"password": "x", "list": [{"token": "y", "n": 1}]}


def test_logging_dict_configures_stderr_json_for_the_club_loggers() -> None:
    """Applied as Django applies it (dictConfig), in a fresh interpreter: lines go to stderr."""
    code = (
        "import logging, logging.config\n"
        "from config.logging import LOGGING, log_event\n"
        "logging.config.dictConfig(LOGGING)\n"
        "for name in ('club.moves', 'club.imports', 'club.adjudication', 'club.security'):\n"
        "    assert logging.getLogger(name).getEffectiveLevel() == logging.INFO, name\n"
        "log_event('club.moves', 'move', game=1, ply=2, password='pw', sessionid='s1d-value')\n"
        "logging.getLogger('club.moves').debug('not shown')\n"
        "logging.getLogger('elsewhere').warning('shown')\n"
        "logging.getLogger('django.request').warning('Bad Request: /games/1/move/')\n"
        "logging.getLogger('django.security.csrf').warning('Forbidden (CSRF)')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout == ""
    first, second, third = (json.loads(line) for line in result.stderr.splitlines())
    assert first["event"] == "move" and first["game"] == 1 and first["ply"] == 2
    assert '"pw"' not in result.stderr and "s1d-value" not in result.stderr
    assert second == {**second, "logger": "elsewhere", "level": "WARNING", "event": "shown"}
    # A 4xx is not worth a line; a CSRF failure is.
    assert third == {**third, "logger": "django.security.csrf", "event": "Forbidden (CSRF)"}


def test_club_events_reach_the_root_logger(caplog: pytest.LogCaptureFixture) -> None:
    """With LOGGING applied the club's loggers propagate, so caplog sees their events."""
    assert all(LOGGING["loggers"][name]["propagate"] for name in CLUB_LOGGERS)
    with caplog.at_level(logging.INFO, logger="club.moves"):
        log_event("club.moves", "move", game=3, token="t")
    (record,) = [r for r in caplog.records if r.name == "club.moves"]
    assert record.getMessage() == "move"
    assert record.club_fields == {"game": 3}
    assert set(CLUB_LOGGERS) <= set(LOGGING["loggers"])
