"""An import plan: every change a workbook would make, and applying it in one transaction.

The plan is built by :mod:`sheets.importer` (read and check everything, collect every error);
``apply_plan`` then makes the changes through the services — ``register``, ``record_result``,
``create_game`` and the bridges of :mod:`sheets.gameio` — in one transaction, checking as it goes
that nothing changed since the plan was made (``ImportConflict`` otherwise, and nothing is kept).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from functools import partial

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from games import services as game_services
from games.errors import GameError
from games.models import Game, Player
from ops.logs import log_event
from tournaments import adjudication, authority, results, services
from tournaments import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import AdjudicationReason, Entry, Pairing, ResultSource, Tournament

from . import gameio
from .errors import ImportConflict, ImportRefused, SheetError


def result_of_winners(winners: tuple[int, ...] | None) -> str | None:
    return V.of_winners(winners)


@dataclass(frozen=True)
class NewEntry:
    sheet: str
    cell: str
    name: str
    rating: int | None
    club: str
    rank: int | None
    player_id: int | None  # an existing player to register, or None to create one


@dataclass(frozen=True)
class ResultChange:
    sheet: str
    cell: str
    pairing_id: int
    round: int
    board: int
    first: str
    second: str | None
    old: str
    new: str
    first_score: int | None = None
    second_score: int | None = None
    version: str = ""  # the pairing's version when the plan was made (results.version_of)


@dataclass(frozen=True)
class GameChange:
    sheet: str
    pairing_id: int
    round: int
    board: int
    names: tuple[str, ...]
    game_id: int | None  # None: a game is created for the pairing
    start_ply: int = 0
    moves: tuple[str, ...] = ()
    position: tuple[str, ...] | None = None
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None  # a final position's result
    decide: tuple[int, ...] | None = None  # winners stated on a move list the rules left open
    old_result: str = ""
    result: str = ""  # the pairing's result once the game is written ("" while unfinished)

    @property
    def action(self) -> str:
        if self.game_id is None:
            return "create"
        return "position" if self.position is not None else "extend"


@dataclass
class ImportPlan:
    tournament_id: int
    errors: list[SheetError] = field(default_factory=list)
    new_entries: list[NewEntry] = field(default_factory=list)
    results: list[ResultChange] = field(default_factory=list)
    games: list[GameChange] = field(default_factory=list)
    sheets_read: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def empty(self) -> bool:
        return not (self.new_entries or self.results or self.games)

    def digest(self) -> str:
        """A fingerprint of the changes: the preview and the apply step must agree on it."""
        payload = [
            [asdict(x) for x in self.new_entries],
            [asdict(x) for x in self.results],
            [asdict(x) for x in self.games],
        ]
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:32]


def apply_plan(plan: ImportPlan, *, user: AbstractBaseUser) -> ImportPlan:
    """Make every change of ``plan`` as ``user``, all or nothing; returns the plan."""
    if plan.errors:
        raise ImportRefused(_("The workbook has problems: nothing was imported."), plan.errors)
    try:
        with transaction.atomic():
            tournament = Tournament.objects.select_for_update().get(pk=plan.tournament_id)
            if not authority.may_arbitrate(user, tournament):
                raise ImportRefused(_("Only this tournament's arbiters may import results."))
            for new in plan.new_entries:
                _register(tournament, new, user)
            for change in plan.results:
                _record(change, user)
            for game in plan.games:
                _write_game(tournament, game, user)
            transaction.on_commit(
                partial(
                    log_event,
                    "club.imports",
                    "workbook_applied",
                    tournament=tournament.pk,
                    user=user.pk,
                    new_entries=len(plan.new_entries),
                    results=len(plan.results),
                    games=len(plan.games),
                )
            )
    except (TournamentError, GameError, ValueError) as err:
        raise ImportRefused(str(err)) from None
    return plan


def _register(tournament: Tournament, new: NewEntry, user: AbstractBaseUser) -> None:
    if new.player_id is not None:
        player = Player.objects.get(pk=new.player_id)
        if Entry.objects.filter(tournament=tournament, player=player).exists():
            raise _conflict()
    else:
        player = game_services.create_player(name=new.name, rating=new.rating, club=new.club)
    services.register(
        tournament=tournament, player=player, user=user, rank=new.rank, rating=new.rating
    )


def _note(sheet: str) -> str:
    return _("From an imported workbook (%(sheet)s).") % {"sheet": sheet}


def _record(change: ResultChange, user: AbstractBaseUser) -> None:
    pairing = Pairing.objects.select_for_update().get(pk=change.pairing_id)
    if pairing.result != change.old:
        raise _conflict()
    try:
        results.enter_result(
            pairing=pairing,
            result=change.new,
            user=user,
            source=ResultSource.IMPORT,
            note=_note(f"{change.sheet}!{change.cell}"),
            first_score=change.first_score,
            second_score=change.second_score,
            expected_version=change.version or None,
        )
    except TournamentError as err:
        if err.code == "stale":
            raise _conflict() from None
        raise


def _write_game(tournament: Tournament, change: GameChange, user: AbstractBaseUser) -> None:
    pairing = (
        Pairing.objects.select_for_update(of=("self",))
        .select_related("first__player", "second__player")
        .get(pk=change.pairing_id)
    )
    if pairing.game_id != change.game_id or pairing.result != change.old_result:
        raise _conflict()
    if change.game_id is None:
        game = game_services.create_game(
            kind=tournament.kind,
            options=tournament.options,
            players=[pairing.first.player, pairing.second.player],
            over_the_board=True,
            created_by=user,
        )
        gameio.attach_game(pairing=pairing, game=game)
    else:
        game = Game(pk=change.game_id)  # the services below lock and read it
    if change.position is not None:
        gameio.record_position(
            game=game,
            position=change.position,
            winners=change.winners or (),
            scores=change.scores or (),
        )
        _follow(game, change, user)
        return
    if change.moves:
        game = gameio.play_moves(
            game=game, user=user, moves=change.moves, expected_ply=change.start_ply
        )
    elif not Game.objects.filter(pk=game.pk, ply=change.start_ply).exists():
        raise _conflict()
    if change.decide is not None:
        adjudication.decide(
            user=user,
            reason=AdjudicationReason.UNFINISHED,
            result=V.of_winners(change.decide) or "",
            game=game,
            note=_("Result of an unfinished game, from an imported workbook (%(sheet)s).")
            % {"sheet": change.sheet},
            source=ResultSource.IMPORT,
        )
        return
    _follow(game, change, user)


def _follow(game: Game, change: GameChange, user: AbstractBaseUser) -> None:
    """The pairing takes the imported game's result now, recorded as the import's."""
    results.sync_from_game(
        game=game,
        source=ResultSource.IMPORT,
        user=user,
        reason=AdjudicationReason.REPORTED,
        note=_note(change.sheet),
    )


def _conflict() -> ImportConflict:
    return ImportConflict(
        _("The tournament changed since the preview: upload the workbook again to see the changes.")
    )
