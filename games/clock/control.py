"""Time controls (:class:`TimeControl`): their kinds and limits, their short forms (:func:`parse`,
``short_form``) and how a time left or spent is written. Pure Python (no Django).

* none — no clock;
* Fischer — ``base`` seconds each, ``step`` seconds added after every move (``10+5``);
* Bronstein delay — ``base`` seconds each; after a move, the time it took is given back up to
  ``step`` seconds (``10 d5``): a move made within the delay costs nothing;
* correspondence — ``days`` per move, and optionally a ``total`` of days each for the whole game
  (``3 days/move``, ``2 days/move, 30 days in all``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

NONE = "none"
FISCHER = "fischer"
DELAY = "delay"
CORRESPONDENCE = "correspondence"
KINDS = (NONE, FISCHER, DELAY, CORRESPONDENCE)

DAY = 86_400
# What a user may choose (the services accept shorter controls, for tests and blitz drills).
MAX_BASE_MINUTES = 24 * 60
MAX_STEP_SECONDS = 3_600
MAX_DAYS = 60
MAX_TOTAL_DAYS = 366

# The default time (minutes) when nobody sets one: a tournament's setting starts with it, and a
# casual game's side must make its first move within it (or its own clock, if less).
DEFAULT_TIME_MINUTES = 15
MAX_DEFAULT_TIME_MINUTES = 24 * 60


def gettext_noop(s: str) -> str:
    return s


def _identity_ngettext(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


class BadTimeControl(ValueError):
    """Not a time control: ``template`` (marked for translation) % ``params``."""

    def __init__(self, template: str, **params: Any) -> None:
        super().__init__(template % params)
        self.template = template
        self.params = params

    def translate(self, gettext: Callable[[str], str]) -> str:
        params = dict(self.params)
        if "what" in params:
            params["what"] = gettext(params["what"])
        return gettext(self.template) % params


UNKNOWN = gettext_noop(
    "“%(text)s” is not a time control: write for example 10+5 (minutes + seconds a move), "
    "10 d5 (a 5-second delay), 3 days/move or 2 days/move 30 days (in all); leave it empty "
    "for no clock."
)
OUT_OF_RANGE = gettext_noop("%(what)s must be between %(low)s and %(high)s.")


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A game's time control; ``base``/``step`` in seconds, ``days``/``total`` in days."""

    kind: str = NONE
    base: int = 0
    step: int = 0
    days: int = 0
    total: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise BadTimeControl(UNKNOWN, text=self.kind)
        if self.kind in (FISCHER, DELAY):
            _check(self.base, 1, MAX_BASE_MINUTES * 60, gettext_noop("The base time (seconds)"))
            _check(self.step, 0, MAX_STEP_SECONDS, gettext_noop("The seconds a move"))
        elif self.kind == CORRESPONDENCE:
            _check(self.days, 1, MAX_DAYS, gettext_noop("The days a move"))
            if self.total:
                _check(self.total, self.days, MAX_TOTAL_DAYS, gettext_noop("The days in all"))

    @property
    def is_none(self) -> bool:
        return self.kind == NONE

    # -- the stored code: "fischer/180/2", "delay/600/5", "correspondence/3/30", "" -----------

    def to_code(self) -> str:
        if self.kind == NONE:
            return ""
        if self.kind == CORRESPONDENCE:
            return f"{CORRESPONDENCE}/{self.days}/{self.total}"
        return f"{self.kind}/{self.base}/{self.step}"

    @classmethod
    def from_code(cls, code: str | None) -> TimeControl:
        if not code:
            return cls()
        kind, first, second = code.split("/")
        if kind == CORRESPONDENCE:
            return cls(CORRESPONDENCE, days=int(first), total=int(second))
        return cls(kind, base=int(first), step=int(second))

    # -- the short form -------------------------------------------------------------------

    def short_form(self, ngettext: Callable[[str, str, int], str] = _identity_ngettext) -> str:
        """``10+5``, ``10 d5``, ``3 days/move``, ``2 days/move, 30 days in all``; ``""`` for
        none. ``ngettext`` translates the words of correspondence (Django's, on the site)."""
        if self.kind == NONE:
            return ""
        if self.kind == CORRESPONDENCE:
            text = ngettext("%(n)s day/move", "%(n)s days/move", self.days) % {"n": self.days}
            if self.total:
                text += ngettext("; %(n)s day in all", "; %(n)s days in all", self.total) % {
                    "n": self.total
                }
            return text
        minutes = _minutes(self.base)
        if self.kind == FISCHER:
            return f"{minutes}+{self.step}"
        return f"{minutes} d{self.step}"


def _minutes(seconds: int) -> str:
    whole, rest = divmod(seconds, 60)
    if not rest:
        return str(whole)
    return f"{seconds / 60:.2f}".rstrip("0").rstrip(".")


def _check(value: int, low: int, high: int, what: str) -> None:
    if not low <= value <= high:
        raise BadTimeControl(OUT_OF_RANGE, what=what, low=low, high=high)


_DAY_WORDS = r"(?:d|day|days|дн|дня|дней|день|д)\.?"
_MOVE_WORDS = r"(?:move|moves|m|ход|хода|ходов)"
_TOTAL_WORDS = r"(?:in\s+all|total|всего|в\s+сумме)"
_FISCHER = re.compile(r"(\d{1,4})(?:\s*\+\s*(\d{1,4}))?")
_DELAY = re.compile(r"(\d{1,4})\s*\+?\s*d\s*(\d{1,4})")
_CORRESPONDENCE = re.compile(
    rf"(\d{{1,3}})\s*{_DAY_WORDS}\s*(?:/\s*{_MOVE_WORDS}\.?)?"
    rf"(?:\s*[,;]?\s*(\d{{1,3}})\s*{_DAY_WORDS}(?:\s*{_TOTAL_WORDS})?)?"
)


def parse(text: object) -> TimeControl:
    """The time control written as ``text`` (its short form, in English or Russian words);
    ``BadTimeControl`` when it is none or out of range. Empty (or ``-``) is no clock."""
    t = " ".join(str(text or "").split()).lower()
    if t in ("", "-", "—", "none", "нет"):
        return TimeControl()
    if m := _FISCHER.fullmatch(t):
        base = int(m.group(1))
        _check(base, 1, MAX_BASE_MINUTES, gettext_noop("The minutes"))
        return TimeControl(FISCHER, base=base * 60, step=int(m.group(2) or 0))
    if m := _DELAY.fullmatch(t):
        base = int(m.group(1))
        _check(base, 1, MAX_BASE_MINUTES, gettext_noop("The minutes"))
        return TimeControl(DELAY, base=base * 60, step=int(m.group(2)))
    if m := _CORRESPONDENCE.fullmatch(t):
        return TimeControl(CORRESPONDENCE, days=int(m.group(1)), total=int(m.group(2) or 0))
    raise BadTimeControl(UNKNOWN, text=str(text))


def low_time(control: TimeControl) -> timedelta:
    """Below this, a clock is shown as short of time."""
    if control.kind == CORRESPONDENCE:
        return timedelta(hours=12)
    return timedelta(seconds=max(10, min(60, control.base // 10)))


def format_remaining(left: timedelta, control: TimeControl, day_unit: str = "d") -> str:
    """``4:59``, ``1:02:03``, or for correspondence ``2 d 03:04``; never negative."""
    seconds = max(0, int(left.total_seconds()))
    if control.kind == CORRESPONDENCE and seconds >= DAY:
        days, rest = divmod(seconds, DAY)
        hours, rest = divmod(rest, 3600)
        return f"{days} {day_unit} {hours:02d}:{rest // 60:02d}"
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def format_spent(spent: timedelta, day_unit: str = "d") -> str:
    """The time a move took: ``0:07``, ``12:30``, ``1:02:03``, or ``2 d 03:04``."""
    seconds = max(0, int(spent.total_seconds()))
    if seconds >= DAY:
        days, rest = divmod(seconds, DAY)
        return f"{days} {day_unit} {rest // 3600:02d}:{rest % 3600 // 60:02d}"
    hours, rest = divmod(seconds, 3600)
    if hours:
        return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{rest // 60}:{rest % 60:02d}"
