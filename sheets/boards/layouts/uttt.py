"""Ultimate tic-tac-toe's board sheet: a 9×9 grid in small boards of 3×3 with thick lines,
decided small boards filled, coloured X and O, seats by mark."""

from __future__ import annotations

import itertools
from typing import Any

from django.utils.translation import gettext as _

from games.models import GameKind
from games.rules import get_rules
from sheets import layout as L
from sheets.boards import ruletext as R
from sheets.boards.layouts import BoardLayout
from sheets.boards.position import check_uttt, uttt_statuses
from sheets.boards.record import parse_ref

BOARD_FILLS = {"x": "F4CCCC", "o": "CFE2F3", "draw": "D9D9D9", "both": "FFF2CC"}


class UtttLayout(BoardLayout):
    kind = GameKind.UTTT
    title = L.TITLE_UTTT
    read_order = 1
    block = 3
    mark_size = 14
    mark_colours = {"X": "C00000", "O": "1F4E79"}

    def fits(self, rows: int, cols: int) -> bool:
        return (rows, cols) == (9, 9)

    def rule_lines(
        self, options: dict[str, Any], *, say: R.Say = L.t
    ) -> tuple[list[str], list[str], list[str]]:
        move = [say(R.U_FIRST), say(R.U_SEND)]
        if options["preset"] == "classic":
            move += [say(R.U_CLOSED), say(R.U_CLOSED_FREE)]
            win = [say(R.U_SMALL), say(R.U_BIG_CLASSIC), say(R.U_NO_OPEN)]
        else:
            move += [say(R.U_OPEN), say(R.U_FULL)]
            if options["decided_boards_free"]:
                move.append(say(R.U_FREE))
            last = R.U_ALL_DRAW if options["all_draw_line"] == "draw" else R.U_ALL_DRAW_GO_ON
            win = [say(R.U_SMALL), say(R.U_BIG), say(R.U_BOTH), say(last)]
        if options["no_send_back"]:
            return move, win, [say(R.U_NO_SEND_BACK), say(R.U_NO_SEND_BACK_2)]
        return move, win, [say(R.NONE)]

    def rules_words(self, options: dict[str, Any]) -> str:
        classic = options["preset"] == "classic"
        preset = R.PRESET_CLASSIC if classic else R.PRESET_TACTICAL
        return f"{L.t(self.title)}: {L.t(preset)}"

    def candidates(self, rows: int, cols: int, players: int) -> list[dict[str, Any]]:
        found = []
        for preset, line, free, nsb in itertools.product(
            ("tactical", "classic"), ("draw", "continue"), (False, True), (False, True)
        ):
            try:
                rules = get_rules(
                    self.kind,
                    preset=preset,
                    all_draw_line=line,
                    decided_boards_free=free,
                    no_send_back=nsb,
                )
            except ValueError:
                continue
            found.append(dict(rules.options))
        return found

    def fills(self, moves: list[str], grid: list[list[str]], state: Any) -> dict:
        """The cells of each decided small board, in its winner's colour (or a draw's)."""
        fills = {}
        for b, status in enumerate(uttt_statuses(grid)):
            if status in BOARD_FILLS:
                for i in range(9):
                    fills[(3 * (b // 3) + i // 3, 3 * (b % 3) + i % 3)] = BOARD_FILLS[status]
        return fills

    def position_problems(self, rd: Any) -> list[tuple[Any, str]]:
        rec = rd.record
        winners = rec.winners
        if winners is not None and len(winners) > 1:
            rd.error(*parse_ref(rec.winner_cell), _("Name one winner, or a draw."))
            winners = None
        problems = check_uttt(rec.grid, winners, rec.options)
        statuses = uttt_statuses(rec.grid)
        rec.scores = [statuses.count("x"), statuses.count("o")]
        return problems
