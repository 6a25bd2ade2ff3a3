"""Clock arithmetic: time controls and each side's time, computed from the moves' arrival times.

Pure Python (no Django). The server keeps two facts per game: when each move arrived (the
``Move`` rows) and the arbiter's clock acts (pauses, resumptions, time added, the game's
``clock_log``). Everything else — each side's time left, whose clock runs, when a flag falls,
how long each move took — is computed here from those facts and a ``now`` given by the caller
(the services pass the server's time, the tests a fake one).

Time controls (:class:`TimeControl`):

* none — no clock;
* Fischer — ``base`` seconds each, ``step`` seconds added after every move (``10+5``);
* Bronstein delay — ``base`` seconds each; after a move, the time it took is given back up to
  ``step`` seconds (``10 d5``): a move made within the delay costs nothing;
* correspondence — ``days`` per move, and optionally a ``total`` of days each for the whole game
  (``3 days/move``, ``2 days/move, 30 days in all``).

A side whose time is used up has lost on time: a move arriving after that is refused. A move
arriving with exactly no time left is in time. SOS extra turns keep the same side's clock running
(each move is still a move: the increment is added after each).

The clocks of a game played in a competition wait for the arbiter's start (a ``wait`` act when
the game is made, a ``start`` act when its round starts); a casual game's run from its creation.
Before its first move a side has at most the *default time* (FIDE's word: the time within which
a player must be present), or its own clock if that is less: a side that has not made its first
move by then never played — the game is not lost on time but forfeited (or, casual, aborted),
see :func:`ending`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from games import endings

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

# Clock acts kept in a game's clock log.
PAUSE = "pause"
RESUME = "resume"
ADD = "add"
WAIT = "wait"  # the game is made: its clocks wait for the start of its round
START = "start"  # the round starts: the clocks run (``seconds``: the default time in force)
ACTS = (PAUSE, RESUME, ADD, WAIT, START)

# The default time (minutes) when nobody sets one: a tournament's setting starts with it, and a
# casual game's side must make its first move within it (or its own clock, if less).
DEFAULT_TIME_MINUTES = 15
MAX_DEFAULT_TIME_MINUTES = 24 * 60

# How a game the clocks end ends (see ``ending``): the end reasons of ``games.endings``.
TIME = endings.TIME  # lost on time: the side had played, its time ran out
FORFEIT = endings.FORFEIT  # a side never made its first move: the others win by forfeit
DOUBLE_FORFEIT = endings.DOUBLE_FORFEIT  # nobody made a first move: nobody wins
ABORT = endings.ABORTED  # a casual game a side never played: no result at all


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


# -- The clocks -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClockAct:
    """An arbiter's act on a game's clocks: ``pause``, ``resume``, or ``add`` ``seconds`` to
    ``seat``."""

    at: datetime
    act: str
    seat: int | None = None
    seconds: int = 0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"at": self.at.isoformat(), "act": self.act}
        if self.act == ADD:
            out.update(seat=self.seat, seconds=self.seconds)
        elif self.act == START:
            out.update(seconds=self.seconds)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClockAct:
        return cls(
            at=datetime.fromisoformat(data["at"]),
            act=data["act"],
            seat=data.get("seat"),
            seconds=int(data.get("seconds", 0)),
        )


@dataclass(slots=True)
class Clocks:
    """Each side's clock at ``now``."""

    remaining: list[timedelta]  # per seat: the time left (for correspondence: for this move)
    running: int | None  # the seat whose clock runs; None when paused or over (or no clock)
    paused: bool
    flagged: int | None = None  # the seat whose time ran out, if any
    flagged_at: datetime | None = None  # the moment it ran out
    spent: list[timedelta] = field(default_factory=list)  # per move, the time it took
    total_left: list[timedelta | None] = field(default_factory=list)  # correspondence's total
    waiting: bool = False  # the clocks wait for the start of the round
    moved: frozenset[int] = frozenset()  # the seats that have made a move (by the flag)
    first_move_due: bool = False  # some seat still has its first move to make (default time)

    @property
    def deadline_in(self) -> timedelta | None:
        """How long until the running side's flag falls (None if none runs)."""
        if self.running is None:
            return None
        return self.remaining[self.running]


def compute(
    control: TimeControl,
    *,
    seats: int,
    start: datetime,
    moves: Sequence[tuple[int, datetime]],
    to_move: int | None,
    now: datetime | None,
    acts: Sequence[ClockAct] = (),
    default_time: timedelta | None = None,
) -> Clocks:
    """The clocks of a game made at ``start`` whose moves (``(seat, arrived_at)``, in order)
    arrived as given, with the arbiter's ``acts``, at ``now``; ``to_move`` is the seat to move
    after the last move (``None`` once the game is over: then no clock runs, and the clocks are
    as they were at the last move, or at ``now`` if given and earlier).

    The clock of the seat that made the next move runs from the previous move's arrival (or the
    start): with SOS extra turns, the same seat's clock runs on. A move that arrived after its
    side's time ran out (which the services refuse) counts as the flag. No clock runs while the
    clocks wait for the start (a ``wait`` act not yet followed by a ``start``) or are paused.

    Before its first move, a seat of a Fischer or delay game has at most the default time (the
    last ``start`` act's seconds, else ``default_time``; none: no limit but its clock); a
    correspondence game's first move has the days of a move. ``moved`` says which seats had
    moved when a flag fell: :func:`ending` tells a loss on time from a forfeit.
    """
    if control.is_none:
        return Clocks(remaining=[timedelta(0)] * seats, running=None, paused=False)
    fischer_like = control.kind in (FISCHER, DELAY)
    for act in acts:
        if act.act == START and act.seconds:
            default_time = timedelta(seconds=act.seconds)
    first_cap = default_time if fischer_like else None
    moved: set[int] = set()
    bank = [timedelta(seconds=control.base)] * seats
    per_move = timedelta(days=control.days)
    total: list[timedelta | None] = [
        timedelta(days=control.total) if control.total else None for _ in range(seats)
    ]
    extra = [timedelta(0)] * seats  # correspondence: time added for the seat's current move
    step = timedelta(seconds=control.step)
    spent: list[timedelta] = []

    def limit(seat: int) -> timedelta:
        if fischer_like:
            if first_cap is not None and seat not in moved:
                return min(bank[seat], first_cap)
            return bank[seat]
        allowed = per_move + extra[seat]
        left = total[seat]
        return allowed if left is None else min(allowed, left)

    events: list[tuple[datetime, int, int, Any]] = [
        (act.at, 0, i, act) for i, act in enumerate(acts)
    ]
    events += [(at, 1, i, seat) for i, (seat, at) in enumerate(moves)]
    events.sort(key=lambda e: (e[0], e[1], e[2]))
    if now is not None:
        events.append((now, 2, 0, None))

    used = timedelta(0)  # the running turn's time so far
    last = start
    paused = False
    waiting = False
    move_index = 0

    def turn_seat() -> int | None:
        return moves[move_index][0] if move_index < len(moves) else to_move

    for at, kind, _i, payload in events:
        seat = turn_seat()
        if seat is not None and not paused and not waiting and at > last:
            used += at - last
        if at > last:
            last = at
        if seat is not None and used > limit(seat):
            over = used - limit(seat)
            remaining = [limit(s) for s in range(seats)]
            remaining[seat] = timedelta(0)
            return Clocks(
                remaining=remaining,
                running=None,
                paused=paused,
                flagged=seat,
                flagged_at=at - over,
                spent=spent,
                total_left=total,
                waiting=waiting,
                moved=frozenset(moved),
                first_move_due=len(moved) < seats,
            )
        if kind == 0:
            act: ClockAct = payload
            if act.act == PAUSE:
                paused = True
            elif act.act == RESUME:
                paused = False
            elif act.act == WAIT:
                waiting = True
            elif act.act == START:
                waiting = False
            elif act.act == ADD and act.seat is not None and 0 <= act.seat < seats:
                added = timedelta(seconds=act.seconds)
                if fischer_like:
                    bank[act.seat] += added
                else:
                    extra[act.seat] += added
                    left = total[act.seat]
                    if left is not None:
                        total[act.seat] = left + added
        elif kind == 1:
            mover: int = payload
            if fischer_like:
                cost = used
                if control.kind == DELAY:
                    cost = max(timedelta(0), used - step)
                bank[mover] -= cost
                if control.kind == FISCHER:
                    bank[mover] += step
            else:
                left = total[mover]
                if left is not None:
                    total[mover] = left - used
                extra[mover] = timedelta(0)
            spent.append(used)
            used = timedelta(0)
            move_index += 1
            moved.add(mover)
    seat = turn_seat() if now is not None else None
    remaining = [limit(s) for s in range(seats)]
    if seat is not None:
        remaining[seat] = limit(seat) - used
    return Clocks(
        remaining=remaining,
        running=None if paused or waiting or seat is None else seat,
        paused=paused,
        spent=spent,
        total_left=total,
        waiting=waiting,
        moved=frozenset(moved),
        first_move_due=len(moved) < seats,
    )


def ending(clocks: Clocks, *, seats: int, competition: bool) -> tuple[str, list[int]] | None:
    """How the game whose ``clocks`` show a fallen flag ends, and its winning seats (``None``
    while no flag has fallen).

    A side that had moved loses on time (``TIME``: every other seat wins). A side that never made
    its first move never played: in a ``competition`` (a game whose clocks waited for its round's
    start) the others who moved win by forfeit (``FORFEIT``), and when nobody moved nobody wins
    (``DOUBLE_FORFEIT``, FIDE's ``-/-``: the site cannot see a player at the board who has not
    moved); a casual game is aborted (``ABORT``: no result)."""
    flagged = clocks.flagged
    if flagged is None:
        return None
    if flagged in clocks.moved:
        return TIME, [s for s in range(seats) if s != flagged]
    if not competition:
        return ABORT, []
    if not clocks.moved:
        return DOUBLE_FORFEIT, []
    return FORFEIT, sorted(clocks.moved)


def is_waiting(acts: Sequence[ClockAct]) -> bool:
    """Whether the clocks of ``acts`` still wait for the start (a ``wait`` not yet started)."""
    for act in reversed(acts):
        if act.act in (WAIT, START):
            return act.act == WAIT
    return False


def waited(acts: Sequence[ClockAct]) -> bool:
    """Whether the game's clocks waited for a start: a game played in a competition."""
    return any(act.act == WAIT for act in acts)


def started_default(acts: Sequence[ClockAct]) -> int | None:
    """The default time (seconds) the clocks of ``acts`` were started with, if any."""
    for act in reversed(acts):
        if act.act == START and act.seconds:
            return act.seconds
    return None


def started_at(acts: Sequence[ClockAct]) -> datetime | None:
    """When the clocks of ``acts`` were started (``None``: not started, or never waited)."""
    for act in acts:
        if act.act == START:
            return act.at
    return None


def is_paused(acts: Sequence[ClockAct]) -> bool:
    """Whether the last pause or resumption of ``acts`` is a pause."""
    for act in reversed(acts):
        if act.act in (PAUSE, RESUME):
            return act.act == PAUSE
    return False


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
