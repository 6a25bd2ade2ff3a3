"""SOS at tables (issue 30; the pure core is ``tournaments.pairing``'s ``tables*`` modules,
docs/tables-core.md): each round seats the players at tables of three to six, by standing and
without avoidable repeats, and a table's finishing order by SOS count scores placement points.

One entry, ``TABLES``, with its options (``TablesOptions``, stored in
``Tournament.format_options``): the table size, whether tables of two may be made, the scoring
(placement points, or the raw SOS counts) and the points table. Its rounds are seated, scored
and finished by their tables (``plays_tables``; ``tournaments.acts.tables``); it is for SOS only
and has no TRF type. docs/tables.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from itertools import pairwise
from typing import Any

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import kinds
from games.bidi import ltr_text
from tournaments.errors import TournamentError
from tournaments.formats.base import Format, TournamentFormat
from tournaments.standings.tables import TABLE_TIEBREAKS, TABLES_ORDER

MIN_SIZE = 3
MAX_SIZE = 6
DEFAULT_SIZE = 4
MAX_POINTS = 100  # a place's points at most


class Scoring(models.TextChoices):
    """What a table's result adds to a player's score."""

    PLACEMENT = "placement", gettext_lazy("Placement points")
    COUNTS = "counts", gettext_lazy("SOS counts")


def default_scheme(size: int) -> list[float]:
    """``size - 1`` points for the first place down to 0 for the last (3-2-1-0 at 4)."""
    return [float(size - 1 - k) for k in range(size)]


@dataclass(frozen=True)
class TablesOptions:
    """The options of an event at tables, as ``Tournament.format_options`` stores them;
    ``scheme``: the points of places 1, 2, … at a table of ``size`` (empty: the default)."""

    size: int = DEFAULT_SIZE
    allow_small: bool = False
    scoring: str = Scoring.PLACEMENT
    scheme: list[float] = field(default_factory=list)

    @classmethod
    def of(cls, stored: Mapping[str, Any] | None) -> TablesOptions:
        """The options stored (unknown keys ignored, missing ones by default)."""
        known = {k: v for k, v in (stored or {}).items() if k in cls.__dataclass_fields__}
        return cls(**known)

    @property
    def points_table(self) -> list[float]:
        return list(self.scheme) or default_scheme(self.size)

    @property
    def bye_points(self) -> float:
        """A bye's points: a table's average (placement points), none for raw counts."""
        if self.scoring == Scoring.COUNTS:
            return 0.0
        table = self.points_table
        return sum(table) / len(table)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _size(value: Any) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        number = -1
    if not MIN_SIZE <= number <= MAX_SIZE:
        raise TournamentError(
            _("A table seats %(low)s to %(high)s players.") % {"low": MIN_SIZE, "high": MAX_SIZE},
            "tables_size",
        )
    return number


def _scheme(value: Any, size: int) -> list[float]:
    """The points table: a list, or text such as "3-2-1-0"; empty for the default."""
    if value in (None, "", []):
        return []
    if isinstance(value, str):
        items: Any = value.replace(",", "-").replace(" ", "-").split("-")
    else:
        items = value
    try:
        points = [float(str(v)) for v in items if str(v).strip()]
    except (TypeError, ValueError):
        points = []
    ordered = all(a >= b for a, b in pairwise(points))
    if (
        len(points) != size
        or not ordered
        or any(not 0 <= p <= MAX_POINTS for p in points)
        or not sum(points)
    ):
        raise TournamentError(
            _(
                "Give the points of each of the %(size)s places, best first, such as "
                "%(example)s: numbers from 0 to %(most)s, never more for a lower place."
            )
            % {
                "size": size,
                "example": ltr_text("-".join(str(int(p)) for p in default_scheme(size))),
                "most": MAX_POINTS,
            },
            "tables_scheme",
        )
    return points


class Tables(Format):
    """SOS at tables of three to six."""

    value = TournamentFormat.TABLES
    plays_tables = True
    form_prefix = "tables"
    pairs_by_rounds = False  # seated by its tables (``tournaments.acts.tables``)
    round_refusal = gettext_lazy("A round at tables is seated by its tables.")
    default_tiebreaks = TABLES_ORDER

    def tiebreak_choices(self) -> Mapping[str, Any]:
        """The tables' own tie-breaks (``tournaments.standings.tables``)."""
        return TABLE_TIEBREAKS

    def clean_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options checked; the codes name the form's fields (``tables_<option>``)."""
        given = dict(options or {})
        unknown = set(given) - set(TablesOptions.__dataclass_fields__)
        if unknown:
            raise TournamentError(
                _("Unknown option of the tables: %(names)s.")
                % {"names": ", ".join(sorted(unknown))},
                "format_options",
            )
        size = _size(given.get("size", DEFAULT_SIZE))
        scoring = given.get("scoring", Scoring.PLACEMENT)
        if scoring not in Scoring.values:
            raise TournamentError(_("Choose how a table's result is scored."), "tables_scoring")
        return TablesOptions(
            size=size,
            allow_small=bool(given.get("allow_small", False)),
            scoring=str(scoring),
            scheme=_scheme(given.get("scheme"), size),
        ).to_dict()

    def validate(self, *, rounds: int | None) -> None:
        if not rounds:
            raise TournamentError(_("An event at tables needs its number of rounds."), "rounds")

    def kind_problem(self, kind: str) -> str | None:
        """Tables need a game three or more may play at one board (the kinds' registry says
        which: SOS today)."""
        if not kinds.known(kind) or kinds.get(kind).max_seats < 3:
            return _("Tables of three to six players are for SOS tournaments only.")
        return None

    def trf_problem(self) -> str | None:
        return _("TRF has no format for tables: an event at tables cannot be exported as TRF.")


TABLES = Tables()
