"""The embeddable widgets (``/embed/tournaments/{pk}/standings``, ``…/pairings``, and a
knockout's ``…/bracket``): small
pages of their own layout (no header, footer or script; a meta refresh every minute) that a
club puts in an ``<iframe>`` on its site, in ``?lang=`` (else the request's language). They
alone may be framed by any site: no X-Frame-Options, and ``frame-ancestors *`` in their
Content-Security-Policy; every other page keeps the site's DENY and ``'none'``. The tournament
page links the snippets' page (``snippets``), a page of the site."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_safe

from api import stage_reads
from api.languages import language_of
from tournaments.models import Round, RoundStatus, Tournament
from tournaments.web import bracket_page

REFRESH_SECONDS = 60
WIDGET_MAX_AGE = 30
WIDGETS = ("standings", "pairings")
KNOCKOUT_WIDGETS = ("bracket",)  # only a knockout's
CSP_HEADER = "Content-Security-Policy"


def frame_policy() -> str:
    """The site's Content-Security-Policy with ``frame-ancestors *``: any site may frame."""
    directives = dict(getattr(settings, "CONTENT_SECURITY_POLICY", None) or {})
    directives["frame-ancestors"] = ["*"]
    return "; ".join(" ".join([name, *sources]) for name, sources in directives.items())


def embeddable(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``view`` in the language of ``?lang``, allowed in any site's frame, briefly cacheable."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with language_of(request) as code:
            response = view(request, *args, **kwargs)
        response[CSP_HEADER] = frame_policy()
        response["Content-Language"] = code
        patch_cache_control(response, public=True, max_age=WIDGET_MAX_AGE)
        patch_vary_headers(response, ("Accept-Language",))
        return response

    return xframe_options_exempt(require_safe(wrapped))


def _context(request: HttpRequest, t: Tournament, **more: Any) -> dict[str, Any]:
    return {
        "t": t,
        "refresh": REFRESH_SECONDS,
        "site_url": request.build_absolute_uri(t.get_absolute_url()),
        **more,
    }


@embeddable
def standings_widget(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings: place, name, points (a group stage's: one table a group)."""
    t = get_object_or_404(Tournament, pk=pk)
    tables = stage_reads.standings_tables(t)
    context = _context(request, t, standings=tables[0][1], tables=tables)
    return render(request, "api/embed_standings.html", context)


def current_round(t: Tournament) -> Round | None:
    """The last round paired (finished or not)."""
    return (
        Round.objects.filter(tournament=t)
        .exclude(status=RoundStatus.PENDING)
        .order_by("-number")
        .first()
    )


@embeddable
def pairings_widget(request: HttpRequest, pk: int) -> HttpResponse:
    """The current round's boards and results."""
    t = get_object_or_404(Tournament, pk=pk)
    rnd = current_round(t)
    boards = (
        list(rnd.pairings.select_related("first__player", "second__player").order_by("board"))
        if rnd
        else []
    )
    return render(request, "api/embed_pairings.html", _context(request, t, rnd=rnd, boards=boards))


@embeddable
def bracket_widget(request: HttpRequest, pk: int) -> HttpResponse:
    """A knockout's drawn bracket (404 for another format): its rounds scroll sideways."""
    t = get_object_or_404(Tournament, pk=pk)
    if not t.format_entry.plays_matches:
        raise Http404
    layout = bracket_page.build(t)
    return render(request, "api/embed_bracket.html", _context(request, t, layout=layout))


@require_safe
def snippets_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A page of the site: each widget's ``<iframe>`` to copy and paste, with its preview, and
    the tournament's calendar feed."""
    t = get_object_or_404(Tournament, pk=pk)
    lang = request.LANGUAGE_CODE if hasattr(request, "LANGUAGE_CODE") else settings.LANGUAGE_CODE
    widgets = []
    names = WIDGETS + (KNOCKOUT_WIDGETS if t.format_entry.plays_matches else ())
    for name in names:
        url = request.build_absolute_uri(reverse(f"api_pages:{name}", args=[t.pk]))
        widgets.append({"name": name, "url": f"{url}?lang={lang}"})
    calendar = request.build_absolute_uri(reverse("api:tournament_calendar", args=[t.pk]))
    return render(
        request,
        "api/embed_snippets.html",
        {"t": t, "widgets": widgets, "calendar": f"{calendar}?lang={lang}"},
    )
