"""The clocks of one game (:func:`compute`), from its time control, when each move arrived and
the arbiter's clock acts (:class:`ClockAct`), at a ``now`` given by the caller; :func:`ending`
says how a fallen flag ends the game. Pure Python (no Django).

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

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from games import endings

from .control import DELAY, FISCHER, TimeControl

# Clock acts kept in a game's clock log.
PAUSE = "pause"
RESUME = "resume"
ADD = "add"
WAIT = "wait"  # the game is made: its clocks wait for the start of its round
START = "start"  # the round starts: the clocks run (``seconds``: the default time in force)
# A seat of a game of three or more is out: its flag fell (``at``) after ``ply`` moves. Its clock
# stops at zero; the next seat still in has the turn from that moment.
OUT = "out"
ACTS = (PAUSE, RESUME, ADD, WAIT, START, OUT)

# How a game the clocks end ends (see ``ending``): the end reasons of ``games.endings``.
TIME = endings.TIME  # lost on time: the side had played, its time ran out
FORFEIT = endings.FORFEIT  # a side never made its first move: the others win by forfeit
DOUBLE_FORFEIT = endings.DOUBLE_FORFEIT  # nobody made a first move: nobody wins
ABORT = endings.ABORTED  # a casual game a side never played: no result at all


@dataclass(frozen=True, slots=True)
class ClockAct:
    """An arbiter's act on a game's clocks: ``pause``, ``resume``, or ``add`` ``seconds`` to
    ``seat``."""

    at: datetime
    act: str
    seat: int | None = None
    seconds: int = 0
    ply: int = 0  # ``out``: the moves made when the seat went out

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"at": self.at.isoformat(), "act": self.act}
        if self.act == ADD:
            out.update(seat=self.seat, seconds=self.seconds)
        elif self.act == START:
            out.update(seconds=self.seconds)
        elif self.act == OUT:
            out.update(seat=self.seat, ply=self.ply)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClockAct:
        return cls(
            at=datetime.fromisoformat(data["at"]),
            act=data["act"],
            seat=data.get("seat"),
            seconds=int(data.get("seconds", 0)),
            ply=int(data.get("ply", 0)),
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
    out: frozenset[int] = frozenset()  # the seats out of the game (a game of three or more)

    @property
    def deadline_in(self) -> timedelta | None:
        """How long until the running side's flag falls (None if none runs)."""
        if self.running is None:
            return None
        return self.remaining[self.running]


@dataclass(slots=True)
class _Run:
    """The clocks as :func:`compute` goes through a game's events, in order of time."""

    control: TimeControl
    seats: int
    fischer_like: bool  # Fischer or delay: a bank of time per seat
    first_cap: timedelta | None  # before its first move, a Fischer-like seat has at most this
    bank: list[timedelta]  # Fischer-like: each seat's time left
    per_move: timedelta  # correspondence: the days of a move
    total: list[timedelta | None]  # correspondence: each seat's days in all, if limited
    extra: list[timedelta]  # correspondence: time added for the seat's current move
    step: timedelta
    moved: set[int] = field(default_factory=set)
    out: set[int] = field(default_factory=set)
    # The ``out`` acts not yet reached, by the moves made when each fell: the seat whose flag fell
    # has the turn until its act.
    pending: dict[int, list[int]] = field(default_factory=dict)
    spent: list[timedelta] = field(default_factory=list)
    used: timedelta = timedelta(0)  # the running turn's time so far
    paused: bool = False
    waiting: bool = False

    @classmethod
    def begin(
        cls, control: TimeControl, seats: int, acts: Sequence[ClockAct], default: timedelta | None
    ) -> _Run:
        fischer_like = control.kind in (FISCHER, DELAY)
        for act in acts:
            if act.act == START and act.seconds:
                default = timedelta(seconds=act.seconds)
        return cls(
            control=control,
            seats=seats,
            fischer_like=fischer_like,
            first_cap=default if fischer_like else None,
            bank=[timedelta(seconds=control.base)] * seats,
            per_move=timedelta(days=control.days),
            total=[timedelta(days=control.total) if control.total else None] * seats,
            extra=[timedelta(0)] * seats,
            step=timedelta(seconds=control.step),
        )

    def limit(self, seat: int) -> timedelta:
        """The time ``seat`` has for its turn (before this turn's use); none once it is out."""
        if seat in self.out:
            return timedelta(0)
        if self.fischer_like:
            if self.first_cap is not None and seat not in self.moved:
                return min(self.bank[seat], self.first_cap)
            return self.bank[seat]
        allowed = self.per_move + self.extra[seat]
        left = self.total[seat]
        return allowed if left is None else min(allowed, left)

    def act(self, act: ClockAct) -> None:
        """The arbiter's ``act``: a pause, a resumption, the wait and the start, time added."""
        if act.act == PAUSE:
            self.paused = True
        elif act.act == RESUME:
            self.paused = False
        elif act.act == WAIT:
            self.waiting = True
        elif act.act == START:
            self.waiting = False
        elif act.act == OUT and act.seat is not None and 0 <= act.seat < self.seats:
            self.out.add(act.seat)
            waiting = self.pending.get(act.ply, [])
            if act.seat in waiting:
                waiting.remove(act.seat)
            self.used = timedelta(0)  # its turn is over: the next seat's begins now
        elif act.act == ADD and act.seat is not None and 0 <= act.seat < self.seats:
            added = timedelta(seconds=act.seconds)
            if self.fischer_like:
                self.bank[act.seat] += added
            else:
                self.extra[act.seat] += added
                left = self.total[act.seat]
                if left is not None:
                    self.total[act.seat] = left + added

    def move(self, mover: int) -> None:
        """``mover``'s move arrived: its turn's time is paid (and the increment added)."""
        used = self.used
        if self.fischer_like:
            cost = used
            if self.control.kind == DELAY:
                cost = max(timedelta(0), used - self.step)
            self.bank[mover] -= cost
            if self.control.kind == FISCHER:
                self.bank[mover] += self.step
        else:
            left = self.total[mover]
            if left is not None:
                self.total[mover] = left - used
            self.extra[mover] = timedelta(0)
        self.spent.append(used)
        self.used = timedelta(0)
        self.moved.add(mover)

    def flag(self, seat: int, at: datetime) -> Clocks:
        """The clocks when ``seat``'s time, seen at ``at``, has run out (when it did)."""
        over = self.used - self.limit(seat)
        remaining = [self.limit(s) for s in range(self.seats)]
        remaining[seat] = timedelta(0)
        return self.clocks(remaining, running=None, flagged=seat, flagged_at=at - over)

    def clocks(self, remaining: list[timedelta], **found: Any) -> Clocks:
        return Clocks(
            remaining=remaining,
            paused=self.paused,
            spent=self.spent,
            total_left=self.total,
            waiting=self.waiting,
            moved=frozenset(self.moved),
            first_move_due=len(self.moved | self.out) < self.seats,
            out=frozenset(self.out),
            **found,
        )


def _events(
    moves: Sequence[tuple[int, datetime]], acts: Sequence[ClockAct], now: datetime | None
) -> list[tuple[datetime, int, int, Any]]:
    """The acts (kind 0) and moves (kind 1) in order of time, an act before a move at the same
    moment; ``now`` (kind 2) last."""
    events: list[tuple[datetime, int, int, Any]] = [
        (act.at, 0, i, act) for i, act in enumerate(acts)
    ]
    events += [(at, 1, i, seat) for i, (seat, at) in enumerate(moves)]
    events.sort(key=lambda e: (e[0], e[1], e[2]))
    if now is not None:
        events.append((now, 2, 0, None))
    return events


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

    An ``out`` act (a game of three or more) puts its seat out at the moment its flag fell: its
    clock stays at zero, and the turn's time from then on is the next mover's (``to_move``, the
    seat after it still in, once the moves are done).
    """
    if control.is_none:
        return Clocks(remaining=[timedelta(0)] * seats, running=None, paused=False)
    run = _Run.begin(control, seats, acts, default_time)
    for act in acts:
        if act.act == OUT and act.seat is not None:
            run.pending.setdefault(act.ply, []).append(act.seat)
    last = start
    played = len(moves)
    move_index = 0

    def turn() -> int | None:  # whose turn it is
        if run.pending.get(move_index):
            return run.pending[move_index][0]  # a seat whose flag fell, until its ``out`` act
        return moves[move_index][0] if move_index < played else to_move

    for at, kind, _i, payload in _events(moves, acts, now):
        seat = turn()
        if at > last:
            if seat is not None and not run.paused and not run.waiting:
                run.used += at - last
            last = at
        if seat is not None and run.used > run.limit(seat):
            return run.flag(seat, at)
        if kind == 0:
            run.act(payload)
        elif kind == 1:
            run.move(payload)
            move_index += 1
    seat = turn() if now is not None else None
    remaining = [run.limit(s) for s in range(seats)]
    if seat is not None:
        remaining[seat] = run.limit(seat) - run.used
    running = None if run.paused or run.waiting or seat is None else seat
    return run.clocks(remaining, running=running)


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
