"""schemathesis against a live server loaded with a realistic club (tests/api/fuzz.py): every
operation of the API's OpenAPI schema, with generated and with real ids, must answer without a
5xx, as its schema documents (status, content type, headers, body), and a read changes nothing
in the database."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db.models import Model

from games import kinds
from games.models import Game, Player
from ops.demo import Demo
from tests.api import fuzz
from tests.api.conftest import World
from tests.tournaments import helpers as h
from tournaments.models import Entry, Tournament, TournamentStatus


@dataclass
class Club:
    """The API tests' world, a finished round robin and the demo club (its Swiss under way,
    games finished, adjudicated and in progress)."""

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
        }


@pytest.fixture
def club(world: World) -> Club:
    finished = h.new_tournament(world.arbiter, name="Winter Round Robin", format="round_robin")
    h.register_all(finished, world.arbiter, [("Kai", 1400), ("Lena", 1450), ("Mio", 1500)])
    for _ in range(3):
        h.play_round(finished, world.arbiter, "1-0")
    finished = h.reload(finished)
    assert finished.status == TournamentStatus.FINISHED
    Demo().load(force=True, write=lambda line: None)
    return Club(world=world, finished=finished)


@dataclass
class Scope:
    """Who the fuzz runs as: the headers sent with every request, and which changed rows its
    authority allows (``None``: none, a read-only run)."""

    headers: dict[str, str]
    allowed: Callable[[str, Any], bool] | None = None


# The scopes of the run. With the API's tokens, one per scope joins here: a fixture making a
# token of that scope for the club's arbiter or a player, ``{"Authorization": f"Bearer {key}"}``,
# and ``allowed`` saying which tables' rows that token may change (its tournaments', its games').
SCOPES = {"anonymous": lambda club: Scope(headers={})}


@pytest.fixture(params=sorted(SCOPES))
def scope(request: pytest.FixtureRequest, club: Club) -> Scope:
    return SCOPES[request.param](club)


def test_the_api_answers_every_generated_request_as_documented(
    club: Club, scope: Scope, live_server
) -> None:
    before = fuzz.snapshot()
    run = fuzz.Run(live_server.url, club.fillers(), headers=scope.headers)
    failures = run.run()
    assert not failures, "\n\n".join(failures)
    # Every operation was reached with real ids too (a 200), not only refused.
    operations = {label for label, _status in run.answers}
    answered = {label for label, status in run.answers if status == 200}
    assert len(operations) >= 14 and answered == operations, sorted(run.answers.items())
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
