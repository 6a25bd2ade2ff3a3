"""Sheet texts: the user's language, the original Russian form, and recognising both."""

from __future__ import annotations

import pytest
from django.utils import translation

from sheets import layout as L
from sheets.boards.ruletext import parse_rules_string, rules_string
from sheets.workbooks.results import BadResult, parse_cell, result_text


def test_built_in_russian_when_the_catalogue_lacks_a_text(ru: str) -> None:
    assert L.t(L.Text("zz: a text no catalogue has", "русский текст")) == "русский текст"


def test_english_is_the_msgid(en: str) -> None:
    assert L.t(L.PLAYERS) == "Players:" and L.t(L.ROUND_SHEET, number=3) == "Round 3"


@pytest.mark.parametrize("text", ["Игроки:", "игроки", "  PLAYERS: ", "Players"])
def test_labels_in_either_language_and_any_case(en: str, text: str) -> None:
    assert L.is_label(text, L.PLAYERS)


def test_yo_and_spaces_do_not_matter() -> None:
    assert L.norm("Пётр   Иванов") == L.norm("петр иванов")


@pytest.mark.parametrize(("text", "number"), [("Тур 2", 2), ("round 12", 12), ("ТУР  7", 7)])
def test_numbered_titles(en: str, text: str, number: int) -> None:
    assert L.parse_numbered(text, L.ROUND_SHEET) == {"number": number}


def test_board_sheet_titles(en: str) -> None:
    assert L.parse_numbered("Т3 Д14", L.BOARD_SHEET) == {"round": 3, "board": 14}
    assert L.parse_numbered("R3 B14", L.BOARD_SHEET) == {"round": 3, "board": 14}


@pytest.mark.parametrize(
    ("value", "mark"),
    [
        ("X", "X"),
        ("x", "X"),
        ("Х", "X"),
        ("х", "X"),
        ("O", "O"),
        ("о", "O"),
        ("0", "O"),
        (0, "O"),
        ("с", "S"),
        ("s", "S"),
        ("Z", None),
        (1, None),
    ],
)
def test_marks(value: object, mark: str | None) -> None:
    assert L.mark(value) == mark


def test_rules_string_round_trip() -> None:
    for kind, options in (
        ("uttt", {"preset": "classic", "no_send_back": True}),
        ("sos", {"rows": 5, "cols": 7, "players": 3, "mode": "first"}),
    ):
        parsed = parse_rules_string(rules_string(kind, options))
        assert parsed[0] == kind and all(parsed[1][k] == v for k, v in options.items())
    assert parse_rules_string("UTTT preset=tactical, no_send_back=да")[1]["no_send_back"] is True
    with pytest.raises(ValueError):
        parse_rules_string("sos rows=2")


def test_results_written_and_read(language: str) -> None:
    for code in ("1-0", "0-1", "1/2", "+/-", "-/+", "-/-"):
        assert parse_cell(result_text(code), bye=False).code == code
    for code in ("bye", "half_bye", "zero_bye"):
        assert parse_cell(result_text(code), bye=True).code == code
    with pytest.raises(BadResult):
        parse_cell("1-0", bye=True)
    with pytest.raises(BadResult):
        parse_cell(1, bye=False)


def test_the_rules_are_written_in_words_and_read_back(db: None) -> None:
    from sheets.boards.ruletext import rules_words

    with translation.override("en"):
        assert rules_words("uttt", {"preset": "classic"}) == "Ultimate tic-tac-toe: classic rules"
        words = rules_words("sos", {"rows": 5, "cols": 5, "players": 2, "mode": "first"})
        assert words == "SOS: Grid 5×5, 2 players. The first SOS wins."
    with translation.override("ru"):
        assert rules_words("uttt", {"preset": "tactical"}).endswith("тактические правила")
