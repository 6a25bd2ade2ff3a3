"""schemathesis against a live server loaded with a realistic club (tests/api/fuzz.py): every
operation of the API's OpenAPI schema, with generated and with real ids, must answer without a
5xx, as its schema documents (status, content type, headers, body), and a read changes nothing
in the database."""

from __future__ import annotations

from dataclasses import dataclass

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


def test_the_api_answers_every_generated_read_as_documented(club: Club, live_server) -> None:
    before = fuzz.snapshot()
    run = fuzz.Run(live_server.url, club.fillers())
    failures = run.run()
    assert not failures, "\n\n".join(failures)
    # Every operation was reached with real ids too (a 200), not only refused.
    operations = {label for label, _status in run.answers}
    answered = {label for label, status in run.answers if status == 200}
    assert len(operations) >= 14 and answered == operations, sorted(run.answers.items())
    assert fuzz.outside_authority(before, fuzz.snapshot()) == {}
