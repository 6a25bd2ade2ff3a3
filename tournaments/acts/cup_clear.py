"""Clearing a knockout match's results (issue 29).

A correction that changes who plays in a later match is refused while that match has results
(``cup_play.follow``, "match_played"). The arbiter clears them first — ``clear_match``, the
arbiter's act: each game's result taken back, the last game first (a game on the site is
annulled and its board gets a new game; a result handed in is corrected to none), a lot drawn
forgotten, each step recorded, and the match's own record in the arbiter's log. The correction
then goes through; the later match, now without results but with its history (its boards keep
their records, so they are never deleted), is paired anew on the same boards
(``cup_repair.drop_or_repair``), each board's change recorded (a match record, "pairing
changed").
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import GameStatus
from tournaments.acts import decisions, notes, results
from tournaments.acts.skeleton import record
from tournaments.acts.versions import snapshot
from tournaments.authority import AnyUser, require_arbiter
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    KnockoutMatch,
    Pairing,
    RecordReason,
    ResultSource,
    Tournament,
)


@transaction.atomic
def clear_match(*, match: KnockoutMatch, user: AnyUser | None, note: str = "") -> KnockoutMatch:
    """The arbiter's act: take back every result of ``match`` (the last game first) and a lot
    drawn for it, each step recorded, then the match's record. Refused — nothing changed —
    when the match has no result, or when clearing it would change who plays in a later match
    that has results (clear that one first)."""
    t = Tournament.objects.select_for_update().get(pk=match.tournament_id)
    require_arbiter(user, t)
    row = KnockoutMatch.objects.select_for_update().get(pk=match.pk)
    games = list(Pairing.objects.filter(match=row).select_related("game").order_by("-board"))
    if not any(g.result for g in games) and row.lot_winner is None:
        raise TournamentError(_("This match has no result to clear."), "no_result")
    if row.lot_winner is not None:
        row.lot_winner = None
        row.save(update_fields=["lot_winner"])
    for game in (g for g in games if g.result):
        _clear_game(game, user, note)
    return _record_cleared(t, row, user, note)


def _clear_game(game: Pairing, user: AnyUser | None, note: str) -> None:
    """One game's result taken back: a game on the site annulled (its board gets a new game),
    a result handed in corrected to none; each with its record (the cup follows it)."""
    if game.game is not None and game.game.status != GameStatus.ANNULLED:
        decisions.annul(
            user=user, game=game.game, reason=RecordReason.CORRECTION, note=note, replay=True
        )
        return
    game = Pairing.objects.select_for_update().select_related("round__tournament").get(pk=game.pk)
    before = snapshot(None, game)
    results.write_pairing(game, result="")
    record(
        Act.CORRECT_RESULT,
        source=ResultSource.PAPER,
        reason=RecordReason.CORRECTION,
        note=note,
        user=user,
        pairing=game,
        before=before,
        after=snapshot(None, game),
    )


def _record_cleared(
    t: Tournament, row: KnockoutMatch, user: AnyUser | None, note: str
) -> KnockoutMatch:
    record(
        Act.MATCH,
        source=ResultSource.PAPER,
        reason=RecordReason.CORRECTION,
        note=note or notes.Note(notes.CUP_MATCH, number=row.number),
        user=user,
        tournament=t,
        entry=row.first,
        before={"match": row.number},
        after={"match": row.number, "cleared": True},
    )
    return row
