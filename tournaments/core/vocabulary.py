"""The result vocabulary: every code of a pairing's result, how the club writes it, what it is
worth, and why a game ended. Pure Python (no Django): the pure cores (pairing, standings, TRF) use
it as it is; the web layer translates the labels (marked with ``gettext_noop``) where it shows
them — forms, templates (the ``result`` filter of ``results_tags``), spreadsheets.

Codes, from the first mover's side::

    1-0  0-1  1/2           played
    +/-  -/+  -/-           forfeits (the second / the first / both did not play)
    bye  half_bye  zero_bye a board without an opponent

``parse(text)`` reads every club notation of a result (``1-0``, ``1:0``, ``½-½``, ``1/2``,
``1/2-1/2``, ``0.5-0.5``, ``=``, ``+/-``, ``+-``, ``-/+``, ``-/-``, ``--``, and the bye codes and
words); ``notation(code)`` writes it back (``½-½`` style), and ``parse(notation(c)) == c`` for
every code. ``points(code, first=…, system=…)`` is what it is worth to either side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import endings


def gettext_noop(s: str) -> str:
    return s


# -- Codes ---------------------------------------------------------------------------------------

WIN = "1-0"
LOSS = "0-1"
DRAW = "1/2"
FORFEIT_WIN = "+/-"  # the first mover wins by forfeit (the second did not play)
FORFEIT_LOSS = "-/+"  # the second wins by forfeit
DOUBLE_FORFEIT = "-/-"
PLAYED_RESULTS = (WIN, LOSS, DRAW)
FORFEIT_RESULTS = (FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT)
PAIR_RESULTS = PLAYED_RESULTS + FORFEIT_RESULTS

BYE = "bye"  # pairing-allocated bye: the points of a win by default
HALF_BYE = "half_bye"  # a bye the player asked for in advance: the points of a draw
ZERO_BYE = "zero_bye"  # not paired (withdrawn, absent, or a requested zero-point bye)
BYE_RESULTS = (BYE, HALF_BYE, ZERO_BYE)

RESULTS = PAIR_RESULTS + BYE_RESULTS

# -- How each is written ---------------------------------------------------------------------

NOTATION = {
    WIN: endings.WIN_TEXT,
    LOSS: endings.LOSS_TEXT,
    DRAW: endings.DRAW_TEXT,
    FORFEIT_WIN: "+/-",
    FORFEIT_LOSS: "-/+",
    DOUBLE_FORFEIT: "-/-",
}
# Words, translated where shown.
LABELS = {
    **NOTATION,
    BYE: gettext_noop("bye"),
    HALF_BYE: gettext_noop("half-point bye"),
    ZERO_BYE: gettext_noop("zero-point bye"),
}
# The arbiter's choices, with what a forfeit means.
DECISION_LABELS = {
    WIN: NOTATION[WIN],
    DRAW: NOTATION[DRAW],
    LOSS: NOTATION[LOSS],
    FORFEIT_WIN: gettext_noop("+/- (second player forfeits)"),
    FORFEIT_LOSS: gettext_noop("-/+ (first player forfeits)"),
    DOUBLE_FORFEIT: gettext_noop("-/- (both forfeit)"),
}
GAME_RESULT_ORDER = (WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT)

# Every notation ``parse`` reads (after removing blanks, unifying dashes and lower-casing).
ALIASES = {
    "1-0": WIN,
    "1:0": WIN,
    "0-1": LOSS,
    "0:1": LOSS,
    "½-½": DRAW,
    "½:½": DRAW,
    "½": DRAW,
    "1/2-1/2": DRAW,
    "1/2:1/2": DRAW,
    "1/2": DRAW,
    "=": DRAW,
    "0.5-0.5": DRAW,
    "0,5-0,5": DRAW,
    "+/-": FORFEIT_WIN,
    "+-": FORFEIT_WIN,
    "+:-": FORFEIT_WIN,
    "-/+": FORFEIT_LOSS,
    "-+": FORFEIT_LOSS,
    "-:+": FORFEIT_LOSS,
    "-/-": DOUBLE_FORFEIT,
    "--": DOUBLE_FORFEIT,
    "-:-": DOUBLE_FORFEIT,
    BYE: BYE,
    HALF_BYE: HALF_BYE,
    ZERO_BYE: ZERO_BYE,
    "half-point bye": HALF_BYE,
    "zero-point bye": ZERO_BYE,
}
# A row without an opponent may give the bye's points instead.
BYE_POINTS = {
    "1": BYE,
    "+": BYE,
    "½": HALF_BYE,
    "0.5": HALF_BYE,
    "0,5": HALF_BYE,
    "1/2": HALF_BYE,
    "=": HALF_BYE,
    "0": ZERO_BYE,
    "-": ZERO_BYE,
}

UNKNOWN = gettext_noop("Unknown result “%(text)s”: use 1-0, 0-1, ½-½, +/-, -/+ or -/-.")


class BadResult(ValueError):
    """Not a result: ``template`` (marked for translation) % ``params``."""

    def __init__(self, template: str, **params: Any) -> None:
        super().__init__(template % params)
        self.template = template
        self.params = params

    def translate(self, gettext: Any) -> str:
        return gettext(self.template) % self.params


def _key(text: object) -> str:
    key = "".join(str(text).split()).replace("–", "-").replace("—", "-").lower()
    return key


def parse(text: object) -> str:
    """The result code of ``text`` in any club notation; ``BadResult`` if it is none."""
    key = _key(text)
    if key in ALIASES:
        return ALIASES[key]
    spaced = " ".join(str(text).split()).lower()
    if spaced in ALIASES:
        return ALIASES[spaced]
    raise BadResult(UNKNOWN, text=text)


def parse_bye_points(text: object) -> str | None:
    """A bye's code from its points (``1``, ``½``, ``0``, …), or ``None``."""
    return BYE_POINTS.get(_key(text))


def notation(code: str | None) -> str:
    """How ``code`` is written (``½-½`` style; the bye codes as their English words)."""
    if not code:
        return ""
    return LABELS.get(code, code)


def is_bye(code: str | None) -> bool:
    return code in BYE_RESULTS


def is_forfeit(code: str | None) -> bool:
    return code in FORFEIT_RESULTS


# -- What it is worth ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points for each kind of result; 1 / ½ / 0 with a 1-point bye by default, 3-1-0 allowed."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    bye: float = 1.0
    half_bye: float = 0.5
    zero_bye: float = 0.0


def points(code: str | None, *, first: bool, system: PointSystem) -> float:
    """What ``code`` is worth to the first mover (``first``) or the second (0 while unplayed)."""
    if not code:
        return 0.0
    if code in BYE_RESULTS:
        return {BYE: system.bye, HALF_BYE: system.half_bye, ZERO_BYE: system.zero_bye}[code]
    if code == DRAW:
        return system.draw
    if code == DOUBLE_FORFEIT:
        return system.loss
    first_won = code in (WIN, FORFEIT_WIN)
    return system.win if first_won == first else system.loss


# A bye's record says what it is worth: ``points_text(1.0)`` is ``"1"`` (in ``POINTS_TEXT``).
POINTS_TEXT = gettext_noop("points: %(points)s")


def points_text(value: float) -> str:
    """Points as a club writes them: ``1``, ``0.5``, ``3``."""
    return f"{float(value):g}"


# -- Games and results ---------------------------------------------------------------------------

# Why a game ended off the board (``Game.end_reason``), and the badge shown beside it.
END_FORFEIT = endings.FORFEIT
END_DOUBLE_FORFEIT = endings.DOUBLE_FORFEIT
END_ADJUDICATED = endings.ADJUDICATED
END_TIME = endings.TIME
END_FINAL_POSITION = endings.FINAL_POSITION
END_BADGES = endings.BADGES

# A two-seat game's winning seats, and how it ended, for each result an arbiter declares.
GAME_OUTCOMES: dict[str, tuple[list[int], str]] = {
    WIN: ([0], END_ADJUDICATED),
    LOSS: ([1], END_ADJUDICATED),
    DRAW: ([], END_ADJUDICATED),
    FORFEIT_WIN: ([0], END_FORFEIT),
    FORFEIT_LOSS: ([1], END_FORFEIT),
    DOUBLE_FORFEIT: ([], END_DOUBLE_FORFEIT),
}
_BY_WINNERS = {(): DRAW, (0,): WIN, (1,): LOSS}


def of_winners(winners: tuple[int, ...] | list[int] | None) -> str | None:
    """The played result of a two-seat game won by ``winners`` (``()`` a draw)."""
    if winners is None:
        return None
    return _BY_WINNERS.get(tuple(winners))


def of_outcome(winners: list[int] | tuple[int, ...] | None, end_reason: str) -> str:
    """The result a two-seat game's outcome stands for (``""`` while it has none)."""
    if winners is None:
        return ""
    if end_reason == END_DOUBLE_FORFEIT:
        return DOUBLE_FORFEIT
    if end_reason == END_FORFEIT:
        return FORFEIT_WIN if tuple(winners) == (0,) else FORFEIT_LOSS
    return _BY_WINNERS.get(tuple(winners), "")
