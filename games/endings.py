"""How a game ended: the codes stored in ``Game.end_reason`` by the arbiter's primitives, the
words for every ending (the rules engine's too), and how a game's result is written. Pure Python
(no Django), so that the result vocabulary of the tournaments (``tournaments.core.vocabulary``) and
the pure cores can use them.

The rules engine names the endings it reaches on the board itself (``sos_most``, ``line``, …);
these are the others. Labels are marked with ``gettext_noop`` and translated where shown.
"""

from __future__ import annotations


def gettext_noop(s: str) -> str:
    return s


FORFEIT = "forfeit"  # one player did not play: the other wins
DOUBLE_FORFEIT = "double_forfeit"  # neither played: nobody wins
ADJUDICATED = "adjudicated"  # the arbiter declared the result
TIME = "time"  # lost on time: a flag fell (or a claim on time was accepted)
FINAL_POSITION = "final_position"  # known by its final position only (a paper sheet)
ABORTED = "aborted"  # a casual game a side never played: no result
# The rules engine's ending of a game of three or more when every other seat's time ran out
# (``SosRules.retire``): the one seat left in wins.
LAST_IN = "last_in"

ENDINGS = (FORFEIT, DOUBLE_FORFEIT, ADJUDICATED, TIME, FINAL_POSITION, ABORTED)

# A short badge beside a game's result.
BADGES = {
    FORFEIT: gettext_noop("by forfeit"),
    DOUBLE_FORFEIT: gettext_noop("by forfeit"),
    ADJUDICATED: gettext_noop("decided by the arbiter"),
    TIME: gettext_noop("on time"),
    FINAL_POSITION: gettext_noop("from the final position"),
    ABORTED: gettext_noop("aborted: a player never made a first move"),
}

# How the rules engine's endings on the board read (``Outcome.reason``).
BOARD_WORDS = {
    "sos_first": gettext_noop("the first SOS wins"),
    "sos_most": gettext_noop("the grid is full: most SOSs win"),
    "full_grid": gettext_noop("the grid is full"),
    "line": gettext_noop("three small boards in a line"),
    "no_open_board": gettext_noop("no small board is left open"),
    "all_draw_line": gettext_noop("three drawn small boards in a line"),
    "all_decided": gettext_noop("every small board is decided"),
    LAST_IN: gettext_noop("the others ran out of time: the last player in wins"),
}
# Words for every ending, on the board or off it.
WORDS = {**BOARD_WORDS, **BADGES}

# How a game's result is written: the two-seat results from the first mover's side (the
# result vocabulary of the tournaments, ``tournaments.core.vocabulary``, writes its codes with
# these), and for more seats the winners' seat numbers (``1+3``) or ``=`` for nobody.
WIN_TEXT = "1-0"
LOSS_TEXT = "0-1"
DRAW_TEXT = "½-½"
SHARED_TEXT = "="


def result_text(winners: list[int] | tuple[int, ...] | None, *, seats: int) -> str:
    """A game's result as the club writes it; ``""`` while it has none."""
    if winners is None:
        return ""
    if seats == 2:
        if not winners:
            return DRAW_TEXT
        return WIN_TEXT if list(winners) == [0] else LOSS_TEXT
    if not winners:
        return SHARED_TEXT
    return "+".join(str(s + 1) for s in winners)
