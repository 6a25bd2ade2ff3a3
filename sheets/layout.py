"""The words of the sheets, in the user's language, and finding them again by their text.

Every text a sheet shows is a ``Text``: an English msgid (marked for ``makemessages``) and the
Russian form of the club's original paper form. Exports translate with ``gettext`` in the active
language; while the Russian catalogue lacks a msgid, the built-in Russian form is used, so a
Russian sheet always reads like the original (``Игроки:``, ``Победитель:``, ``Ничья``). Imports
recognise a label in English, in the built-in Russian and in every catalogue's translation, in any
case, with or without its colon — never by a fixed row.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import translation
from django.utils.translation import gettext, gettext_noop


class Text(NamedTuple):
    msgid: str
    ru: str


def lang() -> str:
    return (translation.get_language() or settings.LANGUAGE_CODE or "en")[:2].lower()


def t(text: Text, **params: object) -> str:
    """``text`` in the active language (``%(name)s`` placeholders filled from ``params``)."""
    out = gettext(text.msgid)
    if out == text.msgid and lang() == "ru":
        out = text.ru
    return out % params if params else out


# -- The board sheet (the original form) -------------------------------------------------------
PLAYERS = Text(gettext_noop("Players:"), "Игроки:")
WINNER = Text(gettext_noop("Winner:"), "Победитель:")
DRAW = Text(gettext_noop("Draw"), "Ничья")
MOVE_RULES = Text(gettext_noop("Move rules:"), "Правила хода:")
WIN_RULES = Text(gettext_noop("Winning rules:"), "Правила выигрыша:")
RESTRICTIONS = Text(gettext_noop("Restrictions:"), "Ограничения:")
TITLE_UTTT = Text(gettext_noop("Ultimate tic-tac-toe"), "Тактические крестики-нолики")
TITLE_SOS = Text(gettext_noop("SOS"), "SOS")
# Details beside the board.
TOURNAMENT = Text(gettext_noop("Tournament:"), "Турнир:")
ROUND = Text(gettext_noop("Round:"), "Тур:")
BOARD = Text(gettext_noop("Board:"), "Доска:")
RULES = Text(gettext_noop("Rules:"), "Правила:")
GAME = Text(gettext_noop("Game:"), "Партия:")
TIME_CONTROL = Text(gettext_noop("Time control:"), "Контроль времени:")  # only with a clock
# The score sheet's columns.
NUMBER = Text(gettext_noop("No."), "№")
SEAT = Text(gettext_noop("Seat"), "Игрок")
MOVE = Text(gettext_noop("Move"), "Ход")
POINTS = Text(gettext_noop("Points"), "Очки")
TIME = Text(gettext_noop("Time"), "Время")  # the time each move took: only with a clock

# -- The tournament workbook -------------------------------------------------------------------
PLAYERS_SHEET = Text(gettext_noop("Players"), "Игроки")
STANDINGS_SHEET = Text(gettext_noop("Standings"), "Турнирная таблица")
GROUP_TITLE = Text(gettext_noop("Group %(group)s"), "Группа %(group)s")
CROSSTABLE_SHEET = Text(gettext_noop("Crosstable"), "Сводная таблица")
LOG_SHEET = Text(gettext_noop("Arbiter's log"), "Журнал судьи")
WHEN = Text(gettext_noop("When"), "Когда")
ACT = Text(gettext_noop("Act"), "Решение")
REASON = Text(gettext_noop("Reason"), "Причина")
ABOUT = Text(gettext_noop("About"), "Касается")
BEFORE = Text(gettext_noop("Before"), "До")
AFTER = Text(gettext_noop("After"), "После")
NOTE = Text(gettext_noop("Note"), "Примечание")
ARBITER = Text(gettext_noop("Arbiter"), "Судья")
SOURCE = Text(gettext_noop("Source"), "Источник")
ROUND_SHEET = Text(gettext_noop("Round %(number)s"), "Тур %(number)s")
BOARD_SHEET = Text(gettext_noop("R%(round)s B%(board)s"), "Т%(round)s Д%(board)s")
GAME_SHEET = Text(gettext_noop("Game %(number)s"), "Игра %(number)s")
FORMAT = Text(gettext_noop("Format:"), "Система:")
ACCELERATION = Text(gettext_noop("Accelerated pairings:"), "Ускоренная жеребьёвка:")
# The tournament option dummy_cap (FIDE C.07 of 2026, art. 16.4): the label and its two values.
DUMMY_CAP = Text(gettext_noop("Dummy opponent's score:"), "Очки фиктивного соперника:")
DUMMY_CAPPED = Text(
    gettext_noop("own score, capped (FIDE 2026)"), "свои очки, с ограничением (ФИДЕ, 2026)"
)
DUMMY_UNCAPPED = Text(gettext_noop("own score (FIDE 2023)"), "свои очки (ФИДЕ, 2023)")
NAME = Text(gettext_noop("Name"), "Имя")
RATING = Text(gettext_noop("Rating"), "Рейтинг")
CLUB = Text(gettext_noop("Club"), "Клуб")
PLACE = Text(gettext_noop("Place"), "Место")
BOARD_COLUMN = Text(gettext_noop("Board"), "Доска")
FIRST = Text(gettext_noop("First move"), "Первый ход")
SECOND = Text(gettext_noop("Second move"), "Второй ход")
RESULT = Text(gettext_noop("Result"), "Результат")
FIRST_POINTS = Text(gettext_noop("First's points"), "Очки первого")
SECOND_POINTS = Text(gettext_noop("Second's points"), "Очки второго")
GAME_COLUMN = Text(gettext_noop("Game"), "Партия")
TOTAL = Text(gettext_noop("Total"), "Всего")
BYE = Text(gettext_noop("bye"), "свободный тур")
HALF_BYE = Text(gettext_noop("half-point bye"), "свободный тур за пол-очка")
ZERO_BYE = Text(gettext_noop("zero-point bye"), "свободный тур без очков")
# -- A knockout's sheets (sheets.workbooks.knockout) --------------------------------------------
BRACKET_SHEET = Text(gettext_noop("Bracket"), "Сетка")
MATCH_SHEET = Text(gettext_noop("Match %(number)s"), "Матч %(number)s")
BRACKET_ROUND = Text(gettext_noop("Round %(number)s of the bracket"), "Круг %(number)s")
WINNERS_ROUND = Text(gettext_noop("Winners' round %(number)s"), "Верхняя сетка, круг %(number)s")
LOSERS_ROUND = Text(gettext_noop("Losers' round %(number)s"), "Нижняя сетка, круг %(number)s")
LOSERS_BRACKET = Text(gettext_noop("Losers' bracket"), "Нижняя сетка")
FINAL = Text(gettext_noop("Final"), "Финал")
GRAND_FINAL = Text(gettext_noop("Grand final"), "Суперфинал")
THIRD_PLACE = Text(gettext_noop("Third-place match"), "Матч за третье место")
CHAMPION = Text(gettext_noop("Champion"), "Победитель турнира")
UPPER = Text(gettext_noop("Upper slot:"), "Верхний игрок:")
LOWER = Text(gettext_noop("Lower slot:"), "Нижний игрок:")
DECIDER = Text(gettext_noop("Decider:"), "Решающая партия:")
STANDING = Text(gettext_noop("Standing:"), "Положение:")
STAGE = Text(gettext_noop("Stage"), "Этап")
TIEBREAK_GAME = Text(gettext_noop("Tie-break game"), "Тай-брейк")
# An SOS event at tables (issue 30): a round sheet lists tables and seats.
TABLE_COLUMN = Text(gettext_noop("Table"), "Стол")
SEAT_ORDER = Text(gettext_noop("Seat order"), "Очерёдность")
SOS_MADE = Text(gettext_noop("SOS made"), "Сделано SOS")
TABLE_SHEET = Text(gettext_noop("R%(round)s T%(table)s"), "Т%(round)s С%(table)s")

LABELS = (
    PLAYERS,
    WINNER,
    DRAW,
    MOVE_RULES,
    WIN_RULES,
    RESTRICTIONS,
    TITLE_UTTT,
    TITLE_SOS,
    TOURNAMENT,
    ROUND,
    BOARD,
    RULES,
    GAME,
    TIME_CONTROL,
    NUMBER,
    SEAT,
    MOVE,
    POINTS,
    TIME,
    PLAYERS_SHEET,
    STANDINGS_SHEET,
    CROSSTABLE_SHEET,
    LOG_SHEET,
    FORMAT,
    ACCELERATION,
    DUMMY_CAP,
    DUMMY_CAPPED,
    DUMMY_UNCAPPED,
    NAME,
    RATING,
    CLUB,
    PLACE,
    BOARD_COLUMN,
    FIRST,
    SECOND,
    RESULT,
    FIRST_POINTS,
    SECOND_POINTS,
    GAME_COLUMN,
    TOTAL,
    BYE,
    HALF_BYE,
    ZERO_BYE,
    BRACKET_SHEET,
    LOSERS_BRACKET,
    FINAL,
    GRAND_FINAL,
    THIRD_PLACE,
    CHAMPION,
    UPPER,
    LOWER,
    DECIDER,
    STANDING,
    STAGE,
    TIEBREAK_GAME,
    TABLE_COLUMN,
    SEAT_ORDER,
    SOS_MADE,
)

# Marks as written on boards and score sheets: Latin or Cyrillic, any case.
MARKS = {"X": "X", "Х": "X", "O": "O", "О": "O", "0": "O", "S": "S", "С": "S"}


def norm(value: object) -> str:
    """A label's text for comparing: case-folded, spaces collapsed, ё as е, no final colon."""
    text = " ".join(str(value).replace("ё", "е").replace("Ё", "Е").split()).casefold()
    return text.rstrip(":").rstrip()


@lru_cache(maxsize=512)
def forms(text: Text) -> frozenset[str]:
    """Every normalised way ``text`` may be written: English, Russian, each catalogue's."""
    found = {norm(text.msgid), norm(text.ru)}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            found.add(norm(gettext(text.msgid)))
    return frozenset(found)


@receiver(setting_changed)
def _forget_forms(*, setting: str, **kwargs: object) -> None:
    if setting in ("LANGUAGES", "LOCALE_PATHS", "LANGUAGE_CODE"):
        forms.cache_clear()


def is_label(value: object, text: Text) -> bool:
    return isinstance(value, str) and norm(value) in forms(text)


def which(value: object, texts: Iterable[Text]) -> Text | None:
    """The first of ``texts`` that ``value`` spells, or ``None``."""
    if not isinstance(value, str):
        return None
    key = norm(value)
    for text in texts:
        if key in forms(text):
            return text
    return None


def parse_numbered(value: object, text: Text) -> dict[str, int] | None:
    """``{"number": 2}`` for ``"Тур 2"`` against ``ROUND_SHEET``; ``None`` if it does not match."""
    if not isinstance(value, str):
        return None
    key = norm(value)
    for form in forms(text):
        regex = re.sub(r"%\\\((\w+)\\\)s", r"(?P<\1>\\d+)", re.escape(form))
        m = re.fullmatch(regex, key)
        if m:
            return {k: int(v) for k, v in m.groupdict().items()}
    return None


def mark(value: object) -> str | None:
    """``"X"``, ``"O"`` or ``"S"`` for a mark in either alphabet and case; ``None`` otherwise."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value == 0:
        return "O"
    if not isinstance(value, str):
        return None
    return MARKS.get(value.strip().upper())
