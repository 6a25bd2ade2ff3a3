"""Views of the games app: short; the writes go through games.services."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import router
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.logs import log_event
from games import (
    clock_pages,
    computer_panel,
    device,
    device_views,
    hooks,
    kinds,
    memo,
    movers,
    queries,
    services,
    timekeeping,
)
from games.device_models import DeviceGame
from games.errors import GameError
from games.forms import NewGameForm
from games.models import ACTIVE_STATUSES, Game, GameStatus, Seat
from games.panel import kind_label
from games.presenters import (
    board_view,
    position_view,
    seat_colour_class,
)
from games.puzzles.views import daily_puzzle
from games.rules import retired

PAGE_SIZE = 30


def home(request: HttpRequest) -> HttpResponse:
    """The club's front page: what the two games are, what other apps add (the tournaments),
    the games being played, and for a visitor the ways in."""
    live = with_seats(Game.objects.filter(status__in=ACTIVE_STATUSES, device__isnull=True))[:10]
    context = {"live_games": live, "page": hooks.home_page(request)}
    return render(request, "home.html", {**context, **daily_puzzle()})


def with_seats(queryset):  # type: ignore[no-untyped-def]
    return queryset.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    )


@require_safe
def game_list(request: HttpRequest) -> HttpResponse:
    which = request.GET.get("show", "active")
    games = Game.objects.filter(device__isnull=True)  # games on one device are their owner's
    if which == "finished":
        games = games.exclude(status__in=ACTIVE_STATUSES)
    else:
        which = "active"
        games = games.filter(status__in=ACTIVE_STATUSES)
    page = Paginator(with_seats(games), PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "games/game_list.html",
        {"page": page, "show": which, "links": hooks.game_list(request)},
    )


@login_required
def game_create(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.create_game(
                kind=data["kind"],
                options=data["options"],
                players=data["players"],
                over_the_board=data["over_the_board"],
                created_by=request.user,
                time_control=data["time_control"],
            )
        except ValueError as err:
            form.add_error(None, str(err))
        else:
            return redirect(game)
    return render(request, "games/game_new.html", {"form": form})


def _game_context(request: HttpRequest, game: Game, on_device: Any = None) -> dict:
    """The board panel's context, at the latest position or at ``?at=N`` for replay.

    The position is the replay of the game's ``Move`` rows, read once here (the same rows fill
    the score sheet); no stored copy is read or checked on a page view. ``on_device``: the
    game's :class:`games.device_models.DeviceGame` when the visitor owns it (he moves for
    every seat).
    """
    # The page's reads are compiled once (games.queries): the same SQL as the ORM's.
    using = router.db_for_read(Game)
    seats = queries.seats_of(using, game)
    timed = bool(game.time_control)
    rows = (queries.MOVE_ROWS if timed else queries.MOVE_ROWS_UNTIMED).rows(using, game.pk)
    # Each row: ply, seat, notation, points (and, timed, the time it arrived).
    game.use_moves([row[2] for row in rows])
    latest = len(rows)
    at = _replay_at(request, latest)
    rules = game.rules
    state = game.state_at(at)
    to_move = rules.to_move(state)
    mover = seats[to_move] if to_move is not None and game.is_active else None
    can_move = (
        at == latest
        and mover is not None
        and (
            (on_device is not None and not on_device.is_computer(mover.number))
            or movers.may_move_for(request.user, game, mover.player)
        )
    )
    against = computer_panel.page_facts(on_device, game, mover, at != latest, len(seats))
    names = {s.number: s.player.name for s in seats}
    clock, times = None, []
    if timed:
        clock, times, waiting = _clock_of(game, rows, names)
        can_move = can_move and not waiting  # the round has not started yet
    # The game's own record of how it ended (the board, or an arbiter's decision); while
    # replaying, the board's outcome at that move.
    outcome = game.outcome if at == latest else rules.outcome(state)
    if game.status == GameStatus.ANNULLED:
        outcome = None
    scores = game.scores if at == latest else list(state.scores)
    kind = kinds.of(game)
    gone = {seat for seat, _ply in retired(state)}
    return {
        "game": game,
        "kind_label": kind_label(game.kind),
        # What the apps above games (tournaments, sheets) add to the page.
        "page": hooks.game_page(request, game),
        "seats": _seat_rows(
            kind, seats, scores, to_move if mover else None, outcome, game, out=gone
        ),
        "out": ",".join(str(seat) for seat in sorted(gone)),
        "board": position_view(rules, game.final_position)
        if latest == 0 and game.final_position
        else board_view(rules, state, interactive=can_move),
        "can_move": can_move,
        "on_device": on_device,
        "computer": against,
        "mover": mover,
        "extra_turn": getattr(state, "extra_turn", False) and mover is not None,
        "outcome": outcome,
        "winner_names": [names[w] for w in outcome.winners] if outcome else [],
        "moves": rows,
        # The score sheet is drawn from these by games.scoresheet.
        "names": names,
        "times": times or computer_panel.move_times(against, rows),
        "clock": clock,
        "at": at,
        "latest": latest,
        "replaying": at != latest,
        "steps": {
            "first": 0,
            "prev": max(0, at - 1),
            "next": min(latest, at + 1),
            "last": latest,
        },
    }


def _replay_at(request: HttpRequest, latest: int) -> int:
    """The move the page shows: ``?at=N`` held to 0..``latest`` (the latest if unreadable)."""
    try:
        at = int(request.GET.get("at", latest))
    except ValueError:
        at = latest
    return max(0, min(at, latest))


def _clock_of(game: Game, rows: list, names: dict[int, str]) -> tuple[Any, list[str], bool]:
    """A timed game's clock view, the time each move took, and whether its clocks wait for
    its round to start."""
    clocks = timekeeping.clocks_of(
        game,
        moves=[(row[1], row[4]) for row in rows],
        to_move=game.rules.to_move(game.current_state()),
        now=timezone.now(),
    )
    return (
        clock_pages.clock_view(game, clocks, names),
        clock_pages.spent_texts(clocks),
        clocks.waiting,
    )


def _seat_rows(
    kind: kinds.Kind,
    seats: list[Seat],
    scores: Any,
    to_move: int | None,
    outcome: Any,
    game: Game | None = None,
    out: Collection[int] = (),
) -> list[dict[str, Any]]:
    """The seats' table: each seat's number, player, mark, colour, score, turn and win, and the
    words other apps show beside the player's name (games.hooks.player_tags: a bot's badge)."""
    tags = hooks.player_tags([s.player for s in seats], game)
    return [
        {
            "tags": tags.get(s.player.pk, []),
            "number": s.number + 1,
            "player": s.player,
            "mark": kind.seat_mark(s.number),
            "colour_class": seat_colour_class(s.number),
            "score": scores[s.number],
            "to_move": to_move is not None and to_move == s.number,
            "winner": outcome is not None and s.number in outcome.winners,
            "out": s.number in out,  # its time ran out: out of the game (three or more seats)
        }
        for s in seats
    ]


@require_safe
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _game_page(request, pk, "games/game_detail.html")


@require_safe
def game_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The board, forms and score sheet alone: what the page's script swaps in place."""
    return _game_page(request, pk, "games/_panel.html")


def _game_page(request: HttpRequest, pk: int, template: str) -> HttpResponse:
    game = _game_or_404(pk)
    timekeeping.notice(game)  # a flag that fell since the last move ends the game now (a write)
    # The page's parts (this view, the other apps' hook answers, the authority they ask)
    # read each fact once (games.memo).
    found, owner = device_views.refuse_others(request, game)  # 403: another's game on one device
    with memo.page_reads():
        context = _game_context(request, game, found if owner else None)
        return render(request, template, context)


def _game_or_404(pk: int) -> Game:
    game = queries.game_for_page(router.db_for_read(Game), pk)
    if game is None:
        raise Http404
    return game


@require_safe
def game_live(request: HttpRequest, pk: int) -> JsonResponse:
    """A cheap poll: the number of moves and the status, for the page to notice changes; in a
    game with a clock, also the clocks (milliseconds left per seat, the running seat), after
    ending the game if its flag has fallen."""
    rows = queries.GAME_LIVE.rows(router.db_for_read(Game), pk)
    if not rows:
        raise Http404
    ply, status, time_control, token_hash, owner_id = rows[0]
    if token_hash is not None:  # a game on one device: its owner's alone, as its page
        found = DeviceGame(game_id=pk, token_hash=token_hash, owner_id=owner_id)
        mine = device.is_owner(found, request.user, device.session_token(request.session))
        if not mine:
            device_views.refuse(request)
    if not time_control:
        return JsonResponse({"ply": ply, "status": status})
    game = Game.objects.get(pk=pk)
    clocks = timekeeping.live_clocks(game, timezone.now())
    return JsonResponse(
        {"ply": game.ply, "status": game.status, "clock": clock_pages.figures(game, clocks)}
    )


@require_POST
def game_move(request: HttpRequest, pk: int) -> HttpResponse:
    # The service locks and loads the game itself: no need to read it here first.
    game = Game(pk=pk)
    notation = _posted_move(request)
    # The header straight from META: ``request.headers`` would build a dict of them all.
    wants_json = "application/json" in request.META.get("HTTP_ACCEPT", "")
    try:
        expected = expected_ply(request)
    except ValueError:
        message = _("The form's move number is not a number: reload the page and try again.")
        if wants_json:
            return JsonResponse(
                {"ok": False, "code": "bad_expected_ply", "error": message}, status=400
            )
        return render(request, "400.html", {"message": message}, status=400)
    token = device.session_token(request.session)
    try:
        services.submit_move(
            game=game,
            user=request.user,
            notation=notation,
            expected_ply=expected,
            device_token=token,
        )
    except Game.DoesNotExist:
        raise Http404 from None
    except GameError as err:
        log_event(
            "club.moves",
            "move_refused",
            game=game.pk,
            user=request.user.pk,
            code=err.code,
            expected_ply=expected,
        )
        if wants_json:
            return JsonResponse({"ok": False, "code": err.code, "error": err.message}, status=400)
        messages.error(request, err.message)
        if not request.user.is_authenticated and token is None:
            return redirect(f"{_login_url()}?next={game.get_absolute_url()}")
    else:
        if wants_json:
            return HttpResponse(MOVE_ACCEPTED, content_type="application/json")
    return redirect(game)


# The answer to an accepted move, encoded once: what ``JsonResponse({"ok": True})`` writes.
MOVE_ACCEPTED = b'{"ok": true}'


def expected_ply(request: HttpRequest) -> int | None:
    """The number of moves the posted form was made at (the stale-form check); ``None`` when the
    form sends none; ``ValueError`` when it sends something that is not a move count."""
    if "expected_ply" not in request.POST:
        return None
    text = request.POST["expected_ply"].strip()
    if not text.isascii() or not text.isdigit():
        raise ValueError(text)
    return int(text)


def _login_url() -> str:
    from django.conf import settings
    from django.shortcuts import resolve_url

    return resolve_url(settings.LOGIN_URL)


def _posted_move(request: HttpRequest) -> str:
    """The move from either form: typed notation, or a clicked cell (plus SOS's S/O choice;
    the board form of ultimate tic-tac-toe sends no letter)."""
    typed = request.POST.get("notation", "").strip()
    if typed:
        return typed
    cell = request.POST.get("cell", "").strip()
    letter = request.POST.get("letter", "").strip()
    if cell and letter:
        return f"{cell}={letter}"
    return cell
