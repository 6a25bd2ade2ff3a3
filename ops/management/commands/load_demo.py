"""``manage.py load_demo [--force]``: the demo club (see :mod:`ops.demo`)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext_lazy

from common.commands import TranslatedCommand
from ops.demo import DemoRefused, load_demo


class Command(TranslatedCommand):
    help = gettext_lazy("Create the demo accounts, players and games (safe to run twice).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force", action="store_true", help=gettext_lazy("run even with DEBUG off")
        )

    def handle(self, *args: Any, force: bool = False, **options: Any) -> None:
        try:
            load_demo(force=force, write=self.stdout.write)
        except DemoRefused as err:
            raise CommandError(str(err)) from None
