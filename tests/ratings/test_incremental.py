"""A rebuild from a period P reads only the games of P on (and the states before P from the stored
rows), and gives what a rebuild from scratch gives: a property over random histories (seeded),
both methods, both kinds of period; and a game moved to a later month recalculates the earlier
month too, though only the later one is announced."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Player
from ratings import services, sources
from ratings.models import RatedTournament, RatingChange, RatingList, StartingRating
from tests.ratings.helpers import make_list
from tournaments.models import Entry, Pairing, Round, RoundStatus, Tournament

pytestmark = pytest.mark.django_db

RESULTS = ("1-0", "0-1", "1/2")


def _history(rng: random.Random, rating_list: RatingList, events: int = 6) -> list[Round]:
    """``events`` rated paper tournaments (Jan.–Dec. 2026) of random games among 8 players, half
    of them with starting ratings; their rounds."""
    people = [Player.objects.create(name=f"P{n}") for n in range(8)]
    for person in people[:4]:
        StartingRating.objects.create(
            list=rating_list,
            player=person,
            rating=rng.randrange(1500, 2100),
            games=rng.choice([0, 10, 40]),
            as_of=dt.date(2025, 12, 31),
        )
    rounds = []
    for n in range(events):
        day = dt.date(2026, 1 + 2 * n, rng.randrange(1, 28))
        t = Tournament.objects.create(
            name=f"Event {n}", kind="sos", start_date=day, end_date=day, status="finished"
        )
        RatedTournament.objects.create(list=rating_list, tournament=t)
        entries = Entry.objects.bulk_create(
            Entry(tournament=t, player=p, rank=i + 1) for i, p in enumerate(people)
        )
        for number in (1, 2):
            moment = timezone.make_aware(dt.datetime.combine(day, dt.time(12)))
            moment += dt.timedelta(days=rng.choice([0, 0, 20, 40]))  # some in the next months
            rnd = Round.objects.create(
                tournament=t,
                number=number,
                status=RoundStatus.FINISHED,
                paired_at=moment,
                finished_at=moment,
            )
            order = entries[:]
            rng.shuffle(order)
            Pairing.objects.bulk_create(
                Pairing(
                    round=rnd,
                    board=b + 1,
                    first=order[2 * b],
                    second=order[2 * b + 1],
                    result=rng.choice(RESULTS),
                )
                for b in range(rng.randrange(1, 5))
            )
            rounds.append(rnd)
    return rounds


@pytest.mark.parametrize("period", ["tournament", "month"])
@pytest.mark.parametrize("method", ["elo", "glicko2"])
@pytest.mark.parametrize("seed", range(4))
def test_a_rebuild_from_any_period_is_the_rebuild_from_scratch(
    seed: int, method: str, period: str
) -> None:
    rng = random.Random(f"{seed}-{method}-{period}")
    rating_list = make_list(method=method, period=period)
    rounds = _history(rng, rating_list)
    services.rebuild(rating_list)
    for _step in range(3):
        # Change a result of a random round, then rebuild from that result's period on.
        rnd = rng.choice(rounds)
        pairing = rng.choice(list(Pairing.objects.filter(round=rnd)))
        Pairing.objects.filter(pk=pairing.pk).update(
            result=rng.choice([r for r in RESULTS if r != pairing.result])
        )
        key = sources.first_key(rating_list, rnd.tournament_id, pairing.pk)
        services.rebuild(rating_list, from_period=key)
        assert services.differences(rating_list) == []
    # And from a random period, nothing changed: the same rows.
    keys = sorted(
        set(RatingChange.objects.filter(list=rating_list).values_list("period_key", flat=True))
    )
    services.rebuild(rating_list, from_period=rng.choice(keys))
    assert services.differences(rating_list) == []


@pytest.mark.parametrize("method", ["elo", "glicko2"])
def test_a_game_moved_to_a_later_month_recalculates_the_earlier_one(method: str) -> None:
    rating_list = make_list(method=method, period="month")
    rounds = _history(random.Random(7), rating_list)
    services.rebuild(rating_list)
    month = {r.pk: sources.month_key(timezone.localdate(r.paired_at)) for r in rounds}
    first = min(month.values())
    # A round of a month that keeps other games, not the first month (else all is replayed).
    rnd = next(
        r
        for r in rounds
        if month[r.pk] != first and sum(m == month[r.pk] for m in month.values()) > 1
    )
    old = month[rnd.pk]
    later = rnd.paired_at + dt.timedelta(days=150)
    Round.objects.filter(pk=rnd.pk).update(paired_at=later, finished_at=later)
    new = sources.month_key(timezone.localdate(later))
    record = services.rebuild(rating_list, from_period=new)  # only the new month announced
    assert record.from_period == old
    assert services.differences(rating_list) == []


def test_an_update_reads_only_the_games_it_replays() -> None:
    """From the last tournament's period, the pairings read are that tournament's only."""
    rating_list = make_list(method="elo")
    _history(random.Random(3), rating_list)
    services.rebuild(rating_list)
    last = Tournament.objects.order_by("-end_date").first()
    assert last is not None
    key = sources.first_key(rating_list, last.pk)
    seen: list[Any] = []
    real = sources._played

    def spy(tournaments: Any) -> Any:
        seen.append(sorted(tournaments))
        return real(tournaments)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sources, "_played", spy)
        with CaptureQueriesContext(connection):
            record = services.rebuild(rating_list, from_period=key)
    assert record.periods == 1
    everyone = sorted(Tournament.objects.values_list("pk", flat=True))
    # Two reads: the games' counts per period (by the database), then the games replayed.
    assert seen == [everyone, [last.pk]]
    assert services.differences(rating_list) == []
