"""An import's notes on the records it writes are kept as a code and the sheet they came from,
and read in the reader's language wherever a record is shown (the game page, the arbiter's log,
the workbook's log sheet), whatever the language of whoever ran the import. Records written
before, with the note in words, are converted by the migration (``tournaments`` 0014)."""

from __future__ import annotations

import importlib
import io
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook

from sheets import services
from tests.sheets.helpers import edit, new_tournament, workbook
from tournaments.acts import results
from tournaments.acts import services as tservices
from tournaments.models import Act, Pairing, RecordReason, ResultRecord, ResultSource
from tournaments.templatetags.results_tags import record_html
from tournaments.trf_io import import_trf

WORDS = {
    "en": "From an imported workbook (Round 1!C4).",
    "ru": "Из импортированной таблицы (Round 1!C4).",
    "fa": "از کارپوشهٔ واردشده (Round 1!C4).",
}


def _corrected(arbiter: User) -> tuple[object, ResultRecord]:
    """A paper result corrected by a workbook imported in English."""
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    p1 = Pairing.objects.get(round__tournament=t, board=1)
    tservices.record_result(pairing=p1, result="1-0", user=arbiter)
    with translation.override("en"):
        plan = services.read_workbook(edit(workbook(t), {("Round 1", "C4"): "0-1"}), tournament=t)
        assert plan.errors == [] and len(plan.results) == 1
        services.apply_plan(plan, user=arbiter)
    return t, ResultRecord.objects.filter(pairing=p1, source=ResultSource.IMPORT).get()


def test_the_note_is_kept_as_a_code_and_read_in_each_language(db: None, arbiter: User) -> None:
    _t, record = _corrected(arbiter)
    assert (record.note, record.note_code, record.note_params) == (
        "",
        "sheets_workbook",
        {"sheet": "Round 1!C4"},
    )
    for code, words in WORDS.items():
        with translation.override(code):
            assert record.note_text == words
            assert f'<div class="note">{words}</div>' in record_html(record)


@pytest.mark.parametrize("language", ["ru", "fa"])
def test_the_arbiters_log_and_the_log_sheet_read_in_the_readers_language(
    db: None, arbiter: User, client: Client, language: str
) -> None:
    t, _record = _corrected(arbiter)
    client.force_login(arbiter)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(f"/tournaments/{t.pk}/log/").content.decode()
    assert WORDS[language] in page
    assert WORDS["en"] not in page
    data = services.export_tournament(t, language=language)
    book = load_workbook(io.BytesIO(data), read_only=True)
    log = book.worksheets[[ws.title for ws in book.worksheets].index(_log_title(language))]
    texts = {c for row in log.iter_rows(values_only=True) for c in row if isinstance(c, str)}
    assert WORDS[language] in texts and WORDS["en"] not in texts


def _log_title(language: str) -> str:
    from sheets import layout as L

    with translation.override(language):
        return L.t(L.LOG_SHEET)


def test_a_trf_imports_note_is_read_in_the_readers_language(db: None) -> None:
    from tests.trf.test_format import SMALL

    admin = User.objects.create_superuser(username="admin", password=None)
    with translation.override("en"):
        t = import_trf(text=SMALL, user=admin)
    record = ResultRecord.objects.filter(tournament=t, source=ResultSource.TRF).first()
    assert record is not None and record.note == "" and record.note_code == "trf_file"
    with translation.override("ru"):
        assert record.note_text == "Из файла TRF."


class _AppsOf0014:
    """The models as migration 0014 names them: the records were ``Adjudication`` until 0016
    renamed them ``ResultRecord``."""

    def get_model(self, app_label: str, name: str) -> Any:
        return apps.get_model(app_label, "ResultRecord" if name == "Adjudication" else name)


def test_the_migration_converts_notes_kept_in_words(db: None, arbiter: User) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    p1, p2 = Pairing.objects.filter(round__tournament=t).order_by("board")

    def old(note: str, pairing: Pairing, source: str = ResultSource.IMPORT) -> ResultRecord:
        return results.record(
            Act.RESULT,
            source=source,
            reason=RecordReason.REPORTED,
            note=note,
            user=arbiter,
            pairing=pairing,
            before={},
            after={},
        )

    russian = old(WORDS["ru"], p1)
    english = old("Result of an unfinished game, from an imported workbook (R1 B2).", p2)
    trf = old("Из файла TRF.", p2, ResultSource.TRF)
    arbiter_words = old("Agreed at the board; From an imported workbook (x).", p1)
    typed_by_hand = old("Draw agreed at the board", p1, ResultSource.ADJUDICATION)
    migration = importlib.import_module("tournaments.migrations.0014_adjudication_note_code")
    migration.to_codes(_AppsOf0014(), None)
    got = {
        r.pk: (r.note, r.note_code, r.note_params)
        for r in ResultRecord.objects.filter(
            pk__in=[russian.pk, english.pk, trf.pk, arbiter_words.pk, typed_by_hand.pk]
        )
    }
    assert got == {
        russian.pk: ("", "sheets_workbook", {"sheet": "Round 1!C4"}),
        english.pk: ("", "sheets_workbook_unfinished", {"sheet": "R1 B2"}),
        trf.pk: ("", "trf_file", {}),
        arbiter_words.pk: (arbiter_words.note, "", {}),
        typed_by_hand.pk: ("Draw agreed at the board", "", {}),
    }
    with translation.override("fa"):
        assert ResultRecord.objects.get(pk=russian.pk).note_text == WORDS["fa"]
    migration.to_words(_AppsOf0014(), None)
    assert ResultRecord.objects.get(pk=russian.pk).note == WORDS["en"]
