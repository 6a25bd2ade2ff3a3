"""``bench/ratings.py --db``: the same synthetic history as tournaments in a throwaway SQLite
database, rated end to end by ``ratings.services.rebuild``, then one result corrected through the
results service.

One tournament a month (120 for 10 years), rated in the list, its month's games as paper
pairings with their results (rounds of at most 1,000 boards), the founders' starting ratings as
the club's imported list. The history is written with bulk inserts (it is the bench's set-up,
not counted); the timings are of the rebuild — reading the pairings, the core's run, writing
every ``Rating`` and ``RatingChange`` row — for an Elo list and for a Glicko-2 list, and of the
update after one corrected result (the results service's record, its signal on commit, the
rebuild from that result's period), with how many periods and rows it rewrote.
"""

from __future__ import annotations

import calendar
import datetime as dt
import os
import shutil
import tempfile
import time
from typing import Any

BOARDS = 1000


def setup_django() -> str:
    tmp = tempfile.mkdtemp(prefix="bench-ratings-")
    path = os.path.join(tmp, "bench.sqlite3")
    os.environ["SQLITE_PATH"] = path
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return path


def _month_end(month: tuple[int, int]) -> dt.date:
    return dt.date(month[0], month[1], calendar.monthrange(*month)[1])


def build(periods: list[Any], elo: dict[int, Any], method: str) -> tuple[Any, Any]:
    """The history in the database: (the list, the arbiter)."""
    from django.contrib.auth.models import User
    from django.db import transaction
    from django.utils import timezone

    from games.models import Player
    from ratings.models import RatedTournament, RatingList, StartingRating
    from tournaments.models import Entry, Pairing, Round, RoundStatus, Tournament

    arbiter = User.objects.create_user("bench-arbiter", password=None, is_superuser=True)
    players = max(max(g.first, g.second) for p in periods for g in p.games) + 1
    with transaction.atomic():
        people = Player.objects.bulk_create(Player(name=f"P{n:04d}") for n in range(players))
        pk = [p.pk for p in people]
        rating_list = RatingList.objects.create(name="Bench", kind="sos", method=method)
        StartingRating.objects.bulk_create(
            StartingRating(
                list=rating_list,
                player_id=pk[n],
                rating=s.rating,
                games=s.games,
                deviation=80.0,
                birth_year=s.birth_year,
                as_of=dt.date(2015, 12, 31),
            )
            for n, s in elo.items()
        )
        now = timezone.now()
        for period in periods:
            day = _month_end(period.key)
            t = Tournament.objects.create(
                name=f"Month {day}",
                kind="sos",
                start_date=day.replace(day=1),
                end_date=day,
                online=False,
                status="finished",
            )
            t.arbiters.add(arbiter)
            RatedTournament.objects.create(list=rating_list, tournament=t)
            seen = sorted({k for g in period.games for k in (g.first, g.second)})
            entries = Entry.objects.bulk_create(
                Entry(tournament=t, player_id=pk[k], rank=i + 1) for i, k in enumerate(seen)
            )
            entry = {k: e.pk for k, e in zip(seen, entries, strict=True)}
            games = period.games
            for r in range(0, len(games), BOARDS):
                rnd = Round.objects.create(
                    tournament=t,
                    number=r // BOARDS + 1,
                    status=RoundStatus.FINISHED,
                    paired_at=now,
                    finished_at=now,
                )
                Pairing.objects.bulk_create(
                    Pairing(
                        round=rnd,
                        board=b + 1,
                        first_id=entry[g.first],
                        second_id=entry[g.second],
                        result={1.0: "1-0", 0.5: "1/2", 0.0: "0-1"}[g.score],
                    )
                    for b, g in enumerate(games[r : r + BOARDS])
                )
    return rating_list, arbiter


def timed_rebuild(rating_list: Any) -> tuple[float, float, Any]:
    from ratings import services

    wall, cpu = time.perf_counter(), time.process_time()
    record = services.rebuild(rating_list)
    return time.perf_counter() - wall, time.process_time() - cpu, record


def correct_one(rating_list: Any, arbiter: Any, month: int) -> tuple[float, float, Any]:
    """Correct one result of the ``month``-th tournament (from 0) through the results service
    (the request: its record, and the list's pending rebuild queued on commit), then run the
    worker's rebuild (``ratings.queue.run``): the request's seconds, the worker's CPU seconds,
    and the record."""
    from django.db import transaction

    from ratings import queue
    from tournaments.acts import services
    from tournaments.models import Pairing

    pairing = (
        Pairing.objects.filter(round__tournament__rated__list=rating_list)
        .select_related("round__tournament")
        .order_by("round__tournament__end_date", "round__number", "board")
        .filter(round__tournament__end_date=_nth_end(rating_list, month))
        .first()
    )
    assert pairing is not None
    flipped = {"1-0": "0-1", "0-1": "1/2", "1/2": "1-0"}[pairing.result]
    wall = time.perf_counter()
    with transaction.atomic():
        services.record_result(pairing=pairing, result=flipped, user=arbiter)
    seconds = time.perf_counter() - wall
    cpu = time.process_time()
    record = queue.run(rating_list.pk)
    return seconds, time.process_time() - cpu, record


def _nth_end(rating_list: Any, n: int) -> dt.date:
    from tournaments.models import Tournament

    ends = Tournament.objects.filter(rated__list=rating_list).order_by("end_date")
    return ends.values_list("end_date", flat=True)[n]


def report(label: str, wall: float, cpu: float, record: Any) -> None:
    print(f"  (load average {os.getloadavg()[0]:.1f})")
    print(
        f"{label}: {wall:.2f} s ({cpu:.2f} s CPU) — {record.periods} periods, "
        f"{record.rows} rows rewritten"
    )


def run_db(periods: list[Any], elo: dict[int, Any], glicko: dict[int, Any]) -> None:
    path = setup_django()
    from django.db import connection

    from ratings import services
    from ratings.models import RatedTournament, RatingChange, RatingList

    start = time.perf_counter()
    rating_list, arbiter = build(periods, elo, "elo")
    print(f"database ({path}): built in {time.perf_counter() - start:.1f} s (not counted below)")
    wall, cpu, record = timed_rebuild(rating_list)
    report("db fide-elo rebuild from scratch", wall, cpu, record)
    last = len(periods) - 1
    for month in (last, last // 2):
        seconds, cpu, record = correct_one(rating_list, arbiter, month)
        print(
            f"  one result of period {month + 1} corrected: the request {seconds:.2f} s, the "
            f"worker's rebuild {cpu:.2f} s CPU — from {record.from_period}: {record.periods} "
            f"periods, {record.rows} rows rewritten "
            f"(of {RatingChange.objects.filter(list=rating_list).count()} change rows)"
        )
    problems = services.differences(rating_list)
    print(f"  check against a fresh run: {len(problems)} differences")
    glicko_list = RatingList.objects.create(name="Bench G", kind="sos", method="glicko2")
    rating_list.starts.update(list=glicko_list)
    RatedTournament.objects.update(list=glicko_list)
    wall, cpu, record = timed_rebuild(glicko_list)
    report("db glicko2 rebuild from scratch", wall, cpu, record)
    seconds, cpu, record = correct_one(glicko_list, arbiter, last // 2)
    print(
        f"  one result of period {last // 2 + 1} corrected: the request {seconds:.2f} s, the "
        f"worker's rebuild {cpu:.2f} s CPU — from {record.from_period}: {record.periods} "
        f"periods, {record.rows} rows rewritten"
    )
    print(f"  check against a fresh run: {len(services.differences(glicko_list))} differences")
    connection.close()
    shutil.rmtree(os.path.dirname(path), ignore_errors=True)
