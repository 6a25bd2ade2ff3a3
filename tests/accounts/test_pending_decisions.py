"""One shape for what waits for an arbiter's decision (issue 28): one vocabulary of its status,
one abstract model keeping who decided and when, wherever a model has that shape."""

from __future__ import annotations

from django.apps import apps
from django.db import models

from common.decisions import ClaimStatus, PendingDecision

# Words of a decided state: a status field holding one of them is a decision's.
DECIDED = {"accepted", "rejected", "refused", "confirmed", "declined"}
PROJECT_APPS = {"accounts", "games", "tournaments", "sheets", "ops"}


def project_models() -> list[type[models.Model]]:
    return [m for m in apps.get_models() if m._meta.app_label in PROJECT_APPS]


def test_every_decision_status_speaks_one_vocabulary() -> None:
    found = []
    for model in project_models():
        for field in model._meta.get_fields():
            choices = getattr(field, "choices", None) or []
            values = {value for value, _label in choices}
            if field.name == "status" and values & DECIDED:
                found.append(model.__name__)
                assert list(choices) == list(ClaimStatus.choices), model
                assert field.default == ClaimStatus.PENDING, model
    assert {"PlayerClaim", "JoinRequest", "Claim"} <= set(found)


def test_every_model_deciding_itself_is_a_pending_decision() -> None:
    shape = {"status", "decided_by", "decided_at"}
    deciding = [m for m in project_models() if shape <= {f.name for f in m._meta.get_fields()}]
    assert {m.__name__ for m in deciding} >= {"PlayerClaim", "JoinRequest"}
    for model in deciding:
        assert issubclass(model, PendingDecision), model


def test_the_claim_vocabulary_is_one_class() -> None:
    from accounts.models import ClaimStatus as accounts_status
    from tournaments.models import ClaimStatus as tournaments_status

    assert accounts_status is tournaments_status is ClaimStatus
