"""Checks of an uploaded file before any spreadsheet library parses it.

An .xlsx is a zip of XML parts. Before openpyxl opens one, the bytes are checked here: the size of
the upload; that it is a zip at all (an old .xls or a password-protected workbook is an OLE2 file,
a CSV is text); the zip's directory (``infolist``) for the number of parts, their unpacked sizes
and compression ratios (a zip bomb is refused without inflating anything); encrypted parts; the
parts every workbook has; and every XML part, streamed within those bounds, for document type
declarations — entity expansion ("billion laughs") needs one, and spreadsheets never use them.
openpyxl parses with defusedxml as well (``openpyxl.DEFUSEDXML``), a second line of defence.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _

from sheets.errors import WorkbookRefused

OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP = b"PK\x03\x04"
ENCRYPTED_OLE = "EncryptionInfo".encode("utf-16-le")
DTD_MARKERS = tuple(
    marker.encode(encoding)
    for marker in ("<!DOCTYPE", "<!ENTITY", "<!doctype", "<!entity")
    for encoding in ("utf-8", "utf-16-le", "utf-16-be")
)
REQUIRED = ("[Content_Types].xml", "xl/workbook.xml")
CAREFUL = re.compile(rb"<(?:\w+:)?f[\s>/]|\st=[\"']e[\"']")
CHUNK = 1 << 16


@dataclass(frozen=True)
class Limits:
    """Bounds on an uploaded workbook; the defaults can be changed in settings."""

    max_bytes: int = 5 * 1024 * 1024
    max_unpacked: int = 200 * 1024 * 1024
    max_ratio: int = 200
    max_parts: int = 10_000

    @classmethod
    def default(cls) -> Limits:
        """``settings.SHEETS_LIMITS`` over the defaults; the size follows ``MAX_UPLOAD_SIZE``."""
        values = {}
        if getattr(settings, "MAX_UPLOAD_SIZE", None):
            values["max_bytes"] = int(settings.MAX_UPLOAD_SIZE)
        values.update(getattr(settings, "SHEETS_LIMITS", {}))
        return cls(**values)


def megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.0f}"


def check_size(size: int, limits: Limits) -> None:
    if size > limits.max_bytes:
        raise WorkbookRefused(
            _("The file is larger than %(limit)s MB: a tournament workbook is far smaller.")
            % {"limit": megabytes(limits.max_bytes)},
            "too_big",
        )


def check_workbook_bytes(data: bytes, limits: Limits | None = None) -> frozenset[str]:
    """Refuse ``data`` unless it is a reasonable .xlsx; raises ``WorkbookRefused``.

    Returns the names of the XML parts that hold formulas or error values (they are read cell by
    cell; the others through openpyxl's faster values-only path).
    """
    limits = limits or Limits.default()
    check_size(len(data), limits)
    if not data:
        raise WorkbookRefused(_("The file is empty."), "empty")
    if data.startswith(OLE2):
        if ENCRYPTED_OLE in data:
            raise WorkbookRefused(
                _("The workbook is protected by a password: save it without one and try again."),
                "encrypted",
            )
        raise WorkbookRefused(
            _("This is an old Excel file (.xls): save it as an Excel workbook (.xlsx)."), "xls"
        )
    if not data.startswith(ZIP):
        raise WorkbookRefused(
            _("This is not an Excel workbook (.xlsx): a CSV or another file cannot be read."),
            "not_xlsx",
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, OSError):
        raise WorkbookRefused(
            _("The workbook is damaged: open it in a spreadsheet program and save it again."),
            "corrupt",
        ) from None
    with archive:
        _check_directory(archive, infos, limits)
        return _check_xml_parts(archive, infos)


def _check_directory(
    archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo], limits: Limits
) -> None:
    bomb = WorkbookRefused(
        _("The workbook unpacks to far more data than a spreadsheet holds: it is refused."),
        "zip_bomb",
    )
    if len(infos) > limits.max_parts:
        raise bomb
    total = 0
    for info in infos:
        if info.flag_bits & 0x1:
            raise WorkbookRefused(
                _("The workbook is protected by a password: save it without one and try again."),
                "encrypted",
            )
        total += info.file_size
        if info.file_size > limits.max_unpacked or total > limits.max_unpacked:
            raise bomb
        if info.file_size > CHUNK and info.file_size > limits.max_ratio * max(
            info.compress_size, 1
        ):
            raise bomb
    names = {info.filename for info in infos}
    if "mimetype" in names and "content.xml" in names:
        raise WorkbookRefused(
            _("This is an OpenDocument spreadsheet (.ods): save it as an Excel workbook (.xlsx)."),
            "ods",
        )
    if not all(name in names for name in REQUIRED):
        raise WorkbookRefused(
            _("This is not an Excel workbook (.xlsx): a CSV or another file cannot be read."),
            "not_xlsx",
        )


def _check_xml_parts(archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo]) -> frozenset[str]:
    """Stream every XML part (sizes are bounded above) and refuse document type declarations;
    note the parts with formulas or error values."""
    keep = max(len(m) for m in DTD_MARKERS)
    careful = set()
    for info in infos:
        if not info.filename.lower().endswith((".xml", ".rels", ".vml")):
            continue
        try:
            with archive.open(info) as part:
                tail = b""
                while chunk := part.read(CHUNK):
                    window = tail + chunk
                    if CAREFUL.search(window):
                        careful.add(info.filename)
                    if any(marker in window for marker in DTD_MARKERS):
                        raise WorkbookRefused(
                            _(
                                "The workbook contains XML declarations that spreadsheets never "
                                "use (a possible attack): it is refused."
                            ),
                            "xml_entities",
                        )
                    tail = window[-keep:]
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError):
            raise WorkbookRefused(
                _("The workbook is damaged: open it in a spreadsheet program and save it again."),
                "corrupt",
            ) from None
    return frozenset(careful)
