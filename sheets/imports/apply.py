"""Applying an import plan: every change in one transaction, through the services.

``apply_plan`` makes the changes of a plan (:mod:`sheets.imports.plan`) through the services —
``register``, the results service (``tournaments.acts.results``, source *import*), ``create_game``
and the bridges of :mod:`sheets.imports.gameio` — checking as it goes that nothing changed since
the plan was made (``ImportConflict`` otherwise, and nothing is kept).
"""

from __future__ import annotations

from functools import partial

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from common.logs import log_event
from games import player_services
from games import services as game_services
from games.errors import GameError
from games.models import Game, Player
from sheets.errors import ImportConflict, ImportRefused
from sheets.imports import gameio, notes
from sheets.imports.plan import (
    GameChange,
    ImportPlan,
    MatchGames,
    NewEntry,
    ResultChange,
    TableChange,
)
from tournaments import authority
from tournaments.acts import decisions, results, services, tables
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import (
    Entry,
    Pairing,
    RecordReason,
    ResultSource,
    TableSeat,
    TableSeating,
    Tournament,
)


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
            for table in plan.tables:
                _record_table(table, user)
            for match in plan.matches:
                _match_games(match, user)
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
                    bracket_games=sum(len(m.games) for m in plan.matches),
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
        player = player_services.create_player(name=new.name, rating=new.rating, club=new.club)
    services.register(
        tournament=tournament,
        player=player,
        user=user,
        rank=new.rank,
        rating=new.rating,
        source=ResultSource.IMPORT,
    )


def _note(sheet: str) -> str:
    return notes.note(notes.WORKBOOK, sheet)


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


def _match_games(change: MatchGames, user: AbstractBaseUser) -> None:
    """A score typed into the bracket: its games' results one by one, each game after the
    first made by the cup when the one before has its result."""
    note = _note(f"{change.sheet}!{change.cell}")
    for number, code in enumerate(change.games, len(change.known) + 1):
        games = list(
            Pairing.objects.select_for_update().filter(match_id=change.match_id).order_by("board")
        )
        expected = [*change.known, *change.games][: number - 1]
        done = [g.result for g in games[: number - 1]]
        if len(games) < number or done != expected or games[number - 1].result:
            raise _conflict()  # the match's games are not those the preview counted on
        results.enter_result(
            pairing=games[number - 1], result=code, user=user, source=ResultSource.IMPORT, note=note
        )


def _record_table(change: TableChange, user: AbstractBaseUser) -> None:
    """A table's counts, by the tables' act, if the table is still as previewed."""
    row = TableSeating.objects.select_for_update().get(pk=change.table_id)
    seats = TableSeat.objects.filter(table=row).order_by("seat")
    if tuple(seats.values_list("sos_count", flat=True)) != change.old:
        raise _conflict()
    tables.record_table(
        table=row, counts=list(change.new), user=user, note=_note(f"{change.sheet}!{change.cell}")
    )


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
        decisions.decide(
            user=user,
            reason=RecordReason.UNFINISHED,
            result=V.of_winners(change.decide) or "",
            game=game,
            note=notes.note(notes.WORKBOOK_UNFINISHED, change.sheet),
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
        reason=RecordReason.REPORTED,
        note=_note(change.sheet),
    )


def _conflict() -> ImportConflict:
    return ImportConflict(
        _("The tournament changed since the preview: upload the workbook again to see the changes.")
    )
