"""The shipped catalogues: every Russian string translated, placeholders intact."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
RU_PO = LOCALE / "ru" / "LC_MESSAGES" / "django.po"
FA_PO = LOCALE / "fa" / "LC_MESSAGES" / "django.po"
# The catalogues that must translate every msgid (English falls back to the msgid itself).
TRANSLATED = {"ru": RU_PO, "fa": FA_PO}
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


def test_persian_header_is_final() -> None:
    catalog = polib.pofile(str(FA_PO))
    assert not catalog.metadata_is_fuzzy
    assert catalog.metadata["Language"] == "fa"
    assert "nplurals=2" in catalog.metadata["Plural-Forms"]


def test_persian_has_every_russian_msgid() -> None:
    def keys(path: Path) -> set[tuple[str | None, str]]:
        return {(entry.msgctxt, entry.msgid) for entry in live_entries(path)}

    assert keys(RU_PO) - keys(FA_PO) == set()


@pytest.mark.parametrize("code", sorted(TRANSLATED))
def test_every_msgid_is_translated(code: str) -> None:
    entries = live_entries(TRANSLATED[code])
    assert entries, f"the {code} catalogue is empty"
    problems = []
    for entry in entries:
        if entry.fuzzy:
            problems.append(f"fuzzy: {entry.msgid!r}")
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if not all(text.strip() for text in translations):
            problems.append(f"untranslated: {entry.msgid!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "entry",
    [entry for path in TRANSLATED.values() for entry in live_entries(path)],
    ids=lambda e: e.msgid[:40],
)
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
