"""Fixtures for the clock tests: a frozen server time the test advances by hand, and the
tournament world of the adjudication tests with a clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from tests.adjudication.helpers import World, build_world

START = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


class FrozenTime:
    """The server's time (``django.utils.timezone.now``), frozen until advanced."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: Any) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> FrozenTime:
    time = FrozenTime()
    monkeypatch.setattr(timezone, "now", time)
    return time


def started(world: World) -> World:
    """``world`` with round 1 started by its arbiter at ``START``: the clocks run from then."""
    from tournaments.acts import clocks

    clocks.start_round(user=world.arbiter, rnd=world.round1)
    return world


@pytest.fixture
def blitz(db: None, frozen: FrozenTime) -> World:
    """The adjudication tests' tournament (round 1 paired and started) with 3+2 clocks."""
    return started(build_world(time_control="fischer/180/2"))


@pytest.fixture
def league(db: None, frozen: FrozenTime) -> World:
    """The same tournament played by correspondence: 2 days a move."""
    return started(build_world(time_control="correspondence/2/0"))
