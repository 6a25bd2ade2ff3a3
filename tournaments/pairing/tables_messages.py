"""Why this table: the reason codes of SOS tables, their English templates, the typed error.

The same scheme as ``messages`` (which holds the two-player codes): each code has one English
template in Django's ``%(name)s`` format, wrapped in a local ``gettext_noop`` so that
``makemessages`` extracts it without this package importing Django. The web layer translates
``MESSAGES[code]`` and formats it with the params (entry ids may be replaced by names first).
Params are plain values (ints, floats, strings, lists of ints), so a reason is JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def gettext_noop(s: str) -> str:
    """Mark a string for translation without translating it (Django picks it up by name)."""
    return s


# --- reasons: why a table, why this seat order, why a bye -------------------------------------

TABLES_SNAKE = "tables_snake"
TABLES_SCORE_GROUP = "tables_score_group"
TABLES_SCORE_SPAN = "tables_score_span"
TABLES_NO_REPEAT = "tables_no_repeat"
TABLES_REPEAT = "tables_repeat"
TABLES_SEAT_FIRST = "tables_seat_first"
TABLES_SEAT_FIRST_AGAIN = "tables_seat_first_again"
TABLES_SEAT_ORDER = "tables_seat_order"
TABLES_BYE = "tables_bye"
TABLES_BYE_AGAIN = "tables_bye_again"
# --- the round as a whole: how it was solved ---------------------------------------------------
TABLES_EXACT = "tables_exact"
TABLES_HEURISTIC = "tables_heuristic"
# --- errors: TablesImpossible codes -----------------------------------------------------------
TABLES_BAD_SIZE = "tables_bad_size"
TABLES_DUPLICATE = "tables_duplicate"
TABLES_NO_SPLIT = "tables_no_split"

MESSAGES: dict[str, str] = {
    TABLES_SNAKE: gettext_noop(
        "Round 1: table %(table)s holds the players seeded %(seeds)s, dealt in a snake across "
        "%(tables)s tables (1 to %(tables)s, then back) so that every table is equally strong."
    ),
    TABLES_SCORE_GROUP: gettext_noop(
        "Table %(table)s: every player at it has %(score)s points (criterion B: like scores "
        "together)."
    ),
    TABLES_SCORE_SPAN: gettext_noop(
        "Table %(table)s: scores from %(high)s down to %(low)s points: players of like score "
        "sit together as far as avoiding repeats allows (criterion B)."
    ),
    TABLES_NO_REPEAT: gettext_noop("Table %(table)s: no two players at it have met before."),
    TABLES_REPEAT: gettext_noop(
        "Table %(table)s: players %(first)s and %(second)s meet again (they met %(times)s "
        "times before): avoiding it would put more repeats at one table, or players of less "
        "alike score together (criteria A to C)."
    ),
    TABLES_SEAT_FIRST: gettext_noop(
        "Player %(entry)s sits first and moves first: he has been first %(firsts)s times, no "
        "more often than anyone at his score, and of such players at this table he is the "
        "furthest below his fair share of first seats (%(share)s: one for every game at a "
        "table of n players counts 1/n); ties: the lowest-placed."
    ),
    TABLES_SEAT_FIRST_AGAIN: gettext_noop(
        "Player %(entry)s sits first and moves first although he has been first %(firsts)s "
        "times, more than someone at his score: so has every player at this table (criterion "
        "D keeps such tables as few as it can once repeats and scores are settled); of them "
        "he is the furthest below his fair share of first seats (%(share)s)."
    ),
    TABLES_SEAT_ORDER: gettext_noop(
        "Seats after the first: each seat goes to the player who has sat in that seat or an "
        "earlier one least often; ties to the lowest-placed player."
    ),
    TABLES_BYE: gettext_noop(
        "Player %(entry)s has a bye: %(players)s players cannot all be seated at tables of "
        "%(smallest)s to %(size)s, and he is the lowest-placed player without a bye "
        "(%(score)s points)."
    ),
    TABLES_BYE_AGAIN: gettext_noop(
        "Player %(entry)s has a second bye: %(players)s players cannot all be seated at "
        "tables of %(smallest)s to %(size)s, and every player has had a bye; he is the "
        "lowest-placed of those with the fewest (%(score)s points)."
    ),
    TABLES_EXACT: gettext_noop(
        "The seating of %(players)s players is proved optimal by the solver, criterion by "
        "criterion (A: most repeats at one table %(worst)s; B: score spread %(spread)s; C: "
        "repeats %(repeats)s; D: tables without a player due to sit first %(seats)s)."
    ),
    TABLES_HEURISTIC: gettext_noop(
        "%(players)s players: seated by the score-ordered heuristic with improving exchanges "
        "and, in fields of up to 200, groups of three neighbouring tables re-seated exactly "
        "(A %(worst)s, B %(spread)s, C %(repeats)s, D %(seats)s); no seating can do better "
        "than A %(worst_bound)s, B %(spread_bound)s, C %(repeats_bound)s, D %(seats_bound)s."
    ),
    TABLES_BAD_SIZE: gettext_noop(
        "Tables of %(size)s cannot be made: a table seats 3 to 6 players."
    ),
    TABLES_NO_SPLIT: gettext_noop(
        "%(players)s players cannot be split into tables of %(smallest)s to %(size)s: "
        "%(byes)s of them must have a bye."
    ),
    TABLES_DUPLICATE: gettext_noop("Player %(entry)s is listed twice among the players to seat."),
}


@dataclass(frozen=True)
class TableReason:
    """Why a table, a seat or a bye: a code of ``MESSAGES`` and its params."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.code not in MESSAGES:
            raise ValueError(f"unknown message code {self.code!r}")

    @property
    def template(self) -> str:
        return MESSAGES[self.code]

    def message(self) -> str:
        """The English text (the web layer does the same with translated templates)."""
        return self.template % dict(self.params)

    def to_dict(self) -> dict[str, Any]:
        """``{"code": ..., **params}``, for JSON storage."""
        return {"code": self.code, **self.params}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableReason:
        data = dict(data)
        code = data.pop("code")
        return cls(code, data)

    def __str__(self) -> str:
        return self.message()


class TablesImpossible(ValueError):
    """The round cannot be seated as asked; a user can fix it (another size, a corrected list).

    ``code`` is one of the error codes above and ``params`` fill its template; ``str(error)``
    is the English message.
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(TableReason(code, params).message())
