"""Reason and warning codes, their English templates, and the typed pairing error.

Every code that the pairing generators or the checker can emit is defined here, once, with an
English template in Django's ``%(name)s`` format. The templates are wrapped in a local
``gettext_noop`` so that ``makemessages`` extracts them without this package importing Django;
the web layer translates ``MESSAGES[code]`` with ``gettext`` and formats it with the params
(after replacing entry ids by display names, if it likes).

Params hold plain values only (ints, floats, strings), so a reason or a warning can be stored as
JSON (``to_dict``/``from_dict``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def gettext_noop(s: str) -> str:
    """Mark a string for translation without translating it (Django picks it up by name)."""
    return s


# --- reasons: why a pair (or bye) was chosen ------------------------------------------------

# Round robin
BERGER = "berger"
BERGER_BYE = "berger_bye"
# Swiss: the pair's score relation
SCORE_GROUP = "score_group"
FLOATER = "floater"
# Swiss: who moves first, and why
COLOUR_PREFERENCE = "colour_preference"
COLOUR_PREFERENCE_UNMET = "colour_preference_unmet"
COLOUR_WIDER_DIFFERENCE = "colour_wider_difference"
COLOUR_ALTERNATION = "colour_alternation"
COLOUR_HIGHER_RANK = "colour_higher_rank"
COLOUR_BY_RANK = "colour_by_rank"
COLOUR_RULE_BROKEN = "colour_rule_broken"
# Swiss (Dutch): why the pair, who moves first, the bye
DUTCH_PAIR = "dutch_pair"
DUTCH_FLOAT = "dutch_float"
DUTCH_E1 = "dutch_e1"
DUTCH_E2 = "dutch_e2"
DUTCH_E3 = "dutch_e3"
DUTCH_E4 = "dutch_e4"
DUTCH_E5 = "dutch_e5"
DUTCH_BYE = "dutch_bye"
# Swiss (Burstein): why the pair, who moves first (E.1–E.3, E.5 as the Dutch ones), the bye
BURSTEIN_SEEDING = "burstein_seeding"
BURSTEIN_PAIR = "burstein_pair"
BURSTEIN_FLOAT = "burstein_float"
BURSTEIN_E4 = "burstein_e4"
BURSTEIN_BYE = "burstein_bye"
# Swiss: the pairing-allocated bye
BYE_LOWEST = "bye_lowest"
BYE_FORCED = "bye_forced"

# --- warnings: what the checker finds wrong with a (manual) pairing ---------------------------

REMATCH = "rematch"
SECOND_BYE = "second_bye"
PAIRED_TWICE = "paired_twice"
MISSING = "missing"
UNKNOWN_ENTRY = "unknown_entry"
SELF_PAIRED = "self_paired"
THREE_IN_A_ROW = "three_in_a_row"
COLOUR_DIFFERENCE = "colour_difference"

# --- errors: PairingImpossible codes ----------------------------------------------------------

NO_COMPLETE_PAIRING = "no_complete_pairing"
NO_BYE_CANDIDATE = "no_bye_candidate"
ROUND_OUT_OF_RANGE = "round_out_of_range"

MESSAGES: dict[str, str] = {
    DUTCH_PAIR: gettext_noop(
        "Score group %(score)s: paired in the Dutch order (the upper half against the lower "
        "half, as few transpositions and exchanges as the rules allow)."
    ),
    DUTCH_FLOAT: gettext_noop(
        "Player %(entry)s floated down from the %(from)s score group to the %(to)s group: his "
        "group could not be paired completely (an odd number of players, or players who may "
        "not meet), and the Dutch criteria (fewest floaters, then colours, then float history "
        "of the last two rounds) chose him."
    ),
    DUTCH_E1: gettext_noop(
        "Player %(entry)s moves first: both players get their colour preference (rule E.1)."
    ),
    DUTCH_E2: gettext_noop(
        "Player %(entry)s moves first: both want the same move and his preference is the "
        "stronger (rule E.2)."
    ),
    DUTCH_E3: gettext_noop(
        "Player %(entry)s moves first: both want the same move equally; the moves alternate "
        "from the last game in which they had different moves (rule E.3)."
    ),
    DUTCH_E4: gettext_noop(
        "Player %(entry)s moves first: both want the same move equally, with the same "
        "history; the higher-ranked player gets his preference (rule E.4)."
    ),
    DUTCH_E5: gettext_noop(
        "Player %(entry)s moves first: neither has a preference; the higher-ranked player's "
        "pairing number decides (rule E.5)."
    ),
    DUTCH_BYE: gettext_noop(
        "Player %(entry)s gets the pairing-allocated bye (%(score)s points): the lowest score "
        "group that must leave a player out, a player without a bye or forfeit win yet, and "
        "the rest can be paired (criteria C.5 and C.9)."
    ),
    BURSTEIN_SEEDING: gettext_noop(
        "Seeding round %(round)s (%(score)s points): paired by pairing numbers, the upper half "
        "of the list and the lower half each top against bottom (Burstein system)."
    ),
    BURSTEIN_PAIR: gettext_noop(
        "Score group %(score)s: ordered by the Burstein index (Sonneborn-Berger, Buchholz, "
        "median Buchholz, then pairing number) and paired top against bottom."
    ),
    BURSTEIN_FLOAT: gettext_noop(
        "Player %(entry)s floated down from the %(from)s score group to the %(to)s group: his "
        "group could not be paired completely, and he was the one the top-against-bottom "
        "pairing by the Burstein index left over."
    ),
    BURSTEIN_E4: gettext_noop(
        "Player %(entry)s moves first: both want the same move equally, with the same "
        "history; the player with the higher Burstein index gets his preference."
    ),
    BURSTEIN_BYE: gettext_noop(
        "Player %(entry)s gets the pairing-allocated bye (%(score)s points): the lowest player "
        "by score and Burstein index without a bye or forfeit win yet."
    ),
    BERGER: gettext_noop("Round robin: seat %(first_seat)s against seat %(second_seat)s."),
    BERGER_BYE: gettext_noop("Round robin: seat %(seat)s has the bye this round."),
    SCORE_GROUP: gettext_noop("Both players are in the %(score)s score group."),
    FLOATER: gettext_noop(
        "Player %(entry)s floats from the %(from)s score group to the %(to)s score group."
    ),
    COLOUR_PREFERENCE: gettext_noop(
        "Player %(entry)s gets the %(strength)s preference for the %(wants)s move."
    ),
    COLOUR_PREFERENCE_UNMET: gettext_noop(
        "Player %(entry)s wanted the %(wants)s move (%(strength)s preference) but does not get it."
    ),
    COLOUR_WIDER_DIFFERENCE: gettext_noop(
        "Both want the same move; player %(entry)s has the wider first-move difference."
    ),
    COLOUR_ALTERNATION: gettext_noop(
        "Both want the same move; moves alternate from round %(round)s, when they last differed."
    ),
    COLOUR_HIGHER_RANK: gettext_noop(
        "Both want the same move; the higher-ranked player %(entry)s gets it."
    ),
    COLOUR_BY_RANK: gettext_noop(
        "No preference decides: player %(entry)s, higher ranked, moves %(colour)s by rank number."
    ),
    COLOUR_RULE_BROKEN: gettext_noop(
        "Unavoidable: player %(entry)s breaks the first-move rule (%(rule)s) with the %(colour)s "
        "move."
    ),
    BYE_LOWEST: gettext_noop(
        "Player %(entry)s gets the bye as the lowest eligible player (%(score)s points)."
    ),
    BYE_FORCED: gettext_noop(
        "Player %(entry)s gets the bye (%(score)s points): no lower player could take it and "
        "leave the rest pairable."
    ),
    REMATCH: gettext_noop("Players %(first)s and %(second)s have met before."),
    SECOND_BYE: gettext_noop("Player %(entry)s already had a pairing-allocated bye."),
    PAIRED_TWICE: gettext_noop("Player %(entry)s is paired %(count)s times."),
    MISSING: gettext_noop("Player %(entry)s is not paired."),
    UNKNOWN_ENTRY: gettext_noop("Player %(entry)s is not in this pairing's list of players."),
    SELF_PAIRED: gettext_noop("Player %(entry)s is paired against himself."),
    THREE_IN_A_ROW: gettext_noop(
        "Player %(entry)s would have the %(colour)s move three times in a row."
    ),
    COLOUR_DIFFERENCE: gettext_noop(
        "Player %(entry)s would have a first-move difference of %(difference)s (at most 2 either "
        "way)."
    ),
    NO_COMPLETE_PAIRING: gettext_noop(
        "Round %(round)s cannot be paired: without a rematch or a second bye, %(unpaired)s of "
        "the %(players)s players would be left without an opponent."
    ),
    NO_BYE_CANDIDATE: gettext_noop(
        "Round %(round)s cannot be paired: the number of players is odd and every player has "
        "already had a pairing-allocated bye."
    ),
    ROUND_OUT_OF_RANGE: gettext_noop(
        "Round %(round)s is outside the schedule of %(rounds)s rounds for %(players)s players."
    ),
}

# English words that templates insert for params; translated like the templates.
WORDS: dict[str, str] = {
    "F": gettext_noop("first"),
    "S": gettext_noop("second"),
    "absolute": gettext_noop("absolute"),
    "strong": gettext_noop("strong"),
    "mild": gettext_noop("mild"),
    THREE_IN_A_ROW: gettext_noop("three in a row"),
    COLOUR_DIFFERENCE: gettext_noop("difference over 2"),
}

# Params whose value is a key of WORDS, substituted by ``message()``.
WORD_PARAMS = ("wants", "colour", "strength", "rule")


@dataclass(frozen=True)
class Message:
    """A code with its params: a reason, a warning, or an error's detail."""

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
        params = dict(self.params)
        for key in WORD_PARAMS:
            if key in params and params[key] in WORDS:
                params[key] = WORDS[params[key]]
        return self.template % params

    def to_dict(self) -> dict[str, Any]:
        """``{"code": ..., **params}``, for JSON storage."""
        return {"code": self.code, **self.params}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        data = dict(data)
        code = data.pop("code")
        return cls(code, data)

    def __str__(self) -> str:
        return self.message()


class Reason(Message):
    """Why a pair was made, or why one player moves first."""


class PairingWarning(Message):
    """A problem that ``check_pairings`` finds in a (manual) pairing."""


class PairingImpossible(ValueError):
    """No complete pairing exists under the hard rules; a user can fix it (e.g. by byes).

    ``code`` is one of the error codes above and ``params`` fill its template; ``str(error)`` is
    the English message.
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(Message(code, params).message())
