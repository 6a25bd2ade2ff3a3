"""``manage.py pair_trf FILE``: the next round's pairings of a TRF file, as bbpPairings prints them.

Reads the file alone (no database): its players, results and pre-entered byes of the next round,
pairs that round by the Dutch system (``tournaments.pairing.pair_swiss``) or, with
``--burstein``, by the Burstein system (``pair_burstein``), and prints, like
bbpPairings' ``-p`` (and JaVaFo), the number of pairs and then one "white black" line per board,
by start numbers, the pairing-allocated bye as "N 0" (last).

``--check`` re-pairs every round of the file from the state before it (as bbpPairings' ``-c``
does) and lists the rounds whose pairings differ from the system's, with the boards on each side.

Exits non-zero, with the reason on stderr, when the file is malformed, every announced round is
paired, or no pairing is possible.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.commands import TranslatedCommand
from tournaments import pairing, trf
from tournaments.pairing.base import Pair
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


# What --check says, by pairing system (whole sentences: the systems' names decline).
CHECK_TEXTS = {
    "dutch": (
        gettext_lazy("Round %(round)s differs from Dutch:"),
        gettext_lazy("by Dutch: %(pairs)s"),
        gettext_lazy("%(differ)s of %(rounds)s rounds differ from Dutch."),
        gettext_lazy("All %(rounds)s rounds are paired as Dutch pairs them."),
    ),
    "burstein": (
        gettext_lazy("Round %(round)s differs from Burstein:"),
        gettext_lazy("by Burstein: %(pairs)s"),
        gettext_lazy("%(differ)s of %(rounds)s rounds differ from Burstein."),
        gettext_lazy("All %(rounds)s rounds are paired as Burstein pairs them."),
    ),
}


def pair_state(state: trf.PairingState, system: str = "dutch") -> list[Pair]:
    """Pair the round that ``state`` describes by ``system`` ("dutch" or "burstein";
    ``PairingImpossible`` if it cannot be)."""
    return state.pair(system=system)


def file_pairs(t: trf.TrfTournament, round_no: int) -> set[tuple[int, int]]:
    """The round's pairing in the file: (white, black) and (bye, 0)."""
    out = set()
    for p in t.players:
        block = p.round(round_no)
        if block.opponent is not None and block.colour == "w":
            out.add((p.number, block.opponent))
        elif block.opponent is None and block.result == "U":
            out.add((p.number, 0))
    return out


def _line(pair: tuple[int, int]) -> str:
    return f"{pair[0]} {pair[1]}"


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Print the next round's Dutch (or, with --burstein, Burstein) pairings of a TRF file in "
        "the bbpPairings/JaVaFo format; with --check, list the rounds of the file that the "
        "system would pair otherwise."
    )
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help=gettext_lazy("the TRF file"))
        parser.add_argument(
            "--check",
            action="store_true",
            help=gettext_lazy("re-pair every round of the file and list where it differs"),
        )
        parser.add_argument(
            "--burstein",
            action="store_true",
            help=gettext_lazy("pair by the Burstein system (FIDE C.04.4.2), not the Dutch"),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        text = read_text(options["file"])
        system = "burstein" if options["burstein"] else "dutch"
        try:
            data = trf.parse(text)
            if options["check"]:
                self._check(data, system)
                return
            trf.next_round(data)  # the results of the paired rounds are complete and agree
            played = trf.paired_rounds(data)
            state = trf.pairing_state(data, played + 1)
        except trf.TrfError as err:
            raise CommandError(trf_error_message(err)) from None
        planned = trf.planned_rounds(data)
        if planned is not None and state.round_no > planned:
            raise CommandError(
                _("All %(rounds)s rounds of this tournament are paired: there is no next round.")
                % {"rounds": planned}
            )
        try:
            pairs = pair_state(state, system)
        except pairing.PairingImpossible as err:
            raise CommandError(_(pairing.MESSAGES[err.code]) % err.params) from None
        self.stdout.write(str(len(pairs)))
        for pair in pairs:
            self.stdout.write(f"{pair.first} {pair.second if pair.second is not None else 0}")

    def _check(self, data: trf.TrfTournament, system: str) -> None:
        differs, by_system, some_differ, all_agree = CHECK_TEXTS[system]
        rounds = trf.paired_rounds(data)
        differ = 0
        for k in range(1, rounds + 1):
            ours: set[tuple[int, int]]
            try:
                state = trf.pairing_state(data, k)
                if state.total_rounds is None:  # a finished tournament: all its rounds
                    state = dataclasses.replace(state, total_rounds=rounds)
                pairs = pair_state(state, system)
                ours = {(p.first, p.second or 0) for p in pairs}
            except pairing.PairingImpossible as err:
                ours = set()
                self.stdout.write(
                    _("Round %(round)s: %(reason)s")
                    % {"round": k, "reason": _(pairing.MESSAGES[err.code]) % err.params}
                )
            theirs = file_pairs(data, k)
            if ours == theirs:
                continue
            differ += 1
            self.stdout.write(differs % {"round": k})
            self.stdout.write(
                "  "
                + _("in the file: %(pairs)s")
                % {"pairs": ", ".join(_line(p) for p in sorted(theirs - ours))}
            )
            self.stdout.write(
                "  " + by_system % {"pairs": ", ".join(_line(p) for p in sorted(ours - theirs))}
            )
        if differ:
            self.stdout.write(some_differ % {"differ": differ, "rounds": rounds})
        else:
            self.stdout.write(all_agree % {"rounds": rounds})
