"""The one write path for tournaments: entries, rounds, pairings and results change here only.

A tournament's settings are checked and changed in ``tournaments.acts.tournament_settings``; the
corrections of an entry are checked in ``tournaments.acts.entry_changes``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bidi import isolate
from games.models import Game, GameStatus, Player
from tournaments import formats
from tournaments.acts import (
    cup_play,
    cup_repair,
    pairing_results,
    results,
    revision,
    table_games,
    tables,
)
from tournaments.acts.entry_changes import validated_entry_changes
from tournaments.acts.status import refresh_status
from tournaments.acts.tournament_settings import (
    checked_time_control,
    last_paired_round,
    validate_settings,
)
from tournaments.authority import AnyUser, require_arbiter
from tournaments.errors import TournamentError
from tournaments.models import (
    Acceleration,
    Entry,
    Pairing,
    RecordReason,
    Result,
    ResultSource,
    Round,
    RoundStatus,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)


def can_create_tournament(user: AnyUser | None) -> bool:
    return bool(user and user.is_authenticated and user.has_perm("tournaments.add_tournament"))


@transaction.atomic
def create_tournament(
    *,
    name: str,
    kind: str,
    options: dict[str, Any] | None = None,
    format: str = TournamentFormat.SWISS,
    rounds: int | None = None,
    online: bool = True,
    points_win: Decimal | float = 1,
    points_draw: Decimal | float = Decimal("0.5"),
    points_loss: Decimal | float = 0,
    points_bye: Decimal | float = 1,
    tiebreaks: Sequence[str] | None = None,
    dummy_cap: bool = False,
    acceleration: str = Acceleration.NONE,
    start_date: Any = None,
    end_date: Any = None,
    created_by: AbstractBaseUser | None = None,
    arbiters: Iterable[AbstractBaseUser] = (),
    time_control: str = "",
    registration_open: bool = False,
    registration_approval: bool = False,
    format_options: Mapping[str, Any] | None = None,
) -> Tournament:
    """Create a tournament; its creator becomes one of its arbiters. ``time_control`` (a
    ``games.clock`` code) is the clock its games get when they are paired."""
    clean = validate_settings(
        name=name,
        kind=kind,
        options=options or {},
        format=format,
        rounds=rounds,
        points_win=points_win,
        points_draw=points_draw,
        points_loss=points_loss,
        points_bye=points_bye,
        tiebreaks=tiebreaks,
        acceleration=acceleration,
        dummy_cap=dummy_cap,
        format_options=format_options,
    )
    if not formats.get(clean["format"]).rounds_given:
        clean["rounds"] = None
    tournament = Tournament.objects.create(
        **clean,
        online=online,
        time_control=checked_time_control(time_control),
        start_date=start_date,
        end_date=end_date,
        created_by=created_by,
        registration_open=bool(registration_open),
        registration_approval=bool(registration_approval),
    )
    tournament.arbiters.add(*arbiters)
    if created_by is not None:
        tournament.arbiters.add(created_by)
    return tournament


@transaction.atomic
def register(
    *,
    tournament: Tournament,
    player: Player,
    user: AnyUser | None,
    rank: int | None = None,
    rating: int | None = None,
    half_byes: Iterable[int] = (),
    source: str = ResultSource.PAIRING,
) -> Entry:
    """Register ``player``; after round 1 is paired this is a late entry (Swiss only), whose
    missed rounds' byes are recorded with ``source`` (a workbook import says so)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, tournament)
    return enter_locked(
        tournament=tournament,
        player=player,
        rank=rank,
        rating=rating,
        half_byes=half_byes,
        user=user,
        source=source,
    )


def enter_locked(
    *,
    tournament: Tournament,
    player: Player,
    rank: int | None = None,
    rating: int | None = None,
    half_byes: Iterable[int] = (),
    user: AnyUser | None = None,
    source: str = ResultSource.PAIRING,
) -> Entry:
    """The entry of ``player`` into ``tournament`` (locked by the caller, who has checked the
    authority: :func:`register` for arbiters, :mod:`tournaments.acts.registration` for players).
    A late entry's byes for the rounds it missed are recorded as made by ``user``."""
    last = check_open_for_entries(tournament)
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise TournamentError(
            _("%(name)s is already registered.") % {"name": isolate(player.name)}, "duplicate"
        )
    byes = sorted({int(r) for r in half_byes})
    entry = Entry.objects.create(
        tournament=tournament,
        player=player,
        rank=rank,
        rating=rating if rating is not None else player.rating,
        joined_round=last + 1,
        half_byes=byes,
    )
    # A late entry's missed rounds: the half-point byes asked for, zero otherwise.
    for number in range(1, last + 1):
        rnd = Round.objects.get(tournament=tournament, number=number)
        result = Result.HALF_BYE if number in byes else Result.ZERO_BYE
        _add_bye(
            rnd,
            entry,
            result,
            user=user,
            source=source,
            reason=RecordReason.LATE_ENTRY,
        )
    return entry


def check_open_for_entries(tournament: Tournament) -> int:
    """The last paired round of ``tournament`` (0 before round 1), or the
    :class:`TournamentError` saying why it takes no new entry: an entry made now joins in the
    round after it, with a zero-point bye (or the half-point one asked for) in each round before."""
    if tournament.status == TournamentStatus.FINISHED:
        raise TournamentError(_("This tournament is finished."), "finished")
    last = last_paired_round(tournament)
    if closed := tournament.format_entry.late_entry_problem(last_paired=last):
        raise TournamentError(closed, "started")
    if tournament.rounds and last >= tournament.rounds:
        raise TournamentError(_("Every round has been paired already."), "too_late")
    return last


@transaction.atomic
def register_players(
    *, tournament: Tournament, players: Iterable[Player], user: AnyUser | None
) -> list[Entry]:
    """Register each of ``players`` as :func:`register` does (one entry each, a late entry's
    missed rounds' byes recorded), all or none."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, tournament)
    return [enter_locked(tournament=tournament, player=p, user=user) for p in players]


def _add_bye(
    rnd: Round, entry: Entry, result: str, *, user: AnyUser | None, source: str, reason: str
) -> Pairing:
    """A bye of ``entry`` in a round paired without him, after its boards, with its record."""
    board = (rnd.pairings.aggregate(n=Max("board"))["n"] or 0) + 1
    pairing = Pairing.objects.create(round=rnd, board=board, first=entry, result=result)
    pairing_results.record_byes(pairings=[pairing], user=user, source=source, reason=reason)
    return pairing


@transaction.atomic
def withdraw(*, entry: Entry, user: AnyUser | None, from_round: int | None = None) -> Entry:
    """Withdraw ``entry`` from round ``from_round`` on (the next unpaired round by default)."""
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    require_arbiter(user, tournament)
    last = last_paired_round(tournament)
    from_round = from_round or last + 1
    if from_round <= last:
        raise TournamentError(
            _("Round %(number)s is already paired: withdraw from a later round.")
            % {"number": from_round},
            "paired",
        )
    entry.withdrawn_from_round = from_round
    entry.save(update_fields=["withdrawn_from_round"])
    return entry


@transaction.atomic
def reinstate(*, entry: Entry, user: AnyUser | None) -> Entry:
    """Undo a withdrawal for the rounds not paired yet."""
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    require_arbiter(user, tournament)
    last = last_paired_round(tournament)
    if entry.withdrawn_from_round is not None and entry.withdrawn_from_round <= last:
        # Rounds already paired without the player stay as they are: he is back from the next.
        for number in range(entry.withdrawn_from_round, last + 1):
            rnd = Round.objects.get(tournament=tournament, number=number)
            if (
                not rnd.pairings.filter(first=entry).exists()
                and not rnd.pairings.filter(second=entry).exists()
            ):
                _add_bye(
                    rnd,
                    entry,
                    Result.ZERO_BYE,
                    user=user,
                    source=ResultSource.PAIRING,
                    reason=RecordReason.WITHDRAWAL,
                )
    entry.withdrawn_from_round = None
    entry.save(update_fields=["withdrawn_from_round"])
    return entry


@transaction.atomic
def update_entry(*, entry: Entry, user: AnyUser | None, changes: Mapping[str, Any]) -> Entry:
    """Correct ``entry``'s player, starting rank, rating or requested half-point byes
    (:func:`validated_entry_changes`); a withdrawal is an act of its own
    (``adjudication.withdraw``)."""
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    require_arbiter(user, tournament)
    row = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    clean = validated_entry_changes(row, changes)
    for field, value in clean.items():
        setattr(row, field, value)
    if clean:
        row.save(update_fields=list(clean))
    return row


# The pairing result a game's outcome stands for (``""`` while it has none).
result_of_game = results.result_of_game


def record_result(
    *,
    pairing: Pairing,
    result: str,
    user: AnyUser | None,
    first_score: int | None = None,
    second_score: int | None = None,
    reason: str | None = None,
    note: str = "",
    expected_version: str | None = None,
    source: str = ResultSource.PAPER,
) -> Pairing:
    """Enter (or correct) the result of a game played on paper, or a forfeit, with its record
    (from ``source``: the site's form, or the API); see ``results.enter_result``."""
    results.enter_result(
        pairing=pairing,
        result=result,
        user=user,
        first_score=first_score,
        second_score=second_score,
        reason=reason,
        note=note,
        expected_version=expected_version,
        source=source,
    )
    return Pairing.objects.get(pk=pairing.pk)


@transaction.atomic
def finish_round(*, round: Round, user: AnyUser | None) -> Round:
    """Close a round once every board has its result; the last round finishes the tournament."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    tournament = rnd.tournament
    require_arbiter(user, tournament)
    if rnd.status != RoundStatus.PAIRED:
        raise TournamentError(_("Only a paired round can be finished."), "not_paired")
    # A game's result that has not reached its pairing yet (its signal is still on its way, or
    # failed): take it now.
    for game in Game.objects.filter(
        pairing__round=rnd, pairing__result="", winners__isnull=False
    ).exclude(status=GameStatus.ANNULLED):
        results.sync_from_game(game=game)
    open_boards = rnd.pairings.filter(result="")
    if tournament.format_entry.plays_matches:  # a knockout's boards a correction left unneeded
        open_boards = open_boards.exclude(pk__in=cup_repair.boards_not_needed(rnd))
    missing = open_boards.count()
    if missing:
        raise TournamentError(
            ngettext(
                "%(count)s board still has no result.",
                "%(count)s boards still have no result.",
                missing,
            )
            % {"count": missing},
            "missing_results",
        )
    if tournament.format_entry.plays_matches and (problem := cup_play.round_problem(rnd)):
        raise TournamentError(problem, "match_open")
    if tournament.format_entry.plays_tables:
        table_games.sync_round(rnd)  # a table's game ended whose signal has not arrived
    if tournament.format_entry.plays_tables and (problem := tables.round_problem(rnd)):
        raise TournamentError(problem, "table_open")
    rnd.status = RoundStatus.FINISHED
    rnd.finished_at = timezone.now()
    rnd.save(update_fields=["status", "finished_at"])
    refresh_status(tournament=tournament)
    return rnd


@transaction.atomic
def attach_game(*, pairing: Pairing, game: Game) -> None:
    """Link ``game`` (a paper game recorded afterwards) to ``pairing``, which has none yet."""
    if Pairing.objects.filter(pk=pairing.pk, game__isnull=True).update(game=game) != 1:
        raise TournamentError(_("This board has a game already."), "has_game")
    revision.bump(pairing.round.tournament_id)
