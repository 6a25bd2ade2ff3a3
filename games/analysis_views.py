"""The analysis of a finished game: asked for from its page, computed in the background."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import analysis
from games.errors import GameError
from games.models import Game


@require_POST
@login_required
def request_analysis(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    try:
        _job, created = analysis.request_game_analysis(game=game, user=request.user)
    except GameError as err:
        messages.error(request, err.message)
    else:
        if created:
            messages.success(
                request, _("The engine will analyse the game: this page shows how far it is.")
            )
    return redirect(game.get_absolute_url() + "#analysis")
