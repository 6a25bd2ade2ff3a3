"""What an import knows while it reads: the tournament as it is on the site (entries, rounds,
pairings with their games) and what each sheet claims about a board; problems are collected in
the plan. Shared by :mod:`sheets.imports.read` and :mod:`sheets.imports.reconcile`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.bidi import isolate
from sheets import layout as L
from sheets.boards.read import BoardRecord
from sheets.errors import SheetError
from sheets.imports.plan import ImportPlan
from tournaments.models import Entry, KnockoutMatch, Pairing, TableSeating, Tournament


@dataclass
class RoundClaim:
    sheet: str
    cell: str
    code: str | None
    first_score: int | None
    second_score: int | None


class Context:
    """The tournament as it is on the site, and what the sheets claim about it."""

    def __init__(self, tournament: Tournament) -> None:
        self.t = tournament
        self.plan = ImportPlan(tournament.pk)
        self.by_name: dict[str, list[Entry]] = {}
        for entry in tournament.entries.select_related("player"):
            self.by_name.setdefault(L.norm(entry.player.name), []).append(entry)
        self.new_names: set[str] = set()
        self.rounds = {r.number: r for r in tournament.round_set.all()}
        rows = (
            Pairing.objects.filter(round__tournament=tournament)
            .select_related("round", "first__player", "second__player", "game")
            .prefetch_related("game__moves")
        )
        self.pairings = {(p.round.number, p.board): p for p in rows}
        self.round_claims: dict[int, RoundClaim] = {}
        self.board_claims: dict[int, BoardRecord] = {}
        self.board_twice: set[int] = set()  # pairings with more than one board sheet
        self.boards_seen: set[int] = set()  # pairings a board sheet of the workbook names
        self._matches: dict[int, int] | None = None  # a knockout's matches (``match_numbers``)
        self._tables: dict[tuple[int, int], TableSeating] | None = None  # ``site_tables``
        self.table_claims: dict[int, str] = {}  # a table's id: the sheet that claimed it

    def match_numbers(self) -> dict[int, int]:
        """A knockout's matches: the number of each (by its row's id), read once."""
        if self._matches is None:
            rows = KnockoutMatch.objects.filter(tournament=self.t).values_list("pk", "number")
            self._matches = dict(rows)
        return self._matches

    def site_tables(self) -> dict[tuple[int, int], TableSeating]:
        """An event at tables: its tables by (round, number), their seats prefetched in seat
        order (``seats.all()``), read once."""
        if self._tables is None:
            rows = (
                TableSeating.objects.filter(round__tournament=self.t)
                .select_related("round")
                .prefetch_related("seats__entry__player")
            )
            self._tables = {(r.round.number, r.number): r for r in rows}
        return self._tables

    def merge_claim(self, p: Pairing, claim: RoundClaim) -> None:
        """``claim`` on ``p``'s result: a board written on a round sheet and on a match sheet
        takes the result changed on either (a sheet still showing the site's result, or none,
        gives way; two different changes are an error); twice on one sheet is an error."""
        had = self.round_claims.get(p.pk)
        if had is not None and had.sheet == claim.sheet:
            self.error(
                claim.sheet,
                claim.cell,
                _("Board %(board)s is written twice.") % {"board": p.board},
            )
            return
        site = p.result or None  # a sheet still showing the site's result was not changed
        if had is None or had.code is None or (had.code == site and claim.code != site):
            self.round_claims[p.pk] = claim
            return
        said = (had.code, had.first_score, had.second_score)
        if claim.code not in (None, site) and said != (
            claim.code,
            claim.first_score,
            claim.second_score,
        ):
            self.error(
                claim.sheet,
                claim.cell,
                _("This result differs from the one written in %(sheet)s!%(cell)s.")
                % {"sheet": had.sheet, "cell": had.cell},
                "bad_result",
            )

    def error(self, sheet: str, cell: str | None, message: str, code: str = "invalid") -> None:
        self.plan.errors.append(SheetError(sheet, cell, message, code))

    def check_tournament(self, sheet: str, detail: tuple[Any, str] | None) -> None:
        if detail and detail[0] is not None and L.norm(detail[0]) != L.norm(self.t.name):
            self.error(
                sheet,
                detail[1],
                _("This sheet is of the tournament “%(other)s”, not “%(name)s”.")
                % {"other": isolate(detail[0]), "name": isolate(self.t.name)},
                "other_tournament",
            )

    def check_name(
        self, sheet: str, cell: str, written: Any, expected: str | None, p: Pairing
    ) -> bool:
        if written is None and expected is None:
            return True
        if written is not None and expected is not None and L.norm(written) == L.norm(expected):
            return True
        key = L.norm(written) if written is not None else ""
        if written is not None and key not in self.by_name and key not in self.new_names:
            self.error(
                sheet, cell, _("Unknown player “%(name)s”.") % {"name": isolate(written)}, "unknown"
            )
            return False
        second = p.second.player.name if p.second_id else L.t(L.BYE)
        self.error(
            sheet,
            cell,
            _("On the site, board %(board)s of round %(round)s is %(first)s – %(second)s.")
            % {
                "board": p.board,
                "round": p.round.number,
                "first": p.first.player.name,
                "second": second,
            },
            "wrong_player",
        )
        return False
