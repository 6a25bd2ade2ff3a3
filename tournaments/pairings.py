"""Pairing a round: the bridge from the models to the pure generators in tournaments.pairing.

Reads the tournament's entries and earlier pairings into plain records, asks the format's entry
(``tournaments.formats``: the Berger tables of a round robin, the Dutch system of a Swiss) for
the boards, and bulk-creates the pairings — and, for tournaments played on the site, their
games — in one transaction.
Boards given by the arbiter or a file (an override, a TRF round):
``tournaments.acts.given_pairings``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from tournaments import hooks, pairing, scores
from tournaments.acts import cup_play, pairing_results, revision, stages, tables
from tournaments.acts.services import AnyUser
from tournaments.acts.status import refresh_status
from tournaments.authority import require_arbiter
from tournaments.core import history as records
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    Entry,
    Pairing,
    RecordReason,
    Result,
    Round,
    RoundStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.pairing import acceleration

# Byes that are not boards of the pairing (asked for, or a late entry's missed round): an
# override of the round keeps them as they are.
KEPT_BYES = (Result.HALF_BYE, Result.ZERO_BYE)


def tournament_records(tournament: Tournament, *, before_round: int | None = None) -> list:
    """Every pairing of ``tournament`` (of rounds before ``before_round``) as a GameRecord, with
    each board's SOS scores from their one place (``tournaments.scores``): one query."""
    rows = Pairing.objects.filter(round__tournament=tournament)
    if before_round is not None:
        rows = rows.filter(round__number__lt=before_round)
    out = []
    for number, first, second, result, fs, ss, game, kind, ply, final, gf, gs in scores.with_scores(
        rows
    ).values_list(
        "round__number",
        "first_id",
        "second_id",
        "result",
        "first_score",
        "second_score",
        "game_id",
        scores.KIND,
        scores.PLY,
        scores.FINAL,
        scores.FIRST,
        scores.SECOND,
    ):
        board = scores.combine(
            has_game=game is not None,
            kind=kind,
            ply=ply,
            final=final,
            moves=(gf, gs),
            handed_in=(fs, ss),
        )
        out.append(
            records.GameRecord(
                round=number,
                first=first,
                second=second,
                result=result or None,
                first_score=board[0] or 0,
                second_score=board[1] or 0,
            )
        )
    return out


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
    if entries:
        revision.bump(entries[0].tournament_id)


def next_round_number(t: Tournament) -> int:
    """The number of ``t``'s next round; refused (``round_open``) while the last is open."""
    last = t.round_set.order_by("-number").first()
    if last is not None and last.status != RoundStatus.FINISHED:
        raise TournamentError(
            _("Finish round %(number)s before pairing the next one.") % {"number": last.number},
            "round_open",
        )
    return last.number + 1 if last else 1


@transaction.atomic
def pair_round(*, tournament: Tournament, user: AnyUser | None) -> Round:
    """Pair the next round of ``tournament`` and create its games (if played on the site)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, t)
    if t.status == TournamentStatus.FINISHED:
        raise TournamentError(_("This tournament is finished."), "finished")
    number = next_round_number(t)
    if number == 1:
        hooks.first_round(tournament=t, user=user)  # the starting ratings, from a list
    entries = list(t.entries.select_related("player"))
    entry = t.format_entry
    if number == 1:
        if len(entries) < 2:
            raise TournamentError(_("At least two players are needed."), "too_few")
        _assign_ranks(entries)
        stages.draw_groups(t, entries)  # a group stage's groups, and its rounds
        planned = entry.planned_rounds(rounds=t.rounds, players=len(entries))
        if planned != t.rounds:
            t.rounds = planned
            t.save(update_fields=["rounds"])
    if t.rounds and number > t.rounds:
        raise TournamentError(_("Every round has been paired already."), "all_paired")
    if entry.plays_matches:  # a knockout: the matches ready (tournaments.acts.cup_play)
        rnd = _new_round(t, number)
        cup_play.pair_matches(t, rnd, user=user)
        refresh_status(tournament=t)
        return rnd
    if entry.plays_tables:  # SOS at tables (tournaments.acts.tables)
        rnd = _new_round(t, number)
        tables.seat_tables(t, rnd, user=user)
        refresh_status(tournament=t)
        return rnd
    if not entry.pairs_by_rounds:  # the registry's word: its rounds are made otherwise
        raise TournamentError(str(entry.round_refusal), "format")
    paired = entry.pair_round(
        number=number,
        entries=entries,
        games=tournament_records(t),
        point_system=t.point_system,
        rounds=t.rounds,
        virtual_points=virtual_points(t, entries, number),
        acceleration=acceleration_plan(t, entries),
    )
    rnd = _new_round(t, number)
    create_pairings(t, rnd, paired.boards, paired.byes, user=user)
    refresh_status(tournament=t)
    return rnd


def _new_round(t: Tournament, number: int) -> Round:
    rnd, _created = Round.objects.update_or_create(
        tournament=t,
        number=number,
        defaults={"status": RoundStatus.PAIRED, "paired_at": timezone.now(), "warnings": []},
    )
    return rnd


# --- accelerated pairings (FIDE C.04.5.1; the pure rules in pairing.acceleration) -----------


def pairing_order(entries: Sequence[Entry]) -> list[int]:
    """Every entry's id in pairing order (``pairing.pairing_list``, C.04.2): by starting rank,
    a late entry (no rank) placed by rating, an unrated one last."""
    return pairing.pairing_list((e.pk, e.rank, e.rating) for e in entries)


def first_round_list(t: Tournament, entries: Sequence[Entry]) -> set[int]:
    """The entries of round 1's pairing list: those paired in it (a game or the pairing bye);
    before round 1 is paired, those it will pair (active, no requested bye)."""
    paired = Pairing.objects.filter(round__tournament=t, round__number=1).exclude(
        result__in=KEPT_BYES
    )
    if paired.exists():
        listed: set[int] = set()
        for first, second in paired.values_list("first_id", "second_id"):
            listed.add(first)
            if second is not None:
                listed.add(second)
        return listed
    return {e.pk for e in entries if e.is_active_in(1) and 1 not in (e.half_byes or [])}


def acceleration_plan(t: Tournament, entries: Sequence[Entry]) -> dict[int, tuple[float, ...]]:
    """Each GA entry's virtual points for rounds 1..(the last accelerated round); {} when the
    tournament is not accelerated. What a TRF's XXA lines carry."""
    if not (t.accelerated and t.format_entry.accelerates and t.rounds):
        return {}
    return acceleration.baku_schedule(
        pairing_order(entries),
        rounds=t.rounds,
        first_round=first_round_list(t, entries),
        win=float(t.points_win),
    )


def virtual_points(t: Tournament, entries: Sequence[Entry], number: int) -> dict[int, float]:
    """Each entry's virtual points for pairing round ``number`` (none when not accelerated)."""
    if not (t.accelerated and t.format_entry.accelerates and t.rounds):
        return {}
    return acceleration.baku_virtual_points(
        pairing_order(entries),
        rounds=t.rounds,
        round_no=number,
        first_round=first_round_list(t, entries),
        win=float(t.points_win),
    )


def create_pairings(
    t: Tournament,
    rnd: Round,
    boards: Sequence[tuple[Any, str]],
    byes: Sequence[tuple[int, str]],
    *,
    user: AnyUser | None,
    manual: bool = False,
    warnings: dict[int, list] | None = None,
    bye_reason: str = RecordReason.PAIRING_BYE,
    numbers: Sequence[int] | None = None,
) -> list[Pairing]:
    """Create the round's boards (numbered 1… or by ``numbers``) and ``byes`` (asked for) after
    them, each bye with its record (``bye_reason``, the requested ones as such), and the games
    of a tournament played on the site."""
    entries = {e.pk: e for e in t.entries.select_related("player")}
    rows = []
    numbers = list(numbers) if numbers is not None else list(range(1, len(boards) + 1))
    for n, (pair, result) in zip(numbers, boards, strict=True):
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
    start = max(numbers, default=0)
    for n, (entry_id, result) in enumerate(byes, start + 1):
        rows.append(Pairing(round=rnd, board=n, first_id=entry_id, result=result))
    created = Pairing.objects.bulk_create(rows)
    revision.bump(t)
    for p in created:
        p.round = rnd
        p.first = entries[p.first_id]
    requested = {entry for entry, _result in byes}
    board_byes = [p for p in created if p.is_bye and p.first_id not in requested]
    pairing_results.record_byes(pairings=board_byes, user=user, reason=bye_reason)
    pairing_results.record_byes(
        pairings=[p for p in created if p.first_id in requested],
        user=user,
        reason=RecordReason.REQUESTED_BYE,
    )
    _record_withdrawal_forfeits(rnd, user)
    if t.online:
        for row in Pairing.objects.filter(round=rnd, second__isnull=False, result=""):
            row.game = game_services.create_game(
                kind=t.kind,
                options=t.options,
                players=[entries[row.first_id].player, entries[row.second_id].player],
                created_by=None,
                time_control=t.time_control,
                clocks_wait=True,  # until the arbiter starts the round (tournaments.acts.clocks)
            )
            row.save(update_fields=["game"])
    return created


def _record_withdrawal_forfeits(rnd: Round, user: AnyUser | None) -> None:
    """A board given a forfeit because a player has withdrawn: the forfeit's record."""
    for p in rnd.pairings.filter(
        second__isnull=False, result__in=records.FORFEIT_RESULTS
    ).select_related("round__tournament"):
        pairing_results.record_created(
            p, user=user, act=Act.FORFEIT, reason=RecordReason.WITHDRAWAL
        )
