"""A sheet written before a catalogue's review still reads as its rules: the earlier wordings of
the rule sentences (``sheets/boards/earlier_rules.py``) are read as the same rule, never written,
and a wording that is neither the catalogue's nor an earlier one is still not taken for rules."""

from __future__ import annotations

import io
from typing import Any

import openpyxl
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import translation

from games.rules import get_rules
from sheets import layout as L
from sheets import services
from sheets.boards import ruletext
from sheets.boards.earlier_rules import EARLIER
from sheets.boards.write import BoardData, board_sheet
from sheets.workbooks.write import board_title
from sheets.xlsx.writer import write_workbook
from tests.sheets.helpers import new_tournament, workbook
from tournaments.models import Pairing

RULE_TEXTS = [v for v in vars(ruletext).values() if isinstance(v, L.Text)]
CODES = [code for code, _name in settings.LANGUAGES]


def earlier_forms(code: str) -> dict[str, str]:
    """Each rule sentence's words now in ``code`` -> its words in the (first) earlier wording."""
    [forms] = EARLIER[code]
    with translation.override(code):
        return {L.t(x): forms[x.msgid] for x in RULE_TEXTS if x.msgid in forms}


def rewrite(data: bytes, change: Any) -> tuple[bytes, int]:
    """Every string cell through ``change`` (a cell's value -> its new value); how many changed."""
    wb = openpyxl.load_workbook(io.BytesIO(data))
    changed = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and (new := change(cell.value)) != cell.value:
                    cell.value = new
                    changed += 1
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue(), changed


def in_earlier_words(data: bytes, code: str = "fa") -> tuple[bytes, int]:
    forms = earlier_forms(code)
    return rewrite(data, lambda v: forms.get(v, v))


def untitled(data: bytes, code: str = "fa") -> bytes:
    """The sheet without its game's title: its rules can come from the words alone."""
    with translation.override(code):
        titles = {L.t(L.TITLE_UTTT), L.t(L.TITLE_SOS)}
    return rewrite(data, lambda v: None if v in titles else v)[0]


def board(kind: str, options: dict[str, Any], code: str = "fa") -> bytes:
    """A casual game's board sheet (no moves) under ``options``, written in ``code``."""
    seats = ["Аня", "Борис", "Вера"][: options.get("players", 2)]
    out = io.BytesIO()
    with translation.override(code):
        write_workbook([board_sheet(BoardData(kind, options, seats, []), "G")], out)
    return out.getvalue()


VARIANTS = [("uttt", o) for o in ruletext.candidates("uttt", 9, 9, 2)] + [
    ("sos", dict(get_rules("sos", rows=5, cols=5, players=n, mode="most").options)) for n in (2, 3)
]


def test_every_earlier_sentence_is_a_rule_sentence_reworded() -> None:
    for code, wordings in EARLIER.items():
        assert code in CODES
        with translation.override(code):
            now = {x.msgid: L.t(x) for x in RULE_TEXTS}
        for forms in wordings:
            assert forms and set(forms) <= set(now)
            for msgid, form in forms.items():
                # reworded since, and never the words of any sentence now: nothing is ambiguous
                assert form != now[msgid] and form not in now.values(), msgid


@pytest.mark.parametrize(("kind", "options"), VARIANTS, ids=lambda v: str(v))
def test_a_sheet_in_the_earlier_persian_wording_reads_as_its_rules(
    db: None, kind: str, options: dict[str, Any]
) -> None:
    data = untitled(board(kind, options))
    old, changed = in_earlier_words(data)
    assert changed  # the sheet carries at least one sentence reworded since
    for sheet in (data, old):
        record = services.read_game(sheet)
        assert record.errors == []
        assert (record.kind, record.options) == (kind, options)


def test_the_earlier_words_are_never_written(db: None) -> None:
    earlier = set(earlier_forms("fa").values())
    for kind, options in VARIANTS:
        wb = openpyxl.load_workbook(io.BytesIO(board(kind, options)))
        written = {c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row}
        assert set(earlier_forms("fa")) & written  # the rules are there, in the current words
        assert not earlier & written


def test_an_unknown_wording_is_still_not_read_as_rules(db: None, en: str) -> None:
    classic = dict(get_rules("uttt", preset="classic").options)
    old, _ = in_earlier_words(untitled(board("uttt", classic)))
    forms = earlier_forms("fa")
    garbled, changed = rewrite(old, lambda v: v.replace("،", " و", 1) if v in forms.values() else v)
    assert changed  # a word more in an earlier sentence: a wording nobody wrote
    record = services.read_game(garbled)
    assert [e.message for e in record.errors] == [
        "Which game is this? Write the rules beside the board (Rules: …)."
    ]


@pytest.fixture
def classic_cup(db: None, arbiter: User):
    return new_tournament(arbiter, players=4, options={"preset": "classic"})  # games online


def test_a_persian_workbook_in_the_earlier_wording_imports(classic_cup) -> None:
    data = services.export_tournament(classic_cup, language="fa")
    old, changed = in_earlier_words(data)
    assert changed
    with translation.override("fa"):
        assert services.read_workbook(old, tournament=classic_cup).errors == []


def test_earlier_words_of_other_rules_are_read_and_refused(
    db: None, arbiter: User, en: str
) -> None:
    """The board sheet of a tactical tournament showing the classic rules in the earlier Persian
    words: read as the classic rules, so refused as not the tournament's."""
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    pairing = Pairing.objects.select_related("first__player", "second__player").get(
        round__tournament=t, board=1
    )
    classic = BoardData(
        kind="uttt",
        options=dict(get_rules("uttt", preset="classic").options),
        seats=[pairing.first.player.name, pairing.second.player.name],
        tournament=t.name,
        round=1,
        board=1,
    )
    with translation.override("fa"):
        title = board_title(1, 1)
        data = workbook(t, board_sheet(classic, title), without=[title])
    old, changed = in_earlier_words(data)
    assert changed
    messages = [str(e.message) for e in services.read_workbook(old, tournament=t).errors]
    assert messages == [
        "These are not the tournament's rules (Ultimate tic-tac-toe: tactical rules)."
    ]
