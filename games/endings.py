"""How a game ended off the board: the codes stored in ``Game.end_reason`` by the arbiter's
primitives, and their labels. Pure Python (no Django), so that the result vocabulary of the
tournaments (``tournaments.vocabulary``) and the pure cores can use them.

The rules engine names the endings it reaches on the board itself (``sos_most``, ``line``, …);
these are the others. Labels are marked with ``gettext_noop`` and translated where shown.
"""

from __future__ import annotations


def gettext_noop(s: str) -> str:
    return s


FORFEIT = "forfeit"  # one player did not play: the other wins
DOUBLE_FORFEIT = "double_forfeit"  # neither played: nobody wins
ADJUDICATED = "adjudicated"  # the arbiter declared the result
TIME = "time"  # a claim on time was accepted
FINAL_POSITION = "final_position"  # known by its final position only (a paper sheet)

ENDINGS = (FORFEIT, DOUBLE_FORFEIT, ADJUDICATED, TIME, FINAL_POSITION)

# A short badge beside a game's result.
BADGES = {
    FORFEIT: gettext_noop("by forfeit"),
    DOUBLE_FORFEIT: gettext_noop("by forfeit"),
    ADJUDICATED: gettext_noop("decided by the arbiter"),
    TIME: gettext_noop("on time"),
    FINAL_POSITION: gettext_noop("from the final position"),
}
