"""A knockout's drawn bracket (``bracket_page`` lays it out): the page, and the cheap read its
script polls, keyed by the tournament's change stamp (``Tournament.revision``): nothing new
while the stamp is the one the page was drawn at (204, one query), else the bracket anew."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournaments.models import Tournament
from tournaments.web import bracket_page
from tournaments.web.views import _tournament


def _knockout(pk: int) -> Tournament:
    t = _tournament(pk)
    if not t.format_entry.plays_matches:
        raise Http404
    return t


@require_safe
def bracket(request: HttpRequest, pk: int) -> HttpResponse:
    """The drawn bracket of a knockout (404 for another format)."""
    t = _knockout(pk)
    return render(request, "tournaments/bracket.html", {"t": t, "layout": bracket_page.build(t)})


@require_safe
def bracket_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The bracket's markup when the tournament changed since ``?since=`` (its stamp), else an
    empty 204. The stamp is in the ``X-Revision`` header."""
    t = _knockout(pk)
    since = request.GET.get("since", "")
    if since.isdigit() and int(since) == t.revision:
        response = HttpResponse(status=204)
    else:
        layout = bracket_page.build(t)
        response = render(request, "tournaments/_bracket.html", {"t": t, "layout": layout})
    response["X-Revision"] = str(t.revision)
    response["Cache-Control"] = "no-cache"
    return response
