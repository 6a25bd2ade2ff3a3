"""The player's calendar page (``/calendar/``): his private feed's link to copy or subscribe
to (``webcal://``), and a button that resets it (the old link answers 404 from then on)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from api import calendar_links
from tournaments.authority import player_of


@login_required
def calendar_page(request: HttpRequest) -> HttpResponse:
    player = player_of(request.user)
    context: dict[str, object] = {"player": player}
    if player is not None:
        path = reverse("api:player_calendar", args=[calendar_links.secret_of(player)])
        url = request.build_absolute_uri(f"{path}?lang={get_language()}")
        context["url"] = url
        context["webcal"] = "webcal://" + url.split("://", 1)[1]
    return render(request, "api/calendar.html", context)


@login_required
@require_POST
def calendar_reset(request: HttpRequest) -> HttpResponse:
    player = player_of(request.user)
    if player is None:
        messages.error(request, _("Your account plays as no player: there is no link to reset."))
    else:
        calendar_links.new_secret(player)
        messages.success(request, _("A new link is made; the old one no longer works."))
    return redirect("api_pages:calendar")
