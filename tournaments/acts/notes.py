"""Notes a service writes on a result record, kept as a code and its parameters and put into
words where they are shown, in the reader's language.

An arbiter's note is the arbiter's words and is kept as typed (``ResultRecord.note``). A note the
site writes itself — "From an imported workbook (Round 2!C5)." — is a sentence of the catalogue:
stored as its text it would stay in the language of whoever made the change (an import run in
English reads in English on a Russian page). So such a note is a :class:`Note`: a code, registered
here with its msgid, and the parameters of the sentence; the record keeps the two
(``note_code``, ``note_params``) and ``text(code, params)`` words them when shown.

The apps above register their notes (``register`` in their ``AppConfig.ready()`` or at import of
the module that ``ready()`` imports), as they answer the page hooks. A ``Note`` is a ``str`` (its
English words), so every service that passes a note on takes one unchanged; ``results.record``
stores its code and parameters instead of the words.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils import translation
from django.utils.translation import gettext

_NOTES: dict[str, str] = {}  # code → msgid (a sentence with %(name)s parameters)


def gettext_noop(s: str) -> str:
    return s


def register(code: str, msgid: str) -> str:
    """Make ``code`` stand for the sentence ``msgid`` (marked for translation where it is
    written); returns ``code``. Registering a code again with another sentence is an error."""
    known = _NOTES.get(code)
    if known is not None and known != msgid:
        raise ValueError(f"note code {code!r} is registered with another sentence")
    _NOTES[code] = msgid
    return code


def registered() -> dict[str, str]:
    """Every registered code and its msgid (the data migration and the tests read them)."""
    return dict(_NOTES)


class Note(str):
    """A note of the site's own: ``Note(code, sheet="Round 2!C5")``. As a ``str`` it is the
    sentence in English; ``code`` and ``params`` are what a record keeps."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, **params: Any) -> Note:
        if code not in _NOTES:
            raise KeyError(f"unknown note code {code!r}")
        self = super().__new__(cls, _NOTES[code] % params if params else _NOTES[code])
        self.code = code
        self.params = params
        return self


def text(code: str, params: dict[str, Any] | None) -> str:
    """The note ``code`` with ``params`` in the active language (``""`` for an unknown code)."""
    msgid = _NOTES.get(code)
    if msgid is None:
        return ""
    try:
        return gettext(msgid) % (params or {})
    except (KeyError, TypeError, ValueError):  # a catalogue's placeholders gone wrong
        return msgid % (params or {})


TRF_FILE = register("trf_file", gettext_noop("From a TRF file."))
CUP_MATCH = register("cup_match", gettext_noop("Match %(number)s."))
TABLE_RESULT = register("table_result", gettext_noop("Table %(table)s of round %(round)s."))


def recognise(words: str, languages: list[str]) -> tuple[str, dict[str, Any]] | None:
    """The code and parameters of a registered note written out in words in one of
    ``languages`` (how records kept them before notes had codes), or ``None``."""
    words = words.strip()
    if not words:
        return None
    for language in languages:
        with translation.override(language):
            for code, msgid in _NOTES.items():
                m = _pattern(gettext(msgid)).fullmatch(words)
                if m is not None:
                    return code, m.groupdict()
    return None


def _pattern(sentence: str) -> re.Pattern[str]:
    """``sentence`` as a pattern, each ``%(name)s`` a group ``name``."""
    parts = re.split(r"%\((\w+)\)s", sentence)
    out = []
    for n, part in enumerate(parts):
        out.append(re.escape(part) if n % 2 == 0 else f"(?P<{part}>.+?)")
    return re.compile("".join(out), re.DOTALL)
