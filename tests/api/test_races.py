"""Two identical result posts at once apply once (the services lock the pairing, the version
check refuses the second: 409 ``stale``), as the site's own acts do (tests/adjudication/
test_races.py: threads on the file-based SQLite test database, or PostgreSQL)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from api.models import ApiToken, Scope
from tests.adjudication.test_races import race
from tests.api.conftest import World, bearer
from tournaments.acts import versions
from tournaments.models import Pairing, ResultRecord, ResultSource

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_identical_result_posts_apply_once(world: World) -> None:
    _t, key = ApiToken.issue(owner=world.arbiter, name="script", scope=Scope.ARBITRATE)
    p = Pairing.objects.select_related("game").get(
        round__tournament=world.robin, round__number=2, board=1
    )
    body = json.dumps(
        {
            "results": [
                {
                    "board": 1,
                    "result": "1-0",
                    "version": versions.version_of(game=p.game, pairing=p),
                }
            ]
        }
    )
    url = f"/api/v1/tournaments/{world.robin.pk}/rounds/2/results"

    def post(_i: int) -> int:
        client = Client()
        return client.post(url, body, content_type="application/json", **bearer(key)).status_code

    statuses = race(post, threads=2)
    assert sorted(statuses) == [200, 409], statuses
    assert ResultRecord.objects.filter(pairing=p, source=ResultSource.API).count() == 1
