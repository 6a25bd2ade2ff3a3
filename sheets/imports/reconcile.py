"""Putting a board's round-sheet result, its board sheet and its game on the site together.

For each board a workbook speaks of, the game side comes first: what the board sheet adds to the
game on the site (a new game, more moves, a final position, a result stated on a move list the
rules left open) and the result the game will then have. A game *played on the site* (it has
moves, or a recorded final position) has the say: a round sheet that differs is refused, and the
message names the way to correct it (adjudication). A board whose result came from paper (no
game, or a game without moves closed by the result handed in) takes its result from the round
sheet — entered, or corrected, in an open or a finished round alike; the board sheet's stated
winner counts only where the round sheet says nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from games import kinds
from sheets.boards.read import BoardRecord
from sheets.imports.context import Context, RoundClaim
from sheets.imports.plan import GameChange, ResultChange, result_of_winners
from sheets.workbooks.results import result_text
from tournaments.acts.results import result_of_game
from tournaments.acts.versions import version_of
from tournaments.core import vocabulary as V
from tournaments.models import Pairing
from tournaments.scores import played_on_site


@dataclass
class GameSide:
    change: GameChange | None
    result: str | None  # the pairing's result the game stands for once written
    scores: tuple[int, ...] | None
    live: bool  # the game has moves but no result
    stated: str | None = None  # a board sheet's winner on a paper board (no moves, no marks)
    stated_cell: str = ""


def _code(winners: tuple[int, ...] | None) -> str | None:
    return result_of_winners(winners)


def _winners(code: str | None) -> tuple[int, ...] | None:
    """The seats a two-seat result gives the game to (``()``: nobody), a forfeit's as a played
    result's: ``+/-`` and ``1-0`` both say the first player won, ``-/-`` and ``½-½`` nobody."""
    outcome = V.GAME_OUTCOMES.get(code or "")
    return tuple(outcome[0]) if outcome is not None else None


def _same_winners(stated: str, *codes: str | None) -> bool:
    """Does a board sheet's stated winner say what one of ``codes`` says (see ``_winners``)?"""
    return any(_winners(stated) == _winners(code) for code in codes if code)


def reconcile(ctx: Context) -> None:
    by_id = {p.pk: p for p in ctx.pairings.values()}
    touched = set(ctx.round_claims) | set(ctx.board_claims)
    for pk in sorted(touched, key=lambda pk: (by_id[pk].round.number, by_id[pk].board)):
        p = by_id[pk]
        side = _game_side(ctx, p, ctx.board_claims.get(pk))
        if side is not None:
            _result_side(ctx, p, ctx.round_claims.get(pk), side, ctx.board_claims.get(pk))


def paper(p: Pairing) -> bool:
    """The site's result of ``p`` came from paper: no game, or a game without moves nor a
    recorded final position (closed by the result handed in)."""
    return not played_on_site(p.game)


def _site(p: Pairing) -> GameSide:
    g = p.game
    if paper(p):
        return GameSide(None, None, None, False)
    if g is not None and g.winners is not None:
        return GameSide(None, result_of_game(g) or None, tuple(g.scores or ()), False)
    return GameSide(None, None, None, bool(g is not None and g.ply))


def _change(p: Pairing, rec: BoardRecord, **fields: object) -> GameChange:
    return GameChange(
        sheet=rec.sheet,
        pairing_id=p.pk,
        round=p.round.number,
        board=p.board,
        names=tuple(rec.names()),
        game_id=p.game_id,
        **fields,  # type: ignore[arg-type]
    )


def _game_side(ctx: Context, p: Pairing, rec: BoardRecord | None) -> GameSide | None:
    if rec is None or rec.empty:
        return _site(p)
    g = p.game
    ended = g is not None and g.winners is not None
    if g is not None and ended and paper(p) and not rec.moves and not rec.marked:
        return GameSide(None, None, None, False, _code(rec.winners), rec.winner_cell)
    if rec.final_position:
        winners = rec.winners or ()
        scores = tuple(rec.scores or ())
        same = g is not None and list(g.final_position or []) == rec.position
        if same and g.ply == 0 and ended and tuple(g.winners) == winners:
            return _site(p)
        if g is None or (g.ply == 0 and not ended):
            change = _change(
                p,
                rec,
                position=tuple(rec.position),
                scores=scores,
                winners=winners,
                result=_code(winners) or "",
            )
            return GameSide(change, _code(winners), scores, False)
        ctx.error(
            rec.sheet,
            "B2",
            _("The site has another record of this game: its moves or final position differ."),
        )
        return None
    site_moves = g.moves_list if g is not None else []
    moves = rec.moves
    n = len(site_moves)
    if moves[:n] != site_moves:
        i = next(
            (k for k, (a, b) in enumerate(zip(moves, site_moves, strict=False)) if a != b),
            len(moves),
        )
        if i < len(moves):
            message = _("On the site, move %(number)s of this game is %(move)s.") % {
                "number": i + 1,
                "move": site_moves[i],
            }
            ctx.error(rec.sheet, rec.move_cells[i], message, "moves_differ")
        else:
            cell = rec.move_cells[-1] if rec.move_cells else rec.winner_cell
            message = _("The site has %(site)s moves of this game; the sheet only %(sheet)s.") % {
                "site": n,
                "sheet": len(moves),
            }
            ctx.error(rec.sheet, cell, message, "moves_differ")
        return None
    new = tuple(moves[n:])
    if ended:
        assert g is not None
        if new:
            ctx.error(
                rec.sheet,
                rec.move_cells[n],
                _("This game is over on the site: no more moves can be added."),
            )
            return None
        if rec.winners is not None and tuple(g.winners) != rec.winners:
            ctx.error(
                rec.sheet,
                rec.winner_cell,
                _("This game is decided otherwise on the site: correct it through adjudication."),
            )
            return None
        return _site(p)
    if rec.winner_conflict is not None:
        ctx.plan.errors.append(rec.winner_conflict)
        return None
    outcome = rec.outcome
    decide = rec.winners if outcome is None and rec.winners is not None else None
    winners = outcome.winners if outcome is not None else decide
    scores = tuple(rec.scores) if rec.scores is not None else None
    change = None
    if new or decide is not None:
        change = _change(p, rec, start_ply=n, moves=new, decide=decide, result=_code(winners) or "")
    return GameSide(change, _code(winners), scores, winners is None and bool(moves))


def _result_side(
    ctx: Context, p: Pairing, rc: RoundClaim | None, side: GameSide, rec: BoardRecord | None
) -> None:
    """Check the result a round sheet (``rc``) and a board sheet (``side``, ``rec``) give board
    ``p`` against each other and the site; plan the game's change and the result's."""
    if side.result is not None:
        _finished_game(ctx, p, rc, side)
        return
    if side.change is not None:
        ctx.plan.games.append(replace(side.change, old_result=p.result))
    if side.live:
        if rc is not None and rc.code is not None and rc.code != p.result:
            ctx.error(
                rc.sheet,
                rc.cell,
                _(
                    "This game is being played on the site: its result comes from the board "
                    "(or from adjudication on the arbiter's page of the game)."
                ),
                "game_in_progress",
            )
        return
    if side.stated is not None and rec is not None:
        rc = _stated_winner(ctx, p, rc, side, rec)
    if rc is not None and rc.code is not None:
        _result_change(ctx, p, rc)


def _finished_game(ctx: Context, p: Pairing, rc: RoundClaim | None, side: GameSide) -> None:
    """The game has a result (on the site, or once the board sheet is applied): the round sheet
    must agree with it, and with its score; the board sheet's change is planned."""
    if rc is not None and rc.code is not None and rc.code != side.result:
        if side.change is not None:
            message = _("The board sheet of this game says %(result)s.")
        else:
            message = _(
                "On the site this game ended %(result)s: a different result is given by "
                "adjudication (the arbiter's page of the game), not by the workbook."
            )
        message %= {"result": result_text(side.result)}
        ctx.error(rc.sheet, rc.cell, message, "result_differs")
        return
    sos = kinds.of(ctx.t).points  # the games score points (SOS)
    scores = side.scores if sos and side.scores and len(side.scores) == 2 else None
    if (
        rc is not None
        and scores
        and rc.first_score is not None
        and (rc.first_score, rc.second_score) != scores
    ):
        message = _("The game's score is %(first)s:%(second)s.") % {
            "first": scores[0],
            "second": scores[1],
        }
        ctx.error(rc.sheet, rc.cell, message, "result_differs")
        return
    if side.change is not None:
        ctx.plan.games.append(replace(side.change, old_result=p.result))


def _stated_winner(
    ctx: Context, p: Pairing, rc: RoundClaim | None, side: GameSide, rec: BoardRecord
) -> RoundClaim | None:
    """The result to take when a board sheet states a winner without a game to show it: the
    round sheet's (warned of when they differ), else the board sheet's."""
    # A board sheet writes a forfeit as its winner (``Draw`` for a double forfeit): it agrees
    # with a round sheet, or with the site, that gives the game to the same seats.
    assert side.stated is not None
    if rc is None or rc.code is None:
        if not _same_winners(side.stated, p.result):
            return RoundClaim(rec.sheet, side.stated_cell, side.stated, None, None)
    elif not _same_winners(side.stated, rc.code, p.result):
        ctx.plan.warnings.append(
            _(
                "%(where)s: the winner differs from the round sheet; "
                "the round sheet's %(result)s is taken."
            )
            % {"where": f"{rec.sheet}!{side.stated_cell}", "result": result_text(rc.code)}
        )
    return rc


def _result_change(ctx: Context, p: Pairing, rc: RoundClaim) -> None:
    """Plan the round sheet's result (and score) of board ``p``, if it changes anything."""
    assert rc.code is not None
    sos = kinds.of(ctx.t).points  # the games score points (SOS)
    new_scores = (rc.first_score, rc.second_score)
    scores_changed = sos and rc.first_score is not None and new_scores != p.game_scores
    if rc.code == p.result and not scores_changed:
        return
    ctx.plan.results.append(
        ResultChange(
            sheet=rc.sheet,
            cell=rc.cell,
            pairing_id=p.pk,
            round=p.round.number,
            board=p.board,
            first=p.first.player.name,
            second=p.second.player.name if p.second_id else None,
            old=p.result,
            new=rc.code,
            first_score=rc.first_score,
            second_score=rc.second_score,
            version=version_of(game=p.game, pairing=p),
            old_first_score=p.game_scores[0] if sos else None,
            old_second_score=p.game_scores[1] if sos else None,
        )
    )
