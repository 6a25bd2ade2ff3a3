"""The shipped catalogues: every Russian string translated, placeholders intact."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
RU_PO = LOCALE / "ru" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%[sdif]")


def live_entries(path: Path) -> list[polib.POEntry]:
    return [entry for entry in polib.pofile(str(path)) if not entry.obsolete]


def test_both_catalogues_exist() -> None:
    for code, _name in settings.LANGUAGES:
        assert (LOCALE / code / "LC_MESSAGES" / "django.po").is_file(), code


def test_russian_header_is_final() -> None:
    catalog = polib.pofile(str(RU_PO))
    assert not catalog.metadata_is_fuzzy
    assert catalog.metadata["Language"] == "ru"
    assert "nplurals=4" in catalog.metadata["Plural-Forms"]


def test_every_russian_msgid_is_translated() -> None:
    entries = live_entries(RU_PO)
    assert entries, "the Russian catalogue is empty"
    problems = []
    for entry in entries:
        if entry.fuzzy:
            problems.append(f"fuzzy: {entry.msgid!r}")
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if not all(text.strip() for text in translations):
            problems.append(f"untranslated: {entry.msgid!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("entry", live_entries(RU_PO), ids=lambda e: e.msgid[:40])
def test_placeholders_match(entry: polib.POEntry) -> None:
    wanted = sorted(PLACEHOLDER.findall(entry.msgid))
    translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
    for text in filter(None, translations):  # empty ones are reported by the test above
        if entry.msgid_plural:
            # A plural form may drop the count (Russian "one" forms often do).
            assert set(PLACEHOLDER.findall(text)) <= set(wanted) | set(
                PLACEHOLDER.findall(entry.msgid_plural)
            )
        else:
            assert sorted(set(PLACEHOLDER.findall(text))) == sorted(set(wanted))
