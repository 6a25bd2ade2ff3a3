"""The players' pages of the games app: the list, a player's page with his games, and the form
that adds a player (the writes go through games.player_services)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required, permission_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_safe

from games import device, hooks, player_services
from games.forms import PlayerForm
from games.models import Game, Player
from games.views import PAGE_SIZE, with_seats


@require_safe
def player_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    players = Player.objects.exclude(pk__in=device.device_players())
    if query:
        folded = query.casefold()
        players = players.filter(Q(search_key__contains=folded))
    page = Paginator(players, PAGE_SIZE).get_page(request.GET.get("page"))
    tags = hooks.player_tags(list(page.object_list))
    rows = [(p, tags.get(p.pk, [])) for p in page.object_list]
    return render(request, "games/player_list.html", {"page": page, "q": query, "rows": rows})


@require_safe
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.exclude(pk__in=device.device_players()), pk=pk)
    games = with_seats(Game.objects.filter(seats__player=player)).distinct()
    page = Paginator(games, PAGE_SIZE).get_page(request.GET.get("page"))
    extra = hooks.player_page(request, player)
    tags = hooks.player_tags([player]).get(player.pk, [])
    return render(
        request,
        "games/player_detail.html",
        {"player": player, "page": page, "extra": extra, "tags": tags},
    )


@login_required
@permission_required("games.add_player", raise_exception=True)
def player_create(request: HttpRequest) -> HttpResponse:
    form = PlayerForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        player = player_services.create_player(
            name=d["name"], club=d["club"], rating=d["rating"], user=d.get("user")
        )
        return redirect(player)
    return render(request, "games/player_form.html", {"form": form})
