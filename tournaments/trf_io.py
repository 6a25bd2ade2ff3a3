"""TRF interchange with the database: the ORM bridge for the pure ``tournaments.trf``.

``export_trf(tournament) -> str``
    The tournament as a TRF16 file: the entries numbered by starting rank, one ``001`` line each
    with a block per round from the pairings, points in the tournament's point system, the rank
    from the standings; ``012 042 052 062 092 XXR XXC`` (and ``122``, the time control's short
    form, ``3+2``, when the tournament has a clock; read back when it is in that form) and,
    for a non-default point system, ``BBW BBD BBL BBU`` lines; for a Baku-accelerated
    tournament, an ``XXA`` line per GA player with its virtual points in every accelerated
    round; ``XXU capped`` when the tournament caps the dummy opponents' scores (the option
    *Cap the dummy opponent's score*, FIDE 2026). ``092`` says the game kind in
    brackets ("… (sos)"), which the import reads back. Requested half-point byes of unpaired
    rounds are pre-entered as ``H``, the rounds a withdrawn entry misses (paired or not) as ``Z``.
``import_trf(*, text, user, name=None, kind=None) -> Tournament``
    A new Swiss tournament played on paper with the file's players, rounds and results, in one
    transaction: the file is read and checked completely first (``TournamentError`` with code
    ``"trf"`` naming the line), then written through the services — ``create_tournament``,
    ``create_player``, ``register``, ``withdraw``, ``given_pairings.add_round`` for each round, the
    results service for each result (one record each, source TRF) and ``finish_round``.
    A ``092`` line that begins with the Burstein type (``Individual: Swiss-System, Burstein``,
    as the export writes it) makes it a Burstein Swiss; any other, a Dutch one.
    ``XXA`` lines that are exactly the Baku method for the file (``trf.baku_acceleration``)
    make it a Baku-accelerated tournament; any other acceleration is refused. ``XXU capped``
    turns on the dummy cap.

What does not survive a round trip through a TRF: a withdrawal before the last paired round
(the paired rounds the player missed come back as zero-point byes, the withdrawal from the next
unpaired round), board numbers, pairing reasons and warnings,
the games and their SOS scores, arbiters, tie-break order, the game's rules options, an
initial colour of ``black1``, player accounts and clubs, late entry (joined_round; the missed
rounds stay as ``Z``), FIDE ids, titles, federations and birth dates, names beyond 33
characters, ratings above 9999, and points for a forfeit loss or a zero-point bye that differ
from a loss (``BBF``/``BBZ``). ``W D L`` come back as ``1 = 0``, ``F`` as ``U``. A player not
paired in the last paired rounds is read as withdrawn from the first of them; one whose next
rounds are pre-entered ``Z`` as withdrawn from the first such round.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from games import clock, kinds, player_services
from games.models import GameKind
from tournaments import formats, queries, trf
from tournaments.acts import given_pairings, notes, results, services
from tournaments.core import history as records
from tournaments.errors import TournamentError
from tournaments.models import (
    Acceleration,
    RecordReason,
    ResultSource,
    Round,
    Tournament,
    TournamentFormat,
)
from tournaments.pairings import acceleration_plan, pairing_order, tournament_records

KIND_MARK = re.compile(r"\((\w+)\)\s*$")
DATE_FORMATS = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y")
MAX_RATING = 9999


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


# --- export -------------------------------------------------------------------------------------


def tournament_to_trf(tournament: Tournament) -> trf.TrfTournament:
    """The tournament as a ``TrfTournament`` (see ``export_trf``)."""
    t = Tournament.objects.get(pk=tournament.pk)
    by_pk = {e.pk: e for e in t.entries.select_related("player")}
    entries = [by_pk[pk] for pk in pairing_order(list(by_pk.values()))]  # C.04.2
    number = {e.pk: n for n, e in enumerate(entries, 1)}
    games = tournament_records(t)
    paired = queries.rounds_played(t)
    system = t.point_system
    places = {row.entry: row.place for row in queries.standings(t).rows}
    blocks: dict[int, dict[int, trf.TrfRound]] = {e.pk: {} for e in entries}
    points = {e.pk: 0.0 for e in entries}
    for g in games:
        points[g.first] += records.game_points(g, g.first, system)
        if g.second is None:
            char = trf.BYE_CHAR.get(g.result or records.BYE, "U")
            blocks[g.first][g.round] = trf.TrfRound(None, "-", char)
            continue
        points[g.second] += records.game_points(g, g.second, system)
        first_char, second_char = trf.RESULT_PAIRS[g.result]
        blocks[g.first][g.round] = trf.TrfRound(number[g.second], "w", first_char)
        blocks[g.second][g.round] = trf.TrfRound(number[g.first], "b", second_char)
    last = max(t.rounds or 0, paired)
    for e in entries:
        gone = e.withdrawn_from_round
        for r in range(min(gone or paired + 1, paired + 1), last + 1):
            if r <= paired and r in blocks[e.pk]:
                continue
            if gone is not None and r >= gone:
                # absent, not paired: in a paired round as in the rounds ahead (a blank block
                # would be read as a player the round should have paired)
                blocks[e.pk][r] = trf.TrfRound(None, "-", "Z")
            elif r in (e.half_byes or []):
                blocks[e.pk][r] = trf.TrfRound(None, "-", "H")
    players = []
    for e in entries:
        own = blocks[e.pk]
        rating = e.rating if e.rating is not None and e.rating <= MAX_RATING else None
        players.append(
            trf.TrfPlayer(
                number=number[e.pk],
                name=" ".join(e.player.name.split()),
                rating=rating,
                points=round(points[e.pk], 1),
                rank=places.get(e.pk),
                rounds=[own.get(r, trf.EMPTY) for r in range(1, max(own, default=0) + 1)],
            )
        )
    plan = acceleration_plan(t, entries)
    bb = {}
    if float(t.points_win) != 1:
        bb["BBW"] = float(t.points_win)
    if float(t.points_draw) != 0.5:
        bb["BBD"] = float(t.points_draw)
    if float(t.points_loss) != 0:
        bb["BBL"] = float(t.points_loss)
    if float(t.points_bye) != float(t.points_win):
        bb["BBU"] = float(t.points_bye)
    return trf.TrfTournament(
        name=t.name,
        start_date=t.start_date.strftime("%Y/%m/%d") if t.start_date else "",
        end_date=t.end_date.strftime("%Y/%m/%d") if t.end_date else "",
        player_count=len(entries),
        type=f"{t.format_entry.trf_type} ({t.kind})",
        time_control=clock.TimeControl.from_code(t.time_control).short_form(),  # in English
        rounds=t.rounds or None,
        colours="white1",
        points=bb,
        acceleration={number[pk]: values for pk, values in plan.items()},
        dummy_cap=t.dummy_cap,
        players=players,
    )


def export_trf(tournament: Tournament) -> str:
    """The tournament as TRF16 text (see the module docstring)."""
    return trf.format_trf(tournament_to_trf(tournament))


# --- import -------------------------------------------------------------------------------------


@dataclass
class _PlayerPlan:
    source: trf.TrfPlayer
    half_byes: list[int] = field(default_factory=list)
    withdrawn_from: int | None = None


@dataclass
class _Plan:
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
    players: list[_PlayerPlan]
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


def _player_plan(p: trf.TrfPlayer, played: int, last: int) -> _PlayerPlan:
    plan = _PlayerPlan(p)
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


def _read(text: str, name: str | None, kind: str | None) -> _Plan:
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
    return _Plan(
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


def _boards(games: Iterable[records.GameRecord], before: dict[int, float]) -> list:
    """A round's records in board order: by the pair's score before the round, byes last."""
    bye_order = {records.BYE: 0, records.HALF_BYE: 1, records.ZERO_BYE: 2}

    def key(g: records.GameRecord) -> tuple:
        if g.second is None:
            return (1, bye_order.get(g.result or "", 3), 0.0, g.first)
        a, b = before[g.first], before[g.second]
        return (0, -max(a, b), -(a + b), min(g.first, g.second))

    return sorted(games, key=key)


def import_trf(
    *, text: str, user: services.AnyUser | None, name: str | None = None, kind: str | None = None
) -> Tournament:
    """Create a Swiss tournament (played on paper) from TRF text; see the module docstring.

    ``name`` overrides the file's ``012`` line; ``kind`` the game kind read from ``092``
    (SOS by default). Raises ``TournamentError``; nothing is written then.
    """
    if not services.can_create_tournament(user):
        raise TournamentError(_("You may not create tournaments."), "not_allowed")
    plan = _read(text, name, kind)
    with transaction.atomic():
        t = services.create_tournament(
            name=plan.name,
            kind=plan.kind,
            format=plan.format,
            rounds=plan.rounds,
            online=False,
            points_win=Decimal(str(plan.points.win)),
            points_draw=Decimal(str(plan.points.draw)),
            points_loss=Decimal(str(plan.points.loss)),
            points_bye=Decimal(str(plan.points.bye)),
            acceleration=plan.acceleration,
            dummy_cap=plan.dummy_cap,
            time_control=plan.time_control,
            start_date=plan.start_date,
            end_date=plan.end_date,
            created_by=user,
        )
        entry_of: dict[int, int] = {}
        for pp in plan.players:
            p = pp.source
            player = player_services.create_player(name=p.name, rating=p.rating)
            entry = services.register(
                tournament=t,
                player=player,
                user=user,
                rank=p.number,
                rating=p.rating,
                half_byes=pp.half_byes,
            )
            if pp.withdrawn_from is not None:
                services.withdraw(entry=entry, user=user, from_round=pp.withdrawn_from)
            entry_of[p.number] = entry.pk
        _create_rounds(t, plan, entry_of, user)
    return Tournament.objects.get(pk=t.pk)


def _create_rounds(
    t: Tournament, plan: _Plan, entry_of: dict[int, int], user: services.AnyUser | None
) -> None:
    """Each round through the services: added as paired, its results entered (one record
    each), finished when every board has its result."""
    before = {number: 0.0 for number in entry_of}
    note = notes.Note(notes.TRF_FILE)  # worded in the reader's language where shown
    for r in range(1, plan.played + 1):
        games = _boards([g for g in plan.games if g.round == r], before)
        rnd = given_pairings.add_round(
            tournament=t,
            boards=[
                (
                    entry_of[g.first],
                    entry_of[g.second] if g.second is not None else None,
                    (g.result or records.ZERO_BYE) if g.second is None else "",
                )
                for g in games
            ],
            user=user,
            source=ResultSource.TRF,
            note=note,
        )
        boards = {p.board: p for p in rnd.pairings.all()}
        for board, g in enumerate(games, 1):
            if g.second is not None and g.result is not None:
                results.enter_result(
                    pairing=boards[board],
                    result=g.result,
                    user=user,
                    source=ResultSource.TRF,
                    reason=RecordReason.REPORTED,
                    note=note,
                )
        if all(g.result is not None for g in games):
            services.finish_round(round=Round.objects.get(pk=rnd.pk), user=user)
        for g in games:
            for number in (g.first, g.second):
                if number is not None:
                    before[number] += records.game_points(g, number, plan.points)
