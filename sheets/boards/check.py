"""Checks of a board sheet read by :mod:`sheets.boards.read`: the move list replayed through the
rules engine (each illegal move is an error at its cell; the board, the seats' marks and scores
and the stated winner against the replay), or a final position checked by
:mod:`sheets.boards.position`."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games import kinds
from games.rules import MoveError, get_rules
from sheets import layout as L
from sheets.boards.layouts import layout
from sheets.boards.record import MARK_COL, SCORE_COL, SheetReader, parse_ref, to_int


def check_moves(rd: SheetReader) -> None:
    rec = rd.record
    rules = get_rules(rec.kind, **rec.options)
    state = rules.start()
    extra = rd.move_extra
    scored = kinds.get(rec.kind).points  # the sheet gives the points each move scored
    for n, text in enumerate(rec.moves, 1):
        _move, seat_text, points, r, c = extra[n]
        mover = rules.to_move(state)
        try:
            state = rules.play(state, text)
        except MoveError as err:
            reason = err.translate(_)
            params = {"number": n, "move": text, "reason": reason}
            rd.error(r, c, _("Move %(number)s (%(move)s): %(reason)s") % params)
            return
        if seat_text is not None and not _same_seat(rec.kind, seat_text, mover):
            params = {"number": n, "seat": _seat_name(rec.kind, mover)}
            rd.error(r, c - 1, _("Move %(number)s was made by %(seat)s.") % params)
        if scored and points is not None and to_int(points) != state.points[-1]:
            params = {"number": n, "points": state.points[-1]}
            rd.error(r, c + 1, _("Move %(number)s scores %(points)s.") % params)
    rec.moves = list(state.moves)
    rec.outcome = rules.outcome(state)
    if rec.marked:
        bad = 0
        for r, (mine, theirs) in enumerate(zip(rec.grid, state.grid, strict=True)):
            for c, (a, b) in enumerate(zip(mine, theirs, strict=True)):
                if a != b and bad < 10:
                    bad += 1
                    message = _("The moves leave “%(mark)s” here.") % {"mark": b or "—"}
                    rd.error(r + 2, c + 2, message)
    if rec.outcome is not None and rec.winners is not None and rec.winners != rec.outcome.winners:
        # An arbiter may have decided otherwise on the site: the importer judges this one.
        r, c = parse_ref(rec.winner_cell)
        rec.winner_conflict = rd.sheet.error(r, c, _("The moves end the game otherwise."))
    live = list(state.scores)
    rec.scores = live
    for n, seat in enumerate(rec.seats):
        if seat.score is not None and rec.moves and seat.score != live[n]:
            rd.error(seat.row, SCORE_COL, _("By the moves the score is %(n)s.") % {"n": live[n]})
    _check_marks(rd)


def _check_marks(rd: SheetReader) -> None:
    rec = rd.record
    for n, seat in enumerate(rec.seats):
        if seat.mark is not None and not _same_seat(rec.kind, seat.mark, n):
            message = _("This seat is %(seat)s.") % {"seat": _seat_name(rec.kind, n)}
            rd.error(seat.row, MARK_COL, message)


def _same_seat(kind: str, text: Any, seat: int) -> bool:
    """Does ``text`` name seat ``seat``: its mark, or (a kind without marks) its number?"""
    mark = kinds.get(kind).seat_mark(seat)
    return L.mark(text) == mark if mark else to_int(text) == seat + 1


def _seat_name(kind: str, seat: int) -> str:
    return kinds.get(kind).seat_label(seat)


def check_position(rd: SheetReader) -> None:
    """Check a final position for everything it alone shows; the stated winner, if any, too."""
    rec = rd.record
    problems = layout(rec.kind).position_problems(rd)
    for where, message in problems:
        if where == "board":
            rd.error(2, 2, message)
        elif where == "winner":
            rd.error(*parse_ref(rec.winner_cell), message)
        else:
            rd.error(rec.seats[where[1]].row, SCORE_COL, message)
    _check_marks(rd)
