"""The game page's score sheet and the words said about each move (``games.panel`` draws the
rest of the panel).

Two players: a move pair a row (No. | first | second), the names once, in the heading; in SOS a
player who scored moves again, so a cell may hold more than one move. More players: a row a
move (:func:`games.presenters.score_sheet_rows_html`). Every move links to its position (the
replay). The words said (``<template class="says">``) are what a screen reader hears when a
move arrives (``static/js/game.js`` reads them into the page's live region): "Alice: B2=S, 2 SOS".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

from django.template import Context
from django.utils.translation import gettext, gettext_noop, ngettext

from games import kinds
from games.presenters import score_sheet_rows_html, seat_colour_class
from games.rules.uttt import BOARD_NAMES

# How many of the last moves the page carries words for (a poll may bring several at once: a
# bot's answer and, in SOS, its extra turns).
SAID_MOVES = 6

gettext_noop("Last move:")
gettext_noop("Next: any open board")


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def say(name: str, notation: str, points: int) -> str:
    """The words said about a move, as markup: ``Alice: B2=S, 2 SOS``, the name isolated
    (``<bdi>``) and every part escaped."""
    values = {"name": f"<bdi>{_e(name)}</bdi>", "move": _e(notation), "count": int(points)}
    if points:
        return (
            _e(
                ngettext(
                    "%(name)s: %(move)s, %(count)s SOS", "%(name)s: %(move)s, %(count)s SOS", points
                )
            )
            % values
        )
    return _e(gettext("%(name)s: %(move)s")) % values


def says_html(rows: Sequence[Sequence[Any]], names: Mapping[int, str], *, sos: bool) -> str:
    """The words of the last moves, one ``<p data-ply>`` each, in an inert ``<template>``."""
    said = "".join(
        f'<p data-ply="{int(row[0])}">'
        f"{say(names.get(row[1], '?'), row[2], row[3] if sos else 0)}</p>"
        for row in rows[-SAID_MOVES:]
    )
    return f'<template class="says">{said}</template>'


def hints_html(c: Mapping[str, Any]) -> str:
    """The line under the status: the last move shown, in words, and (ultimate tic-tac-toe)
    the small board the next move goes to. Always there (maybe empty): the board below it does
    not move when it changes."""
    parts = []
    rows = c["moves"]
    at = c["at"]
    if at and rows:
        row = rows[at - 1]
        sos = kinds.of(c["game"]).points
        names = c["names"]
        words = say(names.get(row[1], "?"), row[2], row[3] if sos else 0)
        parts.append(f'<span class="last-move-text">{_e(gettext("Last move:"))} {words}</span>')
    boards = [b["index"] for b in c["board"].small_boards if b["allowed"]]
    if boards and c["game"].is_active and not c["outcome"]:
        if len(boards) == 1:
            text = gettext("Next: board %(board)s") % {"board": BOARD_NAMES[boards[0]]}
        else:
            text = gettext("Next: any open board")
        parts.append(f'<span class="next-board">{_e(text)}</span>')
    return f'      <p class="game-hints">{" · ".join(parts)}</p>\n'


def pairs_html(
    rows: Sequence[Sequence[Any]],
    names: Mapping[int, str],
    *,
    at: int,
    sos: bool,
    times: Sequence[str] = (),
) -> str:
    """The ``<tbody>`` rows of a two-player score sheet: a pair of turns a row."""
    lines: list[list[list[str]]] = []
    row_classes: list[set[str]] = []
    previous = None
    for index, row in enumerate(rows):
        ply, seat, notation, points = int(row[0]), row[1], row[2], row[3]
        if not lines or (seat == 0 and previous != 0):
            lines.append([[], []])
            row_classes.append(set())
        state = " current" if ply == at else " future" if ply > at else ""
        row_classes[-1].add(state.strip() or "past")
        scored = f'<span class="points">+{int(points)}</span>' if sos and points else ""
        took = f'<span class="move-time">{_e(times[index])}</span>' if index < len(times) else ""
        lines[-1][1 if seat else 0].append(
            f'<span class="move{state}"><a class="notation" href="?at={ply}" data-at="{ply}">'
            f"{_e(notation)}</a>{scored}{took}</span>"
        )
        previous = seat
    out = []
    for number, (first, second) in enumerate(lines, start=1):
        classes = row_classes[number - 1]
        # A row is "future" only when all of it is: a replay's current move may share it.
        css = "current" if "current" in classes else "future" if classes == {"future"} else ""
        attr = f' class="{css}"' if css else ""
        out.append(
            f'<tr{attr}><td class="move-no">{number}</td>'
            f"<td>{' '.join(first)}</td><td>{' '.join(second)}</td></tr>"
        )
    return "".join(out)


def sheet_html(
    context: Context,
    c: Mapping[str, Any],
    w: Mapping[str, str],
    item_html: Callable[[Context, Any, str], str],
) -> str:
    """The score sheet's aside: the replay's steps, the moves, what other apps add."""
    steps = {k: int(v) for k, v in c["steps"].items()}
    out = [
        '    <aside class="scoresheet">\n'
        f"      <h2>{w['Score sheet']}</h2>\n"
        f'      <nav class="replay" aria-label="{w["Replay"]}">\n'
        f'        <a href="?at={steps["first"]}" data-at="{steps["first"]}" '
        f'title="{w["Start"]}">«</a>\n'
        f'        <a href="?at={steps["prev"]}" data-at="{steps["prev"]}" '
        f'title="{w["Back one move"]}">‹</a>\n'
        f'        <span class="replay__pos">{int(c["at"])} / {int(c["latest"])}</span>\n'
        f'        <a href="?at={steps["next"]}" data-at="{steps["next"]}" '
        f'title="{w["Forward one move"]}">›</a>\n'
        f'        <a href="?at={steps["last"]}" data-at="{steps["last"]}" '
        f'title="{w["Latest position"]}">»</a>\n'
        "      </nav>\n"
    ]
    rows = c["moves"]
    if rows:
        out.append(_moves_table(c, w, rows))
    else:
        out.append(f'        <p class="empty">{w["No moves yet."]}</p>\n')
    out.append("      ")
    out.extend(item_html(context, item, "p") for item in c["page"].aside)
    out.append("\n    </aside>\n")
    return "".join(out)


def _moves_table(c: Mapping[str, Any], w: Mapping[str, str], rows: Sequence[Any]) -> str:
    sos = kinds.of(c["game"]).points
    names = c["names"]
    times = c.get("times") or ()
    if len(c["seats"]) == 2:
        heads = "".join(
            '<th scope="col">'
            f'<span class="swatch {seat_colour_class(seat)}" aria-hidden="true"></span>'
            f"<bdi>{_e(names.get(seat, '?'))}</bdi></th>"
            for seat in (0, 1)
        )
        body = pairs_html(rows, names, at=c["at"], sos=sos, times=times)
        return (
            '        <table class="moves moves--pairs">\n'
            f'          <thead><tr><th scope="col">№</th>{heads}</tr></thead>\n'
            f"          <tbody>{body}</tbody>\n"
            "        </table>\n"
        )
    points = f"<th>{w['Points']}</th>" if sos else ""
    body = score_sheet_rows_html(rows, names, at=c["at"], sos=sos, times=times)
    return (
        '        <table class="moves">\n'
        f"          <thead><tr><th>№</th><th>{w['Player']}</th><th>{w['Move']}</th>"
        f"{points}</tr></thead>\n"
        f"          <tbody>{body}</tbody>\n"
        "        </table>\n"
    )
