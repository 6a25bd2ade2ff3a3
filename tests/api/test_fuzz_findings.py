"""What the schemathesis run (tests/api/test_fuzz.py) found in the API, each kept from coming
back: every answer under /api/v1/ is a documented one."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.api.conftest import World

pytestmark = pytest.mark.django_db


def test_a_newline_in_the_path_is_a_problem_not_the_sites_page(world: World, api: Client) -> None:
    """The catch-all's ``.`` did not match a newline (%0A): the site's HTML 404 answered."""
    for path in (f"/api/v1/tournaments/{world.robin.pk}/rounds/a%0Ab", "/api/v1/x%0A"):
        response = api.get(path)
        assert response.status_code == 404, path
        assert response["Content-Type"] == "application/problem+json", path
        assert response.json()["code"] == "not_found"


def test_a_query_parameter_given_twice_is_a_bad_request(world: World, api: Client) -> None:
    """Ninja read the last of them: ``status=a&status=b`` answered 200 as if ``status=b``."""
    response = api.get("/api/v1/tournaments?status=running&status=finished&page=1")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["invalid_params"] == ["status"]
    assert api.get("/api/v1/tournaments?status=running&page=1").status_code == 200


@pytest.mark.django_db
def test_a_post_to_an_unknown_api_address_is_a_problem_not_the_csrf_page() -> None:
    """A write to an address the API does not have (``/tournaments/true/entries``) answers the
    API's 404 problem, not the site's CSRF 403 page (schemathesis found it)."""
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/api/v1/tournaments/true/entries", data="{}", content_type="application/json"
    )
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/problem+json")
