"""Every page of the site, walked from the URLconf: each name is bidi-isolated, each result is a
left-to-right island.

The URLconf is walked pattern by pattern (the admin's too: its index, each application, each
model's change list, add form, and the change form, history and delete page of its rows); each
parameter is filled in from a small world whose players, club, tournament and accounts have
names holding U+202E (RIGHT-TO-LEFT OVERRIDE). Each page is fetched by a visitor, a player and a
superuser, in Persian. On every HTML page:

- every text holding such a name sits in ``<bdi>`` or a ``dir="auto"`` element whose whole text
  is the name, or, where the element holds text only (``<title>``, ``<option>``), between FSI and
  PDI (``tests.web.test_bidi.IsolationChecker``);
- every result (``1-0``, ``0-1``, ``½-½``, ``+/-``) sits in an element with ``dir="ltr"`` (or
  between LRI and PDI in text only), so a right-to-left page does not read it backwards.

A pattern that gives no page to any of the three visitors must be listed in ``NOT_PAGES`` with
its reason, so a new page cannot escape the walk.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib import admin
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts import services as account_services
from api.models import ApiToken, BotAccount, Scope
from games import analysis, endings
from games import services as game_services
from games.engine.puzzles import position_key
from games.models import Game, Player
from games.puzzles.models import Puzzle
from ratings import acts as rating_acts
from ratings.models import RatingList, StartingRating
from tests import factories
from tests.adjudication.helpers import age_moves
from tests.tournaments import helpers as h
from tests.web.test_bidi import VOID, IsolationChecker
from tournaments.acts import claims, tournament_settings
from tournaments.models import Claim, Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db

RLO = "\u202e"
LRI, PDI = "\u2066", "\u2069"
PLAYERS = [f"Ann{RLO}abc", f"Bob{RLO}def", f"Cyd{RLO}ghi", f"Dan{RLO}jkl"]
CASUAL = [f"Eve{RLO}mno", f"Fay{RLO}pqr"]
CLUB = f"Club{RLO}stu"
TOURNAMENT = f"Cup{RLO}xyz"
ARBITER = f"arb{RLO}iter"
ROOT = f"root{RLO}vwx"
RATING_LIST = f"Elo{RLO}cde"
MORE = [f"Gus{RLO}yz", f"Hal{RLO}ab"]
ACCOUNTS = [name.lower() for name in PLAYERS]  # the players' accounts
NAMES = frozenset(
    {*PLAYERS, *ACCOUNTS, *CASUAL, *MORE, CLUB, TOURNAMENT, ARBITER, ROOT, f"Elo{RLO}cde"}
)
# The results as the pages write them: digits or signs around a hyphen, never inside a number.
RESULT = re.compile(r"(?<![\w.])(?:1-0|0-1|½-½|0-0|\+/-|-/\+)(?![\w.])")

# Patterns that give no HTML page to a GET (their name, or their route for a nameless one).
NOT_PAGES = {
    "games:move": "POST only: a move",
    "games:live": "JSON: the page's poll",
    "games:panel": "the game page's panel, fetched by its script (its markup: the game page's)",
    "games:analysis": "POST only: asks for an analysis",
    "games:device_settings": "POST only: turns the board of a game on one device",
    "games:computer_take_back": "POST only: takes back a move against the computer",
    "games:computer_hint": "POST only: asks for a hint against the computer",
    "tournaments:pair": "POST only",
    "tournaments:finish_round": "POST only",
    "tournaments:result": "POST only",
    "tournaments:table_result": "POST only: a table's result",
    "tournaments:claim": "POST only",
    "tournaments:add_time": "POST only",
    "tournaments:entry_add": "POST only (the form is on the tournament's page)",
    "tournaments:claim_decide": "POST only",
    "tournaments:engine": "POST only: asks the engine for a verdict",
    "sheets:game": "an .xlsx file",
    "sheets:tournament": "an .xlsx file",
    "sheets:round_blank": "an .xlsx file",
    "sheets:import_apply": "POST only",
    "sheets:game_import_apply": "POST only",
    "sheets:paper_game_apply": "POST only",
    "rating_sheets:list": "an .xlsx file",
    "rating_sheets:report": "an .xlsx file",
    "rating_sheets:import_apply": "POST only",
    "healthz": "plain text, no names",
    "set_language": "POST only",
    "logout": "POST only",
    "account_logout": "POST only",
    "account_confirm_email": "a confirmation key's page: the address, no names (allauth's)",
    "admin:logout": "POST only",
    "admin:autocomplete": "JSON",
    "admin:jsi18n": "JavaScript",
    "admin:view_on_site": "a redirection to the object's page (walked on its own)",
    "accounts:invite": "POST only (the form is on the player's page)",
    "admin:<catch-all>": "the admin's catch-all: a redirection or 404",
    "old_result_record_admin": "a redirection to the records' new admin address",
    "tournaments:round_clocks": "POST only: stops or starts a round's clocks",
    "tournaments:cup_seed": "POST only: seeds a knockout again (the button is on its page)",
    "tournaments:cup_lot": "POST only: draws lots for a match (the button is on the pages)",
    "tournaments:bracket_live": "the bracket page's poll: its markup (the bracket page's)",
    "tournaments:cup_clear": "POST only: clears a match's results (the button is on the pages)",
    "ratings:rebuild": "POST only: staff's rebuild of a list",
    # The open API (api/): JSON, or a redirection; its HTML documentation page is walked.
    **{
        f"api:{name}": "JSON (the open API)"
        for name in (
            "openapi-json",
            "tournaments",
            "tournament",
            "entries",
            "rounds",
            "round",
            "standings",
            "standing",
            "crosstable",
            "bracket",
            "players",
            "player",
            "games",
            "game",
            "kinds",
            "kind",
            # The writes (POST only, with a token): on the reads' paths, or their own.
            "moves",
            "results",
            "pair",
            "register",
            # A bot's turns (GET with a play token, api/bots.py).
            "bot_turns",
        )
    },
    "api:api-root": "a redirection to the API's documentation page",
    "api:not_found": "JSON: the API's problem for an unknown address",
    "api:tournament_calendar": "an iCalendar feed (text/calendar; tests/api/test_feeds.py)",
    "api:player_calendar": "an iCalendar feed by a secret (tests/api/test_feeds.py)",
    "api_pages:calendar_reset": "POST only (the form is on the calendar page)",
}
# The admin's models without a name in them (log-in attempts, background tasks): not walked.
NOT_NAMED_MODELS = ("admin:axes_", "admin:django_tasks_database_")


@dataclass
class World:
    root: User
    arbiter: User
    player: User
    tournament: Tournament
    casual: Game
    values: dict[str, list[Any]] = field(default_factory=dict)


@pytest.fixture
def world(db: None) -> World:
    """A round robin of four (round 1 played, round 2 paired), a casual game with a clock
    finished 0-1, a claim, an invitation and the engine's analysis asked for; a knockout and a
    group stage of the same four."""
    arbiter = h.make_creator(ARBITER)
    t = h.new_tournament(arbiter, name=TOURNAMENT, format="round_robin", online=True)
    tournament_settings.update_tournament(
        tournament=t, user=arbiter, changes={"claim_after_minutes": 10}
    )
    h.register_all(t, arbiter, [(name, None) for name in PLAYERS], account=True)
    h.play_round(t, arbiter)
    h.pair(t, arbiter)
    claimed = Game.objects.filter(pairing__round__tournament=t, pairing__round__number=2).first()
    claimed = h.play(claimed, "A1=S")
    age_moves(claimed, 30)
    claimant_user = claimed.seats.get(number=0).player.user
    claims.claim_win(user=claimant_user, game=claimed)
    eve = factories.make_player(CASUAL[0], factories.make_user("eve"), club=CLUB)
    fay = factories.make_player(CASUAL[1], factories.make_user("fay"))
    casual = game_services.create_game(
        kind="sos", options={}, players=[eve, fay], time_control="fischer/300/2"
    )
    lost = game_services.create_game(kind="sos", options={}, players=[fay, eve])
    lost = h.play(lost, "A1=S", "B1=O")
    game_services.set_outcome(game=lost, winners=[1], reason=endings.ADJUDICATED)
    root = User.objects.create_superuser(ROOT, "root@example.org", "x")
    analysis.request_game_analysis(game=lost, user=root)
    analysis.request_position_analysis(game=casual, seconds=1, user=root)
    player_user = Player.objects.get(name=PLAYERS[1]).user
    EmailAddress.objects.create(user=player_user, email="bob@example.org", verified=True)
    # A bot (api/bots.py): its admin pages, and its badge beside its name on the pages.
    BotAccount.objects.create(user=player_user, marked_by=root)
    player = Player.objects.get(name=PLAYERS[0]).user
    lone = factories.make_player(MORE[0])
    claimant = factories.make_user("claimant")
    account_services.claim_player(user=claimant, player=lone)
    invited = factories.make_player(MORE[1])
    invitation = account_services.send_invitation(
        player=invited, email="hal@example.org", user=root, host="testserver"
    )
    # A rating list the tournament feeds: its starting ratings, ratings, changes and records.
    rating_list = RatingList.objects.create(name=f"Elo{RLO}cde", kind="sos", method="elo")
    for n, entry in enumerate(Entry.objects.filter(tournament=t)):
        StartingRating.objects.create(list=rating_list, player=entry.player, rating=1500 + 10 * n)
    rating_acts.mark_rated(tournament=t, rating_list=rating_list, user=arbiter)
    # A knockout of the same four, its round 1 played and its final paired (the matches list).
    cup = h.new_tournament(
        arbiter, name=TOURNAMENT, format="knockout", online=True, format_options={"games": 2}
    )
    h.register_all(cup, arbiter, list(Player.objects.filter(name__in=PLAYERS)))
    h.pair(cup, arbiter)
    for pairing in Pairing.objects.filter(round__tournament=cup).order_by("pk"):
        h.services.record_result(pairing=pairing, result="1-0", user=arbiter)
    for pairing in Pairing.objects.filter(round__tournament=cup, result="").order_by("pk"):
        h.services.record_result(pairing=pairing, result="0-1", user=arbiter)  # 2-0 each
    h.services.finish_round(round=cup.round_set.get(number=1), user=arbiter)
    h.pair(cup, arbiter)
    # A group stage of the same four, two groups of two, its round played: each group's
    # crosstable, wall chart and standings.
    pools = h.new_tournament(
        arbiter, name=TOURNAMENT, format="groups", rounds=None, format_options={"group_size": 2}
    )
    h.register_all(pools, arbiter, list(Player.objects.filter(name__in=PLAYERS)))
    h.play_round(pools, arbiter)
    # A puzzle of the adjudicated game, its second player to move (his name on its page).
    puzzle = Puzzle.objects.create(
        game=lost,
        ply=1,
        seat=1,
        kind="sos",
        points=2,
        solution="C1=S",
        position_key=position_key(lost.rules, lost.rules.replay(["A1=S"])),
    )
    w = World(root=root, arbiter=arbiter, player=player, tournament=t, casual=casual)
    games = list(Game.objects.order_by("pk"))
    w.values = {
        "games:pk": [g.pk for g in games],
        "games:player:pk": list(Player.objects.values_list("pk", flat=True)),
        "games:puzzle:pk": [puzzle.pk],
        "accounts:pk": [invited.pk],
        "tournaments:pk": [t.pk, cup.pk, pools.pk],
        "tournaments:number": [1, 2],
        "tournaments:pairing": list(
            Pairing.objects.filter(round__tournament__in=[t, cup]).values_list("pk", flat=True)
        ),
        "tournaments:entry": list(Entry.objects.filter(tournament=t).values_list("pk", flat=True)),
        "tournaments:claim": list(Claim.objects.values_list("pk", flat=True)),
        "tournaments:game": list(
            Game.objects.filter(pairing__round__tournament=t).values_list("pk", flat=True)
        ),
        "sheets:pk": [t.pk, *[g.pk for g in games]],
        "api_pages:pk": [t.pk],
        "api_pages:bracket:pk": [cup.pk],  # a knockout's widget
        "sheets:number": [1, 2],
        "rating_sheets:pk": [rating_list.pk],
        "ratings:pk": [rating_list.pk],
        "ratings:rated:pk": [t.pk],
        "ratings:report:pk": [t.pk],
        "token": [account_services.invitation_token(invitation)],
        # The player's API token: its revocation's confirmation page (api/token_views.py).
        "api_tokens:pk": [ApiToken.issue(owner=player, name=MORE[0], scope=Scope.PLAY)[0].pk],
        "uidb64": [urlsafe_base64_encode(force_bytes(player.pk))],
        "reset_token": [default_token_generator.make_token(player)],
    }
    return w


@dataclass
class Pattern:
    name: str  # "namespace:name", or "admin:<catch-all>" for a nameless admin route
    params: list[str]


def patterns(resolver: URLResolver | None = None, namespace: str = "") -> Iterator[Pattern]:
    """Every pattern of the URLconf, with the names of its parameters."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from patterns(entry, inner)
            continue
        assert isinstance(entry, URLPattern)
        regex = entry.pattern.regex
        name = f"{namespace}{entry.name}" if entry.name else f"{namespace}<catch-all>"
        yield Pattern(name, list(regex.groupindex))


def admin_urls(pattern: Pattern, w: World) -> list[str]:
    """The admin's addresses of ``pattern``: each registered model's pages, its first rows'."""
    name = pattern.name.removeprefix("admin:")
    if not pattern.params:
        return [reverse(pattern.name)]
    if name == "app_list":
        labels = sorted({m._meta.app_label for m in admin.site._registry})
        return [reverse(pattern.name, kwargs={"app_label": label}) for label in labels]
    for model in admin.site._registry:
        prefix = f"{model._meta.app_label}_{model._meta.model_name}_"
        if name.startswith(prefix) and len(pattern.params) == 1:
            pks = model._default_manager.order_by("pk").values_list("pk", flat=True)[:3]
            return [reverse(pattern.name, kwargs={pattern.params[0]: pk}) for pk in pks]
    return []


def urls_of(pattern: Pattern, w: World) -> list[str]:
    if pattern.name.startswith("admin:"):
        return admin_urls(pattern, w)
    namespace = pattern.name.split(":")[0] if ":" in pattern.name else ""
    if not pattern.params:
        return [reverse(pattern.name)]
    choices = []
    for param in pattern.params:
        for key in (f"{pattern.name}:{param}", f"{namespace}:{param}", param):
            if key in w.values:
                choices.append(w.values[key])
                break
        else:
            if param == "token" and "uidb64" in pattern.params:
                choices.append(w.values["reset_token"])
                continue
            return []
    urls = []
    for combination in _product(choices):
        urls.append(
            reverse(pattern.name, kwargs=dict(zip(pattern.params, combination, strict=True)))
        )
    return urls


def _product(choices: list[list[Any]]) -> Iterator[tuple[Any, ...]]:
    if not choices:
        yield ()
        return
    for value in choices[0]:
        for rest in _product(choices[1:]):
            yield (value, *rest)


class LtrChecker(HTMLParser):
    """Collects every result written outside a left-to-right island."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.problems: list[str] = []
        self.islands = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        direction = dict(attrs).get("dir")
        self.stack.append((tag, direction == "ltr"))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if any(t in ("script", "style") for t, _ in self.stack):
            return
        if any(ltr for _, ltr in self.stack):
            self.islands += len(RESULT.findall(data))
            return
        inside = re.sub(f"{LRI}[^{PDI}]*{PDI}", "", data)
        self.islands += len(RESULT.findall(data)) - len(RESULT.findall(inside))
        for found in RESULT.findall(inside):
            where = " > ".join(t for t, _ in self.stack[-3:])
            self.problems.append(f"{where}: {found!r} in {data.strip()[:80]!r}")


@dataclass
class Walk:
    pages: int = 0
    isolated: int = 0
    islands: int = 0
    seen: set[str] = field(default_factory=set)
    refused: set[str] = field(default_factory=set)
    superuser: Client | None = None
    problems: list[str] = field(default_factory=list)


def visit(client: Client, url: str, pattern: Pattern, walk: Walk) -> None:
    response = client.get(url)
    assert response.status_code < 500, url
    if response.status_code == 403 and client is walk.superuser:
        walk.refused.add(pattern.name)  # refused even to a superuser: an add form of the admin…
    if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
        return
    html = response.content.decode()
    names = IsolationChecker(NAMES)
    names.feed(html)
    names.close()
    results = LtrChecker()
    results.feed(html)
    results.close()
    walk.pages += 1
    walk.seen.add(pattern.name)
    walk.isolated += names.isolated
    walk.islands += results.islands
    walk.problems += [f"{url}: {p}" for p in names.problems + results.problems]


def walk_pages(w: World, *, admin_pages: bool) -> Walk:
    """Walk the site's pages (``admin_pages``: the admin's instead) as the three visitors."""
    visitors = []
    for user in (None, w.player, w.root):
        client = Client(HTTP_ACCEPT_LANGUAGE="fa")
        if user is not None:
            client.force_login(user)
        visitors.append(client)
    walk = Walk(superuser=visitors[-1])
    walked = []
    for pattern in patterns():
        if pattern.name in NOT_PAGES or pattern.name.startswith(NOT_NAMED_MODELS):
            continue
        if pattern.name.startswith("admin:") != admin_pages:
            continue
        walked.append(pattern.name)
        for url in urls_of(pattern, w):
            for client in visitors:
                visit(client, url, pattern, walk)
    print(f"\n{walk.pages} pages checked, {walk.isolated} isolated names, {walk.islands} results")
    missing = sorted(set(walked) - walk.seen - walk.refused)
    assert not missing, f"patterns that gave no page (fill in their parameters): {missing}"
    return walk


def test_every_page_of_the_site_isolates_names_and_results(world: World) -> None:
    walk = walk_pages(world, admin_pages=False)
    assert not walk.problems, "\n".join(sorted(set(walk.problems)))
    assert walk.pages > 100 and walk.isolated > 500 and walk.islands > 10


def test_every_page_of_the_admin_isolates_names_and_results(world: World) -> None:
    walk = walk_pages(world, admin_pages=True)
    assert not walk.problems, "\n".join(sorted(set(walk.problems)))
    assert walk.pages > 100 and walk.isolated > 300 and walk.islands > 10


def test_the_pairing_reasons_isolate_names() -> None:
    """The Swiss pairing's "why this pairing" on the round and tournament pages (a round robin,
    as in the walk, gives no reasons): each name in it isolated."""
    arbiter = h.make_creator(ARBITER)
    t = h.new_tournament(arbiter, name=TOURNAMENT, format="swiss", rounds=3)
    h.register_all(t, arbiter, [(name, 1500 - 10 * n) for n, name in enumerate(PLAYERS)])
    h.play_round(t, arbiter)
    h.pair(t, arbiter)
    client = Client(HTTP_ACCEPT_LANGUAGE="fa")
    client.force_login(arbiter)
    for url in (f"/tournaments/{t.pk}/rounds/2/", t.get_absolute_url()):
        html = client.get(url).content.decode()
        reasons = re.findall(r"<details><summary>.*?</details>", html, re.S)
        assert reasons and any(RLO in r for r in reasons), url
        checker = IsolationChecker(NAMES)
        checker.feed("".join(reasons))
        assert not checker.problems, checker.problems
        assert checker.isolated >= 1
