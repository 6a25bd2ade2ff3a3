"""Several app servers on one PostgreSQL, as behind a load balancer: two app servers (two
workers each) on two ports of 127.0.0.1, one throw-away PostgreSQL cluster of the test's own, the
same secret key. Whatever server a request reaches, the site behaves as one: an import previewed
on one is applied on the other, failed log-ins on both count together, a move posted to one is
seen by the other, and one move raced through both is stored once. Then the database is stopped
and started under load: 503 pages meanwhile, normal answers after, nothing lost or doubled.

Real processes and real clients: marked ``servers`` (run by ``make test``; ``make test-postgres``
leaves them out, as they bring their own PostgreSQL).
"""

from __future__ import annotations

import io
import random
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from games.rules import get_rules
from tests.ops.realservers import (
    HIDDEN,
    Browser,
    Postgres,
    app_server,
    postgres_cluster,
    prepare_site,
    redis_server,
    site_environment,
    site_state,
)

pytestmark = pytest.mark.servers

NOTATION = re.compile(r'class="notation"[^>]*>([^<]+)<')  # a score sheet cell or link
ATTACKER, ALICE_HOME, BOB_HOME, ARBITER_HOME = (
    "203.0.113.9",
    "198.51.100.4",
    "198.51.100.5",
    "198.51.100.6",
)


@dataclass
class Site:
    cluster: Postgres
    env: dict[str, str]
    ports: tuple[int, int]
    club: dict[str, Any]

    def state(self) -> dict[str, Any]:
        return site_state(self.env, "state", str(self.club["tournament"]), str(self.club["game"]))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    tmp = tmp_path_factory.mktemp("multiserver")
    with postgres_cluster() as cluster:
        env = site_environment(cluster.url, tmp)
        club = prepare_site(env)
        with (
            app_server(env, tmp / "a.log", workers=2) as a,
            app_server(env, tmp / "b.log", workers=2) as b,
        ):
            yield Site(cluster=cluster, env=env, ports=(a, b), club=club)


def logged_in(site: Site, username: str, address: str, port: int) -> Browser:
    browser = Browser(port, address=address)
    answer = browser.log_in(username, site.club["password"])
    assert answer.status == 302, answer.text[:2000]
    return browser


def test_an_import_previewed_on_one_server_is_applied_on_the_other(site: Site) -> None:
    from openpyxl import load_workbook

    a, b = site.ports
    t = site.club["tournament"]
    arbiter = logged_in(site, "arbiter", ARBITER_HOME, a)
    download = arbiter.get(f"/sheets/tournaments/{t}.xlsx", port=b)  # the session works on B
    assert download.status == 200
    book = load_workbook(io.BytesIO(download.body))
    book["Round 1"]["C4"] = "1-0"
    edited = io.BytesIO()
    book.save(edited)
    arbiter.csrf(f"/sheets/tournaments/{t}/import/", port=a)
    preview = arbiter.upload(
        f"/sheets/tournaments/{t}/import/", "cup.xlsx", edited.getvalue(), port=a
    )
    assert preview.status == 200, preview.text[:2000]
    fields = dict(HIDDEN.findall(preview.text))
    assert {"token", "digest"} <= set(fields)
    assert site.state()["board1"] == ""  # nothing written by the preview
    applied = arbiter.post(
        f"/sheets/tournaments/{t}/import/apply/",
        {"token": fields["token"], "digest": fields["digest"]},
        port=b,
    )
    assert applied.status == 302, applied.text[:2000]
    assert applied.headers["Location"] == f"/tournaments/{t}/"
    assert site.state()["board1"] == "1-0"


def test_failed_log_ins_on_both_servers_count_together(site: Site) -> None:
    a, b = site.ports
    attacker = Browser(a, address=ATTACKER)
    for n in range(4):
        answer = attacker.log_in("alice", "wrong-guess", port=(a, b)[n % 2])
        assert answer.status == 200, n
    assert attacker.log_in("alice", "wrong-guess", port=a).status == 429
    assert attacker.log_in("alice", site.club["password"], port=b).status == 429
    assert site.state()["failures"] == {f"alice@{ATTACKER}": 5}
    # The real Alice, from home, logs in on either server.
    for port in (a, b):
        assert (
            Browser(port, address=ALICE_HOME).log_in("alice", site.club["password"]).status == 302
        )


def test_a_move_on_one_server_is_seen_by_the_others_live_endpoint(site: Site) -> None:
    a, b = site.ports
    g = site.club["game"]
    alice = logged_in(site, "alice", ALICE_HOME, a)
    bob = logged_in(site, "bob", BOB_HOME, b)
    assert bob.get(f"/games/{g}/live/").json()["ply"] == 0
    alice.csrf(f"/games/{g}/")
    moved = alice.post(
        f"/games/{g}/move/", {"expected_ply": "0", "notation": "E5"}, accept="application/json"
    )
    assert moved.status == 200 and moved.json()["ok"] is True, moved.text[:500]
    assert bob.get(f"/games/{g}/live/").json()["ply"] == 1
    assert NOTATION.findall(bob.get(f"/games/{g}/panel/").text) == ["E5"]


def test_one_move_raced_through_both_servers_is_stored_once(site: Site) -> None:
    a, b = site.ports
    g = site.club["game"]
    rules = get_rules("uttt")
    before = [move for _ply, move in site.state()["moves"]]
    position = rules.replay(before)
    username = ("alice", "bob")[rules.to_move(position)]
    choice = sorted(rules.legal_moves(position))[0]
    ply = str(len(before))
    mover = logged_in(site, username, (ALICE_HOME, BOB_HOME)[rules.to_move(position)], a)
    mover.csrf(f"/games/{g}/")
    answers: dict[int, Any] = {}
    gate = threading.Barrier(2)

    def send(port: int) -> None:
        gate.wait(timeout=30)
        answers[port] = mover.post(
            f"/games/{g}/move/",
            {"expected_ply": ply, "notation": choice},
            port=port,
            accept="application/json",
        )

    threads = [threading.Thread(target=send, args=(port,)) for port in (a, b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    statuses = sorted(answer.status for answer in answers.values())
    assert statuses == [200, 400], {p: x.text[:300] for p, x in answers.items()}
    refused = next(x for x in answers.values() if x.status == 400).json()
    assert refused["ok"] is False and refused["code"]
    after = site.state()
    assert after["moves"] == [[n, m] for n, m in enumerate([*before, choice], start=1)]
    assert after["problems"] == []


def test_the_cache_is_shared_through_redis(site: Site, tmp_path: Path) -> None:
    """Two servers with REDIS_URL: /healthz's cache check passes on both, through the one Redis
    (which counts their reads), and what one client writes there another reads."""
    import redis
    from django.core.cache.backends.redis import RedisCache

    with redis_server() as url:
        client = redis.Redis.from_url(url)
        env = {**site.env, "REDIS_URL": url}
        with (
            app_server(env, tmp_path / "ra.log") as a,
            app_server(env, tmp_path / "rb.log") as b,
        ):
            hits = int(client.info("stats")["keyspace_hits"])
            for port in (a, b):
                answer = Browser(port).get("/healthz")
                assert answer.status == 200
                assert answer.json()["checks"] == {
                    "database": "ok",
                    "cache": "ok",
                    "migrations": "ok",
                }
            assert int(client.info("stats")["keyspace_hits"]) == hits + 2
        RedisCache(url, {}).set("written-by-one", 42)
        assert RedisCache(url, {}).get("written-by-one") == 42
        assert client.exists(":1:written-by-one") == 1


# -- the database stopped and started under load ------------------------------------------------


@dataclass
class Tally:
    acked: list[tuple[int, str]]
    unsure: int = 0
    unavailable: int = 0
    server_errors: int = 0
    other: int = 0


def test_the_database_stopped_and_started_under_load(site: Site) -> None:
    """Players keep moving (and polling) while PostgreSQL is stopped for a while and started
    again: the servers answer 503 meanwhile (never 500), /healthz says so, they come back by
    themselves, and every move the players saw accepted is stored once, none more."""
    a, b = site.ports
    g = site.club["game"]
    rules = get_rules("uttt")
    players = [logged_in(site, "alice", ALICE_HOME, a), logged_in(site, "bob", BOB_HOME, b)]
    for player in players:
        player.csrf(f"/games/{g}/")
    earlier = {(ply, move) for ply, move in site.state()["moves"]}  # the other tests' moves
    tally = Tally(acked=[])
    rng = random.Random(16)
    stop = threading.Event()
    health: list[int] = []

    def moves_now(browser: Browser) -> list[str] | None:
        page = browser.get(f"/games/{g}/panel/")
        return NOTATION.findall(page.text) if page.status == 200 else None

    def play() -> None:
        known: list[str] | None = None
        for _step in range(2000):
            if stop.is_set():
                return
            mover = players[0]
            if known is None:
                known = moves_now(mover)
                if known is None:
                    time.sleep(0.05)
                    continue
            position = rules.replay(known)
            legal = rules.legal_moves(position)
            if not legal:
                # The game is over (it may end before the database stops): keep reading it, so
                # the outage is still seen through the players' own requests.
                page = mover.get(f"/games/{g}/panel/")
                if page.status == 503:
                    tally.unavailable += 1
                elif page.status >= 500:
                    tally.server_errors += 1
                time.sleep(0.05)
                continue
            browser = players[rules.to_move(position)]
            choice = rng.choice(legal)
            answer = browser.post(
                f"/games/{g}/move/",
                {"expected_ply": str(len(known)), "notation": choice},
                accept="application/json",
            )
            if answer.status == 200 and answer.json().get("ok"):
                known = [*known, choice]
                tally.acked.append((len(known), choice))
            elif answer.status == 503:
                tally.unavailable += 1
                tally.unsure += 1  # perhaps stored before the connection went: read again
                known = None
                time.sleep(0.05)
            elif answer.status >= 500:
                tally.server_errors += 1
                known = None
            else:
                tally.other += 1
                known = None

    worker = threading.Thread(target=play)
    worker.start()
    try:
        time.sleep(1.5)
        before = len(tally.acked)
        site.cluster.stop()
        down_until = time.monotonic() + 3
        while time.monotonic() < down_until:
            health.append(Browser(a).get("/healthz").status)
            time.sleep(0.2)
        during = Browser(b).get(f"/games/{g}/")
        site.cluster.start()
        for _ in range(300):
            if (
                Browser(a).get("/healthz").status == 200
                and Browser(b).get("/healthz").status == 200
            ):
                break
            time.sleep(0.1)
        recovered_at = len(tally.acked)
        time.sleep(1.5)
    finally:
        stop.set()
        worker.join(timeout=60)
        if not site.cluster.running:
            site.cluster.start()
    assert before > 0
    assert 503 in health and 500 not in health
    assert during.status == 503
    assert "Back in a moment" in during.text and during.headers.get("Retry-After") == "5"
    assert tally.unavailable > 0 and tally.server_errors == 0
    assert Browser(a).get("/healthz").status == 200
    state = site.state()
    over = not rules.legal_moves(rules.replay([m for _p, m in state["moves"]]))
    assert len(tally.acked) > recovered_at or over  # normal answers again after the restart
    stored = {(ply, move) for ply, move in state["moves"]}
    acked = set(tally.acked)
    assert acked <= stored  # nothing lost
    assert len(stored - acked - earlier) <= tally.unsure  # nothing doubled
    assert [ply for ply, _m in state["moves"]] == list(range(1, len(stored) + 1))
    assert state["problems"] == []
