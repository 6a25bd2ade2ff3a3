"""The URLconf of the load benchmark's *floor* (``bench/load.py`` runs the floor with it): the
site's own URLs, plus one trivial view in place of the move view. Only the benchmark's
throw-away settings name this module (``ROOT_URLCONF = "floor_urls"``, with ``bench/`` on the
path); the site's settings never do, so the view is never reachable in production.

The floor view does what every move must do and nothing else: the same stack (the server, the
site's middleware: sessions, CSRF, authentication), one locked ``UPDATE`` of the game's row in a
transaction on the same database, and a JSON answer like the move view's. It advances the row's
``ply`` when the posted ``expected_ply`` matches, so the simulated players, who track the
position themselves, play exactly as against the real view. The moves themselves are not
stored: a floor run's database is thrown away unchecked.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, JsonResponse
from django.urls import path
from django.utils import timezone
from django.views.decorators.http import require_POST

from config.urls import urlpatterns as site_urlpatterns
from games.models import Game


@require_POST
def floor_move(request: HttpRequest, pk: int) -> JsonResponse:
    if not request.user.is_authenticated:
        return JsonResponse({"ok": False, "code": "not_allowed"}, status=403)
    try:
        expected = int(request.POST["expected_ply"])
    except (KeyError, ValueError):
        return JsonResponse({"ok": False, "code": "bad_request"}, status=400)
    with transaction.atomic():
        updated = Game.objects.filter(pk=pk, ply=expected).update(
            ply=F("ply") + 1, updated_at=timezone.now()
        )
    if not updated:
        return JsonResponse({"ok": False, "code": "stale"}, status=400)
    return JsonResponse({"ok": True})


urlpatterns = [
    path("games/<int:pk>/move/", floor_move, name="floor-move"),
    *site_urlpatterns,
]
