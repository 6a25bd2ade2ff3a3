"""The registry of tournament formats: the stored choice (``TournamentFormat``), the ``Format``
every entry subclasses, and ``register`` / ``get`` / ``find`` / ``entries``.

No model is imported here (the models import this module): an entry reads plain values and
duck-typed entries (``pk``, ``rank``, ``half_byes``, ``is_active_in(round)``) and answers with
the pure generators of ``tournaments.pairing``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.core.history import GameRecord, PointSystem
from tournaments.errors import TournamentError
from tournaments.pairing import Pair
from tournaments.standings import TIEBREAKS

StrOrPromise = str | Promise


class TournamentFormat(models.TextChoices):
    """The stored value of a tournament's format; each has its entry in the registry."""

    SWISS = "swiss", gettext_lazy("Swiss")
    BURSTEIN = "swiss_burstein", gettext_lazy("Swiss, Burstein system")
    ROUND_ROBIN = "round_robin", gettext_lazy("Round robin")
    DOUBLE_ROUND_ROBIN = "double_round_robin", gettext_lazy("Double round robin")
    KNOCKOUT = "knockout", gettext_lazy("Knockout (single elimination)")
    KNOCKOUT_DOUBLE = "knockout_double", gettext_lazy("Knockout (double elimination)")
    GROUPS = "groups", gettext_lazy("Groups (round-robin pools)")
    TABLES = "sos_tables", gettext_lazy("SOS at tables")


class EntryLike(Protocol):
    """What an entry pairs with: ``tournaments.models.Entry`` or any record like it."""

    pk: Any
    rank: int | None
    half_byes: Any

    def is_active_in(self, round_no: int) -> bool: ...


@dataclass
class PairedRound:
    """A round as a format pairs it: ``boards`` (a ``Pair`` and its result, "" while it is to be
    played, or a bye's result) in board order, and ``byes`` asked for ``(entry id, result)``,
    which come after the boards."""

    boards: list[tuple[Pair, str]]
    byes: list[tuple[int, str]] = field(default_factory=list)


class UnknownFormat(TournamentError):
    """A format with no entry in the registry: never read as another format."""

    def __init__(self, value: object) -> None:
        super().__init__(_("Unknown tournament format."), "format")
        self.value = value


class Format:
    """One tournament format. A subclass sets the class attributes and overrides ``pair_round``
    (and what differs of the rest); ``register(Subclass())`` adds it. See docs/formats.md."""

    value: str  # its TournamentFormat member
    # The arbiter gives the number of rounds (a Swiss); otherwise ``planned_rounds`` sets it when
    # round 1 is paired, and the settings store none before that.
    rounds_given: bool = True
    has_crosstable: bool = False  # the crosstable link and the workbook's crosstable sheet
    has_schedule: bool = False  # every round published once round 1 is paired
    has_groups: bool = False  # round 1 draws groups (``group_count``), each its own table
    all_play_all: bool = False  # the standings' all-play-all reading of unplayed rounds
    accelerates: bool = False  # accelerated pairings (Baku) apply
    default_tiebreaks: tuple[str, ...] = ()  # keys of its ``tiebreak_choices``
    trf_type: str = ""  # the TRF's 092 line, before the game kind
    trf_import: bool = False  # a TRF file of this type may be imported (``by_trf_type``)
    # A round's pairings are matches of several games (``tournaments.acts.cup``): the round is
    # paired, followed and finished by the matches, the standings are places, not points.
    plays_matches: bool = False
    # A round seats the players at tables of three to six (``tournaments.acts.tables``): the
    # round is seated, scored and finished by its tables; the standings are the tables'.
    plays_tables: bool = False
    # The prefix of the tournament form's fields of its options (``web/cup_form.py``).
    form_prefix: str = "cup"
    # The format pairs a round with ``pair_round`` (two players a board). A format whose rounds
    # are made otherwise (a knockout's matches, the tables) sets it False, and the pairing
    # service (``tournaments.pairings.pair_round``) refuses it with ``round_refusal``.
    pairs_by_rounds: bool = True
    round_refusal: StrOrPromise = ""

    @property
    def label(self) -> str:
        return str(TournamentFormat(self.value).label)

    def pair_round(
        self,
        *,
        number: int,
        entries: Sequence[EntryLike],
        games: Sequence[GameRecord],
        point_system: PointSystem,
        rounds: int | None = None,
        virtual_points: Mapping[int, float] | None = None,
        acceleration: Mapping[int, Sequence[float]] | None = None,
    ) -> PairedRound:
        """Round ``number``: ``entries`` every entry of the tournament (ranked), ``games`` every
        earlier round's records, ``rounds`` the planned number, ``virtual_points`` (by entry
        id) an acceleration's, for a format that ``accelerates``, and ``acceleration`` every
        entry's virtual points round by round (the earlier rounds' floats are judged on them).
        ``TournamentError`` when the round cannot be paired. Only a format that
        ``pairs_by_rounds`` has it."""
        raise NotImplementedError

    def planned_rounds(self, *, rounds: int | None, players: int) -> int | None:
        """How many rounds the tournament has once round 1 is paired with ``players``."""
        return rounds

    def scheduled_pairs(self, order: Sequence[int], number: int) -> list[Pair]:
        """Round ``number`` as published ahead (``has_schedule``), entry ids in ``order``."""
        return []

    def group_count(self, *, options: Mapping[str, Any] | None, players: int) -> int:
        """Into how many groups round 1 draws ``players`` (0: the format has no groups)."""
        return 0

    def tiebreak_choices(self) -> Mapping[str, Any]:
        """The tie-breaks a tournament of this format may order, by key: the two-player
        registry (``tournaments.standings.TIEBREAKS``) unless the format reads others."""
        return TIEBREAKS

    def validate(self, *, rounds: int | None) -> None:
        """``TournamentError`` (its code names the field) when the settings do not fit."""

    def clean_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The format's own options (``Tournament.format_options``) checked and normalised;
        ``TournamentError`` whose code names the form field. A format without options has {}."""
        return {}

    def kind_problem(self, kind: str) -> str | None:
        """Why a tournament of the game ``kind`` cannot have this format (``None``: it can)."""
        return None

    def trf_problem(self) -> str | None:
        """Why a tournament of this format has no TRF export (``None``: it has one)."""
        return None

    def late_entry_problem(self, *, last_paired: int) -> str | None:
        """Why no player may join after round ``last_paired`` is paired (``None``: one may)."""
        return None


_REGISTRY: dict[str, Format] = {}


def register(entry: Format) -> Format:
    """Add ``entry`` to the registry under its ``value`` (a ``TournamentFormat`` member)."""
    if entry.value not in TournamentFormat.values:
        raise ValueError(f"{entry.value!r} is not a TournamentFormat value")
    if entry.value in _REGISTRY:
        raise ValueError(f"the format {entry.value!r} is registered already")
    _REGISTRY[entry.value] = entry
    return entry


def find(value: object) -> Format | None:
    """The entry of a format's stored ``value``; ``None`` for an unknown one."""
    return _REGISTRY.get(value) if isinstance(value, str) else None


def get(value: object) -> Format:
    """The entry of a format's stored ``value``; ``UnknownFormat`` for an unknown one."""
    entry = find(value)
    if entry is None:
        raise UnknownFormat(value)
    return entry


def by_trf_type(text: str) -> Format | None:
    """The importable entry whose ``trf_type`` a TRF's ``092`` line begins with (the longest
    such; case and spacing ignored), ``None`` when there is none."""
    line = " ".join(text.split()).casefold()
    found = [
        e for e in _REGISTRY.values() if e.trf_import and line.startswith(e.trf_type.casefold())
    ]
    return max(found, key=lambda e: len(e.trf_type), default=None)


def entries() -> Iterator[Format]:
    """Every entry, in the order of ``TournamentFormat``."""
    return (_REGISTRY[v] for v in TournamentFormat.values if v in _REGISTRY)
