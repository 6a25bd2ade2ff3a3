"""The rules in force, in words, for the foot of a board sheet, and the machine rules string.

The prose follows RULES.md, a sentence a row under ``Правила хода:``, ``Правила выигрыша:`` and
``Ограничения:``; beside the board, ``Правила:`` names them in a
few words (``rules_words``). An import reads the options back from the prose, in any of the
site's languages (``candidates``) and in their earlier wordings (``earlier_wordings``, the data
of ``earlier_rules``), or from a rules string of older sheets (``uttt preset=tactical
all_draw_line=draw …``, ``parse_rules_string``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from django.utils.translation import gettext_noop

from games import kinds
from games.rules import get_rules
from sheets.boards.earlier_rules import EARLIER
from sheets.boards.layouts import layout
from sheets.layout import Text, t

Say = Callable[..., str]  # a Text (and its parameters) -> its words, as ``t``

# UTTT, move rules.
U_FIRST = Text(
    gettext_noop("X moves first, into any cell; then the players take turns."),
    "Первым ходит Х, в любую клетку; дальше ходят по очереди.",
)
U_SEND = Text(
    gettext_noop("The cell played, read inside its small board, names the opponent's board."),
    "Клетка хода внутри малого поля указывает поле для ответа соперника.",
)
U_OPEN = Text(
    gettext_noop("A won or drawn small board stays in play while it has empty cells."),
    "Выигранное или ничейное малое поле остаётся в игре, пока есть свободные клетки.",
)
U_FULL = Text(
    gettext_noop("Sent to a full small board, play any empty cell."),
    "Если указанное поле заполнено, можно ходить в любую свободную клетку.",
)
U_FREE = Text(
    gettext_noop("Sent to a won or drawn small board, play any empty cell."),
    "Если указанное поле выиграно или сыграно вничью, можно ходить в любую свободную клетку.",
)
U_CLOSED = Text(
    gettext_noop("A won or drawn small board is closed: no more moves in it."),
    "Выигранное или ничейное малое поле закрыто: ходить в него нельзя.",
)
U_CLOSED_FREE = Text(
    gettext_noop("Sent to a closed or full board, play in any open board."),
    "Если указанное поле закрыто или заполнено, можно ходить на любое открытое поле.",
)
# UTTT, winning rules.
U_SMALL = Text(
    gettext_noop("Three in a row win a small board; a full board without a line is drawn."),
    "Три знака в ряд выигрывают малое поле; заполненное поле без ряда — ничья.",
)
U_BIG = Text(
    gettext_noop("Three small boards in a line win; a drawn board counts for both."),
    "Три малых поля в ряд выигрывают партию; ничейное поле засчитывается обоим.",
)
U_BIG_CLASSIC = Text(
    gettext_noop("Three won small boards in a line win; drawn boards count for nobody."),
    "Три выигранных малых поля в ряд выигрывают партию; ничейные поля не засчитываются никому.",
)
U_BOTH = Text(
    gettext_noop("A move that completes lines for both players wins for the mover."),
    "Если ход замыкает ряд обоим игрокам, побеждает сделавший ход.",
)
U_ALL_DRAW = Text(
    gettext_noop("Three drawn boards in a line, or no line when all are decided: a draw."),
    "Три ничейных поля в ряд или все поля решены без ряда — ничья.",
)
U_ALL_DRAW_GO_ON = Text(
    gettext_noop("Three drawn boards in a line win for nobody: play goes on."),
    "Три ничейных поля в ряд никому не засчитываются: игра продолжается.",
)
U_NO_OPEN = Text(
    gettext_noop("No open board left without a winning line: a draw."),
    "Открытых полей не осталось, а выигрышного ряда нет — ничья.",
)
U_NO_SEND_BACK = Text(
    gettext_noop("You may not send the opponent straight back to the board just played."),
    "Нельзя отправлять соперника обратно на поле, где он только что ходил.",
)
U_NO_SEND_BACK_2 = Text(
    gettext_noop("(Lifted when no other cell is left.)"),
    "(Кроме случая, когда других ходов нет.)",
)
NONE = Text(gettext_noop("None."), "Нет.")
# SOS.
S_TURNS = Text(
    gettext_noop("Players move in seat order, writing S or O in an empty cell."),
    "Игроки ходят по очереди мест, вписывая S или O в свободную клетку.",
)
S_LINE = Text(
    gettext_noop("An SOS is three cells in a straight line reading S-O-S."),
    "SOS — три клетки подряд по прямой, читающиеся как S-O-S.",
)
S_AGAIN = Text(
    gettext_noop("Each new SOS scores a point, and the scorer moves again."),
    "Каждое новое SOS приносит очко, и игрок ходит ещё раз.",
)
S_FIRST = Text(
    gettext_noop("The first player to make an SOS wins at once."),
    "Кто первым составит SOS, сразу побеждает.",
)
S_MOST = Text(
    gettext_noop("When the grid is full, the most SOSs win."),
    "Когда поле заполнено, побеждает набравший больше SOS.",
)
S_MOST_DRAW = Text(
    gettext_noop("If every player has the top score, it is a draw."),
    "Если у всех игроков поровну очков — ничья.",
)
S_FIRST_DRAW = Text(
    gettext_noop("A full grid without an SOS is a draw."),
    "Поле заполнено, а SOS нет — ничья.",
)
S_GRID = Text(
    gettext_noop("Grid %(rows)s×%(cols)s, %(players)s players."),
    "Поле %(rows)s×%(cols)s, игроков: %(players)s.",
)


def rule_lines(
    kind: str, options: dict[str, Any], *, say: Say = t
) -> tuple[list[str], list[str], list[str]]:
    """(move rules, winning rules, restrictions), each a list of lines in the active language
    (``say``: how a sentence is said; an import also tries :func:`earlier_wordings`), as the
    board sheet of ``kind`` says them (:mod:`sheets.boards.layouts`)."""
    return layout(kind).rule_lines(options, say=say)


def earlier_wordings(code: str) -> list[Say]:
    """One ``say`` for each earlier wording of language ``code``'s rule sentences
    (:data:`sheets.boards.earlier_rules.EARLIER`): a sentence as that wording had it, else as
    the catalogue has it now. For reading only: a sheet is always written with :func:`t`."""
    return [partial(_say_earlier, forms) for forms in EARLIER.get(code, ())]


def _say_earlier(forms: Mapping[str, str], text: Text, **params: object) -> str:
    out = forms.get(text.msgid)
    if out is None:
        return t(text, **params)
    return out % params if params else out


PRESET_TACTICAL = Text(gettext_noop("tactical rules"), "тактические правила")
PRESET_CLASSIC = Text(gettext_noop("classic rules"), "классические правила")
S_MOST_SHORT = Text(gettext_noop("The most SOSs win."), "Побеждает больше SOS.")
S_FIRST_SHORT = Text(gettext_noop("The first SOS wins."), "Побеждает первое SOS.")


def rules_words(kind: str, options: dict[str, Any]) -> str:
    """The rules in force in a few words, for the details beside the board (the rules in full
    are below the board); an import reads the options back from the full text."""
    return layout(kind).rules_words(options)


def candidates(kind: str, rows: int, cols: int, players: int) -> list[dict[str, Any]]:
    """Every set of options of ``kind`` a board of this size and seats may have been played
    under, the defaults first."""
    return layout(kind).candidates(rows, cols, players)


# -- The rules string --------------------------------------------------------------------------
_YES = {"yes", "true", "1", "on", "да"}
_NO = {"no", "false", "0", "off", "нет"}


def rules_string(kind: str, options: dict[str, Any]) -> str:
    """``sos rows=5 cols=5 players=2 mode=most`` — the options in a line an import reads back."""
    parts = [kind]
    for key, value in options.items():
        if isinstance(value, bool):
            value = "yes" if value else "no"
        parts.append(f"{key}={value}")
    return " ".join(parts)


def parse_rules_string(text: str) -> tuple[str, dict[str, Any]]:
    """``(kind, normalised options)`` of a rules string; ``ValueError`` saying what is wrong."""
    tokens = text.replace(",", " ").replace(";", " ").split()
    if not tokens:
        raise ValueError("empty rules string")
    kind = tokens[0].lower()
    options: dict[str, Any] = {}
    for token in tokens[1:]:
        key, sep, raw = token.partition("=")
        if not sep:
            raise ValueError(f"{token!r} is not option=value")
        low = raw.lower()
        value: Any
        if low in _YES:
            value = True
        elif low in _NO:
            value = False
        elif raw.isdecimal():
            value = int(raw)
        else:
            value = raw
        options[key.strip().lower()] = value
    if kinds.known(kind):
        for key in _number_options(kinds.get(kind)):  # "1"/"0" are numbers here, not yes/no
            if isinstance(options.get(key), bool):
                options[key] = int(options[key])
    rules = get_rules(kind, **options)
    return rules.kind, dict(rules.options)


def _number_options(kind: kinds.Kind) -> list[str]:
    """The options of ``kind`` that are numbers (the seats' count too, when it is one)."""
    names = [o.name for o in kind.options if o.type == "int"]
    return names + ([kind.seats_option] if kind.seats_option else [])
