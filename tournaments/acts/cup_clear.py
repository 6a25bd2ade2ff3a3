"""Clearing a knockout match's results, and pairing a match anew after a correction (issue 29).

A correction that changes who plays in a later match is refused while that match has results
(``cup_play.follow``, "match_played"). The arbiter clears them first — ``clear_match``, the
arbiter's act: each game's result taken back, the last game first (a game on the site is
annulled and its board gets a new game; a result handed in is corrected to none), a lot drawn
forgotten, each step recorded, and the match's own record in the arbiter's log. The correction
then goes through; the later match, now without results but with its history (its boards keep
their records, so they are never deleted), is paired anew on the same boards
(``drop_or_repair``), each board's change recorded (a match record, "pairing changed").
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games import services as game_services
from games.models import Game, GameStatus
from tournaments import pairing
from tournaments.acts import decisions, notes, results
from tournaments.acts.cup import CupView, MatchView
from tournaments.acts.skeleton import record
from tournaments.acts.versions import snapshot
from tournaments.authority import AnyUser, require_arbiter
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    KnockoutMatch,
    Pairing,
    RecordReason,
    ResultRecord,
    ResultSource,
    Tournament,
)


def has_history(m: MatchView) -> bool:
    """Does a board of the match carry a record (it is then never deleted)?"""
    return ResultRecord.objects.filter(pairing__in=[g.pk for g in m.games]).exists()


def is_played(m: MatchView) -> bool:
    """Does the match stand on something played: a walkover, a lot drawn, a game's result, a
    game on the site with moves? (Its records alone do not: its results may have been
    cleared.)"""
    row = m.row
    assert row is not None
    if row.walkover_winner is not None or row.lot_winner is not None:
        return True
    return any(
        g.result or (g.game is not None and g.game.ply and g.game.status != GameStatus.ANNULLED)
        for g in m.games
    )


def drop_or_repair(
    t: Tournament, view: CupView, rows: list[MatchView], user: AnyUser | None
) -> None:
    """The paired matches that the bracket now gives other players and that nothing played
    stands on: removed with their games — or, when their boards have records (results since
    cleared), paired anew on the same boards with the players the bracket gives them."""
    free = [m for m in rows if not has_history(m)]
    games = [g.game_id for m in free for g in m.games if g.game_id]
    Pairing.objects.filter(match__in=[m.row for m in free if m.row]).delete()
    KnockoutMatch.objects.filter(pk__in=[m.row.pk for m in free if m.row]).delete()
    game_services.delete_unplayed_games(games=games)
    for m in rows:
        if m not in free:
            _repair(t, view, m, user)


def _repair(t: Tournament, view: CupView, m: MatchView, user: AnyUser | None) -> None:
    """Pair match ``m`` anew on its own boards (see ``drop_or_repair``)."""
    row = m.row
    assert row is not None
    st = view.state.matches[m.number]
    first, second = view.entrant(st.first), view.entrant(st.second)
    if first is None or second is None:
        raise TournamentError(
            _(
                "Match %(number)s has a history but no players to play it now: "
                "correct the earlier results back first."
            )
            % {"number": m.number},
            "match_played",
        )
    row.first, row.second, row.lot_winner = first, second, None
    row.save(update_fields=["first", "second", "lot_winner"])
    sides = (first, second)
    for number, game in enumerate(m.games, 1):
        before = snapshot(game.game, game)
        mover = pairing.first_mover(number)
        game.first, game.second = sides[mover], sides[1 - mover]
        old = game.game
        if old is not None:  # played on the site: a new game for the board's new players
            game.game = _new_game(t, game, old.time_control)
        game.save(update_fields=["first", "second", "game"])
        unused = old is not None and old.status != GameStatus.ANNULLED and not old.ply
        if unused and not ResultRecord.objects.filter(game=old).exists():
            game_services.delete_unplayed_games(games=[old.pk])
        record(  # a match's record: the cup is being brought in line, not followed again
            Act.MATCH,
            source=ResultSource.PAIRING,
            reason=RecordReason.PAIRING_CHANGED,
            note=notes.Note(notes.CUP_MATCH, number=m.number),
            user=user,
            pairing=game,
            before=before,
            after=snapshot(game.game, game),
        )


def _new_game(t: Tournament, game: Pairing, clock: str) -> Game:
    """A new game on the site for board ``game``'s players, its clocks waiting for a start."""
    assert game.second is not None
    return game_services.create_game(
        kind=t.kind,
        options=t.options,
        players=[game.first.player, game.second.player],
        created_by=None,
        time_control=clock,
        clocks_wait=True,
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
