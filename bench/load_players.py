"""The players' side of ``bench/load.py``: simulated browsers that log in and move through the
site's real forms (cookies, CSRF tokens, kept-alive connections), one thread each.

Only the standard library (the HTTP client is ``load_http.py``), and the rules engine to pick legal
moves; ``load.py`` runs the server, sets the games up and checks the database afterwards. The two
players of a pair play a series of games, one after the other: a steady load for the whole run.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import random
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from load_http import HttpClient

PASSWORD = "bench-" + "p4ss-w0rd"
ACTIVE = ("waiting", "in_progress")

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# The panel's class list grows once the game is over ("panel panel--over").
DATA_PLY = re.compile(r'class="panel[^"]*" data-ply="(\d+)" data-status="(\w+)"')
# The score sheet's moves: a cell of one move a row, or the link of a move in a move pair.
NOTATION = re.compile(r'class="notation"[^>]*>([^<]+)<')
# The move view's answer to an accepted move (any other answer is parsed as JSON).
MOVE_ACCEPTED = b'{"ok": true}'


def describe(err: BaseException) -> str:
    """An error's kind and message, game numbers left out so that alike ones add up."""
    message = re.sub(r"game \d+", "game N", str(err))
    return f"{type(err).__name__}: {message}" if message else type(err).__name__


# -- simulated players --------------------------------------------------------------------------


@dataclass
class GameTrack:
    """What the two players of a game know of it; they share it as the page's poll would."""

    pk: int
    rules: Any
    state: Any = None
    over: bool = False
    cond: threading.Condition = field(default_factory=threading.Condition)

    def reset(self, moves: list[str], status: str) -> None:
        with self.cond:
            self.state = self.rules.replay(moves)
            self.over = status not in ACTIVE or self.rules.outcome(self.state) is not None
            self.cond.notify_all()

    def played(self, ply: int, move: str) -> None:
        """``move`` was accepted as move number ``ply``."""
        with self.cond:
            if self.state.ply >= ply:
                # The opponent re-read the page (the poll said the game was over) between the
                # move's commit and its answer: the position has the move already.
                return
            self.state = self.rules.play(self.state, move)
            self.over = self.rules.outcome(self.state) is not None
            self.cond.notify_all()


@dataclass
class Tally:
    accepted: int = 0
    latencies: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    requests: int = 0
    acked: list[tuple[int, int, str]] = field(default_factory=list)  # (game, ply, move)
    unsure: Counter[int] = field(default_factory=Counter)  # game → moves of unknown fate


def accepted_report(tallies: list[Tally]) -> dict[str, Any]:
    """What the players saw of the moves, game by game, for the database check (``load.py
    --internal check``): each game's moves seen accepted, ``[ply, move]``, and how many moves of
    unknown fate (no answer came)."""
    acked: dict[str, list[tuple[int, str]]] = {}
    unsure: Counter[str] = Counter()
    for tally in tallies:
        for pk, ply, move in tally.acked:
            acked.setdefault(str(pk), []).append((ply, move))
        unsure.update({str(pk): count for pk, count in tally.unsure.items()})
    return {"acked": acked, "unsure": unsure}


class Player(threading.Thread):
    def __init__(
        self,
        *,
        port: int,
        username: str,
        seat: int,
        tracks: list[GameTrack],
        options: argparse.Namespace,
        start_line: threading.Barrier,
        login_gate: threading.Semaphore,
        deadline_box: list[float],
    ) -> None:
        super().__init__(name=username, daemon=True)
        self.client = HttpClient(port)
        self.username = username
        self.seat = seat
        self.tracks = tracks  # the pair's games, played one after the other
        self.track = tracks[0]
        self.opts = options
        self.start_line = start_line
        self.login_gate = login_gate
        self.deadline_box = deadline_box
        self.tally = Tally()
        self.rng = random.Random(f"{options.seed}-{username}")
        self.token = ""
        self.ready = False

    # the pages ----------------------------------------------------------------------------
    def login(self) -> None:
        status, _headers, body = self.client.request("GET", "/accounts/login/")
        match = CSRF_INPUT.search(body.decode())
        if status != 200 or not match:
            raise RuntimeError(f"login page: HTTP {status}")
        form = {
            "csrfmiddlewaretoken": match.group(1),
            "username": self.username,
            "password": PASSWORD,
            "next": "/",
        }
        status, _headers, _body = self.client.request("POST", "/accounts/login/", form)
        if status != 302 or "sessionid" not in self.client.cookies:
            raise RuntimeError(f"login as {self.username}: HTTP {status}, no session")

    def read_page(self) -> None:
        """GET the game page: the CSRF token, the ply and status, and the moves so far."""
        status, _headers, body = self.client.request("GET", f"/games/{self.track.pk}/")
        self._read_panel(status, body, "game page")

    def read_panel(self) -> None:
        """GET the board panel, as the page's script does after a move or a poll."""
        status, _headers, body = self.client.request("GET", f"/games/{self.track.pk}/panel/")
        self._read_panel(status, body, "panel")

    def _read_panel(self, status: int, body: bytes, what: str) -> None:
        text = body.decode()
        panel = DATA_PLY.search(text)
        if status != 200 or not panel:
            raise RuntimeError(f"{what} of game {self.track.pk}: HTTP {status}")
        token = CSRF_INPUT.search(text)
        if token:
            self.token = token.group(1)
        elif not self.token:
            self.token = self.client.cookies.get("csrftoken", "")
        moves = NOTATION.findall(text)
        if len(moves) != int(panel.group(1)):
            raise RuntimeError(f"{what} of game {self.track.pk}: ply and score sheet differ")
        with self.track.cond:
            known = None if self.track.state is None else list(self.track.state.moves)
            # A page that shows only the first of the moves known is older than the last move
            # heard accepted (read as it was stored; the floor stores none): it changes nothing.
            if known is None or known[: len(moves)] != moves or len(moves) > len(known):
                self.track.reset(moves, panel.group(2))

    def live(self) -> tuple[int, str]:
        status, _headers, body = self.client.request("GET", f"/games/{self.track.pk}/live/")
        if status != 200:
            raise RuntimeError(f"live of game {self.track.pk}: HTTP {status}")
        data = json.loads(body)
        return int(data["ply"]), str(data["status"])

    # the loop -----------------------------------------------------------------------------
    def run(self) -> None:
        try:
            with self.login_gate:
                self.login()
                self.read_page()
            self.ready = True
        except Exception as err:  # reported, and this player sits out
            self.tally.errors[f"setup: {err}"] += 1
        try:
            self.start_line.wait(timeout=600)
        except threading.BrokenBarrierError:
            return
        if self.ready:
            before = self.client.requests
            try:
                self.play()
            except Exception as err:  # a bug here: counted, and the run goes on
                self.tally.errors[f"player crashed: {err!r}"] += 1
            finally:
                self.client.close()
            self.tally.requests = self.client.requests - before

    def done(self) -> bool:
        """Is the current game over, or has each side made its ``--moves`` in it?"""
        track = self.track
        return track.over or track.state.ply >= 2 * self.opts.moves

    def my_turn(self) -> bool:
        return self.done() or self.track.rules.to_move(self.track.state) == self.seat

    def play(self) -> None:
        deadline = self.deadline_box[0]
        max_steps = (self.opts.moves * 20 + 100) * len(self.tracks)
        next_poll = time.monotonic() + self.opts.poll
        for _step in range(max_steps):
            now = time.monotonic()
            if now >= deadline:
                return
            with self.track.cond:
                self.track.cond.wait_for(
                    self.my_turn, timeout=max(0.0, min(deadline, next_poll) - now)
                )
                done, mine = self.done(), self.my_turn()
            try:
                if done:  # on to the pair's next game, as a player opens it from "my games"
                    number = self.tracks.index(self.track) + 1
                    if number == len(self.tracks):
                        return
                    self.track = self.tracks[number]
                    self.read_page()
                    continue
                if not mine:  # the page's poll, while the opponent thinks
                    next_poll = time.monotonic() + self.opts.poll
                    _ply, status = self.live()
                    if status not in ACTIVE:
                        self.read_page()
                    continue
                self.move()
            except (OSError, http.client.HTTPException, RuntimeError, ValueError, KeyError) as err:
                self.tally.errors[describe(err)] += 1
                time.sleep(0.05)
                with contextlib.suppress(Exception):
                    self.read_page()

    def move(self) -> None:
        """One move of this player (counted in the tally)."""
        if self.opts.live_each_move:
            ply, status = self.live()
            if status not in ACTIVE or ply != self.track.state.ply:
                self.read_page()
                return
        ply = self.track.state.ply
        if self.opts.browser:
            self.read_panel()  # the poll saw a new ply: the script reloads the panel
        rules, state = self.track.rules, self.track.state
        choice = self.rng.choice(rules.legal_moves(state))
        form = {"csrfmiddlewaretoken": self.token, "expected_ply": str(ply), "notation": choice}
        started = time.perf_counter()
        try:
            status_code, _headers, body = self.client.request(
                "POST", f"/games/{self.track.pk}/move/", form, json_answer=True
            )
        except (OSError, http.client.HTTPException):
            self.tally.unsure[self.track.pk] += 1  # it may have been stored
            raise
        elapsed = time.perf_counter() - started
        if status_code == 200 and body == MOVE_ACCEPTED:
            answer: dict[str, Any] = {"ok": True}  # the usual answer: no JSON to parse
        else:
            answer = json.loads(body) if body.startswith(b"{") else {}
        if status_code == 200 and answer.get("ok"):
            self.tally.accepted += 1
            self.tally.latencies.append(elapsed)
            self.tally.acked.append((self.track.pk, ply + 1, choice))
            self.track.played(ply + 1, choice)
            if self.opts.browser:
                self.read_panel()  # the script reloads the panel after its own move
            return
        if status_code == 400 and "code" in answer:
            self.tally.refused[answer["code"]] += 1
        else:
            self.tally.errors[f"HTTP {status_code}"] += 1
        self.read_page()
