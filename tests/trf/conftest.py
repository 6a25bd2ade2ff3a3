"""Fixtures for the TRF tests: an arbiter and tournaments built through the services."""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Callable, Sequence

import pytest
from django.contrib.auth.models import User

from games.models import Player
from tournaments import pairings
from tournaments.acts import services
from tournaments.core import history
from tournaments.models import Entry, Tournament

NAMES = (
    ("Алиса Петрова", 1650),
    ("Bob Smith", 1580),
    ("دارا رضایی", 1530),
    ("Carol Jones", 1490),
    ("Дмитрий Ковалёв", 1720),
    ("Eve Adams", None),
    ("Фёдор Щукин", 1400),
)
# Results given in turn to the boards that still need one.
RESULTS = (
    history.WIN,
    history.DRAW,
    history.LOSS,
    history.FORFEIT_WIN,
    history.WIN,
    history.DOUBLE_FORFEIT,
    history.LOSS,
    history.FORFEIT_LOSS,
)


@pytest.fixture
def arbiter(db: None) -> User:
    return User.objects.create_superuser(username="arbiter", password=None)


def play_round(t: Tournament, user: User, results: itertools.cycle, *, finish: bool = True) -> None:
    """Pair the next round, enter a result on every board, and (by default) finish it."""
    rnd = pairings.pair_round(tournament=t, user=user)
    for p in rnd.pairings.filter(result="").order_by("board"):
        services.record_result(pairing=p, result=next(results), user=user)
    if finish:
        services.finish_round(round=rnd, user=user)


Builder = Callable[..., Tournament]


@pytest.fixture
def build(arbiter: User) -> Builder:
    """``build(rounds_played=3, rounds=4, open_round=False, **points)``: a Swiss on paper.

    Seven players (Cyrillic and Persian names among them; one asks for a half-point bye in
    round 2), a late entry after round 1, a withdrawal from round 3, forfeits and a double
    forfeit among the results; ``open_round`` pairs one more round without results.
    """

    def make(
        rounds_played: int = 3,
        rounds: int = 4,
        *,
        open_round: bool = False,
        names: Sequence[tuple[str, int | None]] = NAMES,
        **points: float,
    ) -> Tournament:
        t = services.create_tournament(
            name="Кубок «Ладьи» 2024",
            kind="sos",
            rounds=rounds,
            online=False,
            start_date=datetime.date(2024, 3, 1),
            end_date=datetime.date(2024, 3, 3),
            created_by=arbiter,
            **points,
        )
        entries: list[Entry] = []
        for n, (name, rating) in enumerate(names):
            player = Player.objects.create(name=name, rating=rating)
            half_byes = [2] if n == 3 else []
            entries.append(
                services.register(
                    tournament=t, player=player, user=arbiter, rating=rating, half_byes=half_byes
                )
            )
        results = itertools.cycle(RESULTS)
        for number in range(1, rounds_played + 1):
            if number == 2:
                late = Player.objects.create(name="Zoë Late", rating=1500)
                services.register(tournament=t, player=late, user=arbiter)
                services.withdraw(entry=entries[1], user=arbiter, from_round=3)
            play_round(t, arbiter, results)
        if open_round:
            pairings.pair_round(tournament=t, user=arbiter)
        return Tournament.objects.get(pk=t.pk)

    return make
