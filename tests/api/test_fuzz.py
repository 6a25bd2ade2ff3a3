"""schemathesis against a live server loaded with a realistic club (tests/api/fuzz.py): every
operation of the API's OpenAPI schema, with generated and with real ids, must answer without a
5xx, as its schema documents (status, content type, headers, body), and a read changes nothing
in the database."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db.models import Model

from api.models import ApiToken
from games import kinds
from games.models import Game, Player
from ops.demo import Demo
from tests.adjudication.helpers import arbiter_group
from tests.api import fuzz
from tests.api.conftest import World
from tests.tournaments import helpers as h
from tests.tournaments.stage_helpers import new_groups, play_all
from tournaments import authority
from tournaments.acts import playoff
from tournaments.models import Entry, Pairing, Tournament, TournamentStatus


@dataclass
class Club:
    """The API tests' world, a finished round robin, a knockout, a group stage and its
    play-off, and the demo club (its Swiss under way, games finished, adjudicated and in
    progress)."""

    world: World
    finished: Tournament

    def fillers(self) -> fuzz.Fillers:
        def ids(model: type[Model]) -> fuzz.Filler:
            return lambda chosen: list(model.objects.values_list("pk", flat=True))

        return {
            ("tournaments", "pk"): ids(Tournament),
            ("games", "pk"): ids(Game),
            ("players", "pk"): ids(Player),
            ("rounds", "number"): lambda chosen: [1, 2, 3],
            ("standings", "entry"): lambda chosen: list(
                Entry.objects.filter(tournament=chosen.get("pk")).values_list("pk", flat=True)
            ),
            ("kinds", "kind"): lambda chosen: [kind.value for kind in kinds.all_kinds()],
            # A bracket is a knockout's: the other tournaments' are 404s.
            ("/tournaments/{pk}/bracket", "pk"): lambda chosen: list(
                Tournament.objects.filter(format="knockout").values_list("pk", flat=True)
            ),
        }


@pytest.fixture
def club(world: World) -> Club:
    finished = h.new_tournament(world.arbiter, name="Winter Round Robin", format="round_robin")
    h.register_all(finished, world.arbiter, [("Kai", 1400), ("Lena", 1450), ("Mio", 1500)])
    for _ in range(3):
        h.play_round(finished, world.arbiter, "1-0")
    finished = h.reload(finished)
    assert finished.status == TournamentStatus.FINISHED
    # A knockout, its first round paired: its bracket is a read too.
    cup = h.new_tournament(world.arbiter, name="Club Knockout", format="knockout")
    h.register_all(cup, world.arbiter, [("Nia", 1400), ("Oto", 1450), ("Pia", 1500)])
    h.pair(cup, world.arbiter)
    # A group stage played through and its play-off: the groups' reads, the stages' links.
    groups = new_groups(world.arbiter, players=6, size=3)
    play_all(groups, world.arbiter)
    playoff.start_playoff(tournament=groups, user=world.arbiter, qualifiers=1)
    arbiter_group()  # a live-server test before this one flushed the migrations' rows
    Demo().load(force=True, write=lambda line: None)
    return Club(world=world, finished=finished)


@dataclass
class Scope:
    """Who the fuzz runs as: the headers sent with every request, which changed rows its
    authority allows (``None``: none, a read-only run), and the writes it may make."""

    headers: dict[str, str]
    allowed: Callable[[str, Any], bool] | None = None
    writes: frozenset[str] = frozenset()
    # Real ids the run draws from instead of every row's (the token's own tournaments or games,
    # so that its writes meet their objects; generated ids still try the others).
    ids: fuzz.Fillers = field(default_factory=dict)


# The reads that need a token (of the scope *play*): the bot's "your move".
TOKEN_READS = frozenset({"GET /api/v1/bot/turns"})


def _bearer(user: Any, scope: str) -> dict[str, str]:
    _token, key = ApiToken.issue(owner=user, name=f"fuzz {scope}", scope=scope)
    return {"Authorization": f"Bearer {key}"}


def _tournament_of(table: str, pk: Any) -> int | None:
    """The tournament a row of the tournaments app belongs to (``None``: none, or gone)."""
    model = apps.get_model(table)
    row = model._default_manager.filter(pk=pk).first()
    if row is None:
        return None
    if isinstance(row, Tournament):
        return row.pk
    for path in ("tournament_id", "round.tournament_id", "pairing.round.tournament_id"):
        value: Any = row
        for name in path.split("."):
            value = getattr(value, name, None)
        if value is not None:
            return value
    return None


def _games_of_tournaments(tournaments: set[int]) -> set[int]:
    return set(
        Pairing.objects.filter(round__tournament__in=tournaments, game__isnull=False).values_list(
            "game_id", flat=True
        )
    )


def _game_of(table: str, pk: Any) -> int | None:
    if table == "games.game":
        return pk
    row = apps.get_model(table)._default_manager.filter(pk=pk).first()
    return getattr(row, "game_id", None)


def arbitrate(club: Club) -> Scope:
    """The club's arbiter with an *arbitrate* token: it may change its own tournaments (their
    rounds, boards, entries, records), their games, and add players (a new name registered)."""
    user = club.world.arbiter
    stranger = User.objects.create_user("fuzz-stranger")
    stranger.groups.add(arbiter_group())
    elsewhere = h.new_tournament(stranger, name="Elsewhere Open")
    h.register_all(elsewhere, stranger, [("Olga", 1300), ("Pavel", 1350)])
    mine = {t.pk for t in Tournament.objects.all() if authority.may_arbitrate(user, t)}
    assert mine and not authority.may_arbitrate(user, elsewhere)  # the check has teeth
    players_before = set(Player.objects.values_list("pk", flat=True))

    def allowed(table: str, pk: Any) -> bool:
        if table == "games.player":
            return pk not in players_before
        if table.startswith("games."):
            return _game_of(table, pk) in _games_of_tournaments(mine)
        return _tournament_of(table, pk) in mine

    writes = frozenset(
        {
            "POST /api/v1/tournaments/{pk}/rounds/{number}/results",
            "POST /api/v1/tournaments/{pk}/entries",
            "POST /api/v1/tournaments/{pk}/rounds",
        }
    )
    ids = {("tournaments", "pk"): lambda chosen: sorted(mine)}
    return Scope(_bearer(user, "arbitrate"), allowed, writes, ids)


def play(club: Club) -> Scope:
    """A player of the casual game with a *play* token: it may change its own games (their
    moves, and what a finished game's result moves in its tournament)."""
    game = club.world.casual
    user = game.seats.order_by("pk").first().player.user
    games = set(Game.objects.filter(seats__player__user=user).values_list("pk", flat=True))
    tournaments = set(
        Pairing.objects.filter(game__in=games).values_list("round__tournament_id", flat=True)
    )

    def allowed(table: str, pk: Any) -> bool:
        if table.startswith("games."):
            return _game_of(table, pk) in games
        return _tournament_of(table, pk) in tournaments

    moves = frozenset({"POST /api/v1/games/{pk}/moves", *TOKEN_READS})
    return Scope(_bearer(user, "play"), allowed, moves, {("games", "pk"): lambda c: sorted(games)})


SCOPES = {
    "anonymous": lambda club: Scope(headers={}),
    "arbitrate": arbitrate,
    "play": play,
}


@pytest.fixture(params=sorted(SCOPES))
def scope(request: pytest.FixtureRequest, club: Club) -> Scope:
    return SCOPES[request.param](club)


def test_the_api_answers_every_generated_request_as_documented(
    club: Club, scope: Scope, live_server, settings: Any
) -> None:
    # No rate limits (tests/api/test_limits.py tests them): one scope's run would otherwise spend
    # the address's writes of the minute for the next one (all come from 127.0.0.1).
    settings.API_RATE_LIMITS = {}
    before = fuzz.snapshot()
    run = fuzz.Run(live_server.url, {**club.fillers(), **scope.ids}, headers=scope.headers)
    failures = run.run()
    assert not failures, "\n\n".join(failures)
    # Every read was reached with real ids too (a 200), not only refused. Every write of the
    # token's scope got past the token to its object (a generated body is mostly refused, but by
    # the schema or the service: 400, 409 — not 401, 403 or 404); a write outside the scope
    # never reached a service (no 2xx, no 409).
    operations = {label for label, _status in run.answers}
    reads = {label for label in operations if label.startswith("GET ")} - TOKEN_READS
    answered = {label for label, status in run.answers if status == 200}
    assert len(reads) >= 14 and reads <= answered, sorted(run.answers.items())
    reached = {
        label
        for label, status in run.answers
        if (label not in reads and status < 401) or status == 409
    }
    assert reached >= scope.writes, sorted(run.answers.items())
    served = {label for label, status in run.answers if status < 300 or status == 409}
    assert not (served - reads - scope.writes), sorted(run.answers.items())
    assert fuzz.outside_authority(before, fuzz.snapshot(), scope.allowed) == {}


def test_the_snapshot_tells_each_changed_row_and_what_authority_allows(world: World) -> None:
    before = fuzz.snapshot()
    pairing = world.robin.round_set.get(number=2).pairings.order_by("board").first()
    h.enter_results(world.robin.round_set.get(number=2), world.arbiter, "0-1")
    after = fuzz.snapshot()
    changed = fuzz.changes(before, after)
    assert pairing.pk in changed["tournaments.pairing"]
    assert "games.game" not in changed or world.casual.pk not in changed["games.game"]
    assert fuzz.outside_authority(before, after) == changed
    assert fuzz.outside_authority(before, after, lambda table, pk: True) == {}
    assert fuzz.figures(before) != fuzz.figures(after)
    assert fuzz.outside_authority(after, fuzz.snapshot()) == {}
