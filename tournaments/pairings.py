"""Pairing a round: the bridge from the models to the pure generators in tournaments.pairing.

Reads the tournament's entries and earlier pairings into plain records, asks the generator (Berger
tables or the Swiss matching) for the boards, and bulk-creates the pairings — and, for tournaments
played on the site, their games — in one transaction. Manual overrides go through here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from games.models import Game
from tournaments import pairing, records
from tournaments.errors import TournamentError
from tournaments.models import (
    Adjudication,
    Entry,
    Pairing,
    Result,
    Round,
    RoundStatus,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)
from tournaments.services import AnyUser, _require_arbiter

# Byes that are not boards of the pairing (asked for, or a late entry's missed round): an
# override of the round keeps them as they are.
KEPT_BYES = (Result.HALF_BYE, Result.ZERO_BYE)


def tournament_records(tournament: Tournament, *, before_round: int | None = None) -> list:
    """Every pairing of ``tournament`` (of rounds before ``before_round``) as a GameRecord."""
    rows = Pairing.objects.filter(round__tournament=tournament)
    if before_round is not None:
        rows = rows.filter(round__number__lt=before_round)
    return [
        records.GameRecord(
            round=number,
            first=first,
            second=second,
            result=result or None,
            first_score=fs,
            second_score=ss,
        )
        for number, first, second, result, fs, ss in rows.values_list(
            "round__number", "first_id", "second_id", "result", "first_score", "second_score"
        )
    ]


def scores_before(rnd: Round) -> dict[int, float]:
    """Each entry's points before round ``rnd`` (what its boards were paired on), by entry id;
    an entry with no earlier round is left out (it has 0). One query."""
    t = rnd.tournament
    games = tournament_records(t, before_round=rnd.number)
    return {entry: h.points for entry, h in records.histories((), games, t.point_system).items()}


def _assign_ranks(entries: list[Entry]) -> None:
    """Starting ranks: the arbiter's where given, then by rating (highest first), then name."""
    ordered = sorted(
        entries,
        key=lambda e: (
            e.rank if e.rank is not None else 10**9,
            -(e.rating or 0),
            e.player.name.casefold(),
            e.pk,
        ),
    )
    for n, entry in enumerate(ordered, 1):
        entry.rank = n
    Entry.objects.bulk_update(entries, ["rank"])


@transaction.atomic
def pair_round(*, tournament: Tournament, user: AnyUser | None) -> Round:
    """Pair the next round of ``tournament`` and create its games (if played on the site)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _require_arbiter(user, t)
    if t.status == TournamentStatus.FINISHED:
        raise TournamentError(_("This tournament is finished."), "finished")
    last = t.round_set.order_by("-number").first()
    if last is not None and last.status != RoundStatus.FINISHED:
        raise TournamentError(
            _("Finish round %(number)s before pairing the next one.") % {"number": last.number},
            "round_open",
        )
    number = last.number + 1 if last else 1
    entries = list(t.entries.select_related("player"))
    if number == 1:
        if len(entries) < 2:
            raise TournamentError(_("At least two players are needed."), "too_few")
        _assign_ranks(entries)
        if t.is_round_robin:
            double = t.format == TournamentFormat.DOUBLE_ROUND_ROBIN
            t.rounds = pairing.round_robin_rounds(len(entries), double=double)
        t.status = TournamentStatus.RUNNING
        t.save(update_fields=["rounds", "status"])
    if t.rounds and number > t.rounds:
        raise TournamentError(_("Every round has been paired already."), "all_paired")
    games = tournament_records(t)
    if t.is_round_robin:
        boards, extra = _round_robin(t, entries, number)
    else:
        boards, extra = _swiss(t, entries, number, games)
    rnd, _created = Round.objects.update_or_create(
        tournament=t,
        number=number,
        defaults={"status": RoundStatus.PAIRED, "paired_at": timezone.now(), "warnings": []},
    )
    _create_pairings(t, rnd, boards, extra)
    return rnd


def _round_robin(t: Tournament, entries: list[Entry], number: int) -> tuple[list, list]:
    order = [e.pk for e in sorted(entries, key=lambda e: e.rank or 0)]
    double = t.format == TournamentFormat.DOUBLE_ROUND_ROBIN
    pairs = pairing.round_robin_pairings(order, number, double=double)
    active = {e.pk for e in entries if e.is_active_in(number)}
    boards = []
    for pair in pairs:
        result = ""
        if pair.second is None:
            result = Result.ZERO_BYE  # a round robin's free round scores nothing
        elif pair.first not in active and pair.second not in active:
            result = Result.DOUBLE_FORFEIT
        elif pair.first not in active:
            result = Result.FORFEIT_LOSS
        elif pair.second not in active:
            result = Result.FORFEIT_WIN
        boards.append((pair, result))
    return boards, []


def _swiss(t: Tournament, entries: list[Entry], number: int, games: list) -> tuple[list, list]:
    active = [e for e in entries if e.is_active_in(number)]
    requested = {e.pk for e in active if number in (e.half_byes or [])}
    players = [pairing.SwissPlayer(e.pk, e.rank or 10**6) for e in active]
    hist = records.histories([e.pk for e in entries], games, t.point_system)
    try:
        pairs = pairing.pair_swiss(
            players, round_no=number, histories=hist, requested_byes=requested
        )
    except pairing.PairingImpossible as err:
        raise TournamentError(
            _(pairing.MESSAGES[err.code]) % err.params, "pairing_impossible"
        ) from None
    boards = [(pair, Result.BYE if pair.second is None else "") for pair in pairs]
    return boards, [(entry, Result.HALF_BYE) for entry in sorted(requested)]


def _create_pairings(
    t: Tournament,
    rnd: Round,
    boards: Sequence[tuple[Any, str]],
    byes: Sequence[tuple[int, str]],
    *,
    manual: bool = False,
    warnings: dict[int, list] | None = None,
) -> list[Pairing]:
    entries = {e.pk: e for e in t.entries.select_related("player")}
    rows = []
    for n, (pair, result) in enumerate(boards, 1):
        rows.append(
            Pairing(
                round=rnd,
                board=n,
                first_id=pair.first,
                second_id=pair.second,
                result=result,
                reasons=[r.to_dict() for r in pair.reasons],
                warnings=(warnings or {}).get(pair.board, []),
                manual=manual,
            )
        )
    for entry_id, result in byes:
        rows.append(Pairing(round=rnd, board=len(rows) + 1, first_id=entry_id, result=result))
    created = Pairing.objects.bulk_create(rows)
    if t.online:
        for row in Pairing.objects.filter(round=rnd, second__isnull=False, result=""):
            row.game = game_services.create_game(
                kind=t.kind,
                options=t.options,
                players=[entries[row.first_id].player, entries[row.second_id].player],
                created_by=None,
            )
            row.save(update_fields=["game"])
    return created


@transaction.atomic
def set_pairings(
    *, round: Round, boards: Sequence[tuple[int, int | None]], user: AnyUser | None
) -> list[pairing.PairingWarning]:
    """Replace a paired round's boards by the arbiter's ``(first, second)`` entry ids.

    Allowed while no game of the round has a move or a result. Returns the warnings (a rematch, a
    second bye, a broken first-move rule, a player missing or twice), which are saved with the
    boards they concern.
    """
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    t = rnd.tournament
    _require_arbiter(user, t)
    if rnd.status != RoundStatus.PAIRED:
        raise TournamentError(_("Only a paired, unfinished round can be re-paired."), "not_paired")
    current = list(rnd.pairings.select_related("game"))
    started = (
        any((p.second_id is not None and p.result) or (p.game_id and p.game.ply) for p in current)
        or Adjudication.objects.filter(pairing__round=rnd).exists()
    )
    if started:
        raise TournamentError(
            _("Games of this round have started: the pairings can no longer change."), "started"
        )
    entry_ids = set(t.entries.values_list("pk", flat=True))
    for first, second in boards:
        for e in (first, second):
            if e is not None and e not in entry_ids:
                raise TournamentError(
                    _("A player on the boards is not in this tournament."), "unknown_entry"
                )
    kept = [(p.first_id, p.result) for p in current if p.result in KEPT_BYES]
    half_byes = [entry for entry, result in kept if result == Result.HALF_BYE]
    entries = list(t.entries.all())
    active = {e.pk for e in entries if e.is_active_in(rnd.number)} - set(half_byes)
    hist = records.histories(
        [e.pk for e in entries], tournament_records(t, before_round=rnd.number), t.point_system
    )
    pairs = [pairing.Pair(n, first, second) for n, (first, second) in enumerate(boards, 1)]
    found = pairing.check_pairings(pairs, hist, round_no=rnd.number, entries=active)
    by_board: dict[int, list] = {}
    general = []
    for w in found:
        board = w.params.get("board")
        (by_board.setdefault(board, []) if board else general).append(w.to_dict())
    game_ids = [p.game_id for p in current if p.game_id]
    rnd.pairings.all().delete()
    Game.objects.filter(pk__in=game_ids, ply=0).delete()
    results = [(p, Result.BYE if p.second is None else "") for p in pairs]
    _create_pairings(t, rnd, results, kept, manual=True, warnings=by_board)
    rnd.warnings = general
    rnd.save(update_fields=["warnings"])
    return found
