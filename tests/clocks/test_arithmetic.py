"""The clock arithmetic (games.clock), pure: time controls, their short forms, and each side's
time computed from the moves' arrival times with a fake time source."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games import clock
from games.clock import (
    ADD,
    CORRESPONDENCE,
    DELAY,
    FISCHER,
    PAUSE,
    RESUME,
    BadTimeControl,
    ClockAct,
    TimeControl,
    compute,
    parse,
)

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


class FakeTime:
    """A time source the test moves on by hand."""

    def __init__(self) -> None:
        self.now = T0

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def s(seconds: float) -> timedelta:
    return timedelta(seconds=seconds)


# -- time controls -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, control",
    [
        ("", TimeControl()),
        ("none", TimeControl()),
        ("10+5", TimeControl(FISCHER, base=600, step=5)),
        (" 3 + 2 ", TimeControl(FISCHER, base=180, step=2)),
        ("15", TimeControl(FISCHER, base=900, step=0)),
        ("10 d5", TimeControl(DELAY, base=600, step=5)),
        ("10+d5", TimeControl(DELAY, base=600, step=5)),
        ("3 days/move", TimeControl(CORRESPONDENCE, days=3)),
        ("1 day/move", TimeControl(CORRESPONDENCE, days=1)),
        ("3d", TimeControl(CORRESPONDENCE, days=3)),
        ("2 days/move; 30 days in all", TimeControl(CORRESPONDENCE, days=2, total=30)),
        ("2d 30d", TimeControl(CORRESPONDENCE, days=2, total=30)),
        ("3 дня/ход", TimeControl(CORRESPONDENCE, days=3)),
    ],
)
def test_parse_reads_the_short_forms(text: str, control: TimeControl) -> None:
    assert parse(text) == control


@pytest.mark.parametrize(
    "control",
    [
        TimeControl(),
        TimeControl(FISCHER, base=180, step=2),
        TimeControl(FISCHER, base=90, step=0),
        TimeControl(DELAY, base=600, step=5),
        TimeControl(CORRESPONDENCE, days=3),
        TimeControl(CORRESPONDENCE, days=2, total=30),
    ],
)
def test_code_and_short_form_round_trip(control: TimeControl) -> None:
    assert TimeControl.from_code(control.to_code()) == control
    if control.base % 60 == 0:
        assert parse(control.short_form()) == control


def test_short_forms() -> None:
    assert TimeControl(FISCHER, base=600, step=5).short_form() == "10+5"
    assert TimeControl(FISCHER, base=90, step=1).short_form() == "1.5+1"
    assert TimeControl(DELAY, base=300, step=3).short_form() == "5 d3"
    assert TimeControl(CORRESPONDENCE, days=3).short_form() == "3 days/move"
    assert TimeControl(CORRESPONDENCE, days=1, total=20).short_form() == (
        "1 day/move; 20 days in all"
    )
    assert TimeControl().short_form() == ""


@pytest.mark.parametrize(
    "text", ["abc", "10+", "+5", "10 x 5", "0+5", "99999+1", "0 days/move", "3 days/move 2 days"]
)
def test_parse_refuses_what_is_not_a_time_control(text: str) -> None:
    with pytest.raises(BadTimeControl) as refused:
        parse(text)
    assert refused.value.translate(lambda t: t) == str(refused.value)
    assert refused.value.translate(lambda t: "«" + t + "»").startswith("«")


# -- Fischer -------------------------------------------------------------------------------------

THREE_TWO = TimeControl(FISCHER, base=180, step=2)


def test_fischer_the_side_to_move_loses_the_time_it_thinks_and_gains_the_increment() -> None:
    t = FakeTime()
    moves = [(0, t.advance(seconds=10)), (1, t.advance(seconds=30))]
    now = t.advance(seconds=5)
    clocks = compute(THREE_TWO, seats=2, start=T0, moves=moves, to_move=0, now=now)
    assert clocks.remaining == [s(180 - 10 + 2 - 5), s(180 - 30 + 2)]
    assert clocks.running == 0 and not clocks.paused and clocks.flagged is None
    assert clocks.spent == [s(10), s(30)]


def test_fischer_a_move_with_exactly_no_time_left_is_in_time() -> None:
    moves = [(0, T0 + s(180))]
    clocks = compute(THREE_TWO, seats=2, start=T0, moves=moves, to_move=1, now=T0 + s(180))
    assert clocks.flagged is None
    assert clocks.remaining[0] == s(2)


def test_fischer_one_millisecond_too_late_is_a_flag_at_the_exact_moment() -> None:
    late = T0 + s(180) + timedelta(milliseconds=1)
    clocks = compute(THREE_TWO, seats=2, start=T0, moves=[], to_move=0, now=late)
    assert clocks.flagged == 0
    assert clocks.flagged_at == T0 + s(180)
    assert clocks.remaining[0] == timedelta(0)
    assert clocks.running is None


def test_a_move_that_arrived_too_late_counts_as_the_flag() -> None:
    moves = [(0, T0 + s(10)), (1, T0 + s(10 + 200))]
    clocks = compute(THREE_TWO, seats=2, start=T0, moves=moves, to_move=0, now=T0 + s(300))
    assert clocks.flagged == 1
    assert clocks.flagged_at == T0 + s(190)


def test_sos_extra_turn_keeps_the_same_clock_running_and_adds_the_increment_per_move() -> None:
    t = FakeTime()
    # Seat 0 scores and moves again: three moves in a row, 10 s each.
    moves = [(0, t.advance(seconds=10)), (0, t.advance(seconds=10)), (0, t.advance(seconds=10))]
    now = t.advance(seconds=4)
    clocks = compute(THREE_TWO, seats=2, start=T0, moves=moves, to_move=1, now=now)
    assert clocks.remaining == [s(180 - 30 + 3 * 2), s(180 - 4)]
    assert clocks.running == 1
    assert clocks.spent == [s(10)] * 3


def test_no_clock_runs_once_the_game_is_over() -> None:
    moves = [(0, T0 + s(10))]
    clocks = compute(THREE_TWO, seats=2, start=T0, moves=moves, to_move=None, now=T0 + s(999))
    assert clocks.running is None and clocks.flagged is None
    assert clocks.remaining == [s(172), s(180)]


def test_three_seats_take_turns() -> None:
    moves = [(0, T0 + s(5)), (1, T0 + s(15)), (2, T0 + s(35))]
    clocks = compute(THREE_TWO, seats=3, start=T0, moves=moves, to_move=0, now=T0 + s(36))
    assert clocks.remaining == [s(180 - 5 + 2 - 1), s(180 - 10 + 2), s(180 - 20 + 2)]


# -- Bronstein delay ------------------------------------------------------------------------------

DELAYED = TimeControl(DELAY, base=60, step=5)


def test_delay_a_move_within_the_delay_costs_nothing() -> None:
    moves = [(0, T0 + s(4)), (1, T0 + s(4 + 12))]
    clocks = compute(DELAYED, seats=2, start=T0, moves=moves, to_move=0, now=T0 + s(16))
    assert clocks.remaining == [s(60), s(60 - 12 + 5)]


def test_delay_never_adds_more_than_was_used() -> None:
    moves = [(0, T0 + s(1))] * 1
    clocks = compute(DELAYED, seats=2, start=T0, moves=moves, to_move=1, now=T0 + s(1))
    assert clocks.remaining[0] == s(60)


def test_delay_the_clock_counts_down_at_once_and_flags_at_zero() -> None:
    clocks = compute(DELAYED, seats=2, start=T0, moves=[], to_move=0, now=T0 + s(61))
    assert clocks.flagged == 0 and clocks.flagged_at == T0 + s(60)


# -- Correspondence -------------------------------------------------------------------------------

TWO_DAYS = TimeControl(CORRESPONDENCE, days=2)


def test_correspondence_each_move_has_its_days_again() -> None:
    t = FakeTime()
    moves = [(0, t.advance(days=1, hours=23)), (1, t.advance(days=1))]
    now = t.advance(hours=12)
    clocks = compute(TWO_DAYS, seats=2, start=T0, moves=moves, to_move=0, now=now)
    assert clocks.flagged is None
    assert clocks.remaining == [timedelta(days=2, hours=-12), timedelta(days=2)]
    assert clocks.spent == [timedelta(days=1, hours=23), timedelta(days=1)]


def test_correspondence_flags_after_the_days_of_a_move() -> None:
    moves = [(0, T0 + timedelta(days=1))]
    now = T0 + timedelta(days=3, seconds=1)
    clocks = compute(TWO_DAYS, seats=2, start=T0, moves=moves, to_move=1, now=now)
    assert clocks.flagged == 1
    assert clocks.flagged_at == T0 + timedelta(days=3)


def test_correspondence_total_limits_the_whole_game() -> None:
    control = TimeControl(CORRESPONDENCE, days=2, total=3)
    d = timedelta(days=1)
    # Seat 0 takes 1.5 days twice: the second move exhausts its 3 days exactly.
    moves = [(0, T0 + 1.5 * d), (1, T0 + 1.6 * d), (0, T0 + 3.1 * d), (1, T0 + 3.2 * d)]
    clocks = compute(control, seats=2, start=T0, moves=moves, to_move=0, now=T0 + 3.2 * d)
    assert clocks.flagged is None
    assert clocks.remaining[0] == timedelta(0)
    later = compute(control, seats=2, start=T0, moves=moves, to_move=0, now=T0 + 3.2 * d + s(1))
    assert later.flagged == 0


# -- Pauses and time added ----------------------------------------------------------------------


def test_a_pause_stops_the_running_clock_and_a_resumption_starts_it_again() -> None:
    acts = [ClockAct(T0 + s(60), PAUSE), ClockAct(T0 + s(60 + 3600), RESUME)]
    clocks = compute(
        THREE_TWO, seats=2, start=T0, moves=[], to_move=0, now=T0 + s(3600 + 100), acts=acts
    )
    assert clocks.flagged is None
    assert clocks.remaining[0] == s(180 - 100)
    paused = compute(
        THREE_TWO, seats=2, start=T0, moves=[], to_move=0, now=T0 + s(1000), acts=acts[:1]
    )
    assert paused.paused and paused.running is None
    assert paused.remaining[0] == s(120)


def test_time_spent_excludes_the_pause() -> None:
    acts = [ClockAct(T0 + s(5), PAUSE), ClockAct(T0 + s(500), RESUME)]
    moves = [(0, T0 + s(510))]
    clocks = compute(
        THREE_TWO, seats=2, start=T0, moves=moves, to_move=1, now=T0 + s(510), acts=acts
    )
    assert clocks.spent == [s(15)]


def test_added_time_saves_a_flag() -> None:
    acts = [ClockAct(T0 + s(170), ADD, seat=0, seconds=60)]
    now = T0 + s(200)
    without = compute(THREE_TWO, seats=2, start=T0, moves=[], to_move=0, now=now)
    with_added = compute(THREE_TWO, seats=2, start=T0, moves=[], to_move=0, now=now, acts=acts)
    assert without.flagged == 0
    assert with_added.flagged is None and with_added.remaining[0] == s(40)


def test_correspondence_added_time_is_for_the_current_move_only() -> None:
    d = timedelta(days=1)
    acts = [ClockAct(T0 + d, ADD, seat=0, seconds=86_400)]
    moves = [(0, T0 + 2.5 * d)]
    clocks = compute(
        TWO_DAYS, seats=2, start=T0, moves=moves, to_move=1, now=T0 + 2.5 * d, acts=acts
    )
    assert clocks.flagged is None
    assert clocks.remaining == [2 * d, 2 * d]


def test_is_paused() -> None:
    assert not clock.is_paused([])
    assert clock.is_paused([ClockAct(T0, PAUSE), ClockAct(T0, ADD, seat=0, seconds=1)])
    assert not clock.is_paused([ClockAct(T0, PAUSE), ClockAct(T0, RESUME)])


def test_acts_round_trip_through_their_stored_form() -> None:
    act = ClockAct(T0 + s(1), ADD, seat=1, seconds=30)
    assert ClockAct.from_dict(act.to_dict()) == act


def test_no_time_control_has_no_clock() -> None:
    clocks = compute(TimeControl(), seats=2, start=T0, moves=[], to_move=0, now=T0 + s(10**6))
    assert clocks.running is None and clocks.flagged is None


# -- Display ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "left, control, text",
    [
        (s(299.9), THREE_TWO, "4:59"),
        (s(3723), THREE_TWO, "1:02:03"),
        (s(-3), THREE_TWO, "0:00"),
        (timedelta(days=2, hours=3, minutes=4), TWO_DAYS, "2 d 03:04"),
        (timedelta(hours=5), TWO_DAYS, "5:00:00"),
    ],
)
def test_format_remaining(left: timedelta, control: TimeControl, text: str) -> None:
    assert clock.format_remaining(left, control) == text


def test_low_time() -> None:
    assert clock.low_time(THREE_TWO) == s(18)
    assert clock.low_time(TimeControl(FISCHER, base=60, step=0)) == s(10)
    assert clock.low_time(TimeControl(FISCHER, base=3600, step=0)) == s(60)
    assert clock.low_time(TWO_DAYS) == timedelta(hours=12)


def test_the_clock_module_has_no_django() -> None:
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(clock))
    names = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [n for n in names if n.startswith("django")]


# -- A seat out (a game of three or more) --------------------------------------------------------

ONE_MINUTE = TimeControl(FISCHER, base=60, step=0)


def test_a_seat_out_stops_at_zero_and_the_next_seats_turn_begins_at_the_flag() -> None:
    moves = [(0, T0 + s(5)), (1, T0 + s(10))]
    # Seat 2 to move from 10 s; its 60 s run out at 70 s: it is out at that moment.
    flagged = compute(ONE_MINUTE, seats=3, start=T0, moves=moves, to_move=2, now=T0 + s(75))
    assert flagged.flagged == 2 and flagged.flagged_at == T0 + s(70)
    out = ClockAct(at=T0 + s(70), act=clock.OUT, seat=2, ply=2)
    assert ClockAct.from_dict(out.to_dict()) == out
    clocks = compute(
        ONE_MINUTE, seats=3, start=T0, moves=moves, to_move=0, now=T0 + s(75), acts=[out]
    )
    assert clocks.flagged is None and clocks.out == frozenset({2})
    assert clocks.running == 0
    assert clocks.remaining == [s(55 - 5), s(55), s(0)]  # seat 0's turn began at 70 s
    # Seat 0 moves at 80 s: 10 s of its time; seat 1's turn, seat 2 frozen at zero.
    moves.append((0, T0 + s(80)))
    later = compute(
        ONE_MINUTE, seats=3, start=T0, moves=moves, to_move=1, now=T0 + s(90), acts=[out]
    )
    assert later.remaining == [s(45), s(45), s(0)] and later.running == 1
    assert later.spent[-1] == s(10)


def test_a_seat_out_needs_no_first_move() -> None:
    out = ClockAct(at=T0 + s(60), act=clock.OUT, seat=0, ply=0)
    moves = [(1, T0 + s(61)), (2, T0 + s(62))]
    clocks = compute(
        ONE_MINUTE, seats=3, start=T0, moves=moves, to_move=1, now=T0 + s(63), acts=[out]
    )
    assert clocks.first_move_due is False and clocks.moved == frozenset({1, 2})


def test_once_one_seat_is_left_in_no_clock_runs() -> None:
    acts = [
        ClockAct(at=T0 + s(60), act=clock.OUT, seat=0, ply=0),
        ClockAct(at=T0 + s(120), act=clock.OUT, seat=1, ply=0),
    ]
    clocks = compute(
        ONE_MINUTE, seats=3, start=T0, moves=[], to_move=None, now=T0 + s(500), acts=acts
    )
    assert clocks.flagged is None and clocks.running is None
    assert clocks.remaining == [s(0), s(0), s(60)]
