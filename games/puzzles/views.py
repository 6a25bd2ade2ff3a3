"""The puzzles' pages: the list (:func:`puzzle_list`) and a puzzle (:func:`puzzle_detail`),
answered by tapping a cell (a plain form: no JavaScript needed) or by typing the move."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from games import kinds
from games.errors import GameError
from games.presenters import board_view
from games.puzzles import solving
from games.puzzles.models import Puzzle

PAGE_SIZE = 30


@require_safe
def puzzle_list(request: HttpRequest) -> HttpResponse:
    puzzles = solving.with_rates(Puzzle.objects.select_related("game").order_by("-pk"))
    page = Paginator(puzzles, PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [(p, kinds.of(p.game).label) for p in page.object_list]
    return render(request, "games/puzzle_list.html", {"page": page, "rows": rows})


@require_http_methods(["GET", "HEAD", "POST"])
def puzzle_detail(request: HttpRequest, pk: int) -> HttpResponse:
    puzzle = get_object_or_404(Puzzle.objects.select_related("game"), pk=pk)
    state = solving.position(puzzle)
    if state is None:
        raise Http404
    answer = error = None
    if request.method == "POST":
        notation = _posted_move(request)
        if not notation:
            error = gettext("Tap a cell of the board, or type the move.")
        else:
            try:
                answer = solving.answer(
                    puzzle=puzzle,
                    state=state,
                    notation=notation,
                    user=request.user,
                    session_key=_session_key(request),
                )
            except GameError as err:
                error = err.message
    return render(
        request,
        "games/puzzle_detail.html",
        _context(puzzle, state, answer, error),
        status=400 if error else 200,
    )


def _context(puzzle: Puzzle, state: Any, answer: Any, error: str | None) -> dict[str, Any]:
    game = puzzle.game
    rules = game.rules
    kind = kinds.of(game)
    if answer is None:
        board = board_view(rules, state, interactive=True)
    else:  # the solution played on the board
        board = board_view(rules, rules.play(state, puzzle.solution), interactive=False)
    seat = game.seats.select_related("player").filter(number=puzzle.seat).first()
    rated = solving.with_rates(Puzzle.objects.filter(pk=puzzle.pk)).first()
    return {
        "puzzle": puzzle,
        "board": board,
        "letters": kind.letters,
        "notation_hint": kind.notation_hint,
        "mark": kind.seat_mark(puzzle.seat),
        "mover": seat.player.name if seat else "",
        "answer": answer,
        "error": error,
        "rated": rated,
        "next": Puzzle.objects.filter(pk__gt=puzzle.pk).order_by("pk").first(),
    }


def _posted_move(request: HttpRequest) -> str:
    """The move from either form: a typed notation, or a tapped cell (plus SOS's letter)."""
    typed = request.POST.get("notation", "").strip()
    if typed:
        return typed
    cell = request.POST.get("cell", "").strip()
    letter = request.POST.get("letter", "").strip()
    return f"{cell}={letter}" if cell and letter else cell


def _session_key(request: HttpRequest) -> str:
    """The visitor's session (made now if he has none): an answer is counted once a session."""
    if request.user.is_authenticated:
        return ""
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key or ""


def daily_puzzle() -> dict[str, Any]:
    """The home page's puzzle of the day and its board (nothing while there is no puzzle)."""
    puzzle = solving.daily()
    state = solving.position(puzzle) if puzzle is not None else None
    if puzzle is None or state is None:
        return {}
    board = board_view(puzzle.game.rules, state, interactive=False)
    return {"daily": puzzle, "daily_board": board}
