"""The knockout entries, single and double elimination (issue 29; the pure core is
``tournaments.pairing``'s ``knockout*`` modules, docs/knockout-core.md).

Two entries, as the round robin has two: ``KNOCKOUT`` and ``KNOCKOUT_DOUBLE``, each a
``Knockout`` with ``double`` set or not, sharing one set of options (``CupOptions``, stored in
``Tournament.format_options``): the third-place match (single elimination), the grand final's
reset (double elimination), the seeding rule, the match length, the tie-break games and their
time control, and the decider. A knockout's rounds are paired by matches
(``plays_matches``; ``tournaments.acts.cup``), its standings are places, and it has no TRF type.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import timekeeping
from tournaments import pairing
from tournaments.errors import TournamentError
from tournaments.formats.base import Format, TournamentFormat
from tournaments.pairing.knockout_bracket import GRAND_FINAL

MAX_GAMES = 8  # regular games of a match
MAX_TIEBREAK_GAMES = 8
MAX_ARMAGEDDON_EXTRA = 3600  # seconds: the armageddon's first mover's extra time


class Seeding(models.TextChoices):
    """How the entrants become seeds 1..n when the cup is seeded."""

    RATING = "rating", gettext_lazy("By rating")
    RANK = "rank", gettext_lazy("By starting rank")
    DRAW = "draw", gettext_lazy("By draw")


class Decider(models.TextChoices):
    """What settles a match still level after its tie-break games (the core's deciders)."""

    ARMAGEDDON = pairing.ARMAGEDDON, gettext_lazy("Armageddon game")
    SUDDEN_DEATH = pairing.SUDDEN_DEATH, gettext_lazy("Sudden death")
    LOT = pairing.LOT, gettext_lazy("Drawing of lots")


@dataclass(frozen=True)
class CupOptions:
    """A knockout's options, as ``Tournament.format_options`` stores them."""

    third_place: bool = False
    reset: bool = True
    seeding: str = Seeding.RATING
    games: int = 1
    tiebreak_games: int = 0
    tiebreak_time_control: str = ""
    decider: str = Decider.ARMAGEDDON
    # The armageddon game's clock (empty: the tie-break games'), and the first mover's extra
    # time over it in seconds (the second player goes through on a draw).
    armageddon_time_control: str = ""
    armageddon_extra: int = 60

    @classmethod
    def of(cls, stored: Mapping[str, Any] | None) -> CupOptions:
        """The options stored (unknown keys ignored, missing ones by default)."""
        known = {k: v for k, v in (stored or {}).items() if k in cls.__dataclass_fields__}
        return cls(**known)

    @property
    def rules(self) -> pairing.MatchRules:
        return pairing.MatchRules(
            games=self.games, tiebreak_games=self.tiebreak_games, decider=self.decider
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _count(value: Any, field: str, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = -1
    if str(value).strip() != str(number) or not low <= number <= high:
        raise TournamentError(
            _("Give a whole number from %(low)s to %(high)s.") % {"low": low, "high": high},
            field,
        )
    return number


def _clock(given: Mapping[str, Any], name: str) -> str:
    """The time control option ``name`` checked (its code; empty for none)."""
    try:
        return timekeeping.validate_time_control(given.get(name, "") or "", over_the_board=False)
    except ValueError as err:
        raise TournamentError(str(err), f"cup_{name}") from None


class Knockout(Format):
    """A knockout cup: single elimination, or double (``double``) with a losers' bracket."""

    rounds_given = False
    plays_matches = True
    pairs_by_rounds = False  # paired by its matches (``tournaments.acts.cup``)
    round_refusal = gettext_lazy("A knockout's rounds are paired by their matches.")

    def __init__(self, value: str, *, double: bool) -> None:
        self.value = value
        self.double = double

    def clean_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options checked; the codes name the form's fields (``cup_<option>``)."""
        given = dict(options or {})
        unknown = set(given) - set(CupOptions.__dataclass_fields__)
        if unknown:
            raise TournamentError(
                _("Unknown knockout option: %(names)s.") % {"names": ", ".join(sorted(unknown))},
                "format_options",
            )
        base = CupOptions()
        seeding = given.get("seeding", base.seeding)
        if seeding not in Seeding.values:
            raise TournamentError(_("Choose how the players are seeded."), "cup_seeding")
        decider = given.get("decider", base.decider)
        if decider not in Decider.values:
            raise TournamentError(_("Choose how a level match is decided."), "cup_decider")
        clock = _clock(given, "tiebreak_time_control")
        armageddon_clock = _clock(given, "armageddon_time_control")
        return CupOptions(
            third_place=bool(given.get("third_place", False)) and not self.double,
            reset=bool(given.get("reset", base.reset)) and self.double,
            seeding=str(seeding),
            games=_count(given.get("games", base.games), "cup_games", 1, MAX_GAMES),
            tiebreak_games=_count(
                given.get("tiebreak_games", 0), "cup_tiebreak_games", 0, MAX_TIEBREAK_GAMES
            ),
            tiebreak_time_control=clock,
            decider=str(decider),
            armageddon_time_control=armageddon_clock,
            armageddon_extra=_count(
                given.get("armageddon_extra", base.armageddon_extra),
                "cup_armageddon_extra",
                0,
                MAX_ARMAGEDDON_EXTRA,
            ),
        ).to_dict()

    def bracket(self, entrants: int, options: CupOptions) -> pairing.Bracket:
        """The bracket of ``entrants`` seeds with these options."""
        if self.double:
            return pairing.double_elimination(entrants, reset=options.reset)
        return pairing.single_elimination(entrants, third_place=options.third_place)

    def waves(self, entrants: int, options: CupOptions) -> int:
        """How many rounds the cup takes at most: each round plays the matches ready when it
        is paired (a reset of the grand final counted as played)."""
        bracket = self.bracket(entrants, options)
        results: dict[int, pairing.Outcome] = {}
        rounds = 0
        while True:
            state = pairing.advance(bracket, results)
            if not state.ready:
                return rounds
            rounds += 1
            for match_id in state.ready:
                status = state.matches[match_id]
                # the losers' bracket winner takes the first grand final: the reset is played
                first_wins = bracket.match(match_id).side != GRAND_FINAL
                winner = status.first if first_wins else status.second
                assert winner is not None
                results[match_id] = pairing.Outcome(winner)

    def trf_problem(self) -> str | None:
        return _("Knockouts have no TRF type: a knockout cannot be exported as a TRF file.")

    def late_entry_problem(self, *, last_paired: int) -> str | None:
        if last_paired:
            return _("A knockout cannot take new players once it has started.")
        return None


KNOCKOUT = Knockout(TournamentFormat.KNOCKOUT, double=False)
KNOCKOUT_DOUBLE = Knockout(TournamentFormat.KNOCKOUT_DOUBLE, double=True)
