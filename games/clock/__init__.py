"""Clock arithmetic: time controls and each side's time, computed from the moves' arrival times.

Pure Python (no Django). The server keeps two facts per game: when each move arrived (the
``Move`` rows) and the arbiter's clock acts (pauses, resumptions, time added, the game's
``clock_log``). Everything else — each side's time left, whose clock runs, when a flag falls,
how long each move took — is computed here from those facts and a ``now`` given by the caller
(the services pass the server's time, the tests a fake one).

Two parts, read through this package (``from games.clock import TimeControl, compute``):

- :mod:`games.clock.control` — what a time control is: its kinds (none, Fischer, Bronstein delay,
  correspondence), limits and short forms (``10+5``, ``10 d5``, ``3 days/move``), and how a time
  left or spent is written;
- :mod:`games.clock.clocks` — the clocks of one game: the arbiter's acts, each side's time
  (:func:`compute`), and how a fallen flag ends the game (:func:`ending`).
"""

from __future__ import annotations

from .clocks import (
    ABORT,
    ACTS,
    ADD,
    DOUBLE_FORFEIT,
    FORFEIT,
    OUT,
    PAUSE,
    RESUME,
    START,
    TIME,
    WAIT,
    ClockAct,
    Clocks,
    compute,
    ending,
    is_paused,
    is_waiting,
    started_at,
    started_default,
    waited,
)
from .control import (
    CORRESPONDENCE,
    DAY,
    DEFAULT_TIME_MINUTES,
    DELAY,
    FISCHER,
    KINDS,
    MAX_BASE_MINUTES,
    MAX_DAYS,
    MAX_DEFAULT_TIME_MINUTES,
    MAX_STEP_SECONDS,
    MAX_TOTAL_DAYS,
    NONE,
    OUT_OF_RANGE,
    UNKNOWN,
    BadTimeControl,
    TimeControl,
    format_remaining,
    format_spent,
    low_time,
    parse,
)

__all__ = [
    "ABORT",
    "ACTS",
    "ADD",
    "CORRESPONDENCE",
    "DAY",
    "DEFAULT_TIME_MINUTES",
    "DELAY",
    "DOUBLE_FORFEIT",
    "FISCHER",
    "FORFEIT",
    "KINDS",
    "MAX_BASE_MINUTES",
    "MAX_DAYS",
    "MAX_DEFAULT_TIME_MINUTES",
    "MAX_STEP_SECONDS",
    "MAX_TOTAL_DAYS",
    "NONE",
    "OUT",
    "OUT_OF_RANGE",
    "PAUSE",
    "RESUME",
    "START",
    "TIME",
    "UNKNOWN",
    "WAIT",
    "BadTimeControl",
    "ClockAct",
    "Clocks",
    "TimeControl",
    "compute",
    "ending",
    "format_remaining",
    "format_spent",
    "is_paused",
    "is_waiting",
    "low_time",
    "parse",
    "started_at",
    "started_default",
    "waited",
]
