"""A small club with one page of every kind, for the layout, print and accessibility tests.

``make_club()`` builds, through the services: an arbiter (a superuser, so every arbiter's form
shows), a paper round robin of six players (two rounds finished, the third paired, results of
mixed kinds so the crosstable and standings have content), SOS games of 3×3, 12×12 and 26×26,
and an ultimate tic-tac-toe game with a few moves. ``Club.pages`` maps a page kind to its path.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Page

from games import services as game_services
from games.models import Game, Player
from tests.browser.conftest import PASSWORD, TIMEOUT_MS, session_cookie
from tournaments import pairings
from tournaments.acts import services
from tournaments.models import Pairing, Round, Tournament

NAMES = [
    "Alice Aumont",
    "Boris Belov",
    "Chen Wei",
    "Dana Dufour",
    "Émile Ebert-Lindqvist",
    "Farida Fahmy",
]
# Results of the boards of rounds 1 and 2, from the first mover's side.
RESULTS = [["1-0", "½-½", "0-1"], ["+/-", "1-0", "½-½"]]
UTTT_MOVES = ["E5", "D4", "A1", "B2", "E4", "E2"]


@dataclass
class Club:
    arbiter: User
    player_user: User
    tournament: Tournament
    current: Round
    games: dict[str, Game]
    pages: dict[str, str] = field(default_factory=dict)


def _boards(rnd: Round) -> list[Pairing]:
    return list(rnd.pairings.order_by("board"))


def _play(game: Game, moves: list[str]) -> None:
    """Play ``moves``, each by the account of the seat to move."""
    for notation in moves:
        game = Game.objects.get(pk=game.pk)
        seat = game.seats.select_related("player__user").get(
            number=game.rules.to_move(game.current_state())
        )
        game_services.submit_move(game=game, user=seat.player.user, notation=notation)


def make_club() -> Club:
    arbiter = User.objects.create_superuser(username="arbiter", password=PASSWORD)
    player_user = User.objects.create_user(username="alice", password=PASSWORD)
    users = [player_user] + [
        User.objects.create_user(username=f"player{n}") for n in range(1, len(NAMES))
    ]
    players = [
        Player.objects.create(name=name, user=user, club="Riverside")
        for name, user in zip(NAMES, users, strict=True)
    ]
    t = services.create_tournament(
        name="Riverside Autumn Round Robin",
        kind="sos",
        options={"rows": 5, "cols": 5},
        format="round_robin",
        online=False,
        created_by=arbiter,
    )
    for p in players:
        services.register(tournament=t, player=p, user=arbiter)
    for results in RESULTS:
        rnd = pairings.pair_round(tournament=t, user=arbiter)
        for pairing, result in zip(_boards(rnd), results, strict=True):
            services.record_result(pairing=pairing, result=result, user=arbiter)
        services.finish_round(round=rnd, user=arbiter)
    current = pairings.pair_round(tournament=t, user=arbiter)

    games = {
        "sos3": game_services.create_game(kind="sos", options={"rows": 3}, players=players[:2]),
        "sos12": game_services.create_game(
            kind="sos", options={"rows": 12, "cols": 12}, players=players[:3]
        ),
        "sos26": game_services.create_game(
            kind="sos", options={"rows": 26, "cols": 26}, players=players[:2]
        ),
        "uttt": game_services.create_game(kind="uttt", options={}, players=players[:2]),
    }
    _play(games["uttt"], UTTT_MOVES)
    _play(games["sos12"], ["B2=S", "C3=O", "D4=S"])

    first_board = _boards(current)[0]
    club = Club(arbiter, player_user, t, current, games)
    club.pages = {
        "home": reverse("games:home"),
        "game list": reverse("games:list"),
        "game SOS 3x3": games["sos3"].get_absolute_url(),
        "game SOS 12x12": games["sos12"].get_absolute_url(),
        "game SOS 26x26": games["sos26"].get_absolute_url(),
        "game UTTT": games["uttt"].get_absolute_url(),
        "new game": reverse("games:new"),
        "player list": reverse("games:players"),
        "player detail": players[4].get_absolute_url(),
        "player form": reverse("games:player_new"),
        "tournament list": reverse("tournaments:list"),
        "tournament detail": t.get_absolute_url(),
        "tournament form": reverse("tournaments:new"),
        "round": reverse("tournaments:round", args=[t.pk, current.number]),
        "standings": reverse("tournaments:standings", args=[t.pk]),
        "crosstable": reverse("tournaments:crosstable", args=[t.pk]),
        "wall chart": reverse("tournaments:wallchart", args=[t.pk]),
        "arbiter's log": reverse("tournaments:log", args=[t.pk]),
        "adjudicate": reverse("tournaments:decide", args=[t.pk, first_board.pk]),
        "import": reverse("sheets:import", args=[t.pk]),
    }
    return club


# Pages only an anonymous visitor sees as they are (the login form).
ANONYMOUS_PAGES = {"login": "/accounts/login/"}
# The game pages and which board they show.
BOARD_PAGES = ["game SOS 3x3", "game SOS 12x12", "game SOS 26x26", "game UTTT"]

PAGE_KINDS = [
    "home",
    "game list",
    *BOARD_PAGES,
    "new game",
    "player list",
    "player detail",
    "player form",
    "tournament list",
    "tournament detail",
    "tournament form",
    "round",
    "standings",
    "crosstable",
    "wall chart",
    "arbiter's log",
    "adjudicate",
    "import",
]

PHONE = {"width": 390, "height": 844}


def open_in(
    browser: Browser,
    url: str,
    *,
    user: User | None = None,
    phone: bool = True,
    locale: str = "en-US",
    contexts: list[BrowserContext],
) -> Page:
    """``url`` in a new context: a 390×844 touch phone (``phone``) or a 1200×900 desktop, in
    ``locale`` (its Accept-Language), with a session of ``user`` if given. The context is
    appended to ``contexts`` for closing."""
    options: dict[str, Any] = {"locale": locale}
    if phone:
        options.update(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1)
    else:
        options.update(viewport={"width": 1200, "height": 900})
    context = browser.new_context(**options)
    context.set_default_timeout(TIMEOUT_MS)
    contexts.append(context)
    if user is not None:
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session_cookie(user), "url": url}]
        )
    page = context.new_page()
    response = page.goto(url)
    assert response is not None and response.ok, f"GET {url}: {response and response.status}"
    return page


def save_shot(page: Page, name: str) -> None:
    """With ``BROWSER_SHOTS=<folder>`` set, keep a full-page PNG of ``page`` there to look at."""
    folder = os.environ.get("BROWSER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        slug = "".join(ch if ch.isalnum() else "-" for ch in name.lower())
        page.screenshot(path=str(Path(folder) / f"{slug}.png"), full_page=True)
