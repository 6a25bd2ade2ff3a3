"""The games' public reads: players, games with their moves and live position, and the game
kinds' rules. Read as the game pages read them (``games.queries``, the presenters, the
game-kind registry)."""

from __future__ import annotations

from typing import Any

from django.db import router as db_router
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import Query, Router
from pydantic import Field

from api import schemas
from api.http import conditional, conditional_openapi
from api.tournament_reads import Paging, page_of
from games import clock_pages, device, kinds, queries, timekeeping
from games.models import ACTIVE_STATUSES, Game, Player, Seat
from games.panel import kind_label
from games.presenters import position_view
from games.rules import retired

router = Router(tags=["games"])


class PlayerFilters(Paging):
    q: str = Field("", description="A part of the name (the site's search).")


def player_out(player: Player) -> dict[str, Any]:
    return {
        "id": player.pk,
        "name": player.name,
        "club": player.club,
        "rating": player.rating,
        "url": player.get_absolute_url(),
    }


@router.get("/players", response=schemas.PlayerPage, url_name="players")
def player_list(request: HttpRequest, filters: Query[PlayerFilters]) -> dict[str, Any]:
    """The players, as the site's list (its search too)."""
    players = Player.objects.exclude(pk__in=device.device_players())  # a device game's own
    query = filters.q.strip()
    if query:
        players = players.filter(search_key__contains=query.casefold())
    items, figures = page_of(players, filters)
    return {**figures, "items": [player_out(p) for p in items]}


@router.get("/players/{int:pk}", response=schemas.PlayerOut, url_name="player")
def player_detail(request: HttpRequest, pk: int) -> dict[str, Any]:
    """One player (their games: ``/games?player=``)."""
    return player_out(
        get_object_or_404(Player.objects.exclude(pk__in=device.device_players()), pk=pk)
    )


class GameFilters(Paging):
    show: str = Field("active", pattern="^(active|finished)$", description="active or finished.")
    player: int | None = Field(None, ge=1, description="Only this player's games.")
    kind: str | None = Field(None, description="A game kind's value (see /kinds).")


def _seats(game: Game, seats: list[Seat], scores: list[int] | None) -> list[dict[str, Any]]:
    kind = kinds.of(game)
    return [
        {
            "number": s.number,
            "player": s.player_id,
            "name": s.player.name,
            "mark": kind.seat_mark(s.number),
            "score": scores[s.number] if scores is not None else 0,
        }
        for s in seats
    ]


def game_summary(game: Game, seats: list[Seat], scores: list[int] | None) -> dict[str, Any]:
    return {
        "id": game.pk,
        "kind": game.kind,
        "kind_label": kind_label(game.kind),
        "status": game.status,
        "status_label": game.get_status_display(),
        "result": game.result_text,
        "ply": game.ply,
        "seats": _seats(game, seats, scores),
        "url": game.get_absolute_url(),
    }


@router.get("/games", response=schemas.GamePage, url_name="games")
def game_list(request: HttpRequest, filters: Query[GameFilters]) -> dict[str, Any]:
    """The games being played (``show=active``) or over (``show=finished``), as the site's
    list; the seats' scores are those of the game's end (0 while it is played: see the game)."""
    games = Game.objects.filter(device__isnull=True)  # games on one device are their owner's
    if filters.show == "finished":
        games = games.exclude(status__in=ACTIVE_STATUSES)
    else:
        games = games.filter(status__in=ACTIVE_STATUSES)
    if filters.player:
        games = games.filter(seats__player_id=filters.player).distinct()
    if filters.kind:
        games = games.filter(kind=filters.kind)
    games = games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
    )
    items, figures = page_of(games, filters)
    return {
        **figures,
        "items": [game_summary(g, list(g.seats.all()), g.final_scores) for g in items],
    }


def position_out(game: Game, state: Any, latest: int) -> dict[str, Any]:
    """The board as rows of marks ("" for an empty cell), whose move it is and what it may
    play; a game known by its final position only (a paper sheet) has its marks alone."""
    rules = game.rules
    if latest == 0 and game.final_position:
        board = position_view(rules, game.final_position)
        return {
            "rows": [[cell.mark for cell in cells] for _number, cells in board.rows],
            "to_move": None,
            "legal_moves": [],
            "small_boards": [],
        }
    active = game.is_active and rules.outcome(state) is None
    return {
        "rows": [list(row) for row in state.grid],
        "to_move": rules.to_move(state) if active else None,
        "legal_moves": list(rules.legal_moves(state)) if active else [],
        "small_boards": list(state.board_status) if kinds.of(game).small_boards else [],
        "out": [seat for seat, _ply in retired(state)],
    }


@router.get(
    "/games/{int:pk}",
    response=schemas.GameOut,
    url_name="game",
    openapi_extra=conditional_openapi(),
)
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One game: its seats and scores, every move, the position now and, with a clock, the
    time left (a poll ends a game whose flag has fallen, as the page's does)."""
    using = db_router.db_for_read(Game)
    # Read as the game page reads it: with whether it is a game on one device (its owner's only).
    game = queries.game_for_page(using, pk)
    if game is None or getattr(game, "device_token", None) is not None:
        raise Http404
    clock = None
    if game.time_control:
        clock = clock_pages.figures(game, timekeeping.live_clocks(game, timezone.now()))
    seats = queries.seats_of(using, game)
    rows = queries.MOVE_ROWS_UNTIMED.rows(using, game.pk)
    game.use_moves([row[2] for row in rows])
    state = game.state_at(len(rows))
    body = schemas.GameOut(
        **game_summary(game, seats, game.scores),
        options=game.options,
        rules=kinds.of(game).summary(game.options),
        time_control=game.time_control,
        winners=game.winners,
        end_reason=game.end_reason,
        moves=[
            {"ply": ply, "seat": seat, "notation": notation, "points": points}
            for ply, seat, notation, points in rows
        ],
        position=position_out(game, state, len(rows)),
        clock=clock,
    )
    return conditional(request, body, max_age=0)


def kind_out(kind: kinds.Kind) -> dict[str, Any]:
    return {
        "value": kind.value,
        "label": str(kind.label),
        "min_seats": kind.min_seats,
        "max_seats": kind.max_seats,
        "seat_marks": list(kind.seat_marks),
        "letters": list(kind.letters),
        "points": kind.points,
        "notation_hint": kind.notation_hint,
        "options_legend": str(kind.options_legend),
        "options": [
            {
                "name": o.name,
                "type": o.type,
                "label": str(o.label),
                "help": str(o.help),
                "default": o.default,
                "choices": [[value, str(label)] for value, label in o.choices],
                "min": o.min,
                "max": o.max,
            }
            for o in kind.options
        ],
    }


@router.get("/kinds", response=list[schemas.KindOut], url_name="kinds")
def kind_list(request: HttpRequest) -> list[dict[str, Any]]:
    """The kinds of game the site plays, and their rules options (the game-kind registry)."""
    return [kind_out(k) for k in kinds.all_kinds()]


@router.get("/kinds/{kind}", response=schemas.KindOut, url_name="kind")
def kind_detail(request: HttpRequest, kind: str) -> dict[str, Any]:
    """One kind of game and its rules options."""
    if not kinds.known(kind):
        raise Http404
    return kind_out(kinds.get(kind))
