"""``manage.py ratings_rebuild [--list N] [--check | --pending]``: recalculate the rating lists
from the results alone, or (``--check``) compare the stored ratings with a fresh run and exit 1 if
they differ, or (``--pending``) do now the rebuilds waiting for the worker (``ratings.queue``:
after a failed task, or without a worker)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.commands import TranslatedCommand
from ratings import queue, services
from ratings.models import PendingRebuild, RatingList


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Recalculate the rating lists from scratch, or compare the stored ratings with a fresh run."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--list", type=int, metavar="N", help=gettext_lazy("only list N"))
        parser.add_argument(
            "--check",
            action="store_true",
            help=gettext_lazy("compare only, write nothing; exit 1 if anything differs"),
        )
        parser.add_argument(
            "--pending",
            action="store_true",
            help=gettext_lazy("do now the rebuilds waiting for the background worker"),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        lists = RatingList.objects.order_by("pk")
        if options["list"] is not None:
            lists = lists.filter(pk=options["list"])
            if not lists.exists():
                raise CommandError(_("There is no rating list %(id)s.") % {"id": options["list"]})
        if options["pending"]:
            lists = lists.filter(pk__in=PendingRebuild.objects.values("list_id"))
        wrong = 0
        for rating_list in lists:
            if options["pending"]:
                done = queue.run(rating_list.pk)
                if done is not None:
                    self.stdout.write(
                        _("%(list)s: periods recalculated: %(periods)s; rows rewritten: %(rows)s.")
                        % {"list": rating_list, "periods": done.periods, "rows": done.rows}
                    )
                continue
            if options["check"]:
                found = services.differences(rating_list)
                for line in found:
                    self.stdout.write(f"{rating_list.pk}: {line}")
                wrong += bool(found)
                continue
            record = services.rebuild(rating_list)
            self.stdout.write(
                _("%(list)s: periods recalculated: %(periods)s; rows rewritten: %(rows)s.")
                % {"list": rating_list, "periods": record.periods, "rows": record.rows}
            )
        if wrong:
            raise CommandError(
                _("Rating lists that differ from a fresh run: %(count)s.") % {"count": wrong},
                returncode=1,
            )
        if options["check"]:
            self.stdout.write(_("The stored ratings are those of a fresh run."))
