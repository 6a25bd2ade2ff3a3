"""Writing games from a workbook, through the games and tournaments services.

These map what an import needs onto the services: ``create_game`` for a game played on paper,
``games.recording.record_moves`` for a whole move list at once (an import of 900 games cannot
afford a transaction per move), ``games.recording.record_final_position`` for a sheet without
moves, ``tournaments.acts.services.attach_game`` to link a paper pairing's new game, and
``tournaments.acts.decisions.decide`` for a result stated on an unfinished move list. A change on
the site since the preview becomes an ``ImportConflict``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _

from games import recording
from games.errors import StalePosition
from games.models import Game
from sheets.errors import ImportConflict
from tournaments.acts import services as tournament_services
from tournaments.errors import TournamentError
from tournaments.models import Pairing

END_FINAL_POSITION = recording.END_FINAL_POSITION


def _changed() -> ImportConflict:
    return ImportConflict(
        _("The tournament changed since the preview: upload the workbook again to see the changes.")
    )


def play_moves(
    *, game: Game, user: AbstractBaseUser, moves: Sequence[str], expected_ply: int
) -> Game:
    """Play ``moves`` after the first ``expected_ply`` moves of ``game``, all or none."""
    try:
        return recording.record_moves(game=game, user=user, moves=moves, expected_ply=expected_ply)
    except StalePosition:
        raise _changed() from None


def record_position(
    *, game: Game, position: Sequence[str], winners: Sequence[int], scores: Sequence[int]
) -> Game:
    """Keep ``game`` (no moves yet) as a finished game known by its final position."""
    try:
        return recording.record_final_position(
            game=game, position=position, winners=winners, scores=scores
        )
    except StalePosition:
        raise _changed() from None


def attach_game(*, pairing: Pairing, game: Game) -> None:
    """Link ``game`` to ``pairing``, which must still have none."""
    try:
        tournament_services.attach_game(pairing=pairing, game=game)
    except TournamentError:
        raise _changed() from None
