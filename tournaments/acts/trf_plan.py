"""The TRF import's plan: the whole file read and checked before anything is written
(``tournaments.trf_io.import_trf`` then writes it through the services). See trf_io's
docstring for what is read and how."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games import clock, kinds
from games.models import GameKind
from tournaments import formats, trf
from tournaments.core import history as records
from tournaments.errors import TournamentError
from tournaments.models import Acceleration, TournamentFormat

KIND_MARK = re.compile(r"\((\w+)\)\s*$")
DATE_FORMATS = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y")


def trf_error_message(err: trf.TrfError) -> str:
    """The translated text of a ``TrfError``, with its line number."""
    message = _(err.message) % err.params
    if err.line:
        return _("Line %(line)s: %(message)s") % {"line": err.line, "message": message}
    return message


def _error(line: int, message: str) -> TournamentError:
    if line:
        message = _("Line %(line)s: %(message)s") % {"line": line, "message": message}
    return TournamentError(message, "trf")


@dataclass
class PlayerPlan:
    source: trf.TrfPlayer
    half_byes: list[int] = field(default_factory=list)
    withdrawn_from: int | None = None


@dataclass
class Plan:
    name: str
    kind: str
    format: str
    rounds: int
    played: int
    start_date: datetime.date | None
    end_date: datetime.date | None
    points: records.PointSystem
    acceleration: str
    dummy_cap: bool
    time_control: str
    players: list[PlayerPlan]
    games: list[records.GameRecord]


def _date(value: str, line: int) -> datetime.date | None:
    if not value:
        return None
    for fmt in DATE_FORMATS:
        try:
            return datetime.datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    raise _error(
        line,
        _("“%(text)s” is not a date: write it as YYYY/MM/DD.") % {"text": value},
    )


def _time_control(text: str) -> str:
    """The clock code of a ``122`` line written in our short form (``3+2``); ``""`` for any
    other text (FIDE's free-form ``90 min/40 moves + 30 min``…), which is not imported."""
    try:
        return clock.parse(text).to_code()
    except clock.BadTimeControl:
        return ""


def _kind(data: trf.TrfTournament, kind: str | None) -> str:
    if kind is not None:
        if not kinds.known(kind):
            raise TournamentError(_("Unknown game: %(kind)s.") % {"kind": kind}, "trf")
        return kind
    mark = KIND_MARK.search(data.type)
    if mark and kinds.known(mark.group(1)):
        return mark.group(1)
    return GameKind.SOS


def _format(data: trf.TrfTournament) -> str:
    """The Swiss system that the ``092`` line names (the Dutch system unless another is)."""
    entry = formats.by_trf_type(data.type)
    return entry.value if entry is not None else TournamentFormat.SWISS


def _player_plan(p: trf.TrfPlayer, played: int, last: int) -> PlayerPlan:
    plan = PlayerPlan(p)
    plan.half_byes = [r for r in range(1, last + 1) if p.round(r).result == "H"]
    if played:
        present = [r for r in range(1, played + 1) if not p.round(r).is_empty]
        if not present or present[-1] < played:
            plan.withdrawn_from = present[-1] + 1 if present else 1
    if plan.withdrawn_from is None:
        # absent to the end (``Z`` in every round from some round on, paired or not): withdrawn
        # from the first of them, as the export writes a withdrawal
        absent = [r for r in range(1, last + 1) if _absent(p.round(r))]
        start = last + 1
        while absent and absent[-1] == start - 1:
            start = absent.pop()
        plan.withdrawn_from = start if start <= last else None
    if plan.withdrawn_from is None:
        plan.withdrawn_from = next(
            (r for r in range(played + 1, last + 1) if p.round(r).result == "Z"), None
        )
    return plan


def _after_withdrawal(g: records.GameRecord, gone: dict[int, int]) -> bool:
    """A zero-point bye of a round the player was withdrawn from: his absence, no record."""
    return (
        g.second is None
        and g.result == records.ZERO_BYE
        and g.round >= gone.get(g.first, g.round + 1)
    )


def _absent(block: trf.TrfRound) -> bool:
    return block.opponent is None and block.result == "Z"


def read(text: str, name: str | None, kind: str | None) -> Plan:
    """Read and check the whole file, before anything is written."""
    try:
        data = trf.parse(text)
        played = trf.paired_rounds(data)
        trf.check_points(data)
        games = trf.game_records(data, up_to=played)
    except trf.TrfError as err:
        raise TournamentError(trf_error_message(err), "trf") from None
    for p in data.players:
        if not p.name:
            raise _error(p.line, _("Player %(number)s has no name.") % {"number": p.number})
        for r in range(1, played):
            block = p.round(r)
            if block.opponent is not None and block.result == " ":
                raise _error(
                    p.line,
                    _(
                        "Round %(round)s: player %(number)s has no result, but later rounds "
                        "are paired."
                    )
                    % {"round": r, "number": p.number},
                )
    planned = trf.planned_rounds(data)
    rounds_line = data.lines.get(trf.ROUNDS, 0)
    if planned is not None and planned < played:
        raise _error(
            rounds_line,
            _("The file has %(played)s rounds, more than the %(rounds)s it announces.")
            % {"played": played, "rounds": planned},
        )
    rounds = planned or played
    if not rounds:
        raise _error(0, _("The file gives no number of rounds (an XXR line) and has no round."))
    last = max(rounds, max((len(p.rounds) for p in data.players), default=0))
    acceleration = Acceleration.NONE
    if data.acceleration:
        if not trf.baku_acceleration(data):
            raise _error(
                data.lines.get(trf.ACCELERATION, 0),
                _(
                    "The XXA lines are not the Baku acceleration (FIDE C.04.5.1) for these "
                    "players and rounds; only that acceleration can be imported."
                ),
            )
        acceleration = Acceleration.BAKU
    plans = [_player_plan(p, played, last) for p in data.players]
    gone = {pp.source.number: pp.withdrawn_from for pp in plans if pp.withdrawn_from}
    return Plan(
        name=name if name is not None and name.strip() else data.name,
        kind=_kind(data, kind),
        format=_format(data),
        rounds=rounds,
        played=played,
        start_date=_date(data.start_date, data.lines.get(trf.START_DATE, 0)),
        end_date=_date(data.end_date, data.lines.get(trf.END_DATE, 0)),
        points=trf.point_system(data),
        acceleration=acceleration,
        dummy_cap=data.dummy_cap,
        time_control=_time_control(data.time_control),
        players=plans,
        games=[g for g in games if not _after_withdrawal(g, gone)],
    )


def boards(games: Iterable[records.GameRecord], before: dict[int, float]) -> list:
    """A round's records in board order: by the pair's score before the round, byes last."""
    bye_order = {records.BYE: 0, records.HALF_BYE: 1, records.ZERO_BYE: 2}

    def key(g: records.GameRecord) -> tuple:
        if g.second is None:
            return (1, bye_order.get(g.result or "", 3), 0.0, g.first)
        a, b = before[g.first], before[g.second]
        return (0, -max(a, b), -(a + b), min(g.first, g.second))

    return sorted(games, key=key)
