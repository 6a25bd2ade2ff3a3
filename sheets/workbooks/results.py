"""Results in the usual club notations, as written on round sheets, and back.

Games: ``1-0``, ``0-1``, ``½-½`` (also ``1/2-1/2``, ``=``, ``1:0``), forfeits ``+/-``, ``-/+``,
``-/-`` — through the result vocabulary (``tournaments.vocabulary``) — optionally followed by
an SOS game score in brackets, ``1-0 (5:3)``. Byes: the words in either language (``bye``,
``свободен``, …), their codes, or the points (``1``, ``½``, ``0``) on a row without an opponent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from sheets import layout as L
from tournaments import vocabulary as V

BYE_TEXTS = {V.BYE: L.BYE, V.HALF_BYE: L.HALF_BYE, V.ZERO_BYE: L.ZERO_BYE}
SCORE = re.compile(r"^(?P<result>.*?)\s*\(\s*(?P<a>\d+)\s*[:\-–]\s*(?P<b>\d+)\s*\)$")


@dataclass(frozen=True)
class CellResult:
    code: str
    first_score: int | None = None
    second_score: int | None = None


class BadResult(ValueError):
    """The text is not a result (the message is translated)."""


def result_text(code: str) -> str:
    """How a result code is written on a round sheet, in the active language."""
    if code in BYE_TEXTS:
        return L.t(BYE_TEXTS[code])
    return V.notation(code)


def parse_bye(value: Any) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = "0.5" if value == 0.5 else str(int(value)) if float(value).is_integer() else value
    text = str(value).strip()
    by_points = V.parse_bye_points(text)
    if by_points is not None:
        return by_points
    for code, label in BYE_TEXTS.items():
        if L.is_label(text, label) or L.norm(text) in (code, L.norm(_(V.LABELS[code]))):
            return code
    raise BadResult(
        _("Unknown result “%(text)s” for a bye: write %(bye)s, %(half)s or %(zero)s.")
        % {
            "text": text,
            "bye": L.t(L.BYE),
            "half": L.t(L.HALF_BYE),
            "zero": L.t(L.ZERO_BYE),
        }
    )


def parse_game_result(value: Any) -> CellResult:
    text = str(value).strip()
    first = second = None
    m = SCORE.match(text)
    if m:
        text, first, second = m.group("result"), int(m.group("a")), int(m.group("b"))
    try:
        code = V.parse(text)
    except V.BadResult as err:
        raise BadResult(err.translate(_)) from None
    if V.is_bye(code):
        raise BadResult(_("A bye result on a board with two players."))
    return CellResult(code, first, second)


def parse_cell(value: Any, *, bye: bool) -> CellResult:
    """The result in a round sheet's cell; ``BadResult`` with a translated message."""
    if bye:
        return CellResult(parse_bye(value))
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise BadResult(_("Unknown result “%(text)s”.") % {"text": value})
    return parse_game_result(value)


def check_scores(code: str, first: int, second: int, mode: str) -> str | None:
    """Why the SOS game score ``first``:``second`` cannot go with ``code`` (``None`` if it can)."""
    if code in V.FORFEIT_RESULTS:
        if first or second:
            return _("A forfeit has no game score.")
        return None
    if mode == "first":
        ok = {
            V.WIN: first > 0 and second == 0,
            V.LOSS: second > 0 and first == 0,
            V.DRAW: first == second == 0,
        }[code]
    else:
        ok = {
            V.WIN: first > second,
            V.LOSS: second > first,
            V.DRAW: first == second,
        }[code]
    if ok:
        return None
    return _("The score %(first)s:%(second)s does not go with the result %(result)s.") % {
        "first": first,
        "second": second,
        "result": result_text(code),
    }
