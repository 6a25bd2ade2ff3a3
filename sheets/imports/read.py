"""Reading a tournament workbook into an ``ImportPlan``: read and check everything first.

Every sheet is recognised by its content (a lettered board, or a header row of known labels) and
checked against the tournament as it is on the site: the players sheet creates entries for names
the tournament does not have; round sheets set results of the boards already paired; board
sheets create (paper) or complete (online) games. Round and board sheets of the same board must
agree. Every problem is collected with its sheet and cell; nothing is written here.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games import kinds
from games.models import GameStatus
from sheets import layout as L
from sheets.boards.read import BoardRecord, is_board_sheet, read_board, to_int
from sheets.errors import WorkbookRefused
from sheets.imports.bracket import read_bracket
from sheets.imports.context import Context, RoundClaim
from sheets.imports.plan import ImportPlan
from sheets.imports.players import read_players
from sheets.imports.reconcile import reconcile
from sheets.imports.seating import read_tables_round, table_game
from sheets.workbooks.results import BadResult, check_scores, parse_cell
from sheets.workbooks.tables import Table, classify, read_table
from sheets.xlsx.reader import SheetData
from tournaments.models import Pairing, RoundStatus, Tournament


def build_plan(
    sheets: list[SheetData], tournament: Tournament, *, partial: bool = False
) -> ImportPlan:
    """Read and check every sheet against ``tournament``: the plan, with all its errors."""
    ctx = Context(tournament)
    tables: list[Table] = []
    boards: list[BoardRecord] = []
    unknown: list[SheetData] = []
    brackets: list[SheetData] = []  # a knockout's bracket: read last (``imports.bracket``)
    for sheet in sheets:
        if is_board_sheet(sheet):
            boards.append(read_board(sheet, kind=tournament.kind, options=dict(tournament.options)))
            continue
        kind = classify(sheet)
        if kind is None:
            unknown.append(sheet)
        else:
            tables.append(read_table(sheet, kind))
            if kind == "bracket":
                brackets.append(sheet)
    if not tables and not boards:
        raise WorkbookRefused(
            _(
                "This workbook has none of the sheets this site writes (players, rounds, boards): "
                "it seems to come from another program."
            ),
            "unrelated",
        )
    ctx.plan.sheets_read = len(tables) + len(boards)
    for sheet in unknown:
        ctx.error(
            sheet.title,
            None,
            _("This sheet is not a players, round, standings or board sheet: remove it."),
            "unrelated_sheet",
        )
    for table in tables:
        ctx.plan.errors.extend(table.errors)
        if table.kind == "players" and not table.errors:
            read_players(ctx, table)
    for table in tables:
        if table.kind == "round" and not table.errors:
            _round(ctx, table)
    for table in tables:
        if table.kind == "match" and not table.errors:
            read_match(ctx, table)
        if table.kind == "tables" and not table.errors:
            read_tables_round(ctx, table)
    for record in boards:
        _board(ctx, record)
    reconcile(ctx)
    for sheet in brackets:
        read_bracket(ctx, sheet)
    if not partial:  # one game's sheet on its own lacks the rest by design
        _missing(ctx, tables)
    return ctx.plan


def _missing(ctx: Context, tables: list[Table]) -> None:
    """Warn of every sheet the site would write that the workbook lacks: what it would say is
    left as it is on the site."""
    warn = ctx.plan.warnings.append
    if not any(t.kind == "players" for t in tables):
        warn(_("The players sheet is missing: no new players are read."))
    rounds = {t.number for t in tables if t.kind in ("round", "tables")}
    for n, rnd in sorted(ctx.rounds.items()):
        if rnd.status != RoundStatus.PENDING and n not in rounds:
            warn(
                _("The sheet of round %(number)s is missing: its results stay as on the site.")
                % {"number": n}
            )
    for (n, board), p in sorted(ctx.pairings.items()):
        if p.game_id and p.game.status != GameStatus.ANNULLED and p.pk not in ctx.boards_seen:
            warn(
                _(
                    "The board sheet of round %(round)s, board %(board)s is missing: "
                    "its game stays as on the site."
                )
                % {"round": n, "board": board}
            )


def _round(ctx: Context, table: Table) -> None:
    n = table.number
    rnd = ctx.rounds.get(n) if n is not None else None
    if rnd is None or rnd.status == RoundStatus.PENDING:
        ctx.error(
            table.sheet, "A1", _("Round %(number)s is not paired on the site yet.") % {"number": n}
        )
        return
    for row in table.rows:
        claim_row(ctx, table, row, n)


def read_match(ctx: Context, table: Table) -> None:
    """A knockout match's sheet: each game's row claims its board's result, as a round
    sheet's row does (the round written on the row)."""
    if table.number not in set(ctx.match_numbers().values()):
        message = _("This tournament has no match %(number)s.") % {"number": table.number}
        ctx.error(table.sheet, "A1", message)
        return
    for row in table.rows:
        n = to_int(row.values.get("round"))
        rnd = ctx.rounds.get(n) if n is not None else None
        if rnd is None or rnd.status == RoundStatus.PENDING:
            message = _("Round %(number)s is not paired on the site yet.") % {
                "number": row.values.get("round")
            }
            ctx.error(table.sheet, row.cells["round"], message)
            continue
        claim_row(ctx, table, row, n)


def claim_row(ctx: Context, table: Table, row: Any, n: int) -> None:
    """One board's row of a round sheet (or of a match sheet: ``n`` its round): the result it
    claims, checked (a board claimed by two sheets must agree, ``Context.merge_claim``)."""
    sos = kinds.of(ctx.t).points  # the games score points (SOS)
    v, cells = row.values, row.cells
    board = to_int(v.get("board"))
    p = ctx.pairings.get((n, board)) if board is not None else None
    if p is None:
        ctx.error(
            table.sheet,
            cells["board"],
            _("Round %(round)s has no board %(board)s.") % {"round": n, "board": v.get("board")},
        )
        return
    if table.kind == "match" and ctx.match_numbers().get(p.match_id) != table.number:
        ctx.error(
            table.sheet,
            cells["board"],
            _("Board %(board)s of round %(round)s is not a game of match %(number)s.")
            % {"board": board, "round": n, "number": table.number},
        )
        return
    second = p.second.player.name if p.second_id else None
    ok = ctx.check_name(table.sheet, cells["first"], v.get("first"), p.first.player.name, p)
    ok = ok and ctx.check_name(table.sheet, cells["second"], v.get("second"), second, p)
    if not ok:
        return
    code = None
    written: tuple[int | None, int | None] = (None, None)
    if v.get("result") is not None:
        try:
            parsed = parse_cell(v["result"], bye=p.is_bye)
        except BadResult as err:
            ctx.error(table.sheet, cells["result"], str(err), "bad_result")
            return
        code, written = parsed.code, (parsed.first_score, parsed.second_score)
    fs, ss = _points(ctx, table, row, code, p.is_bye)
    if fs is None and ss is None:
        fs, ss = written
    if sos and code and fs is not None and ss is not None:
        problem = check_scores(code, fs, ss, ctx.t.options.get("mode", "most"))
        if problem:
            ctx.error(table.sheet, cells["result"], problem, "bad_result")
            return
    ctx.merge_claim(p, RoundClaim(table.sheet, cells["result"], code, fs, ss))


def _points(
    ctx: Context, table: Table, row: Any, code: str | None, bye: bool
) -> tuple[int | None, int | None]:
    found = []
    for key in ("first_points", "second_points"):
        value = row.values.get(key)
        if value is None:
            found.append(None)
            continue
        number = to_int(value)
        if number is None or number < 0 or bye or code is None:
            message = (
                _("Points go with the result of a game played.")
                if number is not None
                else _("“%(text)s” is not a number.") % {"text": value}
            )
            ctx.error(table.sheet, row.cells[key], message)
            found.append(None)
            continue
        found.append(number)
    return found[0], found[1]


def _board(ctx: Context, rec: BoardRecord) -> None:
    """Find the board a board sheet is of — by its game number first, then by its round and
    board, then by the players' names — and check it against the site. Every check runs even
    when the sheet has problems of its own; only a sheet without any is kept to be imported."""
    if table_game(ctx, rec):
        return  # a table's game: the site's, written for reading
    ctx.plan.errors.extend(rec.errors)
    if rec.kind is None:
        return
    ctx.check_tournament(rec.sheet, rec.details.get("tournament"))
    p = _match(ctx, rec)
    if p is None:
        return
    ctx.boards_seen.add(p.pk)
    if p.second_id is None:
        cell = (rec.details.get("board") or (None, "B1"))[1]
        ctx.error(rec.sheet, cell, _("This board is a bye: it has no game."))
        return
    expected = [p.first.player.name, p.second.player.name]
    if len(rec.seats) != len(expected):
        return  # reported by the sheet's own checks
    named = all(
        [
            ctx.check_name(rec.sheet, f"B{seat.row}", seat.name, want, p)
            for seat, want in zip(rec.seats, expected, strict=True)
        ]
    )
    if p.pk in ctx.board_claims or p.pk in ctx.board_twice:
        ctx.board_twice.add(p.pk)
        ctx.error(
            rec.sheet,
            "A1",
            _("Board %(board)s of round %(round)s has two board sheets.")
            % {"board": p.board, "round": p.round.number},
        )
        ctx.board_claims.pop(p.pk, None)
        return
    if named and not rec.errors:
        ctx.board_claims[p.pk] = rec


def _match(ctx: Context, rec: BoardRecord) -> Pairing | None:
    number = rec.detail("game")
    round_no, board = rec.detail("round"), rec.detail("board")
    if number is not None:
        cell = rec.details["game"][1]
        p = next((p for p in ctx.pairings.values() if p.game_id == number), None)
        if p is None:
            ctx.error(
                rec.sheet,
                cell,
                _(
                    "Game %(number)s is not a game of this tournament: "
                    "import its sheet on its own page, or clear the game number."
                )
                % {"number": number},
                "other_game",
            )
            return None
        if (
            round_no is not None
            and board is not None
            and (round_no, board)
            != (
                p.round.number,
                p.board,
            )
        ):
            ctx.error(
                rec.sheet,
                cell,
                _(
                    "Game %(number)s is round %(round)s, board %(board)s on the site, "
                    "not round %(sheet_round)s, board %(sheet_board)s."
                )
                % {
                    "number": number,
                    "round": p.round.number,
                    "board": p.board,
                    "sheet_round": round_no,
                    "sheet_board": board,
                },
                "other_game",
            )
            return None
        return p
    if round_no is not None and board is not None:
        p = ctx.pairings.get((round_no, board))
        if p is None:
            ctx.error(
                rec.sheet,
                rec.details["board"][1],
                _("Round %(round)s has no board %(board)s.") % {"round": round_no, "board": board},
            )
        return p
    names = [L.norm(n) for n in rec.names()]
    found = [
        p
        for p in ctx.pairings.values()
        if p.second_id and [L.norm(p.first.player.name), L.norm(p.second.player.name)] == names
    ]
    if len(found) != 1:
        ctx.error(
            rec.sheet,
            "B1",
            _("Write the round and the board of this game beside the board (Round:, Board:)."),
        )
        return None
    return found[0]
