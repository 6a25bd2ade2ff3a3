"""The OpenAPI schema (/api/v1/openapi.json) and the documentation page (/api/v1/docs).

No OpenAPI validator is installed with the project's dependencies (openapi-spec-validator is
not among them), so the schema's structure is checked here: the version, every operation's
answers and their schemas, every ``$ref`` resolved, the problem details described."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.security.fuzzing import routes

pytestmark = pytest.mark.django_db

OPERATIONS = {
    "/api/v1/tournaments",
    "/api/v1/tournaments/{pk}",
    "/api/v1/tournaments/{pk}/entries",
    "/api/v1/tournaments/{pk}/rounds",
    "/api/v1/tournaments/{pk}/rounds/{number}",
    "/api/v1/tournaments/{pk}/standings",
    "/api/v1/tournaments/{pk}/standings/{entry}",
    "/api/v1/tournaments/{pk}/crosstable",
    "/api/v1/tournaments/{pk}/bracket",
    "/api/v1/players",
    "/api/v1/players/{pk}",
    "/api/v1/games",
    "/api/v1/games/{pk}",
    "/api/v1/kinds",
    "/api/v1/kinds/{kind}",
}
# The writes (docs/api.md, "Tokens and writes"): a path and its method.
WRITES = {
    ("/api/v1/games/{pk}/moves", "post"),
    ("/api/v1/tournaments/{pk}/rounds/{number}/results", "post"),
    ("/api/v1/tournaments/{pk}/rounds", "post"),
    ("/api/v1/tournaments/{pk}/entries", "post"),
}
# The reads that take a token (docs/api.md, "Bots"): a path and its method.
TOKEN_READS = {("/api/v1/bot/turns", "get")}


@pytest.fixture
def schema(api: Client) -> dict[str, Any]:
    response = api.get(reverse("api:openapi-json"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    return response.json()


def refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def test_the_schema_is_openapi_3(schema: dict[str, Any]) -> None:
    assert re.fullmatch(r"3\.[01]\.\d+", schema["openapi"])
    assert schema["info"]["title"] and schema["info"]["version"] == "1"
    assert set(schema["paths"]) == OPERATIONS | {path for path, _m in WRITES | TOKEN_READS}


def operations(schema: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def test_every_operation_is_a_described_read_or_write(schema: dict[str, Any]) -> None:
    ids = set()
    found = {(path, method) for path, method, _op in operations(schema)}
    assert found == {(path, "get") for path in OPERATIONS} | WRITES | TOKEN_READS
    for path, _method, operation in operations(schema):
        ids.add(operation["operationId"])
        responses = {str(code): answer for code, answer in operation["responses"].items()}
        assert {"200", "400", "404"} <= set(responses), path
        assert "application/json" in responses["200"]["content"], path
        for code in ("400", "404"):
            assert responses[code]["content"]["application/problem+json"]["schema"] == {
                "$ref": "#/components/schemas/Problem"
            }
        for name in re.findall(r"\{(\w+)\}", path):
            params = {p["name"]: p for p in operation.get("parameters", [])}
            assert params[name]["in"] == "path" and params[name]["required"] is True, path
    assert len(ids) == len(found)


def test_every_write_names_its_token_and_its_problems(schema: dict[str, Any]) -> None:
    schemes = schema["components"]["securitySchemes"]
    (name,) = schemes
    assert schemes[name] == {"type": "http", "scheme": "bearer"} | {
        k: v for k, v in schemes[name].items() if k not in ("type", "scheme")
    }
    for path, method, operation in operations(schema):
        if (path, method) in TOKEN_READS:
            assert operation["security"] == [{name: []}], path
            responses = {str(code) for code in operation["responses"]}
            assert {"401", "403", "429"} <= responses and "409" not in responses, path
            continue
        if (path, method) not in WRITES:
            assert "security" not in operation, path  # the reads are public
            continue
        assert operation["security"] == [{name: []}], path
        assert "application/json" in operation["requestBody"]["content"], path
        responses = {str(code): answer for code, answer in operation["responses"].items()}
        for code in ("401", "403", "409", "429"):
            assert responses[code]["content"]["application/problem+json"]["schema"] == {
                "$ref": "#/components/schemas/Problem"
            }, (path, code)


def test_every_reference_resolves(schema: dict[str, Any]) -> None:
    components = schema["components"]["schemas"]
    found = list(refs(schema))
    assert found
    for ref in found:
        assert ref.startswith("#/components/schemas/"), ref
        assert ref.removeprefix("#/components/schemas/") in components, ref
    problem = components["Problem"]
    assert {"type", "title", "status"} <= set(problem["required"])


def test_the_schema_names_every_api_route(schema: dict[str, Any]) -> None:
    """Each operation route of the URLconf is in the schema (and the reverse)."""
    served = {
        "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", r.route)
        for r in routes()
        if r.name.startswith("api:") and r.name.split(":")[1] not in NOT_OPERATIONS
    }
    assert served == set(schema["paths"])


NOT_OPERATIONS = {
    "openapi-json",
    "api-root",
    "docs",
    "not_found",
    # The calendar feeds: iCalendar, not JSON, documented in docs/api.md#calendar-feeds.
    "tournament_calendar",
    "player_calendar",
}


def test_the_documentation_page_works_offline(world: Any, api: Client) -> None:
    response = api.get(reverse("api:docs"))
    assert response.status_code == 200
    page = response.content.decode()
    for path in OPERATIONS:
        assert f"GET {path}" in page, path
    for path, method in WRITES:
        assert f"{method.upper()} {path}" in page, path
    assert "<script" not in page  # the site's CSP: no inline script, and no CDN
    assert not re.search(r"""(?:src|href)=["']https?://""", page)
    assert reverse("api:openapi-json") in page
    assert "Content-Security-Policy" in response
    for code in (
        "not_found",
        "bad_request",
        "method_not_allowed",
        "unauthorized",
        "forbidden",
        "conflict",
        "refused",
        "too_many_requests",
    ):  # a problem's type
        assert f'id="{code}"' in page


def test_the_documentation_page_is_translated(world: Any) -> None:
    page = Client(HTTP_ACCEPT_LANGUAGE="ru").get(reverse("api:docs")).content.decode()
    assert "API клуба" in page and "Схема OpenAPI (JSON)" in page
