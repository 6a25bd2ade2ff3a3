"""A knockout's sheets in the tournament workbook (issue 29): the bracket as clubs draw it by
hand, and a sheet for every match with its games.

The bracket sheet: the rounds as columns (each a match-number column, a name column and a
score column), each match a boxed pair of rows (the upper slot above the lower, the match's
score beside each name, the winner in bold), the winners carried right into the next round's
slot, the champion after the last round. A double elimination draws the losers' bracket below
the winners' and the grand final(s) below that; a third-place match is drawn below the
bracket. A slot not known yet says where its player will come from ("winner of match 5"). The
scores, the names carried right and the champion typed into it come back through the import
(``sheets.imports.bracket``, which finds each match where ``bracket_places`` says it is drawn).

A match sheet (``Match 5`` in A1): the players, the score and how the match stands, then one
row a game — its number in the match, its stage (game, tie-break game, the decider), the
round and board it is played on, the first mover, the result, the second player. Results
typed there come back through the import as the round sheets' do (``sheets.imports.read``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from sheets import layout as L
from sheets.boards.write import LABEL, TITLE
from sheets.workbooks.results import result_text
from sheets.xlsx.writer import Cell, SheetSpec, Style
from tournaments import pairing
from tournaments.acts import cup
from tournaments.core.vocabulary import points_text
from tournaments.formats import Decider
from tournaments.models import Tournament
from tournaments.pairing.knockout_bracket import GRAND_FINAL, LOSERS, THIRD_PLACE, WINNERS
from tournaments.pairing.knockout_match import DECIDER, TIEBREAK

THIN = "thin"
TOP = Style(border=(THIN, THIN, THIN, None), v="center")
BOTTOM = Style(border=(THIN, THIN, None, THIN), v="center")
TOP_WIN = Style(bold=True, border=(THIN, THIN, THIN, None), v="center")
BOTTOM_WIN = Style(bold=True, border=(THIN, THIN, None, THIN), v="center")
TOP_SCORE = Style(border=(THIN, THIN, THIN, None), h="center", v="center", number_format="@")
BOTTOM_SCORE = Style(border=(THIN, THIN, None, THIN), h="center", v="center", number_format="@")
SOURCE = Style(italic=True, color="808080", border=(THIN, THIN, THIN, None))
SOURCE_BOTTOM = Style(italic=True, color="808080", border=(THIN, THIN, None, THIN))
NUMBER = Style(color="808080", h="right", v="center", size=8)
HEAD = Style(bold=True, fill="EEEEEE", h="center", border=(THIN, THIN, THIN, THIN), wrap=True)
RESULT = Style(h="center", number_format="@", border=(THIN, THIN, THIN, THIN))
BOXED = Style(border=(THIN, THIN, THIN, THIN))
SECTION = Style(bold=True, size=12)
ROWS_A_MATCH = 4  # a round-1 match: its two rows and two rows of space
FIRST_ROW = 5  # the first match's row (the round names above it)

Grid = dict[tuple[int, int], Cell]


@dataclass
class Places:
    """Where the bracket sheet draws each match — its upper slot's row and its match-number
    column (the names one column right, the scores two) — and the champion's cell; the import
    reads the bracket back from the same places (``sheets.imports.bracket``)."""

    matches: dict[int, tuple[int, int]] = field(default_factory=dict)
    champion: tuple[int, int] | None = None


def match_title(number: int) -> str:
    return L.t(L.MATCH_SHEET, number=number)


def _score(view: cup.CupView, m: cup.MatchView) -> tuple[str, str] | None:
    """The match's score as two cells' texts (the tie-break games' in brackets)."""
    state = m.state
    if m.decided_by == "walkover":
        won = m.row.walkover_winner if m.row is not None else 0
        return {0: ("+", "-"), 1: ("-", "+")}.get(won, ("-", "-"))  # both withdrawn: "-", "-"
    if state is None or not m.games:
        return None
    texts = [points_text(p) for p in state.score]
    later = any(state.tiebreak_score) or state.decided_by not in (None, "regular")
    if view.options.tiebreak_games and state.stage in (TIEBREAK, DECIDER, "done") and later:
        tb = state.tiebreak_score
        texts = [f"{a} ({points_text(b)})" for a, b in zip(texts, tb, strict=True)]
    return texts[0], texts[1]


def _slot_cells(
    view: cup.CupView, m: cup.MatchView, side: int, top: bool
) -> tuple[Cell, Cell | None]:
    """The name cell and the score cell of a slot of ``m`` (0 the upper, 1 the lower)."""
    st = m.status
    seed = (st.first, st.second)[side]
    entry = view.entrant(seed)
    if entry is None:
        source = m.match.sources[side]
        if seed == pairing.NOBODY or source.kind == "bye":
            text = L.t(L.BYE)
        else:
            text = view.source_text(source)
        return Cell(text, SOURCE if top else SOURCE_BOTTOM), None
    won = st.winner is not None and st.winner == seed and st.winner != pairing.NOBODY
    style = (TOP_WIN if won else TOP) if top else (BOTTOM_WIN if won else BOTTOM)
    score = _score(view, m)
    value = score[side] if score is not None else None
    return Cell(entry.player.name, style), Cell(value, TOP_SCORE if top else BOTTOM_SCORE)


def _draw_match(
    grid: Grid, places: Places, view: cup.CupView, m: cup.MatchView, row: int, column: int
) -> None:
    """Match ``m`` boxed at ``row`` (its upper slot; the lower below), from ``column`` on."""
    places.matches[m.number] = (row, column)
    grid[(row, column)] = Cell(m.number, NUMBER)
    for side in (0, 1):
        name, score = _slot_cells(view, m, side, side == 0)
        grid[(row + side, column + 1)] = name
        grid[(row + side, column + 2)] = score or Cell(
            None, TOP_SCORE if side == 0 else BOTTOM_SCORE
        )


def _draw_side(
    grid: Grid,
    places: Places,
    view: cup.CupView,
    rounds: list[list[pairing.Match]],
    start: int,
    label: Any,
) -> int:
    """The rounds of one side of the bracket from row ``start``: the round names, then the
    matches, each centred between the two it follows; the first row after it."""
    widest = max((len(r) for r in rounds), default=0)
    bottom = start
    for index, matches in enumerate(rounds):
        column = 3 * index + 1
        grid[(start, column + 1)] = Cell(label(index + 1, len(rounds)), HEAD)
        if not matches:
            continue
        spacing = ROWS_A_MATCH * widest // len(matches)
        for i, match in enumerate(matches):
            row = start + 2 + spacing * i + (spacing - ROWS_A_MATCH) // 2
            _draw_match(grid, places, view, view.matches[match.id], row, column)
            bottom = max(bottom, row + 2)
    return bottom + 2


def _winners_label(number: int, count: int) -> str:
    return L.t(L.FINAL) if number == count else L.t(L.BRACKET_ROUND, number=number)


def _losers_label(number: int, _count: int) -> str:
    return L.t(L.LOSERS_ROUND, number=number)


def bracket_places(view: cup.CupView) -> Places:
    """Where the bracket sheet of ``view`` draws each match and the champion."""
    return _bracket_grid(view)[1]


def _bracket_grid(view: cup.CupView) -> tuple[Grid, Places]:
    grid: Grid = {}
    places = Places()
    bracket = view.bracket
    grid[(1, 1)] = Cell(L.t(L.BRACKET_SHEET), TITLE)
    grid[(2, 1)] = Cell(L.t(L.TOURNAMENT), LABEL)
    grid[(2, 3)] = Cell(view.tournament.name)
    winners = bracket.rounds(WINNERS)
    label = _winners_label if not bracket.double else _double_winners_label
    row = _draw_side(grid, places, view, winners, FIRST_ROW - 1, label)
    champion = view.entrant(view.state.champion)
    if not bracket.double and winners:
        column = 3 * len(winners) + 2
        grid[(FIRST_ROW - 1, column)] = Cell(L.t(L.CHAMPION), HEAD)
        last = max(r for (r, c) in grid if c == column - 2)
        places.champion = (last - 1, column)
        grid[(last - 1, column)] = Cell(champion.player.name if champion else None, TOP_WIN)
    if bracket.double:
        grid[(row, 1)] = Cell(L.t(L.LOSERS_BRACKET), SECTION)
        row = _draw_side(grid, places, view, bracket.rounds(LOSERS), row + 1, _losers_label)
    for side, text in ((GRAND_FINAL, L.GRAND_FINAL), (THIRD_PLACE, L.THIRD_PLACE)):
        matches = [m for m in bracket.matches if m.side == side]
        if not matches:
            continue
        grid[(row, 1)] = Cell(L.t(text), SECTION)
        for i, match in enumerate(matches):
            _draw_match(grid, places, view, view.matches[match.id], row + 2, 3 * i + 1)
        row += 6
    if bracket.double:
        grid[(row, 2)] = Cell(L.t(L.CHAMPION), LABEL)
        places.champion = (row, 3)
        grid[(row, 3)] = Cell(champion.player.name if champion else None, BOXED)
    return grid, places


def _double_winners_label(number: int, _count: int) -> str:
    return L.t(L.WINNERS_ROUND, number=number)


def _rows(grid: Grid) -> Iterator:
    rows: dict[int, list[tuple[int, Cell]]] = {}
    for (r, c), cell in sorted(grid.items()):
        rows.setdefault(r, []).append((c, cell))
    yield from sorted(rows.items())


def bracket_sheet(view: cup.CupView) -> SheetSpec:
    """The bracket drawn as clubs draw it (see the module's docstring)."""
    grid = _bracket_grid(view)[0]
    columns = max(c for _r, c in grid) + 1
    widths: dict[int, float] = {}
    for c in range(1, columns + 1):
        widths[c] = (4, 24, 9)[(c - 1) % 3]
    return SheetSpec(
        title=L.t(L.BRACKET_SHEET),
        rows=_rows(grid),
        widths=widths,
        landscape=True,
    )


def _stage(view: cup.CupView, number: int) -> str:
    rules = view.options.rules
    if number <= rules.games:
        return L.t(L.GAME_COLUMN)
    if number <= rules.games + rules.tiebreak_games:
        return L.t(L.TIEBREAK_GAME)
    return str(Decider(view.options.decider).label)


def _standing(view: cup.CupView, m: cup.MatchView) -> str:
    """How the match stands, in a few plain words."""
    if m.problem:
        return m.problem
    st = m.status
    winner = view.entrant(st.winner) if st.winner else None
    if winner is not None:
        return _("%(name)s goes on") % {"name": winner.player.name}
    state = m.state
    if state is not None and state.next_game is None and not state.decided:
        return _("Level: lots are to be drawn")
    if state is not None and state.next_game is not None:
        return _("Game %(number)s to play") % {"number": state.next_game}
    return ""


def match_sheet(view: cup.CupView, m: cup.MatchView) -> SheetSpec:
    """The sheet of a paired match with two players (see the module's docstring)."""
    row = m.row
    assert row is not None and row.second_id is not None
    score = _score(view, m) or ("", "")

    def rows() -> Iterator:
        yield 1, [(1, Cell(match_title(m.number), TITLE))]
        yield 2, [(1, Cell(L.t(L.TOURNAMENT), LABEL)), (3, Cell(view.tournament.name))]
        yield (
            3,
            [
                (1, Cell(L.t(L.UPPER), LABEL)),
                (3, Cell(view.entries[row.first_id].player.name)),
                (5, Cell(score[0], RESULT)),
            ],
        )
        yield (
            4,
            [
                (1, Cell(L.t(L.LOWER), LABEL)),
                (3, Cell(view.entries[row.second_id].player.name)),
                (5, Cell(score[1], RESULT)),
            ],
        )
        decider = str(Decider(view.options.decider).label)
        yield 5, [(1, Cell(L.t(L.DECIDER), LABEL)), (3, Cell(decider))]
        yield 6, [(1, Cell(L.t(L.STANDING), LABEL)), (3, Cell(_standing(view, m) or None))]
        head = [L.NUMBER, L.STAGE, L.ROUND, L.BOARD_COLUMN, L.FIRST, L.RESULT, L.SECOND]
        yield 8, [(c, Cell(L.t(text).rstrip(":"), HEAD)) for c, text in enumerate(head, 1)]
        for n, game in enumerate(m.games, 1):
            second = view.entries[game.second_id].player.name if game.second_id else None
            values = [
                Cell(n, BOXED),
                Cell(_stage(view, n), BOXED),
                Cell(game.round.number, BOXED),
                Cell(game.board, BOXED),
                Cell(view.entries[game.first_id].player.name, BOXED),
                Cell(result_text(game.result) if game.result else None, RESULT),
                Cell(second, BOXED),
            ]
            yield 8 + n, list(enumerate(values, 1))

    return SheetSpec(
        title=match_title(m.number),
        rows=rows(),
        widths={1: 6, 2: 18, 3: 8, 4: 8, 5: 26, 6: 10, 7: 26},
        freeze="A9",
    )


def knockout_sheets(tournament: Tournament) -> list[SheetSpec]:
    """The bracket sheet and the match sheets of a seeded knockout (none before it is
    seeded, none for another format)."""
    if not tournament.format_entry.plays_matches:
        return []
    view = cup.read_cup(tournament)
    if view is None:
        return []
    played = [
        m
        for m in sorted(view.matches.values(), key=lambda m: m.number)
        if m.row is not None and m.row.second_id is not None
    ]
    return [bracket_sheet(view), *(match_sheet(view, m) for m in played)]
