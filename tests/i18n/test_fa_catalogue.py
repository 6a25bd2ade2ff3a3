"""The Persian catalogue, checked mechanically against the rules of docs/translation-fa.md.

The general locale tests (tests/web/test_locale.py) check that every entry is translated and that
``%(name)s`` placeholders survive. These tests are the Persian editor's checklist: Persian letters
rather than Arabic ones, Latin digits as in the msgid, every kind of placeholder kept, Persian
punctuation and quotation marks, the zero-width non-joiner where Persian needs it, the plural forms
of the header, and the glossary's terms for the tournament words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import polib
import pytest

FA_PO = Path(__file__).resolve().parents[2] / "locale" / "fa" / "LC_MESSAGES" / "django.po"
CATALOGUE = polib.pofile(str(FA_PO))
ENTRIES = [entry for entry in CATALOGUE if not entry.obsolete]

ZWNJ = "\u200c"
# Every kind of placeholder a msgid may carry: Python %-format (with flags, width and precision),
# str.format fields, HTML tags and character entities.
PLACEHOLDER = re.compile(
    r"%\(\w+\)[-+ #0]*\d*(?:\.\d+)?[sdifgGeExXr]|%[sdif]|%%|\{\w*\}|</?[a-zA-Z][^>]*>|&\w+;|&#\d+;"
)
# Text that stays Latin inside a Persian string: code, commands, file names, TRF line types.
CODE = re.compile(r"`[^`]*`|--\w+|\S+\.\w{2,5}\b|\b[A-Z]{2,}\w*\b")
PERSIAN_LETTER = re.compile(r"[\u0621-\u063a\u0641-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]")
LATIN_WORD = re.compile(r"\b[A-Za-z][a-z]+\b")


def label(entry: polib.POEntry) -> str:
    return entry.msgid[:50]


def translations(entry: polib.POEntry) -> list[str]:
    if entry.msgid_plural:
        return [entry.msgstr_plural[key] for key in sorted(entry.msgstr_plural)]
    return [entry.msgstr]


def words_of(msgid: str) -> str:
    """The msgid's own words: placeholders and code taken out."""
    return CODE.sub(" ", PLACEHOLDER.sub(" ", msgid))


def problems(check: Callable[[polib.POEntry, str], str | None]) -> str:
    """Every entry the check finds fault with, one a line (empty when there is none)."""
    found = []
    for entry in ENTRIES:
        for text in translations(entry):
            message = check(entry, text)
            if message:
                found.append(f"{message}: {entry.msgid!r} → {text!r}")
    return "\n".join(found)


def test_the_catalogue_is_read() -> None:
    assert len(ENTRIES) > 1000
    assert CATALOGUE.metadata["Language"] == "fa"


def test_persian_letters_not_arabic_ones() -> None:
    """Persian ی and ک, never the Arabic yeh (U+064A), alef maksura (U+0649) or kaf (U+0643)."""
    arabic = re.compile("[\u064a\u0649\u0643]")
    found = problems(lambda e, t: "Arabic letter" if arabic.search(t) else None)
    assert not found, found


def test_digits_stay_latin() -> None:
    """The board's numbers and notation stay as the msgid has them: no Persian or Arabic digits."""
    eastern = re.compile("[\u06f0-\u06f9\u0660-\u0669]")
    found = problems(lambda e, t: "Persian digit" if eastern.search(t) else None)
    assert not found, found


def test_every_number_of_the_msgid_is_kept() -> None:
    def check(entry: polib.POEntry, text: str) -> str | None:
        wanted = set(re.findall(r"\d+(?:\.\d+)?", PLACEHOLDER.sub(" ", entry.msgid)))
        missing = wanted - set(re.findall(r"\d+(?:\.\d+)?", PLACEHOLDER.sub(" ", text)))
        return f"numbers {sorted(missing)} lost" if missing else None

    found = problems(check)
    assert not found, found


def test_every_placeholder_is_kept() -> None:
    """%(name)s in all its forms, {name}, %s, HTML tags and entities, exactly as in the msgid."""

    def check(entry: polib.POEntry, text: str) -> str | None:
        if entry.msgid_plural:
            # Form 0 serves n = 0 and 1 (plural=(n > 1)) and may drop the count; form 1 may not.
            source = entry.msgid_plural if text == translations(entry)[-1] else entry.msgid
            wanted = set(PLACEHOLDER.findall(source))
            got = set(PLACEHOLDER.findall(text))
            allowed = set(PLACEHOLDER.findall(entry.msgid)) | set(
                PLACEHOLDER.findall(entry.msgid_plural)
            )
            if not wanted <= got or not got <= allowed:
                return f"placeholders {sorted(wanted)} ≠ {sorted(got)}"
            return None
        wanted_list = sorted(PLACEHOLDER.findall(entry.msgid))
        got_list = sorted(PLACEHOLDER.findall(text))
        return None if wanted_list == got_list else f"placeholders {wanted_list} ≠ {got_list}"

    found = problems(check)
    assert not found, found


def test_no_entry_is_left_in_english() -> None:
    """A msgid of three words or more is translated: Persian letters, not the English text."""

    def check(entry: polib.POEntry, text: str) -> str | None:
        if len(LATIN_WORD.findall(words_of(entry.msgid))) < 3:
            return None
        if text.strip() == entry.msgid.strip() or not PERSIAN_LETTER.search(text):
            return "untranslated"
        return None

    found = problems(check)
    assert not found, found


def test_persian_punctuation() -> None:
    """«،» «؛» «؟» after Persian words, and Persian quotation marks «…» instead of “…”."""
    latin_mark = re.compile(r"[\u0600-\u06ff\u200c][)»]?\s*[,;?]|[,;?]\s*[«(]?[\u0600-\u06ff]")

    def check(entry: polib.POEntry, text: str) -> str | None:
        if latin_mark.search(text):
            return "Latin punctuation beside a Persian word"
        if re.search("[“”]", text):
            return "English quotation marks"
        if re.search(r"\s[،؛؟]|\s[:.](?=\s|$)", text.replace("…", "")):
            return "space before a punctuation mark"
        if re.search(r"[،؛](?=\S)", text):
            return "no space after a comma or semicolon"
        return None

    found = problems(check)
    assert not found, found


# Words starting with «می» that are not the verbal prefix.
NOT_VERBAL_MI = re.compile(r"^(?:میز|میان|میانگین|میزان|میل|میدان|میلیون|مینیمم)")


def test_zero_width_non_joiner() -> None:
    """«می‌شود», «بازی‌ها»: the prefix and the plural suffix joined by ZWNJ, not by a space."""
    word = re.compile(r"[\u0621-\u06d3\u06f0-\u06f9\u200c]+")

    def check(entry: polib.POEntry, text: str) -> str | None:
        if re.search(r"(?:^|[\s«(])ن?می (?=[\u0621-\u06d3])", text):
            return "«می» written apart"
        if re.search(r"[\u0621-\u06d3] (?:ها|های|هایی|هایش|هایشان|ترین)(?=$|[\s.،؛:)»])", text):
            return "suffix written apart"
        for token in word.findall(text):
            if re.match(r"ن?می[^\u200c]", token) and not NOT_VERBAL_MI.match(
                token.removeprefix("ن")
            ):
                return f"«{token}» needs a ZWNJ after «می»"
            if token.startswith(ZWNJ) or token.endswith(ZWNJ) or ZWNJ * 2 in token:
                return f"stray ZWNJ in «{token}»"
            if re.search("[اآدذرزژو]\u200c", token):
                return f"useless ZWNJ after a non-joining letter in «{token}»"
        return None

    found = problems(check)
    assert not found, found


def test_plural_forms_follow_the_header() -> None:
    assert CATALOGUE.metadata["Plural-Forms"].replace(" ", "") == "nplurals=2;plural=(n>1);"
    plural = [entry for entry in ENTRIES if entry.msgid_plural]
    assert plural
    for entry in plural:
        assert sorted(entry.msgstr_plural) == [0, 1], label(entry)


def test_quoted_labels_are_the_translated_labels() -> None:
    """A message that names a label of a sheet (“Players:”) names it as the sheet shows it."""
    translated = {entry.msgid: entry.msgstr for entry in ENTRIES if entry.msgstr}

    def check(entry: polib.POEntry, text: str) -> str | None:
        for quoted in re.findall(r"“([^”%]+)”", entry.msgid):
            wanted = translated.get(quoted)
            if wanted and f"«{wanted}»" not in text:
                return f"the label “{quoted}” should read «{wanted}»"
        return None

    found = problems(check)
    assert not found, found


# The glossary of docs/translation-fa.md: an English term in the msgid (placeholders taken out)
# and the Persian term the translation must use for it.
GLOSSARY = [
    (r"\barbiters?\b|\barbiter's", "داور"),
    (r"\btournaments?\b|\btournament's", "مسابقه|مسابقات"),
    (r"\brounds?\b(?! robin)", "دور"),
    (r"\bround robin", "دوره‌ای"),
    (r"\bbyes?\b", "استراحت"),
    (r"\bforfeit", "فنی"),
    (r"\bno-show", "عدم حضور"),
    (r"\bannul", "باطل|ابطال"),
    (r"\btake back|\btaken back", "پس (?:گرفت|بگیر|گرفته)"),
    (r"\bclaims?\b|\bclaimed\b", "ادعا"),
    (r"\bstandings\b", "رده‌بندی"),
    (r"\bscore group", "گروه امتیازی"),
    (r"\btie-breaks?\b", "معیار(?:های)? حل تساوی"),
    (r"\bBuchholz\b", "بوخهولتس"),
    (r"\bSonneborn", "زونبورن"),
    (r"\bdirect encounter", "رویارویی مستقیم"),
    (r"\bseats?\b", "جایگاه"),
    (r"\bsmall boards?\b", "صفحهٔ کوچک|صفحه‌های کوچک"),
    (r"\bover the board|\bover-the-board", "پای میز"),
    (r"\bpairings?\b|\bpaired\b|\bre-pair", "جفت"),
    (r"\badjudicat", "رأی"),
    (r"\btime control", "کنترل وقت"),
    (r"\bclocks?\b", "ساعت"),
    (r"\bengine", "موتور"),
    (r"\bworkbooks?\b", "کارپوشه"),
    (r"\bscore sheets?\b", "ثبت حرکات"),
    (r"\bboard sheets?\b", "برگهٔ بازی|برگه‌های بازی"),
    (r"\bimport", "وارد"),
    (r"\bultimate tic-tac-toe", "دوز نهایی"),
    (r"(?<!ultimate )\btic-tac-toe club", "باشگاه دوز"),
    (r"\bstart(?:ing)? (?:number|rank)", "شمارهٔ شروع"),
]
# Words the glossary decided against, and the msgid terms in which they are wrong.
AVOIDED = [
    ("import", r"\bimport", "ورود", "«ورود» is logging in: an import is «وارد کردن»"),
    ("tournament", r".", "تورنمنت", "a tournament is «مسابقه»"),
    ("arbiter", r".", "قاضی", "an arbiter is «داور»"),
    ("double", r".", "دوبل", "a double round robin is «دوره‌ای رفت و برگشت»"),
    ("withdraw", r"\bwithdraw", r"^انصراف$", "a bare «انصراف» reads as a Cancel button"),
]


@pytest.mark.parametrize(("english", "persian"), GLOSSARY, ids=[g[0] for g in GLOSSARY])
def test_glossary_term_is_used(english: str, persian: str) -> None:
    term = re.compile(english, re.IGNORECASE)
    wanted = re.compile(persian)
    used = [entry for entry in ENTRIES if term.search(words_of(entry.msgid))]
    assert used, f"no msgid uses {english!r}: the glossary entry is stale"
    missing = [
        f"{entry.msgid!r} → {text!r}"
        for entry in used
        for text in translations(entry)
        if not wanted.search(text)
    ]
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize(
    ("name", "english", "avoided", "why"), AVOIDED, ids=[a[0] for a in AVOIDED]
)
def test_glossary_avoids(name: str, english: str, avoided: str, why: str) -> None:
    term = re.compile(english, re.IGNORECASE)
    found = [
        f"{entry.msgid!r} → {text!r}"
        for entry in ENTRIES
        if term.search(entry.msgid)
        for text in translations(entry)
        if re.search(avoided, text)
    ]
    assert not found, why + ":\n" + "\n".join(found)
