"""The words of the ratings' sheets (the rating list, the rating report), in the user's language
as the sheets app writes and finds its own (:mod:`sheets.layout`: an English msgid and the
Russian form, found again by their text in any of the site's languages)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from sheets.layout import Text

# -- The rating list ----------------------------------------------------------------------------
LIST_SHEET = Text(gettext_noop("Rating list"), "Рейтинг-лист")
LIST = Text(gettext_noop("Rating list:"), "Рейтинг-лист:")
METHOD = Text(gettext_noop("Rating method:"), "Метод расчёта:")
KIND = Text(gettext_noop("Game kind:"), "Игра:")
AS_OF = Text(gettext_noop("As of:"), "На дату:")
DEVIATION = Text(gettext_noop("Deviation"), "Отклонение")
DEVIATION_SHORT = Text(gettext_noop("RD"), "RD")
VOLATILITY = Text(gettext_noop("Volatility"), "Волатильность")
K_FACTOR = Text(gettext_noop("K-factor"), "Коэффициент K")
GAMES = Text(gettext_noop("Games"), "Партии")
GAMES_PLAYED = Text(gettext_noop("Games played"), "Сыграно партий")
LAST_PLAYED = Text(gettext_noop("Last played"), "Последняя игра")
BIRTH_YEAR = Text(gettext_noop("Year of birth"), "Год рождения")
BORN = Text(gettext_noop("Born"), "Г.р.")
REACHED_2400 = Text(gettext_noop("Reached 2400"), "Достигал 2400")
YES = Text(gettext_noop("yes"), "да")
NO = Text(gettext_noop("no"), "нет")

# -- A tournament's rating report -----------------------------------------------------------------
REPORT_SHEET = Text(gettext_noop("Rating report"), "Рейтинговый отчёт")
PLAYER = Text(gettext_noop("Player"), "Участник")
RATING_BEFORE = Text(gettext_noop("Rating before"), "Рейтинг до")
OPPONENT_IN_ROUND = Text(gettext_noop("Opp. R%(number)s"), "Сопр. Т%(number)s")
AVERAGE = Text(gettext_noop("Average opponent"), "Средний рейтинг соперников")
SCORE = Text(gettext_noop("Score"), "Набрано")
EXPECTED = Text(gettext_noop("Expected score"), "Ожидалось")
CHANGE = Text(gettext_noop("Rating change"), "Изменение")
RATING_AFTER = Text(gettext_noop("Rating after"), "Рейтинг после")
PERFORMANCE = Text(gettext_noop("Performance"), "Турнирный перформанс")
MONTH_NOTE = Text(
    gettext_noop(
        "The list is rated by calendar month: a player's change is the month's, "
        "with every game of the month."
    ),
    "Список считается по календарным месяцам: изменение рейтинга — за месяц, "
    "со всеми партиями месяца.",
)
