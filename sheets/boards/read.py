"""Reading a board sheet back: find its parts by their labels, replay its moves, check the rest.

The lettered grid is at B1/A2 (its size is read from the letters and numbers); ``Игроки:``,
``Победитель:``, the details and the score sheet are found by their text in either language.
A move list is replayed through the rules engine (an illegal move is an error at its cell); a
sheet without moves is a final position, checked by :mod:`sheets.boards.position`. Every problem is
collected in ``BoardRecord.errors``; nothing here touches the database.
"""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games import kinds
from games.rules import col_name, get_rules
from games.rules.notation import normalise
from sheets import layout as L
from sheets.boards.check import check_moves, check_position
from sheets.boards.layouts import layout, layouts
from sheets.boards.record import (
    MARK_COL,
    NAME_COL,
    SCORE_COL,
    BoardRecord,
    SeatRecord,
    SheetReader,
    parse_ref,
    to_int,
)
from sheets.boards.ruletext import (
    candidates,
    earlier_wordings,
    parse_rules_string,
    rule_lines,
    rules_words,
)
from sheets.xlsx.reader import SheetData
from sheets.xlsx.writer import col

__all__ = ["BoardRecord", "SeatRecord", "is_board_sheet", "read_board", "to_int"]

FOUND = (L.PLAYERS, L.WINNER, L.TOURNAMENT, L.ROUND, L.BOARD, L.RULES, L.GAME, L.MOVE)
FOUND += (L.MOVE_RULES, L.WIN_RULES, L.RESTRICTIONS, L.TIME_CONTROL)


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def _label_map() -> dict[str, L.Text]:
    titles = tuple(lay.title for lay in layouts())
    return {form: text for text in FOUND + titles for form in L.forms(text)}


def is_board_sheet(sheet: SheetData) -> bool:
    letter = sheet.get(1, 2)
    return isinstance(letter, str) and normalise(letter) == "A" and to_int(sheet.get(2, 1)) == 1


def read_board(
    sheet: SheetData, *, kind: str | None = None, options: dict[str, Any] | None = None
) -> BoardRecord:
    """Read and check one board sheet. ``kind``/``options``: the tournament's rules, if any."""
    rd = SheetReader(sheet)
    rec = rd.record
    cols = 0
    while isinstance(v := sheet.get(1, cols + 2), str) and normalise(v) == col_name(cols):
        cols += 1
    rows = 0
    while to_int(sheet.get(rows + 2, 1)) == rows + 1:
        rows += 1
    if rows < 3 or cols < 3:
        rd.error(1, 2, _("No lettered board here: column letters go in B1…, row numbers in A2…."))
        return rec
    labels: dict[L.Text, list[tuple[int, int]]] = {}
    lookup = _label_map()
    for (r, c), v in sheet.cells.items():
        if isinstance(v, str) and (r > rows + 1 or c > cols + 1):
            text = lookup.get(L.norm(v))
            if text is not None:
                labels.setdefault(text, []).append((r, c))
    for key, text in (("tournament", L.TOURNAMENT), ("round", L.ROUND), ("board", L.BOARD)):
        _detail(rd, labels, key, text)
    _detail(rd, labels, "game", L.GAME)
    _detail(rd, labels, "rules", L.RULES)
    _detail(rd, labels, "time_control", L.TIME_CONTROL)  # read back, not imported: the clock
    # is the site's (a game played on paper has none); the score sheet's times are skipped too
    if not _rules(rd, labels, kind, options, rows, cols):
        return rec
    rec.grid = [[_mark(rd, r + 2, c + 2, rec.kind) for c in range(cols)] for r in range(rows)]
    _players(rd, labels, rows)
    _moves(rd, labels, cols)
    seats = rec.seats
    if len(seats) != get_rules(rec.kind, **rec.options).players:
        rec.seats = []  # the seats cannot be checked (reported); everything else is
    try:
        _check(rd)
    finally:
        rec.seats = seats
    return rec


def _check(rd: SheetReader) -> None:
    rec = rd.record
    if rec.moves or not rec.marked:
        check_moves(rd)
        return
    if rec.winners is None and not any(e.code == "structure" for e in rec.errors):
        rd.error(
            *parse_ref(rec.winner_cell),
            _("A board without moves is a finished game: name the winner, or write the moves."),
        )
    check_position(rd)  # every check a position allows, whatever else is missing


def _detail(rd: SheetReader, labels: dict, key: str, text: L.Text) -> None:
    for r, c in labels.get(text, []):
        for cc in range(c + 1, c + 9):
            if rd.sheet.get(r, cc) is not None:
                value = rd.value(r, cc)
                if key in ("round", "board", "game") and value is not None:
                    number = to_int(value)
                    if number is None or number < 1:
                        rd.error(r, cc, _("“%(text)s” is not a number.") % {"text": value})
                        value = None
                    else:
                        value = number
                rd.record.details[key] = (value, f"{col(cc)}{r}")
                return


def _rules(
    rd: SheetReader, labels: dict, kind: str | None, options: dict | None, rows: int, cols: int
) -> bool:
    """The game and options of the sheet: a rules string (older sheets), else the rules in
    words under the board, else the tournament's (``kind``/``options``), else the title's
    defaults. A sheet's rules that are not the tournament's are an error."""
    rec = rd.record
    stated = rec.details.get("rules")
    found: tuple[str, dict[str, Any]] | None = None
    where = (1, 1)
    if stated and stated[0] is not None:
        where = parse_ref(stated[1])
        try:
            found = parse_rules_string(str(stated[0]))
        except ValueError as err:
            if _looks_like_rules_string(str(stated[0])):
                rd.error(*where, _("These rules cannot be read: %(reason)s") % {"reason": err})
                return False
    if found is None:
        found = _rules_in_words(rd, labels, kind, options, rows, cols)
        if found is not None and not (stated and stated[0] is not None):
            where = _first_rule_cell(labels)
    if found is not None:
        rec.kind, rec.options = found
        if kind is not None and (rec.kind, rec.options) != (kind, options):
            rd.error(
                *where,
                _("These are not the tournament's rules (%(rules)s).")
                % {"rules": rules_words(kind, options or {})},
            )
            return False
    elif kind is not None:
        rec.kind, rec.options = kind, dict(options or {})
    elif titled := [lay for lay in layouts() if lay.title in labels]:
        # Only the game's title: its usual rules on a board of this size and seats.
        seats = _count_seats(rd, labels)
        rec.kind, rec.options = titled[0].kind, titled[0].guessed_options(rows, cols, seats)
    else:
        rd.error(1, 1, _("Which game is this? Write the rules beside the board (Rules: …)."))
        return False
    rules = get_rules(rec.kind, **rec.options)
    if (rules.rows, rules.cols) != (rows, cols):
        rd.error(
            1,
            2,
            _("The board is %(rows)s×%(cols)s; these rules need %(want_rows)s×%(want_cols)s.")
            % {"rows": rows, "cols": cols, "want_rows": rules.rows, "want_cols": rules.cols},
        )
        return False
    return True


def _looks_like_rules_string(text: str) -> bool:
    tokens = text.split()
    return bool(tokens) and kinds.known(tokens[0].lower()) and "=" in text


RULE_LABELS = (L.MOVE_RULES, L.WIN_RULES, L.RESTRICTIONS)


def _first_rule_cell(labels: dict) -> tuple[int, int]:
    found = sorted(rc for rc in labels.get(L.MOVE_RULES, []) if rc[1] == 1)
    return found[0] if found else (1, 1)


def _rule_sections(rd: SheetReader, labels: dict) -> tuple[str, ...] | None:
    """The text under each rules label in column A (its rows joined), or ``None``."""
    out = []
    stops = set(_label_map())
    for text in RULE_LABELS:
        found = sorted(rc for rc in labels.get(text, []) if rc[1] == 1)
        if not found:
            return None
        r = found[0][0] + 1
        rows = []
        while isinstance(v := rd.sheet.get(r, 1), str) and L.norm(v) not in stops:
            rows.append(v)
            r += 1
        out.append(L.norm(" ".join(rows)))
    return tuple(out)


def _sections_of(kind: str, options: dict[str, Any], code: str) -> set[tuple[str, ...]]:
    """The rules sections of ``options`` as a sheet in ``code`` shows them: in the catalogue's
    words, or in an earlier wording of them (``ruletext.earlier_wordings``), read as the same."""
    key = (kind, tuple(sorted(options.items())), code, translation.get_language())
    if key not in _SECTIONS:
        with translation.override(code):
            _SECTIONS[key] = {
                tuple(L.norm(" ".join(x)) for x in rule_lines(kind, options, say=say))
                for say in (L.t, *earlier_wordings(code))
            }
    return _SECTIONS[key]


_SECTIONS: dict[tuple, set[tuple[str, ...]]] = {}


def _rules_in_words(
    rd: SheetReader,
    labels: dict,
    kind: str | None,
    options: dict | None,
    rows: int,
    cols: int,
) -> tuple[str, dict[str, Any]] | None:
    """The options whose rules in words (in any of the site's languages) the sheet shows."""
    sections = _rule_sections(rd, labels)
    if sections is None:
        return None
    if kind is not None and options is not None:
        full = dict(get_rules(kind, **options).options)
        if any(sections in _sections_of(kind, full, code) for code in languages()):
            return kind, full
    order = layouts()
    names = [kind] if kind else []
    names += [lay.kind for lay in order if lay.title in labels]  # the titled kinds next
    names += [lay.kind for lay in order]
    players = _count_seats(rd, labels)
    for k in dict.fromkeys(names):
        if not layout(k).fits(rows, cols):
            continue
        for options in candidates(k, rows, cols, max(2, min(players, 6))):
            if any(sections in _sections_of(k, options, code) for code in languages()):
                return k, options
    return None


def _count_seats(rd: SheetReader, labels: dict) -> int:
    found = [rc for rc in labels.get(L.PLAYERS, []) if rc[1] == 1]
    if not found:
        return 2
    r = found[0][0]
    n = 0
    while (
        rd.sheet.get(r + n, NAME_COL) is not None
        and n < 6
        and not L.is_label(rd.sheet.get(r + n, 1), L.WINNER)
    ):
        n += 1
    return n


def _mark(rd: SheetReader, r: int, c: int, kind: str) -> str:
    v = rd.value(r, c)
    if v is None:
        return ""
    m = L.mark(v)
    entry = kinds.get(kind)
    allowed = entry.letters or entry.seat_marks  # the marks a cell may hold
    if m not in allowed:
        params = {"text": v, "a": allowed[0], "b": allowed[1]}
        rd.error(r, c, _("“%(text)s” is not a mark: write %(a)s or %(b)s.") % params)
        return ""
    return m


def _players(rd: SheetReader, labels: dict, rows: int) -> None:
    rec, sheet = rd.record, rd.sheet
    found = sorted(rc for rc in labels.get(L.PLAYERS, []) if rc[1] == 1 and rc[0] > rows + 1)
    if not found:
        rd.error(rows + 3, 1, _("The label “Players:” is missing below the board."), "structure")
        return
    start = found[0][0]
    winners = sorted(r for r, c in labels.get(L.WINNER, []) if c == 1 and r > start)
    stop = winners[0] if winners else start + 6
    for r in range(start, stop):
        name = rd.value(r, NAME_COL)
        if name is None:
            break
        score = rd.value(r, SCORE_COL)
        if score is not None and (to_int(score) is None or to_int(score) < 0):
            rd.error(r, SCORE_COL, _("“%(text)s” is not a score.") % {"text": score})
            score = None
        rec.seats.append(SeatRecord(str(name).strip(), rd.value(r, MARK_COL), to_int(score), r))
    rules = get_rules(rec.kind, **rec.options)
    if len(rec.seats) != rules.players:
        rd.error(
            start,
            NAME_COL,
            _("This game has %(n)s players: write one name a row under “Players:”.")
            % {"n": rules.players},
            "structure",
        )
        return
    if not winners:
        rd.error(start + 4, 1, _("The label “Winner:” is missing."), "structure")
        return
    wr = winners[0]
    left_last = max(len(rec.grid[0]) + 1 if rec.grid else 0, 10)  # the board's side of the sheet
    wc = next((c for c, _v in sheet.row(wr) if 1 < c <= left_last), NAME_COL)
    rec.winner_cell = f"{col(wc)}{wr}"
    rec.winners = _winners(rd, wr, wc)


def _winners(rd: SheetReader, r: int, c: int) -> tuple[int, ...] | None:
    value = rd.value(r, c)
    if value is None:
        return None
    if L.is_label(value, L.DRAW):
        return ()
    rec = rd.record
    names = {L.norm(s.name): n for n, s in enumerate(rec.seats)}
    marks = kinds.get(rec.kind).seat_marks  # a winner may be named by the seat's mark
    text = str(value)
    if L.norm(text) in names:
        return (names[L.norm(text)],)
    chosen = set()
    pending = ""
    for piece in re.split(r"([,;])", text):  # a name may hold a comma: join pieces until one fits
        pending += piece
        if piece in (",", ";") or L.norm(pending.strip(",;")) not in names:
            continue
        chosen.add(names[L.norm(pending.strip(",;"))])
        pending = ""
    for part in (p for p in re.split(r"[,;]", pending) if p.strip()):
        key = L.norm(part)
        mark = L.mark(part)
        if key in names:
            chosen.add(names[key])
        elif mark and mark in marks:
            chosen.add(marks.index(mark))
        elif part.strip().isdecimal() and 1 <= int(part) <= len(rec.seats):
            chosen.add(int(part) - 1)
        else:
            params = {"text": part.strip(), "draw": L.t(L.DRAW)}
            rd.error(r, c, _("“%(text)s” is not one of the players, nor “%(draw)s”.") % params)
            return None
    return tuple(sorted(chosen))


def _moves(rd: SheetReader, labels: dict, cols: int) -> None:
    sheet = rd.sheet
    entries: dict[int, tuple[Any, Any, Any, int, int]] = {}
    for hr, mc in sorted(labels.get(L.MOVE, [])):
        if mc <= cols + 1:
            continue
        has_points = L.is_label(sheet.get(hr, mc + 1), L.POINTS)
        for r in range(hr + 1, sheet.max_row + 1):
            number, move = rd.value(r, mc - 2), rd.value(r, mc)
            if number is None and move is None:
                continue
            n = to_int(number)
            if n is None or n < 1:
                rd.error(r, mc - 2, _("“%(text)s” is not a move number.") % {"text": number})
                continue
            if n in entries:
                rd.error(r, mc - 2, _("Move %(number)s is written twice.") % {"number": n})
                continue
            points = rd.value(r, mc + 1) if has_points else None
            entries[n] = (move, rd.value(r, mc - 1), points, r, mc)
    rec = rd.record
    written = sorted(n for n, e in entries.items() if e[0] is not None)
    for expected, n in enumerate(written, 1):
        if n != expected:
            r, c = entries[n][3], entries[n][4]
            rd.error(r, c, _("Move %(number)s is missing before this one.") % {"number": expected})
            return
    rec.moves = [str(entries[n][0]).strip() for n in written]
    rec.move_cells = [f"{col(entries[n][4])}{entries[n][3]}" for n in written]
    rd.move_extra = {n: entries[n] for n in written}
