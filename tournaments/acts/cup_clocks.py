"""The clocks of a knockout match's games played on the site (issue 29): the regular games
take the tournament's time control, the tie-break games theirs, and the armageddon game its
own (``armageddon_time_control``, else the tie-break games'), its first mover given
``armageddon_extra`` seconds more — the second player goes through on a draw."""

from __future__ import annotations

from games import timekeeping
from games.models import Game
from tournaments import pairing
from tournaments.formats import CupOptions


def is_armageddon(options: CupOptions, number: int) -> bool:
    """Is game ``number`` of a match the armageddon game (the decider's one game)?"""
    return (
        options.decider == pairing.ARMAGEDDON
        and number == options.games + options.tiebreak_games + 1
    )


def match_clock(options: CupOptions, tournament_clock: str, number: int) -> tuple[str, int]:
    """Game ``number``'s time control and the first mover's extra seconds over it."""
    clock = tournament_clock
    if number > options.games and options.tiebreak_time_control:
        clock = options.tiebreak_time_control
    if not is_armageddon(options, number):
        return clock, 0
    clock = options.armageddon_time_control or clock
    return clock, options.armageddon_extra if clock else 0


def give_extra(game: Game, seconds: int) -> None:
    """The armageddon's first mover (seat 0) gets ``seconds`` more on the game's clock."""
    if seconds and game.time_control:
        timekeeping.add_time(game=game, seat=0, seconds=seconds)
