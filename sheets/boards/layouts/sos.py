"""SOS's board sheet: any grid size, lines of the SOSs filled, seats by number, points."""

from __future__ import annotations

from typing import Any

from games.models import GameKind
from games.rules import get_rules
from sheets import layout as L
from sheets.boards import ruletext as R
from sheets.boards.layouts import SEAT_FILLS, BoardLayout
from sheets.boards.position import check_sos, sos_lines

LINE_FILL = "FFF2CC"  # SOSs of a final position: who made them is not known


class SosLayout(BoardLayout):
    kind = GameKind.SOS
    title = L.TITLE_SOS
    read_order = 2

    def rule_lines(
        self, options: dict[str, Any], *, say: R.Say = L.t
    ) -> tuple[list[str], list[str], list[str]]:
        most = options["mode"] == "most"
        move = [say(R.S_TURNS), say(R.S_LINE), say(R.S_AGAIN if most else R.S_FIRST)]
        win = [say(R.S_MOST), say(R.S_MOST_DRAW)] if most else [say(R.S_FIRST_DRAW)]
        return move, win, [say(R.S_GRID, **options)]

    def rules_words(self, options: dict[str, Any]) -> str:
        mode = R.S_MOST_SHORT if options["mode"] == "most" else R.S_FIRST_SHORT
        return f"{L.t(self.title)}: {L.t(R.S_GRID, **options)} {L.t(mode)}"

    def candidates(self, rows: int, cols: int, players: int) -> list[dict[str, Any]]:
        found = []
        for mode in ("most", "first"):
            try:
                rules = get_rules(self.kind, rows=rows, cols=cols, players=players, mode=mode)
            except ValueError:
                continue
            found.append(dict(rules.options))
        return found

    def guessed_options(self, rows: int, cols: int, seats: int) -> dict[str, Any]:
        opts = {"rows": rows, "cols": cols, "players": max(2, min(seats, 6))}
        return dict(get_rules(self.kind, **opts).options)

    def fills(self, moves: list[str], grid: list[list[str]], state: Any) -> dict:
        """The cells of each SOS: in the colour of the seat that made it, or (a final
        position, whose SOSs' makers are not known) all in one."""
        fills = {}
        if moves:
            rules = state._rules
            for line in state.lines:
                for name in line.cells:
                    fills[rules.parse_cell(name)] = SEAT_FILLS[line.seat % 6]
        else:
            for line in sos_lines(grid):
                for cell in line:
                    fills[cell] = LINE_FILL
        return fills

    def movers(self, rules: Any, state: Any, moves: list[str]) -> list[int]:
        """A scoring move is followed by the same seat."""
        seats, seat = [], 0
        for points in state.points:
            seats.append(seat)
            if not points:
                seat = (seat + 1) % rules.players
        return seats

    def position_problems(self, rd: Any) -> list[tuple[Any, str]]:
        rec = rd.record
        players = get_rules(rec.kind, **rec.options).players
        given = [s.score for s in rec.seats] or [None] * players
        problems, rec.scores = check_sos(rec.grid, rec.winners, given, rec.options)
        return problems
