"""The API's documentation page (``/api/v1/docs``): the operations of the OpenAPI schema as a
plain page of the site. Ninja's default page loads Swagger UI from a CDN with an inline
script, which the site's Content-Security-Policy (and a club's offline hall) would refuse."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from api.http import problem_codes
from api.site import api

METHODS = ("get", "post", "put", "patch", "delete")


def operations(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Each operation of ``schema``: method, path, summary, description, parameters."""
    found = []
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            found.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": operation.get("summary", ""),
                    "description": operation.get("description", ""),
                    "parameters": [
                        {
                            "name": p["name"],
                            "where": p.get("in", ""),
                            "required": p.get("required", False),
                            "description": p.get("description", ""),
                        }
                        for p in operation.get("parameters", [])
                    ],
                    "answers": sorted(str(code) for code in operation.get("responses", {})),
                }
            )
    return found


@require_safe
def docs_page(request: HttpRequest) -> HttpResponse:
    schema = api.get_openapi_schema()
    return render(
        request,
        "api/docs.html",
        {
            "info": schema.get("info", {}),
            "operations": operations(schema),
            "problems": problem_codes(),
        },
    )
