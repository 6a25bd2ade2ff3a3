"""Importing a club's rating list from a spreadsheet, in the two steps of every import of the
site (``sheets.views.ImportFlow``): ``read_list`` reads and checks everything and plans the
changes (nothing written); ``apply_list_plan`` writes them all in one transaction — the new
players (``games.player_services``), the list's starting ratings (``StartingRating``: the sheet's
rows replace the list's) — and rebuilds the list from them (``ratings.services.rebuild``, which
records it: a ``RatingRecord`` with the cause "import").

Matching (docs/ratings.md, "Spreadsheets"): a row is the player of the site whose name is the
same, compared case-folded, with white space collapsed and ё as е. Several players of that name:
the "Club" column decides, then which of them the list has already; still several is an error
the user fixes (a club in the sheet, or a name made unique on the site). No player of that name:
a new player is created on apply.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import player_services
from games.bidi import isolate
from games.models import Player
from ratings import services
from ratings import states as S
from ratings.models import Cause, Method, Rating, RatingList, RatingRecord, StartingRating
from ratings.sheet_read import ReadSheet, find_header, read_sheet
from sheets import layout as L
from sheets.errors import ImportConflict, ImportRefused, SheetError, WorkbookRefused
from sheets.xlsx.reader import load_sheets
from sheets.xlsx.safety import Limits
from tournaments.authority import AnyUser


@dataclass(frozen=True)
class PlannedRow:
    """One player's starting rating as the sheet gives it."""

    cell: str
    name: str
    club: str
    player_id: int | None  # None: a new player, created on apply
    rating: float
    games: int
    deviation: float | None
    volatility: float | None
    old: float | None  # the list's starting rating for the player now (None: none)
    same: bool  # the list has exactly this starting rating already
    birth_year: int | None = None  # the sheet's, else the list's (a sheet without the column)
    reached_2400: bool = False  # likewise


@dataclass(frozen=True)
class Removed:
    """A starting rating of the list that the sheet does not have: removed on apply."""

    player_id: int
    name: str
    rating: float


@dataclass
class ListPlan:
    list_id: int
    as_of: dt.date
    rows: list[PlannedRow] = field(default_factory=list)
    removed: list[Removed] = field(default_factory=list)
    errors: list[SheetError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    sheet: str = ""

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def empty(self) -> bool:
        return not self.removed and all(row.same for row in self.rows)

    @property
    def new_players(self) -> list[PlannedRow]:
        return [row for row in self.rows if row.player_id is None]

    def digest(self) -> str:
        """A fingerprint of the changes: the preview and the apply step must agree on it."""
        payload = [
            self.list_id,
            self.as_of.isoformat(),
            [asdict(row) for row in self.rows],
            [asdict(row) for row in self.removed],
        ]
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:32]


def _players_by_name() -> dict[str, list[tuple[int, str]]]:
    out: dict[str, list[tuple[int, str]]] = {}
    for pk, name, club in Player.objects.values_list("pk", "name", "club"):
        out.setdefault(L.norm(name), []).append((pk, club))
    return out


def match(
    name: str, club: str, players: dict[str, list[tuple[int, str]]], on_list: set[int]
) -> list[int]:
    """The players of the site a row of ``name`` (and ``club``) may be (see the module)."""
    found = players.get(L.norm(name), [])
    if len(found) > 1 and club:
        found = [p for p in found if L.norm(p[1]) == L.norm(club)] or found
    if len(found) > 1:
        found = [p for p in found if p[0] in on_list] or found
    return [pk for pk, _club in found]


def _same(
    rating_list: RatingList, old: StartingRating, rating: float, games: int, day: dt.date, new: Any
) -> bool:
    """Does the list's starting rating ``old`` say what the row says (the same core state: an
    empty Glicko-2 deviation is the list's initial one; the same year of birth and 2400)?"""
    if (old.rating, old.games, old.as_of) != (rating, games, day):
        return False
    if (old.birth_year, old.reached_2400) != (new.birth_year, new.reached_2400):
        return False
    row = StartingRating(
        rating=rating,
        games=games,
        deviation=new.deviation,
        volatility=new.volatility,
        birth_year=new.birth_year,
        reached_2400=new.reached_2400,
    )
    return S.starting_state(rating_list, old) == S.starting_state(rating_list, row)


def _first_sheet(data: bytes, limits: Limits | None) -> ReadSheet:
    for sheet in load_sheets(data, limits):
        found = find_header(sheet)
        if found is not None:
            return read_sheet(sheet, *found)
    raise WorkbookRefused(
        _(
            "No sheet of this workbook has a header row with the columns “%(name)s” and "
            "“%(rating)s”: it is not a rating list."
        )
        % {"name": L.t(L.NAME), "rating": L.t(L.RATING)},
        "unrelated",
    )


def read_list(data: bytes, *, rating_list: RatingList, limits: Limits | None = None) -> ListPlan:
    """Step one: read and check the workbook's list; the plan lists every change and every
    problem (``WorkbookRefused`` for a file that is no rating list at all)."""
    read = _first_sheet(data, limits)
    plan = ListPlan(rating_list.pk, read.as_of or timezone.localdate(), sheet=read.sheet)
    plan.errors.extend(read.errors)
    if read.list_name is not None and L.norm(read.list_name) != L.norm(rating_list.name):
        plan.warnings.append(
            _("This sheet is of the list “%(sheet)s”; it is imported into “%(list)s”.")
            % {"sheet": isolate(read.list_name), "list": isolate(rating_list.name)}
        )
    glicko = rating_list.method == Method.GLICKO2
    if read.has_spread and not glicko:
        plan.warnings.append(_("An Elo list keeps no deviation or volatility: they are left out."))
    existing = {s.player_id: s for s in StartingRating.objects.filter(list=rating_list)}
    on_list = set(existing) | set(
        Rating.objects.filter(list=rating_list).values_list("player_id", flat=True)
    )
    players = _players_by_name()
    taken: set[int] = set()
    for line in read.lines:
        plan.errors.extend(line.errors)
        if line.errors or line.name is None:
            continue
        if line.rating is None:
            plan.warnings.append(
                _("%(where)s: %(name)s has no rating: left out.")
                % {"where": line.cell, "name": isolate(line.name)}
            )
            continue
        found = match(line.name, line.club, players, on_list)
        if len(found) > 1:
            message = _(
                "Several players on the site are called “%(name)s”: add a “%(club)s” column "
                "with their club, or make their names differ on the site."
            ) % {"name": isolate(line.name), "club": L.t(L.CLUB)}
            sheet, _bang, cell = line.cell.rpartition("!")
            plan.errors.append(SheetError(sheet, cell, message))
            continue
        player = found[0] if found else None
        deviation, volatility = (line.deviation, line.volatility) if glicko else (None, None)
        line.deviation, line.volatility = deviation, volatility
        old = existing.get(player) if player is not None else None
        if old is not None and not read.has_birth_year:  # a sheet without them keeps the list's
            line.birth_year = old.birth_year
        if old is not None and not read.has_reached_2400:
            line.reached_2400 = old.reached_2400
        same = old is not None and _same(
            rating_list, old, line.rating, line.games, plan.as_of, line
        )
        if player is not None:
            taken.add(player)
        plan.rows.append(
            PlannedRow(
                line.cell,
                line.name,
                line.club,
                player,
                line.rating,
                line.games,
                deviation,
                volatility,
                old.rating if old is not None else None,
                same,
                line.birth_year,
                line.reached_2400,
            )
        )
    names = dict(Player.objects.filter(pk__in=set(existing) - taken).values_list("pk", "name"))
    plan.removed = [
        Removed(pk, names[pk], existing[pk].rating) for pk in sorted(names, key=names.get)
    ]
    return plan


def _starting(plan: ListPlan, rating_list: RatingList, row: PlannedRow, player: int) -> None:
    StartingRating.objects.update_or_create(
        list=rating_list,
        player_id=player,
        defaults={
            "rating": row.rating,
            "games": row.games,
            "deviation": row.deviation,
            "volatility": row.volatility,
            "birth_year": row.birth_year,
            "reached_2400": row.reached_2400,
            "as_of": plan.as_of,
        },
    )


def apply_list_plan(
    plan: ListPlan, *, rating_list: RatingList, user: AnyUser | None
) -> RatingRecord:
    """Step two: every change of ``plan``, all or nothing, then the list rebuilt from its new
    starting ratings, with the record of it."""
    if not plan.ok:
        raise ImportRefused(_("The sheet has problems: nothing was imported."), plan.errors)
    with transaction.atomic():
        RatingList.objects.select_for_update().filter(pk=rating_list.pk).first()
        wanted = {r.player_id for r in plan.rows if r.player_id is not None}
        if Player.objects.filter(pk__in=wanted).count() != len(wanted):
            raise ImportConflict(_("A player of the list was removed since the preview."))
        for row in plan.rows:
            player = row.player_id
            if player is None:  # a new player, without an account
                player = player_services.create_player(name=row.name, club=row.club).pk
            if not row.same:
                _starting(plan, rating_list, row, player)
        StartingRating.objects.filter(
            list=rating_list, player_id__in=[r.player_id for r in plan.removed]
        ).delete()
        note = _(
            "Imported from a spreadsheet (%(sheet)s): %(rows)s starting ratings as of %(day)s, "
            "%(new)s new players, %(removed)s removed."
        ) % {
            "sheet": plan.sheet,
            "rows": len(plan.rows),
            "day": plan.as_of.isoformat(),
            "new": len(plan.new_players),
            "removed": len(plan.removed),
        }
        return services.rebuild(rating_list, cause=Cause.IMPORT, user=user, note=note)
