"""Rounds whose boards are given, not generated: the arbiter's override of a paired round
(``set_pairings``) and a round paired elsewhere (``add_round``, the TRF import's path). Both refuse
a player against himself or on two boards (``board_errors``); the rows are created through
``tournaments.pairings.create_pairings``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from games.bidi import isolate
from tournaments import hooks, pairing
from tournaments.acts import pairing_results, revision, versions
from tournaments.acts.services import AnyUser
from tournaments.acts.status import refresh_status
from tournaments.authority import require_arbiter
from tournaments.core import history
from tournaments.errors import TournamentError
from tournaments.models import (
    Entry,
    Pairing,
    RecordReason,
    Result,
    ResultRecord,
    ResultSource,
    Round,
    RoundStatus,
    Tournament,
)
from tournaments.pairing.check import check_boards
from tournaments.pairings import (
    KEPT_BYES,
    create_pairings,
    next_round_number,
    tournament_records,
)
from tournaments.queries import describe


@transaction.atomic
def add_round(
    *,
    tournament: Tournament,
    boards: Sequence[tuple[int, int | None, str]],
    user: AnyUser | None,
    source: str = ResultSource.PAIRING,
    note: str = "",
) -> Round:
    """Add the next round as it was paired elsewhere (a TRF file): ``(first, second or None,
    bye result)`` entry ids a board, in board order; each bye gets its record (``source``,
    ``note``; the reason by its result). Results of games are entered afterwards through the
    results service, and the round finished through ``finish_round``. A player against himself
    or on two boards is refused (``TournamentError``, code ``bad_boards``). Round 1 calls
    ``tournaments.hooks.first_round`` first, as a round 1 paired here does."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, t)
    _refuse_matches(t)
    number = next_round_number(t)
    if t.rounds and number > t.rounds:
        raise TournamentError(_("Every round has been paired already."), "all_paired")
    if number == 1:
        hooks.first_round(tournament=t, user=user)  # the starting ratings, from a list
    entry_ids = set(t.entries.values_list("pk", flat=True))
    if any(
        e is not None and e not in entry_ids
        for first, second, _r in boards
        for e in (first, second)
    ):
        raise TournamentError(
            _("A player on the boards is not in this tournament."), "unknown_entry"
        )
    if any(second is None and bye not in history.BYE_RESULTS for _f, second, bye in boards):
        raise TournamentError(
            _("A bye takes a bye result, a game takes a game result."), "bad_result"
        )
    # A player against himself, or on two boards, is refused here as in an override.
    _refuse_board_errors(
        t,
        [pairing.Pair(n, first, second) for n, (first, second, _r) in enumerate(boards, 1)],
        number,
    )
    rnd = Round.objects.create(
        tournament=t, number=number, status=RoundStatus.PAIRED, paired_at=timezone.now()
    )
    created = Pairing.objects.bulk_create(
        Pairing(
            round=rnd,
            board=n,
            first_id=first,
            second_id=second,
            result=bye if second is None else "",
        )
        for n, (first, second, bye) in enumerate(boards, 1)
    )
    revision.bump(t)
    byes = [p for p in created if p.is_bye]
    for p in byes:
        p.round = rnd
    pairing_results.record_byes(pairings=byes, user=user, source=source, note=note)
    refresh_status(tournament=t)
    return rnd


def _refuse_matches(t: Tournament) -> None:
    """A knockout's boards are its matches' games, paired by its bracket: none given by hand."""
    if t.format_entry.plays_matches:
        raise TournamentError(
            _("A knockout's games follow its bracket: its pairings cannot be given by hand."),
            "knockout",
        )
    if t.format_entry.plays_tables:
        raise TournamentError(
            _("A round at tables is seated by its tables: no pairings are given by hand."),
            "tables",
        )


def board_errors(tournament: Tournament, pairs: Sequence[pairing.Pair], round_no: int) -> list[str]:
    """What makes ``pairs`` impossible (:func:`tournaments.pairing.check.check_boards`), in the
    user's language with the players' names; [] if nothing. The override form asks it too."""
    errors = check_boards(pairs, round_no=round_no)
    if not errors:
        return []
    names = dict(tournament.entries.values_list("pk", "player__name"))
    return [describe(e.to_dict(), names) for e in errors]


def _refuse_board_errors(
    tournament: Tournament, pairs: Sequence[pairing.Pair], round_no: int
) -> None:
    errors = board_errors(tournament, pairs, round_no)
    if errors:
        raise TournamentError(" ".join(errors), "bad_boards")


@transaction.atomic
def set_pairings(
    *, round: Round, boards: Sequence[tuple[int, int | None]], user: AnyUser | None
) -> list[pairing.PairingWarning]:
    """Replace a paired round's boards by the arbiter's ``(first, second)`` entry ids.

    Allowed while no game of the round has a move or a result. A player against himself or on
    two boards is refused (``TournamentError``, code ``bad_boards``). Returns the warnings (a
    rematch, a second bye, a broken first-move rule, a player missing), which are saved with the
    boards they concern.
    """
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    t = rnd.tournament
    require_arbiter(user, t)
    _refuse_matches(t)
    current, recorded = _unstarted_boards(rnd)
    pairs = _checked_pairs(t, rnd, boards, current)
    found = _pairing_warnings(t, rnd, pairs, current)
    by_board: dict[int, list] = {}
    general = []
    for w in found:
        board = w.params.get("board")
        (by_board.setdefault(board, []) if board else general).append(w.to_dict())
    _replace_boards(rnd, pairs, current, recorded, by_board, user)
    rnd.warnings = general
    rnd.save(update_fields=["warnings"])
    return found


def _unstarted_boards(rnd: Round) -> tuple[list[Pairing], set[int]]:
    """The round's boards and the ids of those with a record, refused (``not_paired``,
    ``started``) unless the round is paired and none of its games has begun."""
    if rnd.status != RoundStatus.PAIRED:
        raise TournamentError(_("Only a paired, unfinished round can be re-paired."), "not_paired")
    current = list(rnd.pairings.select_related("game", "first__player"))
    # A bye's record (made with the round) does not start it; any other record does.
    recorded = set(
        ResultRecord.objects.filter(pairing__round=rnd).values_list("pairing_id", flat=True)
    )
    started = any(
        (p.second_id is not None and (p.result or p.pk in recorded)) or (p.game_id and p.game.ply)
        for p in current
    )
    if started:
        raise TournamentError(
            _("Games of this round have started: the pairings can no longer change."), "started"
        )
    return current, recorded


def _checked_pairs(
    t: Tournament,
    rnd: Round,
    boards: Sequence[tuple[int, int | None]],
    current: Sequence[Pairing],
) -> list[pairing.Pair]:
    """The arbiter's boards as pairs, refused when a player is not in the tournament, against
    himself, or on two boards (a kept bye counts as his board)."""
    entry_ids = set(t.entries.values_list("pk", flat=True))
    for first, second in boards:
        for e in (first, second):
            if e is not None and e not in entry_ids:
                raise TournamentError(
                    _("A player on the boards is not in this tournament."), "unknown_entry"
                )
    pairs = [pairing.Pair(n, first, second) for n, (first, second) in enumerate(boards, 1)]
    kept = [p.first_id for p in current if p.result in KEPT_BYES]
    # A kept bye is a board of its own: its player may not be put on another one.
    byes = [pairing.Pair(len(pairs) + n, entry, None) for n, entry in enumerate(kept, 1)]
    _refuse_board_errors(t, [*pairs, *byes], rnd.number)
    return pairs


def _pairing_warnings(
    t: Tournament, rnd: Round, pairs: Sequence[pairing.Pair], current: Sequence[Pairing]
) -> list[pairing.PairingWarning]:
    """What the pairing rules say of ``pairs`` (a rematch, a second bye, a player missing…)."""
    half_byes = {p.first_id for p in current if p.result == Result.HALF_BYE}
    entries = list(t.entries.all())
    active = {e.pk for e in entries if e.is_active_in(rnd.number)} - half_byes
    hist = history.histories(
        [e.pk for e in entries], tournament_records(t, before_round=rnd.number), t.point_system
    )
    return pairing.check_pairings(pairs, hist, round_no=rnd.number, entries=active)


def _replace_boards(
    rnd: Round,
    pairs: Sequence[pairing.Pair],
    current: Sequence[Pairing],
    recorded: set[int],
    by_board: dict[int, list],
    user: AnyUser | None,
) -> None:
    """Put ``pairs`` in place of the round's boards. The rows on record stay (a record is
    permanent): the kept byes, after the new boards; a bye given with the round, as its
    player's new board (with the record of the change)."""
    t = rnd.tournament
    game_ids = [p.game_id for p in current if p.game_id]
    kept_rows = [p for p in current if p.result in KEPT_BYES]
    reused = _reuse_recorded_byes(
        [p for p in current if p.pk in recorded and p.result not in KEPT_BYES], pairs
    )
    staying = [*reused.values(), *kept_rows]
    for n, p in enumerate(staying, 30000):  # out of the way of the new board numbers
        Pairing.objects.filter(pk=p.pk).update(board=n)
    revision.bump(t)
    rnd.pairings.exclude(pk__in=[p.pk for p in staying]).delete()
    game_services.delete_unplayed_games(games=game_ids)
    changed_byes = [_move_recorded_bye(row, pairs[i], i, by_board) for i, row in reused.items()]
    new = [i for i in range(len(pairs)) if i not in reused]
    boards_of = [(pairs[i], Result.BYE if pairs[i].second is None else "") for i in new]
    create_pairings(
        t,
        rnd,
        boards_of,
        [],
        user=user,
        manual=True,
        warnings=by_board,
        bye_reason=RecordReason.PAIRING_CHANGED,
        numbers=[i + 1 for i in new],
    )
    # Recorded once the round's games are made (an online tournament's): the record's after-state
    # names the game the bye's player now has.
    for row, bye_player, before in changed_byes:
        if before["pairing"]["result"] != row.result:
            pairing_results.record_pairing_changed(
                pairing=row, entry=bye_player, user=user, before=before
            )
    for n, p in enumerate(kept_rows, len(pairs) + 1):
        Pairing.objects.filter(pk=p.pk).update(board=n)
    revision.bump(t)


def _move_recorded_bye(
    row: Pairing, pair: pairing.Pair, index: int, by_board: dict[int, list]
) -> tuple[Pairing, Entry, dict]:
    """A bye on record becomes its player's new board ``pair``: the row, its player (the bye's)
    and its state before."""
    bye_player = row.first
    before = versions.snapshot(None, row)
    row.board, row.first_id, row.second_id = index + 1, pair.first, pair.second
    row.result = Result.BYE if pair.second is None else ""
    row.reasons, row.warnings, row.manual = [], by_board.get(pair.board, []), True
    row.save(update_fields=["board", "first", "second", "result", "reasons", "warnings", "manual"])
    return row, bye_player, before


def _reuse_recorded_byes(
    rows: Sequence[Pairing], pairs: Sequence[pairing.Pair]
) -> dict[int, Pairing]:
    """For each bye on record (``rows``), the new board of its player (index in ``pairs``): the
    row becomes that board. Refused when the player is on none, or meets another such player."""
    out: dict[int, Pairing] = {}
    for row in rows:
        index = next((i for i, p in enumerate(pairs) if row.first_id in (p.first, p.second)), None)
        if index is None or index in out:
            raise TournamentError(
                _(
                    "%(name)s's bye of this round is on record: put him on a board, and not "
                    "against another player whose bye is on record."
                )
                % {"name": isolate(row.first.player.name)},
                "bye_on_record",
            )
        out[index] = row
    return out
