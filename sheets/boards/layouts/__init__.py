"""Each game kind's board sheet: what differs between the kinds on the paper form (its title,
its rules in words, its grid's lines and colours, who made each move, a final position's
checks). One :class:`BoardLayout` a kind, in ``sos.py`` and ``uttt.py``, registered with the
game-kind registry's hook for the apps above games (``games.kinds.register_extra``) when the
sheets app is ready; the board sheets' reader and writer ask :func:`layout` and never a kind's
name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import kinds
from sheets import layout as L

Say = Callable[..., str]  # a Text (and its parameters) -> its words (sheets.boards.ruletext)

SHEET_LAYOUT = "sheet_layout"  # the name of the sheets' extra in the game-kind registry
SEAT_FILLS = ("F4CCCC", "CFE2F3", "D9EAD3", "D9D2E9", "FCE5CD", "D0E0E3")


class BoardLayout:
    """The board sheet of one game kind (``kind``: its registry value). A subclass says what
    its kind shows; these defaults are a plain grid."""

    kind: str = ""
    title: L.Text
    read_order = 1  # which kind a reader tries first (the stricter layout first)
    block = 0  # the grid's thick lines every ``block`` cells (0: none)
    mark_size = 12
    mark_colours: dict[str, str] = {}

    def fits(self, rows: int, cols: int) -> bool:
        """May a board of this size be of this kind?"""
        return True

    def rule_lines(
        self, options: dict[str, Any], *, say: Say
    ) -> tuple[list[str], list[str], list[str]]:
        """(move rules, winning rules, restrictions): a sentence a line, said by ``say``."""
        raise NotImplementedError

    def rules_words(self, options: dict[str, Any]) -> str:
        """The rules in a few words, beside the board."""
        raise NotImplementedError

    def candidates(self, rows: int, cols: int, players: int) -> list[dict[str, Any]]:
        """Every set of options a board of this size and seats may have been played under,
        the defaults first."""
        raise NotImplementedError

    def guessed_options(self, rows: int, cols: int, seats: int) -> dict[str, Any]:
        """The options of a sheet that shows only the kind's title (no rules): the defaults."""
        return dict(kinds.get(self.kind).rules({}).options)

    def fills(self, moves: list[str], grid: list[list[str]], state: Any) -> dict:
        """The fill colour of cells, by ``(row, col)``."""
        return {}

    def movers(self, rules: Any, state: Any, moves: list[str]) -> list[int]:
        """The seat that made each move: the seats in turn."""
        seats = len(rules.start().scores)
        return [i % seats for i in range(len(moves))]

    def position_problems(self, rd: Any) -> list[tuple[Any, str]]:
        """A final position's problems (``where``, message), its scores set on the record."""
        raise NotImplementedError


def register(board_layout: BoardLayout) -> None:
    """Keep ``board_layout`` as its kind's board sheet."""
    kinds.register_extra(SHEET_LAYOUT, board_layout.kind, board_layout)


def layout(kind: str) -> BoardLayout:
    """The board sheet of game kind ``kind``."""
    return kinds.extra(SHEET_LAYOUT, kind)


def layouts() -> list[BoardLayout]:
    """The board sheets of every kind that has one, in the order a reader tries them."""
    found = []
    for kind in kinds.all_kinds():
        try:
            found.append(layout(kind.value))
        except KeyError:
            continue
    return sorted(found, key=lambda lay: lay.read_order)


def seat_cell(kind: str, seat: int) -> str | int:
    """A seat as a board sheet writes it: its mark (``X``), or its number counted from 1."""
    return kinds.get(kind).seat_mark(seat) or seat + 1
