"""Pairing a knockout match anew after a correction (issue 29): the later matches that the
bracket now gives other players, when nothing played stands on them (``is_played``), are
removed — or, when their boards have records (results since cleared, ``cup_clear``), paired
anew on the same boards, since a board with a record is never deleted (``drop_or_repair``).
Used by ``cup_play.follow``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import services as game_services
from games.models import Game, GameStatus
from tournaments import pairing
from tournaments.acts import notes
from tournaments.acts.cup import CupView, MatchView, game_results, read_cup
from tournaments.acts.skeleton import record
from tournaments.acts.versions import snapshot
from tournaments.authority import AnyUser
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    KnockoutMatch,
    Pairing,
    RecordReason,
    ResultRecord,
    ResultSource,
    Round,
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


def boards_not_needed(rnd: Round) -> set[int]:
    """Boards of ``rnd`` kept only for their history: a match's games past what it needs (a
    correction decided it sooner) that have records and no result. They hold no round open."""
    view = read_cup(rnd.tournament)
    found: set[int] = set()
    for m in view.matches.values() if view is not None else ():
        if m.row is not None and m.row.round_id == rnd.pk and m.state is not None:
            keep = len(game_results(m.games)) + (1 if m.state.next_game is not None else 0)
            found |= {g.pk for g in m.games[keep:] if not g.result}
    return found
