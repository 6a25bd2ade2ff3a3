"""The owner's buttons in a game against the computer (:mod:`games.computer_services`): take
back his last move, and a hint. Plain forms: they work without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import computer_services
from games.device_views import owned_device
from games.errors import GameError
from games.views import expected_ply


def _expected_ply(request: HttpRequest) -> int | None:
    """The form's move count (the stale-form check), ``None`` when it sends none or no number."""
    try:
        return expected_ply(request)
    except ValueError:
        return None


@require_POST
def take_back(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back the owner's last move (and the computer's answers after it)."""
    owned_device(request, pk)  # 404 for no such game, 403 for another's
    try:
        taken = computer_services.take_back(game_id=pk, expected_ply=_expected_ply(request))
    except GameError as err:
        messages.error(request, err.message)
    else:
        messages.info(
            request,
            _("Taken back: %(moves)s.") % {"moves": ", ".join(taken)},
        )
    return redirect("games:detail", pk)


@require_POST
def hint(request: HttpRequest, pk: int) -> HttpResponse:
    """The engine's best move for the owner, shown on the game's page."""
    owned_device(request, pk)
    try:
        computer_services.hint(game_id=pk)
    except GameError as err:
        messages.error(request, err.message)
    return redirect("games:detail", pk)
