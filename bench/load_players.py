"""The players' side of ``bench/load.py``: simulated browsers that log in and move through the
site's real forms (cookies, CSRF tokens, kept-alive connections), one thread each.

Only the standard library, and the rules engine to pick legal moves; ``load.py`` runs the server,
sets the games up and checks the database afterwards.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import random
import re
import socket
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

HOST = "127.0.0.1"
PASSWORD = "bench-" + "p4ss-w0rd"
ACTIVE = ("waiting", "in_progress")
REQUEST_TIMEOUT = 60.0  # logins queue behind each other's password hashing
IDLE_REUSE = 1.0  # seconds a kept-alive connection may idle and still be used

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# The panel's class list grows once the game is over ("panel panel--over").
DATA_PLY = re.compile(r'class="panel[^"]*" data-ply="(\d+)" data-status="(\w+)"')
NOTATION = re.compile(r'<td class="notation">([^<]+)</td>')
# The move view's answer to an accepted move (any other answer is parsed as JSON).
MOVE_ACCEPTED = b'{"ok": true}'


def describe(err: BaseException) -> str:
    """An error's kind and message, game numbers left out so that alike ones add up."""
    message = re.sub(r"game \d+", "game N", str(err))
    return f"{type(err).__name__}: {message}" if message else type(err).__name__


# -- simulated players --------------------------------------------------------------------------


class HttpClient:
    """One browser: a kept-alive connection to 127.0.0.1, a cookie jar, and nothing else.

    HTTP/1.1 spoken over the socket directly: a request's head is built once for each method,
    path and set of cookies (a move's differs from the last only in its body), and an answer is
    read with one scan of its head. ``http.client`` parses every answer's head with the e-mail
    parser and rebuilds the request's from a dict each time: about half the players' CPU, on the
    two cores the server uses too. Answers with ``Content-Length`` and chunked ones are read;
    ``Connection: close`` closes the socket after the answer.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.sock: socket.socket | None = None
        self.buffer = b""
        self.requests = 0
        self.last_used = 0.0
        # (method, path, has a form, wants JSON) → the request's head up to its body's length;
        # emptied when a cookie changes.
        self._heads: dict[tuple[str, str, bool, bool], bytes] = {}

    def _head(self, method: str, path: str, form: bool, json_answer: bool) -> bytes:
        key = (method, path, form, json_answer)
        head = self._heads.get(key)
        if head is None:
            lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
            lines.append("Connection: keep-alive")
            if json_answer:
                lines.append("Accept: application/json")
            if self.cookies:
                lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
            if form:
                lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append("Content-Length: ")
            head = self._heads[key] = "\r\n".join(lines).encode("latin-1")
        return head

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None, json_answer: bool = False
    ) -> tuple[int, dict[str, str], bytes]:
        body = urllib.parse.urlencode(form).encode() if form is not None else b""
        message = b"%s%d\r\n\r\n%s" % (
            self._head(method, path, form is not None, json_answer),
            len(body),
            body,
        )
        # A server closes an idle kept-alive connection after a while (gunicorn: 5 s), maybe
        # just as a request goes out: like a browser, do not reuse one idle for over a second,
        # and send a GET again once if the server closed the connection without answering.
        if time.monotonic() - self.last_used > IDLE_REUSE:
            self.close()
        attempts = 2 if method == "GET" else 1
        for attempt in range(1, attempts + 1):
            self.requests += 1
            reused = self.sock is not None
            try:
                if self.sock is None:
                    self.sock = socket.create_connection((HOST, self.port), REQUEST_TIMEOUT)
                    self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self.sock.sendall(message)
                status, headers, data, closes = self._answer()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                if not reused or attempt == attempts:
                    raise
            except (OSError, http.client.HTTPException):
                self.close()  # the next request opens a new connection
                raise
        self.last_used = time.monotonic()
        if "set-cookie" in headers:
            self._heads.clear()
            for header in headers["set-cookie"].split("\n"):
                name, _eq, rest = header.partition("=")
                value, *attributes = rest.split(";")
                gone = any(a.strip().lower() == "max-age=0" for a in attributes)
                if gone or not value or value == '""':
                    self.cookies.pop(name.strip(), None)
                else:
                    self.cookies[name.strip()] = value
        if closes:
            self.close()
        return status, headers, data

    def _answer(self) -> tuple[int, dict[str, str], bytes, bool]:
        """Read one answer: its status, headers (lower-case names; ``set-cookie`` lines joined
        by newlines), body, and whether the server closes the connection after it."""
        end = self._until(b"\r\n\r\n")
        head, self.buffer = self.buffer[:end].decode("latin-1"), self.buffer[end + 4 :]
        status_line, *lines = head.split("\r\n")
        version, _sp, rest = status_line.partition(" ")
        if not version.startswith("HTTP/1.") or not rest[:3].isdigit():
            raise http.client.BadStatusLine(status_line)
        headers: dict[str, str] = {}
        for line in lines:
            name, _colon, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            headers[name] = f"{headers[name]}\n{value}" if name in headers else value
        if headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                end = self._until(b"\r\n")
                size = int(self.buffer[:end].split(b";")[0], 16)
                self.buffer = self.buffer[end + 2 :]
                self._fill(size + 2)
                parts.append(self.buffer[:size])
                self.buffer = self.buffer[size + 2 :]
                if not size:
                    break
            data = b"".join(parts)
        else:
            length = int(headers.get("content-length", "0"))
            self._fill(length)
            data, self.buffer = self.buffer[:length], self.buffer[length:]
        closes = headers.get("connection", "").lower() == "close" or version == "HTTP/1.0"
        return int(rest[:3]), headers, data, closes

    def _recv(self) -> None:
        assert self.sock is not None
        chunk = self.sock.recv(65536)
        if not chunk:
            raise http.client.RemoteDisconnected("the server closed the connection")
        self.buffer += chunk

    def _until(self, marker: bytes) -> int:
        while (end := self.buffer.find(marker)) < 0:
            self._recv()
        return end

    def _fill(self, size: int) -> None:
        while len(self.buffer) < size:
            self._recv()

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        self.buffer = b""


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
    acked: list[tuple[int, str]] = field(default_factory=list)
    unsure: int = 0


class Player(threading.Thread):
    def __init__(
        self,
        *,
        port: int,
        username: str,
        seat: int,
        track: GameTrack,
        options: argparse.Namespace,
        start_line: threading.Barrier,
        login_gate: threading.Semaphore,
        deadline_box: list[float],
    ) -> None:
        super().__init__(name=username, daemon=True)
        self.client = HttpClient(port)
        self.username = username
        self.seat = seat
        self.track = track
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
            if self.track.state is None or list(self.track.state.moves) != moves:
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

    def my_turn(self) -> bool:
        track = self.track
        return track.over or track.rules.to_move(track.state) == self.seat

    def play(self) -> None:
        deadline = self.deadline_box[0]
        made = 0
        max_steps = self.opts.moves * 20 + 100
        next_poll = time.monotonic() + self.opts.poll
        for _step in range(max_steps):
            now = time.monotonic()
            if made >= self.opts.moves or now >= deadline:
                return
            with self.track.cond:
                self.track.cond.wait_for(
                    self.my_turn, timeout=max(0.0, min(deadline, next_poll) - now)
                )
                over, mine = self.track.over, self.my_turn()
            if over:
                return
            try:
                if not mine:  # the page's poll, while the opponent thinks
                    next_poll = time.monotonic() + self.opts.poll
                    _ply, status = self.live()
                    if status not in ACTIVE:
                        self.read_page()
                    continue
                made += self.move()
            except (OSError, http.client.HTTPException, RuntimeError, ValueError, KeyError) as err:
                self.tally.errors[describe(err)] += 1
                time.sleep(0.05)
                with contextlib.suppress(Exception):
                    self.read_page()

    def move(self) -> int:
        """One move of this player; 1 when accepted."""
        if self.opts.live_each_move:
            ply, status = self.live()
            if status not in ACTIVE or ply != self.track.state.ply:
                self.read_page()
                return 0
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
            self.tally.unsure += 1  # it may have been stored
            raise
        elapsed = time.perf_counter() - started
        if status_code == 200 and body == MOVE_ACCEPTED:
            answer: dict[str, Any] = {"ok": True}  # the usual answer: no JSON to parse
        else:
            answer = json.loads(body) if body.startswith(b"{") else {}
        if status_code == 200 and answer.get("ok"):
            self.tally.accepted += 1
            self.tally.latencies.append(elapsed)
            self.tally.acked.append((ply + 1, choice))
            self.track.played(ply + 1, choice)
            if self.opts.browser:
                self.read_panel()  # the script reloads the panel after its own move
            return 1
        if status_code == 400 and "code" in answer:
            self.tally.refused[answer["code"]] += 1
        else:
            self.tally.errors[f"HTTP {status_code}"] += 1
        self.read_page()
        return 0
