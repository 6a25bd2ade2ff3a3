"""A board's SOS scores, read from their one place.

A game *played on the site* (it has moves, or it was recorded by its final position from a
paper sheet) keeps its scores itself: each ``Move`` row carries the points it made, credited to
the seat that made it, and a game known by its final position only keeps its sheet's
``Game.final_scores``. Nothing of that is copied to the pairing, so a pairing cannot disagree
with its game. Only a result with no such game behind it — a paper tournament's board, a
workbook import, an arbiter's entry of a game that was not played on the site (a game
without moves, closed by the result handed in) — keeps its scores on the pairing
(``Pairing.first_score`` / ``second_score``; ``None``: not given).

An arbiter's decision on a game played on the site (adjudication, a claim, the engine) changes
the result only: the scores stay the game's, what was played.

Readers of many boards load them with :func:`with_scores` — a join on the game and two
sub-queries summing the moves' points, in the same query — and ask ``Pairing.game_scores``
(:func:`of_pairing`), which reads those annotations without a query; loaded without them, it
asks the game (a query or two for the board).
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, OuterRef, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from games import kinds
from games.models import Game, Move

Scores = tuple[int | None, int | None]
UNKNOWN: Scores = (None, None)

# The annotations of with_scores (read back by of_pairing and tournament_records).
KIND, PLY, FINAL, FIRST, SECOND = (
    "scores_game_kind",
    "scores_game_ply",
    "scores_game_final",
    "scores_first_points",
    "scores_second_points",
)


def played_on_site(game: Game | None) -> bool:
    """Whether ``game`` keeps its own scores (and result): it has moves, or it was recorded by
    its final position. A game without either was not played on the site: a result handed in
    for it keeps its scores on the pairing."""
    return game is not None and (game.ply > 0 or game.final_scores is not None)


def _seat_points(seat: int) -> Coalesce:
    total = (
        Move.objects.filter(game_id=OuterRef("game_id"), seat=seat)
        .order_by()
        .values("game_id")
        .annotate(total=Sum("points"))
        .values("total")
    )
    return Coalesce(Subquery(total), 0)


def with_scores(rows: QuerySet) -> QuerySet:
    """``rows`` (pairings) with what their scores are read from, in the same query."""
    return rows.annotate(
        **{
            KIND: F("game__kind"),
            PLY: F("game__ply"),
            FINAL: F("game__final_scores"),
            FIRST: _seat_points(0),
            SECOND: _seat_points(1),
        }
    )


def combine(
    *,
    has_game: bool,
    kind: str | None,
    ply: int | None,
    final: Any,
    moves: tuple[int, int],
    handed_in: Scores,
) -> Scores:
    """A board's scores from what :func:`with_scores` reads: the game's when it was played on
    the site (the moves' points by seat, or its sheet's final scores), else those handed in."""
    if not has_game or not (ply or final is not None):
        return handed_in
    if not (kinds.known(kind) and kinds.get(kind).points):
        return UNKNOWN  # no SOS points in another game
    if ply:
        return int(moves[0] or 0), int(moves[1] or 0)
    if isinstance(final, list | tuple) and len(final) == 2:
        return int(final[0]), int(final[1])
    return UNKNOWN


def of_pairing(pairing: Any) -> Scores:
    """The scores of ``pairing`` (``Pairing.game_scores``)."""
    handed_in = (pairing.first_score, pairing.second_score)
    known = pairing.__dict__
    if FIRST in known:
        return combine(
            has_game=pairing.game_id is not None,
            kind=known[KIND],
            ply=known[PLY],
            final=known[FINAL],
            moves=(known[FIRST], known[SECOND]),
            handed_in=handed_in,
        )
    game = pairing.game if pairing.game_id is not None else None
    if game is None or not played_on_site(game):
        return handed_in
    if not kinds.of(game).points:
        return UNKNOWN
    if game.ply:
        if "moves" in getattr(game, "_prefetched_objects_cache", {}):
            moves = list(game.moves.all())
        else:
            moves = list(Move.objects.filter(game_id=game.pk).only("seat", "points"))
        first = sum(m.points for m in moves if m.seat == 0)
        second = sum(m.points for m in moves if m.seat == 1)
        return first, second
    return combine(
        has_game=True,
        kind=game.kind,
        ply=0,
        final=game.final_scores,
        moves=(0, 0),
        handed_in=handed_in,
    )
