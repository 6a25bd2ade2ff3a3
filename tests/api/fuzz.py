"""The machinery of the API's fuzz (tests/api/test_fuzz.py): schemathesis reads the live
server's OpenAPI schema and sends every operation generated requests, with the demo's real ids
for half of them, checked against the schema; and a snapshot of the tournaments' and games'
tables, to tell what a run changed.

Nothing here lists the API's operations: a new one (the token-authorised writes, the feeds) is
fuzzed as soon as the schema describes it. A run sends the headers it is given (``Authorization:
Bearer …`` for a token of a scope) with every request.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import hypothesis
import requests
import schemathesis
from django.apps import apps
from django.core import serializers
from django.urls import reverse
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

# The checks every answer passes: no 5xx, a documented status and content type, the documented
# headers (the ETag of the polled reads), a body matching its schema, invalid input refused with
# a 4xx; plus our own: a polled read answers its ETag with a 304.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
MODES = (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE)
# The apps whose tables a run must leave as the token's authority allows.
WATCHED_APPS = ("tournaments", "games")

# The real values of a path parameter, by the path segment before it and its name (as
# tests/security/fuzzing.PARAMETERS): a callable of the values already chosen for the others.
Filler = Callable[[dict[str, Any]], list[Any]]
Fillers = Mapping[tuple[str, str], Filler]


# -- What a run changed --------------------------------------------------------------------------

Snapshot = dict[str, dict[Any, str]]


def snapshot(app_labels: Iterable[str] = WATCHED_APPS) -> Snapshot:
    """Every row of every model of ``app_labels``: ``{"app.model": {pk: digest of its fields}}``
    (the digest of the row as Django serialises it: results, scores, moves, stamps…)."""
    found: Snapshot = {}
    for label in app_labels:
        for model in apps.get_app_config(label).get_models():
            rows = serializers.serialize("python", model._default_manager.order_by("pk"))
            found[model._meta.label_lower] = {
                row["pk"]: hashlib.blake2b(
                    repr(sorted(row["fields"].items())).encode(), digest_size=12
                ).hexdigest()
                for row in rows
            }
    return found


def figures(shot: Snapshot) -> dict[str, tuple[int, str]]:
    """Each table's row count and a digest of all its rows: what a report prints."""
    return {
        table: (len(rows), hashlib.blake2b(repr(sorted(rows.items())).encode()).hexdigest()[:16])
        for table, rows in shot.items()
    }


def changes(before: Snapshot, after: Snapshot) -> dict[str, set[Any]]:
    """The rows added, removed or changed, by table (``{}``: nothing changed)."""
    found: dict[str, set[Any]] = {}
    for table in before.keys() | after.keys():
        old, new = before.get(table, {}), after.get(table, {})
        touched = {pk for pk in old.keys() | new.keys() if old.get(pk) != new.get(pk)}
        if touched:
            found[table] = touched
    return found


def outside_authority(
    before: Snapshot, after: Snapshot, allowed: Callable[[str, Any], bool] | None = None
) -> dict[str, set[Any]]:
    """The changed rows that ``allowed(table, pk)`` refuses: what a token wrote outside its
    authority (``allowed`` None: a read-only run, where every change is one)."""
    found = {}
    for table, pks in changes(before, after).items():
        refused = {pk for pk in pks if allowed is None or not allowed(table, pk)}
        if refused:
            found[table] = refused
    return found


# -- The run -------------------------------------------------------------------------------------


@dataclass
class Run:
    """One fuzz of the API on the server at ``base_url``: every operation of its schema,
    ``max_examples`` generated cases per operation and generation mode, derandomized (the same
    cases every run), the path's ids taken from ``fillers`` for most positive cases."""

    base_url: str
    fillers: Fillers
    headers: dict[str, str] = field(default_factory=dict)
    max_examples: int = 15
    failures: list[str] = field(default_factory=list)
    answers: Counter[tuple[str, int]] = field(default_factory=Counter)

    def schema(self) -> Any:
        url = f"{self.base_url}{reverse('api:openapi-json')}"
        return schemathesis.openapi.from_url(url, config=schemathesis.Config())

    def run(self) -> list[str]:
        session = requests.Session()
        for result in self.schema().get_all_operations():
            operation = result.ok()
            for mode in MODES:
                self._fuzz(operation, mode, session)
        return self.failures

    def _fuzz(self, operation: Any, mode: Any, session: requests.Session) -> None:
        fillers = fillers_of(operation.path, self.fillers)
        real = mode == schemathesis.GenerationMode.POSITIVE and fillers
        negative = mode == schemathesis.GenerationMode.NEGATIVE

        @hypothesis.settings(
            max_examples=self.max_examples,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
            suppress_health_check=list(hypothesis.HealthCheck),
        )
        @hypothesis.given(case=operation.as_strategy(mode), data=st.data())
        def fuzz(case: Any, data: st.DataObject) -> None:
            if real and data.draw(st.integers(0, 3), label="real ids") > 0:
                chosen: dict[str, Any] = {}
                for name, filler in fillers.items():
                    values = filler(chosen)
                    if values:
                        chosen[name] = data.draw(st.sampled_from(values), label=name)
                case.path_parameters.update(chosen)
            headers = self.headers
            if negative and "Authorization" not in (case.headers or {}):
                # A negative case that leaves the token out on purpose (a required header
                # missing) is sent without it: the run's token would make it a valid request.
                headers = {k: v for k, v in headers.items() if k != "Authorization"}
            try:
                response = case.call_and_validate(
                    base_url=self.base_url,
                    session=session,
                    headers=headers,
                    checks=CHECKS,
                    additional_checks=[revalidated],
                )
                self.answers[operation.label, response.status_code] += 1
            except Exception as failure:  # schemathesis's FailureGroup, a refused connection
                self.failures.append(f"{operation.label} ({mode.value}): {failure}")
                raise

        # Recorded: the first failure of each operation and mode is enough to report.
        with contextlib.suppress(Exception):
            fuzz()


def fillers_of(path: str, fillers: Fillers) -> dict[str, Filler]:
    """The fillers of ``path``'s parameters, in the path's order: ``/tournaments/{pk}/standings/
    {entry}`` → ``{"pk": fillers["tournaments", "pk"], "entry": fillers["standings", "entry"]}``;
    a key ``("/tournaments/{pk}/bracket", "pk")`` fills ``pk`` of the paths ending so."""
    found = {}
    segments = path.strip("/").split("/")
    for before, segment in itertools.pairwise(segments):
        if segment.startswith("{") and (before, segment[1:-1]) in fillers:
            found[segment[1:-1]] = fillers[before, segment[1:-1]]
    # A filler of one path's parameter (its key: the path's end, the name) comes first.
    for (end, name), filler in fillers.items():
        if end.startswith("/") and path.endswith(end):
            found[name] = filler
    return found


@schemathesis.check
def revalidated(ctx: Any, response: Any, case: Any) -> bool | None:
    """A read answered 200 with an ETag answers 304, without a body, to ``If-None-Match`` with
    it (the polls clubs make)."""
    etag = response.headers.get("etag")
    if case.method.upper() != "GET" or response.status_code != 200 or not etag:
        return None
    again = requests.get(
        response.request.url,
        headers={**dict(response.request.headers), "If-None-Match": etag[0]},
        timeout=30,
    )
    if again.status_code != 304 or again.content:
        raise AssertionError(
            f"If-None-Match: {etag[0]} answered {again.status_code}, not 304 without a body"
        )
    return True
