"""Tournament settings: their checks (for the site's forms, the admin and ``create_tournament``),
the default tie-breaks, and the writes that change them (``update_tournament``, ``set_arbiters``).

Moved out of ``tournaments.acts.services``, which keeps creating tournaments and everything about
entries, rounds and results.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from games import kinds as game_kinds
from games import services as game_services
from games import timekeeping
from games.analysis_models import MAX_ADJUDICATION_SECONDS
from games.clock import MAX_DEFAULT_TIME_MINUTES
from tournaments import formats
from tournaments.acts.status import refresh_status
from tournaments.authority import AnyUser, require_arbiter
from tournaments.errors import TournamentError
from tournaments.models import (
    Acceleration,
    Round,
    RoundStatus,
    Tournament,
    acceleration_problem,
)
from tournaments.standings import TIEBREAKS
from tournaments.standings.tables import TABLE_TIEBREAKS

MAX_DEFAULT_TIEBREAKS = 6


def default_tiebreaks(format: str, kind: str | None = None) -> list[str]:
    """The tie-breaks a new tournament of ``format`` and game ``kind`` gets unless told: a game
    kind with a score of its own (SOS points) breaks ties with its own tie-breaks first in a
    Swiss (after direct encounter in a round robin), then the format's usual order, as far as
    the form's six tie-break places go."""
    entry = formats.get(format)
    usual = list(entry.default_tiebreaks)
    own = game_kinds.get(kind).tiebreaks if game_kinds.known(kind) else ()
    own = [key for key in own if key in entry.tiebreak_choices()]  # none at tables
    if not own or not usual:  # a format without tie-breaks (a knockout's places) takes none
        return usual
    lead = ["direct_encounter"] if usual[0] == "direct_encounter" else []
    rest = [k for k in usual if k not in lead]
    return [*lead, *own, *rest][:MAX_DEFAULT_TIEBREAKS]


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
    format_options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A tournament's settings checked and normalised, as every form (the site's, the admin's)
    and service stores them; ``TournamentError`` whose code names the field at fault."""
    name = _checked_name(name)
    _check_kind_and_format(kind, format, rounds)
    own = formats.get(format).clean_options(format_options)
    normalised = _checked_options(kind, options)
    points = _checked_points(points_win, points_draw, points_loss, points_bye)
    order = _checked_tiebreaks(tiebreaks, format, kind)
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
        "format_options": own,
    }


def _checked_name(name: Any) -> str:
    name = " ".join(str(name).split())
    if not name:
        raise TournamentError(_("A tournament needs a name."), "name")
    return name


def _check_kind_and_format(kind: Any, format: Any, rounds: int | None) -> None:
    if not game_kinds.known(kind):
        raise TournamentError(_("Unknown game: %(kind)s.") % {"kind": kind}, "kind")
    entry = formats.get(format)  # UnknownFormat is a TournamentError
    entry.validate(rounds=rounds)
    if problem := entry.kind_problem(kind):
        raise TournamentError(problem, "format")


def _checked_options(kind: str, options: Any) -> dict[str, Any]:
    """The rules options, checked against the kind's schema as the casual game's are."""
    if not isinstance(options, dict):
        raise TournamentError(
            _('The rules options must be named values, such as {"preset": "tactical"}.'),
            "options",
        )
    try:
        return game_services.validate_game_options(kind, options, 2)
    except (TypeError, ValueError) as err:
        raise TournamentError(
            _("These rules options are not allowed: %(reason)s") % {"reason": err}, "options"
        ) from None


def _checked_points(*values: Any) -> dict[str, Decimal]:
    """The points of a win, a draw, a loss and a bye (:data:`POINT_FIELDS`), as decimals."""
    points = {}
    for field, value in zip(POINT_FIELDS, values, strict=True):
        try:
            number = Decimal(str(value))
        except ArithmeticError:
            number = Decimal("NaN")
        if not number.is_finite() or not 0 <= number <= MAX_POINTS or number != round(number, 1):
            raise TournamentError(
                _("Points are numbers from 0 to 999.9, with at most one decimal."), field
            )
        points[field] = number
    return points


def _checked_tiebreaks(tiebreaks: Any, format: str, kind: str) -> list[str]:
    """The tie-breaks in order (the usual ones of the format and kind when none are given)."""
    if tiebreaks is not None and not isinstance(tiebreaks, list | tuple):
        raise TournamentError(_("Unknown tie-break: %(keys)s.") % {"keys": tiebreaks}, "tiebreaks")
    order = list(tiebreaks) if tiebreaks is not None else default_tiebreaks(format, kind)
    if any(not isinstance(key, str) for key in order):
        raise TournamentError(_("Unknown tie-break: %(keys)s.") % {"keys": order}, "tiebreaks")
    if len(set(order)) != len(order):
        raise TournamentError(_("Each tie-break can be chosen only once."), "tiebreaks")
    unknown = [key for key in order if key not in TIEBREAKS and key not in TABLE_TIEBREAKS]
    if unknown:
        raise TournamentError(
            _("Unknown tie-break: %(keys)s.") % {"keys": ", ".join(unknown)}, "tiebreaks"
        )
    choices = formats.get(format).tiebreak_choices()
    other = [key for key in order if key not in choices]
    if other:
        raise TournamentError(
            _("Not a tie-break of this format: %(keys)s.") % {"keys": ", ".join(other)},
            "tiebreaks",
        )
    foreign = game_kinds.foreign_tiebreak(kind, order)
    if foreign is not None:
        raise TournamentError(str(foreign.tiebreaks_refusal), "tiebreaks")
    return order


# What an arbiter may change after creating a tournament; the first three are frozen once
# round 1 is paired (the games are made with them, the pairings follow the format).
FROZEN_FIELDS = ("kind", "format", "options", "format_options")
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
    "default_time",
    "engine_seconds",
    "registration_open",
    "registration_approval",
)


def checked_time_control(code: Any) -> str:
    """A valid time control code (``TournamentError`` otherwise)."""
    try:
        return timekeeping.validate_time_control(code, over_the_board=False)
    except ValueError as err:
        raise TournamentError(str(err), "time_control") from None


def check_not_frozen(tournament: Tournament, changes: Mapping[str, Any]) -> None:
    """``TournamentError`` (code ``frozen``) when ``changes`` alter a frozen setting of a
    tournament whose round 1 is paired."""
    changed = [f for f in FROZEN_FIELDS if f in changes and changes[f] != getattr(tournament, f)]
    if changed and tournament.pk and last_paired_round(tournament):
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
            format_options=merged["format_options"],
        )
    except TournamentError:
        check_not_frozen(tournament, changes)  # a frozen setting changed: that is the answer
        raise
    clean["time_control"] = checked_time_control(merged["time_control"])
    # Compared normalised: the same options written otherwise are no change.
    check_not_frozen(tournament, {f: clean[f] for f in FROZEN_FIELDS if f in changes})
    last = last_paired_round(tournament) if tournament.pk else 0
    entry = formats.get(clean["format"])
    if entry.rounds_given and last and clean["rounds"] < last:
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
    minutes = merged["default_time"]
    if not isinstance(minutes, int) or not 1 <= minutes <= MAX_DEFAULT_TIME_MINUTES:
        raise TournamentError(
            _("The default time must be from 1 to %(most)s minutes.")
            % {"most": MAX_DEFAULT_TIME_MINUTES},
            "default_time",
        )
    if not entry.rounds_given:
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
    if "rounds" in fields:
        refresh_status(tournament=t)  # more rounds reopen a finished tournament, fewer end it
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


def last_paired_round(tournament: Tournament) -> int:
    """The number of the tournament's last round that is paired (0 when none is)."""
    return (
        Round.objects.filter(tournament=tournament)
        .exclude(status=RoundStatus.PENDING)
        .aggregate(n=Max("number"))["n"]
        or 0
    )
