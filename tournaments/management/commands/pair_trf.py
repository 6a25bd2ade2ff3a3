"""``manage.py pair_trf FILE``: the next round's pairings of a TRF file, as bbpPairings prints them.

Reads the file alone (no database): its players, results and pre-entered byes of the next round,
pairs that round with our Swiss pairing (``tournaments.pairing.pair_swiss``) and prints, like
bbpPairings and JaVaFo, the number of pairs and then one "first second" line per board, by start
numbers, the pairing-allocated bye as "N 0" (last). Exits non-zero, with the reason on stderr,
when the file is malformed, every announced round is paired, or no pairing is possible.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import pairing, trf
from tournaments.trf_io import trf_error_message


def read_text(path: str) -> str:
    """A TRF file's text (UTF-8, with or without a byte-order mark); CommandError otherwise."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            return f.read()
    except UnicodeDecodeError as err:
        raise CommandError(
            _("%(file)s is not UTF-8 text (byte %(position)s).")
            % {"file": path, "position": err.start}
        ) from None
    except OSError as err:
        raise CommandError(
            _("Cannot read %(file)s: %(reason)s") % {"file": path, "reason": err.strerror}
        ) from None


class Command(BaseCommand):
    help = gettext_lazy(
        "Print the next round's pairings of a TRF file in the bbpPairings/JaVaFo format."
    )
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help=gettext_lazy("the TRF file"))

    def handle(self, *args: Any, **options: Any) -> None:
        text = read_text(options["file"])
        try:
            data = trf.parse(text)
            nxt = trf.next_round(data)
        except trf.TrfError as err:
            raise CommandError(trf_error_message(err)) from None
        planned = trf.planned_rounds(data)
        if planned is not None and nxt.round_no > planned:
            raise CommandError(
                _("All %(rounds)s rounds of this tournament are paired: there is no next round.")
                % {"rounds": planned}
            )
        try:
            pairs = pairing.pair_swiss(
                nxt.players,
                round_no=nxt.round_no,
                histories=nxt.histories,
                requested_byes=nxt.requested_byes,
            )
        except pairing.PairingImpossible as err:
            raise CommandError(_(pairing.MESSAGES[err.code]) % err.params) from None
        self.stdout.write(str(len(pairs)))
        for pair in pairs:
            self.stdout.write(f"{pair.first} {pair.second if pair.second is not None else 0}")
