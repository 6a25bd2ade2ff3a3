"""``manage.py import_tournament ID FILE [--apply --user NAME]``: preview, or apply, a workbook."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from sheets.errors import ImportRefused, WorkbookRefused
from sheets.imports.plan import ImportPlan
from sheets.services import apply_plan, read_workbook
from sheets.xlsx.safety import Limits
from tournaments import vocabulary as V
from tournaments.authority import may_arbitrate
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Check a tournament workbook and show what it would change; --apply writes it."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("tournament", type=int, help="the tournament's id")
        parser.add_argument("file", help="the .xlsx to read")
        parser.add_argument("--apply", action="store_true", help="write the changes")
        parser.add_argument("--user", help="the arbiter applying it (username); with --apply")
        parser.add_argument("--max-mb", type=int, default=None, help="size limit of the file")
        parser.add_argument("--language", default=settings.LANGUAGE_CODE, help="of the messages")

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(options["language"]):
            self._handle(**options)

    def _handle(
        self, *, tournament: int, file: str, apply: bool, user: str | None, **o: Any
    ) -> None:
        try:
            t = Tournament.objects.get(pk=tournament)
        except Tournament.DoesNotExist:
            raise CommandError(_("There is no tournament %(id)s.") % {"id": tournament}) from None
        arbiter = None
        if apply:
            if not user:
                raise CommandError("--apply needs --user, the arbiter who imports.")
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
        except (OSError, WorkbookRefused) as err:
            raise CommandError(str(err)) from None
        self._show(plan)
        if plan.errors:
            raise CommandError(f"{len(plan.errors)} problem(s): nothing imported.")
        if not apply or plan.empty:
            return
        try:
            apply_plan(plan, user=arbiter)
        except ImportRefused as err:
            raise CommandError(str(err)) from None
        self.stdout.write(self.style.SUCCESS("Applied."))

    def _show(self, plan: ImportPlan) -> None:
        for error in plan.errors:
            self.stderr.write(str(error))
        for e in plan.new_entries:
            self.stdout.write(f"new player: {e.name} ({e.sheet}!{e.cell})")
        for r in plan.results:
            self.stdout.write(
                f"result: round {r.round} board {r.board} {r.first} – {r.second or ''}: "
                f"{V.notation(r.old) or '…'} -> {V.notation(r.new)}"
            )
        for g in plan.games:
            self.stdout.write(
                f"game: round {g.round} board {g.board} {' – '.join(g.names)}: {g.action}, "
                f"{len(g.moves)} move(s), result {V.notation(g.result) or '…'}"
            )
        self.stdout.write(
            f"{plan.sheets_read} sheet(s) read: {len(plan.new_entries)} new player(s), "
            f"{len(plan.results)} result(s), {len(plan.games)} game(s) to change"
        )
        for warning in plan.warnings:
            self.stdout.write(f"warning: {warning}")
