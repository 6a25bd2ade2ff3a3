"""The one write path for tournaments: entries, rounds, pairings and results change here only."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import services as game_services
from games import timekeeping
from games.analysis_models import MAX_ADJUDICATION_SECONDS
from games.models import Game, GameKind, GameStatus, Player
from tournaments import results
from tournaments.authority import require_arbiter
from tournaments.errors import TournamentError
from tournaments.models import (
    Acceleration,
    Adjudication,
    Entry,
    Pairing,
    Result,
    Round,
    RoundStatus,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    acceleration_problem,
)
from tournaments.standings import DEFAULT_ORDER, TIEBREAKS

AnyUser = AbstractBaseUser | AnonymousUser


def can_create_tournament(user: AnyUser | None) -> bool:
    return bool(user and user.is_authenticated and user.has_perm("tournaments.add_tournament"))


# SOS games have a score of their own: by default an SOS tournament breaks ties with the SOS
# points scored and their difference first in a Swiss (after direct encounter in a round robin),
# then the format's usual order, as far as the form's six tie-break places go.
SOS_FIRST = ("sos_points", "sos_difference")
MAX_DEFAULT_TIEBREAKS = 6


def default_tiebreaks(format: str, kind: str = GameKind.UTTT) -> list[str]:
    """The tie-breaks a new tournament of ``format`` and game ``kind`` gets unless told."""
    key = "round_robin" if format != TournamentFormat.SWISS else "swiss"
    usual = list(DEFAULT_ORDER[key])
    if kind != GameKind.SOS:
        return usual
    lead = ["direct_encounter"] if usual[0] == "direct_encounter" else []
    rest = [k for k in usual if k not in lead]
    return [*lead, *SOS_FIRST, *rest][:MAX_DEFAULT_TIEBREAKS]


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
    )
    if clean["format"] != TournamentFormat.SWISS:
        clean["rounds"] = None
    tournament = Tournament.objects.create(
        **clean,
        online=online,
        time_control=_time_control(time_control),
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


POINT_FIELDS = ("points_win", "points_draw", "points_loss", "points_bye")
MAX_POINTS = Decimal("999.9")


def validate_settings(
    *,
    name: str,
    kind: str,
    options: Any,
    format: str,
    rounds: int | None,
    points_win: Any,
    points_draw: Any,
    points_loss: Any,
    points_bye: Any,
    tiebreaks: Sequence[str] | None,
    acceleration: str = "",
    dummy_cap: bool = False,
) -> dict[str, Any]:
    """A tournament's settings checked and normalised, as every form (the site's, the admin's)
    and service stores them; ``TournamentError`` whose code names the field at fault."""
    name = " ".join(str(name).split())
    if not name:
        raise TournamentError(_("A tournament needs a name."), "name")
    if kind not in GameKind.values:
        raise TournamentError(_("Unknown game: %(kind)s.") % {"kind": kind}, "kind")
    if format not in TournamentFormat.values:
        raise TournamentError(_("Unknown tournament format."), "format")
    if format == TournamentFormat.SWISS and not rounds:
        raise TournamentError(_("A Swiss tournament needs its number of rounds."), "rounds")
    if not isinstance(options, dict):
        raise TournamentError(
            _('The rules options must be named values, such as {"preset": "tactical"}.'),
            "options",
        )
    try:
        normalised = game_services.validate_game_options(kind, options, 2)
    except (TypeError, ValueError) as err:
        raise TournamentError(
            _("These rules options are not allowed: %(reason)s") % {"reason": err}, "options"
        ) from None
    points = {}
    for field, value in zip(
        POINT_FIELDS, (points_win, points_draw, points_loss, points_bye), strict=True
    ):
        try:
            number = Decimal(str(value))
        except ArithmeticError:
            number = Decimal("NaN")
        if not number.is_finite() or not 0 <= number <= MAX_POINTS or number != round(number, 1):
            raise TournamentError(
                _("Points are numbers from 0 to 999.9, with at most one decimal."), field
            )
        points[field] = number
    order = list(tiebreaks) if tiebreaks is not None else default_tiebreaks(format, kind)
    if any(not isinstance(key, str) for key in order):
        raise TournamentError(_("Unknown tie-break: %(keys)s.") % {"keys": order}, "tiebreaks")
    if len(set(order)) != len(order):
        raise TournamentError(_("Each tie-break can be chosen only once."), "tiebreaks")
    unknown = [key for key in order if key not in TIEBREAKS]
    if unknown:
        raise TournamentError(
            _("Unknown tie-break: %(keys)s.") % {"keys": ", ".join(unknown)}, "tiebreaks"
        )
    if kind != GameKind.SOS and any(k.startswith("sos_") for k in order):
        raise TournamentError(_("SOS points tie-breaks need an SOS tournament."), "tiebreaks")
    acceleration = acceleration or Acceleration.NONE
    problem = acceleration_problem(
        acceleration=acceleration, format=format, win=points_win, draw=points_draw, loss=points_loss
    )
    if problem:
        raise TournamentError(problem, "acceleration")
    return {
        "name": name,
        "kind": kind,
        "options": normalised,
        "format": format,
        "rounds": rounds,
        **points,
        "tiebreaks": order,
        "acceleration": acceleration,
        "dummy_cap": bool(dummy_cap),
    }


# What an arbiter may change after creating a tournament; the first three are frozen once
# round 1 is paired (the games are made with them, the pairings follow the format).
FROZEN_FIELDS = ("kind", "format", "options")
SETTING_FIELDS = (
    "name",
    *FROZEN_FIELDS,
    "rounds",
    *POINT_FIELDS,
    "tiebreaks",
    "acceleration",
    "dummy_cap",
    "online",
    "start_date",
    "end_date",
    "claim_after_minutes",
    "time_control",
    "engine_seconds",
    "registration_open",
    "registration_approval",
)


def _time_control(code: Any) -> str:
    """A valid time control code (``TournamentError`` otherwise)."""
    try:
        return timekeeping.validate_time_control(code, over_the_board=False)
    except ValueError as err:
        raise TournamentError(str(err), "time_control") from None


def check_not_frozen(tournament: Tournament, changes: Mapping[str, Any]) -> None:
    """``TournamentError`` (code ``frozen``) when ``changes`` alter a frozen setting of a
    tournament whose round 1 is paired."""
    changed = [f for f in FROZEN_FIELDS if f in changes and changes[f] != getattr(tournament, f)]
    if changed and tournament.pk and _last_paired_round(tournament):
        raise TournamentError(
            _(
                "Round 1 is paired: the game, the format and the rules options can no longer "
                "change."
            ),
            "frozen",
        )


def validated_changes(tournament: Tournament, changes: Mapping[str, Any]) -> dict[str, Any]:
    """``changes`` to ``tournament``'s settings, checked and normalised with the rest of them."""
    unknown = set(changes) - set(SETTING_FIELDS)
    if unknown:
        raise ValueError(f"not a tournament setting: {sorted(unknown)}")
    merged = {f: changes.get(f, getattr(tournament, f)) for f in SETTING_FIELDS}
    try:
        clean = validate_settings(
            name=merged["name"],
            kind=merged["kind"],
            options=merged["options"],
            format=merged["format"],
            rounds=merged["rounds"],
            points_win=merged["points_win"],
            points_draw=merged["points_draw"],
            points_loss=merged["points_loss"],
            points_bye=merged["points_bye"],
            tiebreaks=merged["tiebreaks"],
            acceleration=merged["acceleration"],
            dummy_cap=merged["dummy_cap"],
        )
    except TournamentError:
        check_not_frozen(tournament, changes)  # a frozen setting changed: that is the answer
        raise
    clean["time_control"] = _time_control(merged["time_control"])
    # Compared normalised: the same options written otherwise are no change.
    check_not_frozen(tournament, {f: clean[f] for f in FROZEN_FIELDS if f in changes})
    last = _last_paired_round(tournament) if tournament.pk else 0
    if clean["format"] == TournamentFormat.SWISS and last and clean["rounds"] < last:
        raise TournamentError(
            _("Rounds paired already: %(count)s; there cannot be fewer.") % {"count": last},
            "rounds",
        )
    seconds = merged["engine_seconds"]
    if not isinstance(seconds, int) or not 1 <= seconds <= MAX_ADJUDICATION_SECONDS:
        raise TournamentError(
            _("The engine's time must be from 1 to %(most)s seconds.")
            % {"most": MAX_ADJUDICATION_SECONDS},
            "engine_seconds",
        )
    if clean["format"] != TournamentFormat.SWISS:
        # A round robin's schedule sets its rounds when round 1 is paired, and only then.
        clean["rounds"] = tournament.rounds if last else None
    return {**merged, **clean}


@transaction.atomic
def update_tournament(
    *, tournament: Tournament, user: AnyUser | None, changes: Mapping[str, Any]
) -> Tournament:
    """Change a tournament's settings (those of :data:`SETTING_FIELDS`), checked as at its
    creation; kind, format and rules options are frozen once round 1 is paired."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, t)
    values = validated_changes(t, changes)
    fields = [f for f in SETTING_FIELDS if values[f] != getattr(t, f)]
    for field in fields:
        setattr(t, field, values[field])
    if fields:
        t.save(update_fields=fields)
    return t


@transaction.atomic
def set_arbiters(
    *, tournament: Tournament, user: AnyUser | None, arbiters: Iterable[AbstractBaseUser]
) -> Tournament:
    """Name ``tournament``'s arbiters: one of its arbiters adds or removes co-arbiters (himself
    too), but a tournament always keeps at least one; only active accounts can be named."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, t)
    wanted = {a.pk: a for a in arbiters}
    if not wanted:
        raise TournamentError(_("A tournament needs at least one arbiter."), "arbiters")
    inactive = sorted(a.get_username() for a in wanted.values() if not a.is_active)
    if inactive:
        raise TournamentError(
            _("These accounts are closed: %(names)s.") % {"names": ", ".join(inactive)},
            "arbiters",
        )
    t.arbiters.set(list(wanted.values()))
    return t


def _last_paired_round(tournament: Tournament) -> int:
    return (
        Round.objects.filter(tournament=tournament)
        .exclude(status=RoundStatus.PENDING)
        .aggregate(n=Max("number"))["n"]
        or 0
    )


@transaction.atomic
def register(
    *,
    tournament: Tournament,
    player: Player,
    user: AnyUser | None,
    rank: int | None = None,
    rating: int | None = None,
    half_byes: Iterable[int] = (),
) -> Entry:
    """Register ``player``; after round 1 is paired this is a late entry (Swiss only)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, tournament)
    return enter_locked(
        tournament=tournament, player=player, rank=rank, rating=rating, half_byes=half_byes
    )


def enter_locked(
    *,
    tournament: Tournament,
    player: Player,
    rank: int | None = None,
    rating: int | None = None,
    half_byes: Iterable[int] = (),
) -> Entry:
    """The entry of ``player`` into ``tournament`` (locked by the caller, who has checked the
    authority: :func:`register` for arbiters, :mod:`tournaments.registration` for players)."""
    if tournament.status == TournamentStatus.FINISHED:
        raise TournamentError(_("This tournament is finished."), "finished")
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise TournamentError(
            _("%(name)s is already registered.") % {"name": player.name}, "duplicate"
        )
    last = _last_paired_round(tournament)
    if last and tournament.is_round_robin:
        raise TournamentError(
            _("A round robin cannot take new players once it has started."), "started"
        )
    if tournament.rounds and last >= tournament.rounds:
        raise TournamentError(_("Every round has been paired already."), "too_late")
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
        _add_bye(rnd, entry, result)
    return entry


def _add_bye(rnd: Round, entry: Entry, result: str) -> Pairing:
    board = (rnd.pairings.aggregate(n=Max("board"))["n"] or 0) + 1
    return Pairing.objects.create(round=rnd, board=board, first=entry, result=result)


@transaction.atomic
def withdraw(*, entry: Entry, user: AnyUser | None, from_round: int | None = None) -> Entry:
    """Withdraw ``entry`` from round ``from_round`` on (the next unpaired round by default)."""
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    require_arbiter(user, tournament)
    last = _last_paired_round(tournament)
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
    last = _last_paired_round(tournament)
    if entry.withdrawn_from_round is not None and entry.withdrawn_from_round <= last:
        # Rounds already paired without the player stay as they are: he is back from the next.
        for number in range(entry.withdrawn_from_round, last + 1):
            rnd = Round.objects.get(tournament=tournament, number=number)
            if (
                not rnd.pairings.filter(first=entry).exists()
                and not rnd.pairings.filter(second=entry).exists()
            ):
                _add_bye(rnd, entry, Result.ZERO_BYE)
    entry.withdrawn_from_round = None
    entry.save(update_fields=["withdrawn_from_round"])
    return entry


# The pairing result a game's outcome stands for (``""`` while it has none).
result_of_game = results.result_of_game
parse_result = results.parse_result


def sync_result_from_game(game: Game) -> Adjudication | None:
    """The pairing of ``game`` follows the game's result (see ``results.sync_from_game``)."""
    return results.sync_from_game(game=game)


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
) -> Pairing:
    """Enter (or correct) the result of a game played on paper, or a forfeit, with its record;
    see ``results.enter_result``."""
    results.enter_result(
        pairing=pairing,
        result=result,
        user=user,
        first_score=first_score,
        second_score=second_score,
        reason=reason,
        note=note,
        expected_version=expected_version,
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
    missing = rnd.pairings.filter(result="").count()
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
    rnd.status = RoundStatus.FINISHED
    rnd.finished_at = timezone.now()
    rnd.save(update_fields=["status", "finished_at"])
    if rnd.number >= (tournament.rounds or 0):
        tournament.status = TournamentStatus.FINISHED
        tournament.save(update_fields=["status"])
    return rnd


@transaction.atomic
def attach_game(*, pairing: Pairing, game: Game) -> None:
    """Link ``game`` (a paper game recorded afterwards) to ``pairing``, which has none yet."""
    if Pairing.objects.filter(pk=pairing.pk, game__isnull=True).update(game=game) != 1:
        raise TournamentError(_("This board has a game already."), "has_game")
