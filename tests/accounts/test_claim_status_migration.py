"""The migrations that give claims one vocabulary (accounts 0003, tournaments 0017), run on a
database written the old way: an account's claim "confirmed", a request to join "refused".
Forward every row stays and takes the common value; the one-pending rule still holds; backward
the old values come back."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, transaction

from accounts.models import PlayerClaim
from common.decisions import ClaimStatus
from tests.tournaments.test_scores_migration import latest, migrate
from tournaments.models import JoinRequest

BEFORE = [
    ("accounts", "0002_notice_settings"),
    ("tournaments", "0016_result_record_renamed"),
]
AFTER = [("accounts", "0003_one_claim_status"), ("tournaments", "0017_one_claim_status")]


def write_the_old_way(apps: Any) -> dict[str, int]:
    """A claim and a request in each old state; their ids by case."""
    User = apps.get_model("auth", "User")
    Player = apps.get_model("games", "Player")
    Tournament = apps.get_model("tournaments", "Tournament")
    OldClaim = apps.get_model("accounts", "PlayerClaim")
    OldRequest = apps.get_model("tournaments", "JoinRequest")
    t = Tournament.objects.create(name="Old", kind="sos", format="swiss", rounds=5)
    cases: dict[str, int] = {}
    for state in ("pending", "confirmed", "rejected"):
        user = User.objects.create(username=f"claimant-{state}")
        player = Player.objects.create(name=f"Claimed {state}")
        cases[f"claim {state}"] = OldClaim.objects.create(user=user, player=player, status=state).pk
    for state in ("pending", "accepted", "refused"):
        player = Player.objects.create(name=f"Asking {state}")
        made = OldRequest.objects.create(tournament=t, player=player, status=state)
        cases[f"request {state}"] = made.pk
    return cases


def states(apps: Any, cases: dict[str, int]) -> dict[str, str]:
    claims = dict(apps.get_model("accounts", "PlayerClaim").objects.values_list("pk", "status"))
    asked = dict(apps.get_model("tournaments", "JoinRequest").objects.values_list("pk", "status"))
    return {name: (claims if name.startswith("claim") else asked)[pk] for name, pk in cases.items()}


@pytest.mark.django_db(transaction=True)
def test_old_values_take_the_common_vocabulary_and_come_back() -> None:
    try:
        cases = write_the_old_way(migrate(BEFORE))

        assert states(migrate(AFTER), cases) == {
            "claim pending": "pending",
            "claim confirmed": "accepted",
            "claim rejected": "rejected",
            "request pending": "pending",
            "request accepted": "accepted",
            "request refused": "rejected",
        }
        latest()
        assert {c.get_status_display() for c in PlayerClaim.objects.all()} == {
            str(label) for label in ClaimStatus.labels
        }
        waiting = JoinRequest.objects.get(pk=cases["request pending"])
        with pytest.raises(IntegrityError), transaction.atomic():  # still one pending per pair
            JoinRequest.objects.create(tournament=waiting.tournament, player=waiting.player)
        claim = PlayerClaim.objects.get(pk=cases["claim pending"])
        with pytest.raises(IntegrityError), transaction.atomic():
            PlayerClaim.objects.create(user=claim.user, player=claim.player)

        assert states(migrate(BEFORE), cases) == {
            "claim pending": "pending",
            "claim confirmed": "confirmed",
            "claim rejected": "rejected",
            "request pending": "pending",
            "request accepted": "accepted",
            "request refused": "refused",
        }
    finally:
        latest()
