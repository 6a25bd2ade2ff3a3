"""``manage.py import_tournament ID FILE [--apply --user NAME] [--language ru|en|…]``: preview,
or apply, a workbook; the preview and the messages in the language asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from common.commands import TranslatedCommand
from sheets.errors import ImportRefused, WorkbookRefused
from sheets.imports.plan import GameChange, ImportPlan
from sheets.services import apply_plan, read_workbook
from sheets.xlsx.safety import Limits
from tournaments.authority import may_arbitrate
from tournaments.core import vocabulary as V
from tournaments.models import Tournament


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Check a tournament workbook and show what it would change; --apply writes it."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("tournament", type=int, help=gettext_lazy("the tournament's id"))
        parser.add_argument("file", help=gettext_lazy("the .xlsx to read"))
        parser.add_argument("--apply", action="store_true", help=gettext_lazy("write the changes"))
        parser.add_argument(
            "--user", help=gettext_lazy("the arbiter applying it (username); with --apply")
        )
        parser.add_argument(
            "--max-mb", type=int, default=None, help=gettext_lazy("size limit of the file (MB)")
        )

    def handle(
        self, *args: Any, tournament: int, file: str, apply: bool, user: str | None, **o: Any
    ) -> None:
        try:
            t = Tournament.objects.get(pk=tournament)
        except Tournament.DoesNotExist:
            raise CommandError(_("There is no tournament %(id)s.") % {"id": tournament}) from None
        arbiter = None
        if apply:
            if not user:
                raise CommandError(_("--apply needs --user, the arbiter who imports."))
            # An account that is switched off logs in nowhere: it imports nothing either.
            model = get_user_model()
            arbiter = model.objects.filter(is_active=True, **{model.USERNAME_FIELD: user}).first()
            if arbiter is None:
                raise CommandError(_("There is no active user %(name)s.") % {"name": user})
            if not may_arbitrate(arbiter, t):
                raise CommandError(_("Only this tournament's arbiters may import results."))
        limits = Limits.default()
        if o.get("max_mb"):
            limits = Limits(max_bytes=o["max_mb"] * 1024 * 1024)
        try:
            plan = read_workbook(Path(file).read_bytes(), tournament=t, limits=limits)
        except OSError as err:
            raise CommandError(
                _("Cannot read %(file)s: %(reason)s") % {"file": file, "reason": err.strerror}
            ) from None
        except WorkbookRefused as err:
            raise CommandError(str(err)) from None
        self._show(plan)
        if plan.errors:
            count = len(plan.errors)
            raise CommandError(
                ngettext(
                    "%(count)s problem: nothing imported.",
                    "%(count)s problems: nothing imported.",
                    count,
                )
                % {"count": count}
            )
        if not apply or plan.empty:
            return
        try:
            apply_plan(plan, user=arbiter)
        except ImportRefused as err:
            raise CommandError(str(err)) from None
        self.stdout.write(self.style.SUCCESS(_("Applied: the changes are written.")))

    def _show(self, plan: ImportPlan) -> None:
        for error in plan.errors:
            self.stderr.write(str(error))
        for e in plan.new_entries:
            self.stdout.write(
                _("New player: %(name)s (%(sheet)s!%(cell)s)")
                % {"name": e.name, "sheet": e.sheet, "cell": e.cell}
            )
            for n in e.byes:  # a late entry's byes, each written with its record
                self.stdout.write(
                    "  " + _("Round %(round)s: %(bye)s") % {"round": n, "bye": _result(e.bye)}
                )
        for r in plan.results:
            self.stdout.write(
                _("Result, %(where)s, %(first)s – %(second)s: %(old)s → %(new)s")
                % {
                    "where": _where(r.round, r.board),
                    "first": r.first,
                    "second": r.second or "",
                    "old": _scored(_result(r.old), r.old_score),
                    "new": _scored(_result(r.new), r.new_score),
                }
            )
        for g in plan.games:
            self.stdout.write(
                _("Game, %(where)s, %(players)s: %(change)s, result %(result)s")
                % {
                    "where": _where(g.round, g.board),
                    "players": " – ".join(g.names),
                    "change": _change(g),
                    "result": _scored(_result(g.result), g.score),
                }
            )
        for m in plan.matches:
            for n, first, second, code in m.lines:
                self.stdout.write(
                    _(
                        "Match %(number)s (%(where)s), game %(game)s, "
                        "%(first)s – %(second)s: %(new)s"
                    )
                    % {
                        "number": m.match,
                        "where": f"{m.sheet}!{m.cell}",
                        "game": n,
                        "first": first,
                        "second": second,
                        "new": _result(code),
                    }
                )
        self.stdout.write(
            _(
                "Sheets read: %(sheets)s; new players: %(players)s; results: %(results)s; "
                "games to change: %(games)s."
            )
            % {
                "sheets": plan.sheets_read,
                "players": len(plan.new_entries),
                "results": plan.result_count,
                "games": len(plan.games),
            }
        )
        for warning in plan.warnings:
            self.stdout.write(_("Warning: %(warning)s") % {"warning": warning})


def _where(round_no: int, board: int) -> str:
    return _("Round %(round)s, board %(board)s") % {"round": round_no, "board": board}


def _result(code: str) -> str:
    """A result in words as the pages write it (``1-0``, a bye's words), ``…`` for none."""
    label = V.LABELS.get(code or "")
    return _(label) if label is not None else "…"


def _scored(result: str, score: str) -> str:
    """A result with its SOS game score, as the preview page writes it: ``1-0 (5:3)``."""
    return f"{result} ({score})" if score else result


def _change(g: GameChange) -> str:
    """What the import does to a game, as the preview page says it."""
    if g.action == "create":
        what = _("new game")
    elif g.action == "position":
        what = _("final position")
    else:
        what = _("moves added")
    n = len(g.moves)
    return what + ", " + ngettext("%(n)s move", "%(n)s moves", n) % {"n": n}
