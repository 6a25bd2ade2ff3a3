"""Results in the usual club notations, as written on round sheets, and back.

Games: ``1-0``, ``0-1``, ``½-½`` (also ``1/2-1/2``, ``=``, ``1:0``), forfeits ``+/-``, ``-/+``,
``-/-`` — through the result vocabulary (``tournaments.core.vocabulary``) — optionally followed by
an SOS game score in brackets, ``1-0 (5:3)``. Byes: the words in either language (``bye``,
``свободен``, …), their codes, or the points (``1``, ``½``, ``0``) on a row without an opponent.

A spreadsheet program takes ``1:0`` typed into a cell formatted as a number for a time (01:00:00;
``0:1`` is 00:01:00). Exports write result cells as text, so that does not happen to them; a
result cell holding such a time (a time, a duration, a date-time on the epoch's day, or the
fraction of a day) is read as the result it stands for, and any other time is a clear error.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.models import GameStatus
from sheets import layout as L
from tournaments.core import vocabulary as V

BYE_TEXTS = {V.BYE: L.BYE, V.HALF_BYE: L.HALF_BYE, V.ZERO_BYE: L.ZERO_BYE}
SCORE = re.compile(r"^(?P<result>.*?)\s*\(\s*(?P<a>\d+)\s*[:\-–]\s*(?P<b>\d+)\s*\)$")


@dataclass(frozen=True)
class CellResult:
    code: str
    first_score: int | None = None
    second_score: int | None = None


class BadResult(ValueError):
    """The text is not a result (the message is translated)."""


def result_text(code: str) -> str:
    """How a result code is written on a round sheet, in the active language."""
    if code in BYE_TEXTS:
        return L.t(BYE_TEXTS[code])
    return V.notation(code)


def parse_bye(value: Any) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = "0.5" if value == 0.5 else str(int(value)) if float(value).is_integer() else value
    text = str(value).strip()
    by_points = V.parse_bye_points(text)
    if by_points is not None:
        return by_points
    for code, label in BYE_TEXTS.items():
        if L.is_label(text, label) or L.norm(text) in (code, L.norm(_(V.LABELS[code]))):
            return code
    raise BadResult(
        _("Unknown result “%(text)s” for a bye: write %(bye)s, %(half)s or %(zero)s.")
        % {
            "text": text,
            "bye": L.t(L.BYE),
            "half": L.t(L.HALF_BYE),
            "zero": L.t(L.ZERO_BYE),
        }
    )


def parse_game_result(value: Any) -> CellResult:
    text = str(value).strip()
    first = second = None
    m = SCORE.match(text)
    if m:
        text, first, second = m.group("result"), int(m.group("a")), int(m.group("b"))
    try:
        code = V.parse(text)
    except V.BadResult as err:
        raise BadResult(err.translate(_)) from None
    if V.is_bye(code):
        raise BadResult(_("A bye result on a board with two players."))
    return CellResult(code, first, second)


# The results a spreadsheet program turns into a time when typed: ``h:m`` → seconds of the day.
TIME_RESULTS = {3600: "1:0", 60: "0:1"}
# The day a time-only value sits on in a date-time (1900 and 1904 date systems).
EPOCH_DAYS = {dt.date(1899, 12, 30), dt.date(1899, 12, 31), dt.date(1904, 1, 1)}
DAY = 86400


def time_seconds(value: Any) -> float | None:
    """The seconds of the day ``value`` stands for if it is a time value (``None`` if not)."""
    if isinstance(value, dt.datetime):
        if value.date() not in EPOCH_DAYS:
            return None
        value = value.time()
    if isinstance(value, dt.time):
        return value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    return None


def _time_text(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 3600:02d}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def _as_time(value: Any) -> str | None:
    """The result text a time value (or a day fraction) stands for: ``01:00:00`` → ``1:0``;
    ``None`` if ``value`` is no time; ``BadResult`` for a time that stands for no result."""
    seconds = time_seconds(value)
    if seconds is None and isinstance(value, float) and 0 < value < 1:
        seconds = value * DAY  # a time read as the number it is stored as
        if abs(seconds - round(seconds)) > 1e-3 or round(seconds) not in TIME_RESULTS:
            return None  # a plain fraction, not one of those times
    if seconds is None:
        return None
    if abs(seconds - round(seconds)) < 1e-3 and round(seconds) in TIME_RESULTS:
        return TIME_RESULTS[round(seconds)]
    raise BadResult(
        _(
            "The spreadsheet program took “%(text)s” for a time, not a result: format the "
            "cell as text and write the result again (1-0, 0-1, ½-½, +/-, -/+ or -/-)."
        )
        % {"text": _time_text(seconds)}
    )


def parse_cell(value: Any, *, bye: bool) -> CellResult:
    """The result in a round sheet's cell; ``BadResult`` with a translated message."""
    text = _as_time(value)
    if text is not None:
        value = text
    if bye:
        return CellResult(parse_bye(value))
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise BadResult(_("Unknown result “%(text)s”.") % {"text": value})
    return parse_game_result(value)


def check_scores(code: str, first: int, second: int, mode: str) -> str | None:
    """Why the SOS game score ``first``:``second`` cannot go with ``code`` (``None`` if it can)."""
    if code in V.FORFEIT_RESULTS:
        if first or second:
            return _("A forfeit has no game score.")
        return None
    if mode == "first":
        ok = {
            V.WIN: first > 0 and second == 0,
            V.LOSS: second > 0 and first == 0,
            V.DRAW: first == second == 0,
        }[code]
    else:
        ok = {
            V.WIN: first > second,
            V.LOSS: second > first,
            V.DRAW: first == second,
        }[code]
    if ok:
        return None
    return _("The score %(first)s:%(second)s does not go with the result %(result)s.") % {
        "first": first,
        "second": second,
        "result": result_text(code),
    }


def state_text(state: dict[str, Any]) -> str:
    """An adjudication's before/after state in a few words (result, status, moves removed)."""
    parts = []
    pairing, game = state.get("pairing") or {}, state.get("game") or {}
    if pairing.get("result"):
        parts.append(result_text(pairing["result"]))
    if pairing.get("points") is not None:
        parts.append(_(V.POINTS_TEXT) % {"points": V.points_text(pairing["points"])})
    if game.get("status"):
        status = GameStatus(game["status"]).label if game["status"] in GameStatus.values else ""
        parts.append(f"{status} ({game.get('ply', 0)})")
    if state.get("removed"):
        parts.append("−" + " ".join(state["removed"]))
    if "withdrawn_from_round" in state:
        parts.append(str(state["withdrawn_from_round"] or "—"))
    return "; ".join(parts)
