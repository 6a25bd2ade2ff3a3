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

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from games import clock, player_services
from tournaments import queries, trf
from tournaments.acts import given_pairings, notes, results, services, trf_plan
from tournaments.acts.trf_plan import trf_error_message
from tournaments.core import history as records
from tournaments.errors import TournamentError
from tournaments.models import (
    RecordReason,
    ResultSource,
    Round,
    Tournament,
)
from tournaments.pairings import acceleration_plan, pairing_order, tournament_records

__all__ = ["export_trf", "import_trf", "tournament_to_trf", "trf_error_message"]

MAX_RATING = 9999


# --- export -------------------------------------------------------------------------------------


def tournament_to_trf(tournament: Tournament) -> trf.TrfTournament:
    """The tournament as a ``TrfTournament`` (see ``export_trf``); a format with no TRF type
    (a knockout) is refused with a ``TournamentError``."""
    t = Tournament.objects.get(pk=tournament.pk)
    if problem := t.format_entry.trf_problem():
        raise TournamentError(problem, "no_trf")
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


def import_trf(
    *, text: str, user: services.AnyUser | None, name: str | None = None, kind: str | None = None
) -> Tournament:
    """Create a Swiss tournament (played on paper) from TRF text; see the module docstring.

    ``name`` overrides the file's ``012`` line; ``kind`` the game kind read from ``092``
    (SOS by default). Raises ``TournamentError``; nothing is written then.
    """
    if not services.can_create_tournament(user):
        raise TournamentError(_("You may not create tournaments."), "not_allowed")
    plan = trf_plan.read(text, name, kind)
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
    t: Tournament, plan: trf_plan.Plan, entry_of: dict[int, int], user: services.AnyUser | None
) -> None:
    """Each round through the services: added as paired, its results entered (one record
    each), finished when every board has its result."""
    before = {number: 0.0 for number in entry_of}
    note = notes.Note(notes.TRF_FILE)  # worded in the reader's language where shown
    for r in range(1, plan.played + 1):
        games = trf_plan.boards([g for g in plan.games if g.round == r], before)
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
