"""Every POST view of the URLconf, walked from its patterns (a new view is covered without being
listed, the admin's and allauth's included), as every role, with malformed ids and fields: no
request answers a 500, none leaves in the database what PostgreSQL would refuse (text longer than
its column, a NUL character), and malformed input changes nothing that an empty form would not.

Each request runs in a savepoint rolled back afterwards (tests/security/fuzzing.py), so all start
from the same data. Run with ``-s`` to read how many views, forms and inputs were tried.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.test import Client

from accounts import services as account_services
from api.models import ApiToken, Scope
from games.engine.puzzles import position_key
from games.models import Game, Player
from games.puzzles.models import Puzzle
from ratings import acts as rating_acts
from ratings.models import RatingList
from tests import factories
from tests.adjudication.helpers import World, age_moves, build_world, make_user, play
from tests.security import fuzzing
from tournaments.acts import claims, registration, services
from tournaments.models import Claim, Entry, Pairing, Round, Tournament

pytestmark = pytest.mark.django_db

CSRF = "csrfmiddlewaretoken"


@dataclass
class Demo:
    """A started online tournament with every kind of object a URL or a form names."""

    world: World
    tournament: Tournament
    round: Round
    pairing: Pairing
    game: Game
    entry: Entry
    win_claim: Claim
    unlinked: Player
    invitation_token: str
    game_type: ContentType
    api_token: int
    roles: dict[str, User | None]
    rating_list: RatingList
    puzzle: int


def build_demo() -> Demo:
    world = build_world()
    t = world.tournament
    Tournament.objects.filter(pk=t.pk).update(claim_after_minutes=5)
    # A win claimed on board 1: Alice moved, Carol has not for ten minutes.
    game = play(world.board1.game, "A1=S")
    age_moves(game, 10)
    win_claim = claims.claim_win(user=world.seated, game=game)
    # A late entry without an account, claimed by an account and invited by e-mail.
    ghost = factories.make_player("Ghost")
    services.register(tournament=t, player=ghost, user=world.arbiter)
    account_services.claim_player(user=make_user("claimer"), player=ghost)
    invitation = account_services.send_invitation(
        player=ghost, email="ghost@example.org", user=world.staff_arbiter, host="testserver"
    )
    # Another tournament: a player of its own, and a request to join waiting for its arbiter.
    other = world.other_tournament
    other_player = make_user("other-player")
    services.register(
        tournament=other,
        player=factories.make_player("Other", other_player),
        user=world.other_arbiter,
    )
    registration.set_registration(
        tournament=other, user=world.other_arbiter, open=True, approval=True
    )
    joiner = make_user("joiner")
    factories.make_player("Joiner", joiner)
    registration.join(tournament=other, user=joiner)
    # A rating list the tournament is rated in (its list page, its report).
    rating_list = RatingList.objects.create(name="Club Elo", kind=t.kind, method="elo")
    rating_acts.mark_rated(tournament=t, rating_list=rating_list, user=world.superuser)
    # A puzzle of the game's first position (its page and its answer form).
    rules = game.rules
    puzzle = Puzzle.objects.create(
        game=game,
        ply=0,
        seat=0,
        kind="win",
        solution="B2=O",
        position_key=position_key(rules, rules.start()),
    )
    return Demo(
        world=world,
        puzzle=puzzle.pk,
        rating_list=rating_list,
        tournament=t,
        round=world.round1,
        pairing=world.board1,
        game=Game.objects.get(pk=game.pk),
        entry=world.entry("Alice"),
        win_claim=win_claim,
        unlinked=ghost,
        invitation_token=account_services.invitation_token(invitation),
        game_type=ContentType.objects.get_for_model(Game),
        # The player's API token (its revocation's page: /accounts/tokens/<pk>/revoke/).
        api_token=ApiToken.issue(owner=world.seated, name="bot", scope=Scope.PLAY)[0].pk,
        roles={
            "anonymous": None,
            "player": world.seated,
            "player elsewhere": other_player,
            "arbiter elsewhere": world.other_arbiter,
            "arbiter": world.staff_arbiter,
            "superuser": world.superuser,
        },
    )


def clients_of(demo: Demo) -> dict[str, Client]:
    clients = {}
    for role, user in demo.roles.items():
        client = Client(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=True)
        if user is not None:
            client.force_login(user)
        clients[role] = client
    return clients


def malformed(names: list[str], value: Any) -> dict[str, Any]:
    return {name: value for name in names if name != CSRF}


# Roles that may do much: every malformed value. The others get fewer; on the admin's pages,
# which Django's AdminSite guards before any view of it runs (``admin_view``), one.
PRIVILEGED = ("arbiter", "superuser")
STAFF = ("arbiter", "arbiter elsewhere", "superuser")


def values_for(role: str, url: str) -> list[Any]:
    if role in PRIVILEGED:
        return [*fuzzing.BAD_VALUES, *fuzzing.BAD_LISTS]
    if url.startswith("/admin/") and role not in STAFF:
        return fuzzing.FEW_VALUES[:1]
    return fuzzing.FEW_VALUES


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


@pytest.mark.once  # about 9 minutes: run by `make test` (SQLite), not again on PostgreSQL
def test_every_post_view_refuses_malformed_ids_and_fields() -> None:
    demo = build_demo()
    clients = clients_of(demo)
    before = fuzzing.snapshot()
    assert before.problems == []
    routes = fuzzing.routes()
    urls = {route: fuzzing.fill(route, demo) for route in routes}
    pages = [url for url in urls.values() if url is not None]

    # The POST forms each page shows, as the roles who see the most.
    forms = fuzzing.forms_of(clients, ("arbiter", "superuser", "player"), pages)
    names_at: dict[str, set[str]] = {}
    for form in forms.values():
        names_at.setdefault(form.action, set()).update(form.fields)
    every_name = sorted(set().union(*names_at.values()) - {CSRF})
    progress(f"fuzz: {len(pages)} pages read, {len(forms)} POST forms found")

    failures: list[str] = []
    tried = Counter[str]()
    statuses = Counter[int]()
    quiet: set[str] = set()
    post_views: list[str] = []

    def check(url: str, what: str, outcome: fuzzing.Outcome, allowed: list[str] | None) -> None:
        """``allowed``: the models the request may change (what an empty form changes);
        ``None``: any."""
        tried["inputs"] += 1
        statuses[outcome.status] += 1
        if outcome.status >= 500:
            failures.append(f"{what}: {outcome.status}\n{outcome.error}")
        elif outcome.problems:
            failures.append(f"{what}: left {outcome.problems}")
        elif (
            allowed is not None and not set(outcome.changed) <= set(allowed) and "='0'" not in what
        ):
            # "0" is a name and a rating: a form of names and numbers may take it whole (as an
            # id it is refused like the others, by the forms' and common.posted's checks).
            failures.append(f"{what}: changed {outcome.changed} (an empty form: {allowed})")
        elif not outcome.changed and not outcome.refused and outcome.status < 400:
            quiet.add(url)

    # FUZZ_ONLY: a pattern of the URLs to walk (re.match), while debugging: "^/(?!admin/)".
    only = re.compile(os.environ.get("FUZZ_ONLY", ""))
    for route, url in urls.items():
        if url is None or not only.match(url):
            continue
        if any(p not in fuzzing.NOT_IDS for p in route.params):  # every page, by an id too big
            huge = fuzzing.fill(route, demo, huge=True)
            assert huge is not None
            for role in PRIVILEGED:
                outcome = fuzzing.rolled_back(fuzzing.get(clients[role], huge), before)
                check(huge, f"GET {huge} as {role}", outcome, [])
        empty = {
            role: fuzzing.rolled_back(fuzzing.post(client, url, {}), before)
            for role, client in clients.items()
        }
        if all(o.status == 405 for o in empty.values()):
            continue  # not a POST view
        post_views.append(route.name or route.route)
        names = sorted(names_at.get(url, ())) or every_name
        for role, client in clients.items():
            allowed = empty[role].changed
            if route.name.startswith("admin:") and route.name.endswith("_delete"):
                # Django's admin deletes on any POST with data: the confirmation page's
                # button (``post=yes``) is not read, only that something was posted.
                allowed = None
            check(url, f"POST {url} (empty) as {role}", empty[role], empty[role].changed)
            for value in values_for(role, url):
                outcome = fuzzing.rolled_back(
                    fuzzing.post(client, url, malformed(names, value)), before
                )
                check(url, f"POST {url} {names}={str(value)[:30]!r} as {role}", outcome, allowed)
        if any(p not in fuzzing.NOT_IDS for p in route.params):
            huge = fuzzing.fill(route, demo, huge=True)
            assert huge is not None
            for role in PRIVILEGED:
                outcome = fuzzing.rolled_back(fuzzing.post(clients[role], huge, {}), before)
                check(huge, f"POST {huge} as {role}", outcome, [])

    progress(f"fuzz: {len(post_views)} POST views walked, {tried['inputs']} inputs so far")

    # Each form as shown, one field at a time malformed (the others as the page fills them), and
    # the form its answer shows posted as shown (a preview's "confirm"): never a 500, and nothing
    # a database would refuse.
    for (role, _action, _names), form in forms.items():
        if not only.match(form.action):
            continue
        tried["forms"] += 1
        for name in form.fields:
            if name == CSRF:
                continue
            for value in fuzzing.FIELD_VALUES:
                what = f"POST {form.action} {name}={value[:30]!r} (the rest as shown) as {role}"
                for outcome in fuzzing.post_form(clients[role], form, {name: value}, before):
                    tried["inputs"] += 1
                    statuses[outcome.status] += 1
                    if outcome.status >= 500:
                        failures.append(f"{what}: {outcome.status}\n{outcome.error}")
                    elif outcome.problems:
                        failures.append(f"{what}: left {outcome.problems}")

    print(
        f"\nfuzz: {len(routes)} URL patterns, {len(post_views)} POST views walked, "
        f"{tried['forms']} forms, {tried['inputs']} inputs tried as {len(clients)} roles; "
        f"answers {dict(sorted(statuses.items()))}; "
        f"{len(quiet)} views answered some malformed input without a refusal: {sorted(quiet)}"
    )
    assert fuzzing.snapshot().digests == before.digests
    assert not failures, f"{len(failures)} failures:\n\n" + "\n\n".join(failures)
