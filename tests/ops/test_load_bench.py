"""What bench/load.py reads from the pages still matches the templates, and its own checks.

The load test itself is run by hand (it prints figures, it asserts no timing); these tests keep
its page parsing and its lost/doubled arithmetic honest as the templates change.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game, Player

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_load", ROOT / "bench" / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_load"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def game(db: None) -> Game:
    players = [
        Player.objects.create(name=name, user=User.objects.create_user(name, password="pw"))
        for name in ("first", "second")
    ]
    game = services.create_game(kind="uttt", options={}, players=players)
    for user, move in ((players[0].user, "E5"), (players[1].user, "D4")):
        services.submit_move(game=game, user=user, notation=move)
    game.refresh_from_db()
    return game


def test_percentile(load: ModuleType) -> None:
    values = [float(n) for n in range(1, 101)]
    assert load.percentile(values, 50) == 50.0
    assert load.percentile(values, 99) == 99.0
    assert load.percentile(values, 100) == 100.0
    assert load.percentile([3.0], 95) == 3.0
    assert load.percentile([], 50) == 0.0


def test_the_login_page_has_the_csrf_field(load: ModuleType, client: Client, db: None) -> None:
    page = client.get("/accounts/login/").content.decode()
    assert load.CSRF_INPUT.search(page)


def test_the_game_page_gives_token_ply_status_and_moves(
    load: ModuleType, client: Client, game: Game
) -> None:
    client.force_login(User.objects.get(username="first"))
    for url in (f"/games/{game.pk}/", f"/games/{game.pk}/panel/"):
        page = client.get(url).content.decode()
        assert load.CSRF_INPUT.search(page), url  # first is to move: the move form is there
        panel = load.DATA_PLY.search(page)
        assert panel and panel.groups() == ("2", "in_progress"), url
        assert load.NOTATION.findall(page) == ["E5", "D4"], url


def test_the_page_of_a_game_over_gives_ply_status_and_moves(
    load: ModuleType, client: Client, game: Game
) -> None:
    # The players re-read the page when the poll says the game is over: its panel is marked
    # "over" then (an extra class), and its ply and status must still be read.
    services.set_outcome(game=game, winners=[0], reason=services.END_ADJUDICATED)
    client.force_login(User.objects.get(username="first"))
    for url in (f"/games/{game.pk}/", f"/games/{game.pk}/panel/"):
        page = client.get(url).content.decode()
        panel = load.DATA_PLY.search(page)
        assert panel and panel.groups() == ("2", "adjudicated"), url
        assert load.NOTATION.findall(page) == ["E5", "D4"], url


def test_an_error_is_counted_by_kind_and_message(load: ModuleType) -> None:
    from load_players import describe

    assert describe(RuntimeError("live of game 17: HTTP 500")) == (
        "RuntimeError: live of game N: HTTP 500"
    )
    assert describe(TimeoutError()) == "TimeoutError"


def test_the_move_form_answers_json(load: ModuleType, client: Client, game: Game) -> None:
    client.force_login(User.objects.get(username="first"))
    url = f"/games/{game.pk}/move/"
    accepted = client.post(
        url, {"expected_ply": "2", "notation": "C3"}, HTTP_ACCEPT="application/json"
    )
    assert accepted.status_code == 200 and accepted.json() == {"ok": True}
    stale = client.post(
        url, {"expected_ply": "2", "notation": "A1"}, HTTP_ACCEPT="application/json"
    )
    assert stale.status_code == 400 and stale.json()["code"] == "stale"
    live = client.get(f"/games/{game.pk}/live/").json()
    assert live == {"ply": 3, "status": "in_progress"}


def test_the_check_counts_lost_and_doubled_moves(
    load: ModuleType, game: Game, tmp_path: Path
) -> None:
    def check(acked: list[list[Any]], unsure: int = 0) -> dict[str, Any]:
        file = tmp_path / "accepted.json"
        file.write_text(
            json.dumps({"acked": {str(game.pk): acked}, "unsure": {str(game.pk): unsure}})
        )
        return load.internal_check(file)

    everything = check([[1, "E5"], [2, "D4"]])
    assert (everything["lost"], everything["doubled"], everything["problems"]) == (0, 0, [])
    assert everything["moves"] == 2
    missing_ack = check([[1, "E5"]])
    assert (missing_ack["lost"], missing_ack["doubled"]) == (0, 1)
    assert check([[1, "E5"]], unsure=1)["doubled"] == 0  # that answer never came: it may be in
    lost = check([[1, "E5"], [2, "D4"], [3, "C3"]])
    assert (lost["lost"], lost["doubled"]) == (1, 0)


def test_several_servers_are_asked_for_by_count(load: ModuleType) -> None:
    assert load.parse_args([]).servers == 1
    assert load.parse_args(["--servers", "2"]).servers == 2
    with pytest.raises(SystemExit):
        load.parse_args(["--servers", "0"])


class _Answers(BaseHTTPRequestHandler):
    """Answers for the players' HTTP client: kept-alive, chunked, cookies set and removed, and a
    connection closed after its answer."""

    protocol_version = "HTTP/1.1"
    seen: list[tuple[str, str, str, bytes]] = []

    def do_GET(self) -> None:  # http.server calls it by this name
        self._answer(b"")

    def do_POST(self) -> None:
        self._answer(self.rfile.read(int(self.headers["Content-Length"])))

    def _answer(self, body: bytes) -> None:
        self.seen.append((self.command, self.path, self.headers.get("Cookie", ""), body))
        self.send_response(200)
        if self.path == "/chunked":
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for part in (b"chun", b"ked"):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
            self.wfile.write(b"0\r\n\r\n")
            return
        if self.path == "/login":
            self.send_header("Set-Cookie", "sessionid=abc; HttpOnly; Path=/; SameSite=Lax")
            self.send_header("Set-Cookie", 'messages="x:y$z"; Path=/')
        if self.path == "/logout":
            self.send_header(
                "Set-Cookie", 'sessionid=""; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0'
            )
        if self.path == "/close":
            self.send_header("Connection", "close")
            self.close_connection = True
        answer = b"answer to " + self.path.encode()
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args: Any) -> None:
        pass


def test_the_players_http_client_keeps_cookies_and_reads_every_answer(load: ModuleType) -> None:
    from load_http import HttpClient

    server = ThreadingHTTPServer(("127.0.0.1", 0), _Answers)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Answers.seen = []
    client = HttpClient(server.server_address[1])
    try:
        status, _headers, body = client.request("GET", "/login")
        assert (status, body) == (200, b"answer to /login")
        assert client.cookies == {"sessionid": "abc", "messages": '"x:y$z"'}
        first = client.sock
        assert client.request("GET", "/chunked")[2] == b"chunked"
        status, _headers, body = client.request(
            "POST", "/move", {"expected_ply": "3", "notation": "E5"}, json_answer=True
        )
        assert body == b"answer to /move" and client.sock is first  # one connection so far
        assert client.request("GET", "/close")[2] == b"answer to /close"
        assert client.sock is None  # the server said it closes: so does the client
        client.request("GET", "/logout")
        assert client.cookies == {"messages": '"x:y$z"'}
        client.request("GET", "/after")
    finally:
        client.close()
        server.shutdown()
        server.server_close()
    cookies = [cookie for _method, _path, cookie, _body in _Answers.seen]
    assert cookies[0] == "" and cookies[1] == 'sessionid=abc; messages="x:y$z"'
    assert _Answers.seen[2][3] == b"expected_ply=3&notation=E5"
    assert cookies[-1] == 'messages="x:y$z"'


def test_a_move_the_page_showed_first_is_not_played_twice(load: ModuleType) -> None:
    from games.rules import get_rules

    track = load.GameTrack(1, get_rules("uttt"))
    track.reset(["E5"], "in_progress")
    track.played(2, "D4")
    assert track.state.moves == ("E5", "D4")
    # The opponent read the page (with the third move) before the mover heard it was accepted.
    track.reset(["E5", "D4", "B2"], "in_progress")
    track.played(3, "B2")
    assert track.state.moves == ("E5", "D4", "B2")


def _player(load: ModuleType, tracks: list[Any], username: str, seat: int, **options: Any) -> Any:
    return load.Player(
        port=0,
        username=username,
        seat=seat,
        tracks=tracks,
        options=load.parse_args([f"--{k}={v}" for k, v in options.items()]),
        start_line=threading.Barrier(1),
        login_gate=threading.Semaphore(1),
        deadline_box=[time.monotonic() + 60],
    )


class _SiteClient:
    """The players' HTTP client's interface, answered by Django's test client (the site's own
    views and middleware, in this process)."""

    def __init__(self, user: User) -> None:
        self.client = Client()
        self.client.force_login(user)
        self.requests = 0
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None, json_answer: bool = False
    ) -> tuple[int, dict[str, str], bytes]:
        self.requests += 1
        if method == "GET":
            answer = self.client.get(path)
        else:
            headers = {"HTTP_ACCEPT": "application/json"} if json_answer else {}
            answer = self.client.post(path, form, **headers)
        return answer.status_code, {}, answer.content

    def close(self) -> None:
        pass


def test_a_page_older_than_the_last_move_heard_leaves_the_position(load: ModuleType) -> None:
    from games.rules import get_rules

    track = load.GameTrack(1, get_rules("uttt"))
    player = _player(load, [track], "first", 0)

    def page(moves: list[str]) -> tuple[int, dict[str, str], bytes]:
        rows = "".join(f'<td class="notation">{move}</td>' for move in moves)
        head = f'<div class="panel" data-ply="{len(moves)}" data-status="in_progress">'
        return 200, {}, (head + rows).encode()

    answers: list[tuple[int, dict[str, str], bytes]] = []
    player.client.request = lambda *args, **kwargs: answers.pop(0)
    track.reset(["E5", "D4"], "in_progress")
    answers.append(page(["E5"]))  # read before the second move was stored (on the floor: none)
    player.read_page()
    assert track.state.moves == ("E5", "D4")
    answers.append(page(["E5", "D4", "C3"]))  # the opponent's move, not heard yet
    player.read_page()
    assert track.state.moves == ("E5", "D4", "C3")
    answers.append(page(["E5", "F6"]))  # another game than the one tracked: the page wins
    player.read_page()
    assert track.state.moves == ("E5", "F6")


@pytest.mark.django_db(transaction=True)
def test_each_pair_plays_its_series_through_the_site(load: ModuleType, tmp_path: Path) -> None:
    from django.db import connection

    from games.rules import get_rules

    pairs = load.internal_setup(2, 2)
    assert [len(pair["games"]) for pair in pairs] == [2, 2]
    players = []
    for pair in pairs:
        tracks = [load.GameTrack(pk, get_rules("uttt", **pair["options"])) for pk in pair["games"]]
        for seat, username in enumerate(pair["users"]):
            player = _player(load, tracks, username, seat)
            player.client = _SiteClient(User.objects.get(username=username))
            player.read_page()
            players.append(player)

    def play(player: Any) -> None:
        try:
            player.play()
        finally:
            connection.close()

    threads = [threading.Thread(target=play, args=(player,)) for player in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
        assert not thread.is_alive(), "a player hangs"
    assert all(not p.tally.errors and not p.tally.refused for p in players)
    games = Game.objects.filter(pk__in=[pk for pair in pairs for pk in pair["games"]])
    assert len(games) == 4 and not any(game.is_active for game in games)
    report = load.accepted_report([player.tally for player in players])
    assert len(report["acked"]) == 4
    file = tmp_path / "accepted.json"
    file.write_text(json.dumps(report))
    check = load.internal_check(file)
    assert (check["lost"], check["doubled"], check["problems"]) == (0, 0, [])
    assert check["finished"] == 4 and check["moves"] == sum(p.tally.accepted for p in players)


def test_the_machines_steal_is_read_and_reported(load: ModuleType) -> None:
    import load_report
    import load_server

    steal, total = load_server.machine_ticks()
    assert 0 <= steal <= total
    if Path("/proc/stat").exists():  # Linux: the clock moves on
        assert total > 0
    share = load_server.steal_since((steal, total))
    assert share is None or 0.0 <= share <= 1.0
    assert load_server.steal_since((steal, total + 10**12)) is None  # no time passed
    assert load_report.steal_text(None) == ""
    assert load_report.steal_text(0.0321) == ", CPU steal 3.2 %"
