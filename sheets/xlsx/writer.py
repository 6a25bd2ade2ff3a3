"""The one writer: renders sheets from generators of rows into an .xlsx.

Each sheet is a ``SheetSpec``: its look (column widths, row heights, merged ranges, frozen panes,
page set-up for one A4 page) and a generator of rows, each row ``(number, [(column, Cell), …])``
in ascending order. openpyxl writes the workbook itself — styles, sheets and their page set-up,
merged ranges, defined print areas, content types — with empty sheet data; the rows are
serialised here, straight to a temporary file as they are generated, and spliced into each sheet
(with its ``<dimension>``) as the package is written out, with a shared-strings table. That keeps
memory flat and is several times faster than openpyxl's per-cell serialisation — and faster to
read back — which matters for a tournament of 900 board sheets.

Text is always written as a string (from the shared-strings table), never as a formula; a text
that a spreadsheet would read as a formula when typed (``=``, ``+``, ``-``, ``@``, tab, CR first)
also gets the quote prefix, so editing the cell keeps it text.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import lru_cache
from typing import IO, Any, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from defusedxml.ElementTree import fromstring
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.properties import PageSetupProperties

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_EMPTY_DATA = re.compile(rb"<sheetData\s*/>|<sheetData>\s*</sheetData>")
_AFTER_LINKS = (
    b"<printOptions",
    b"<pageMargins",
    b"<pageSetup",
    b"<headerFooter",
    b"<rowBreaks",
    b"<colBreaks",
    b"<customProperties",
    b"<drawing",
    b"<legacyDrawing",
    b"<tableParts",
    b"<extLst",
    b"</worksheet>",
)
_DIMENSION = re.compile(rb"<dimension\s[^>]*/>")
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
SST_PART = "xl/sharedStrings.xml"
_REGISTER = {
    "[Content_Types].xml": (
        b"</Types>",
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
        b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>',
    ),
    "xl/_rels/workbook.xml.rels": (
        b"</Relationships>",
        b'<Relationship Id="rIdSharedStrings" Type="http://schemas.openxmlformats.org/'
        b'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>',
    ),
}
A4 = 9


@dataclass(frozen=True, slots=True)
class Style:
    """A cell's look. ``border`` is (left, right, top, bottom) side styles or ``None``."""

    bold: bool = False
    italic: bool = False
    size: float | None = None
    color: str | None = None
    fill: str | None = None
    border: tuple[str | None, str | None, str | None, str | None] | None = None
    h: str | None = None
    v: str | None = None
    wrap: bool = False
    number_format: str | None = None
    quote: bool = False


class Cell(NamedTuple):
    """A value with its style; ``link`` is a place in the workbook (``'Т1 Д5'!A1``)."""

    value: Any
    style: Style | None = None
    link: str | None = None


Row = tuple[int, Sequence[tuple[int, Cell]]]


@dataclass
class SheetSpec:
    title: str
    rows: Iterable[Row]
    widths: dict[int, float] = field(default_factory=dict)
    heights: dict[int, float] = field(default_factory=dict)
    merges: list[str] = field(default_factory=list)
    freeze: str | None = None
    landscape: bool = False
    fit_width: int = 1
    fit_height: int = 1
    print_area: str | None = None


@lru_cache(maxsize=1024)
def col(n: int) -> str:
    """1 → ``A``."""
    return get_column_letter(n)


def needs_quote(text: str) -> bool:
    return text.startswith(FORMULA_START)


def sheet_ref(title: str, cell: str = "A1") -> str:
    """A reference to ``cell`` of the sheet ``title``, quoted as formulas and links need it."""
    return "'" + title.replace("'", "''") + "'!" + cell


class WorkbookWriter:
    """Add sheets with :meth:`add`, then :meth:`save` the workbook to a binary file."""

    def __init__(self) -> None:
        self.wb = Workbook()
        self.wb.remove(self.wb.active)
        self._style_ids: dict[Style, int] = {}
        self._strings: dict[str, int] = {}
        self._probe: Any = None
        self._data: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed by save()
        self._parts: dict[str, tuple[int, int, list[tuple[str, str, str]], str]] = {}
        self._extent = [0, 0]

    # -- styles ------------------------------------------------------------------------------
    def style_id(self, style: Style | None) -> int:
        if style is None:
            return 0
        found = self._style_ids.get(style)
        if found is not None:
            return found
        cell = WriteOnlyCell(self._probe)
        if style.bold or style.italic or style.size or style.color:
            cell.font = Font(bold=style.bold, italic=style.italic, sz=style.size, color=style.color)
        if style.fill:
            cell.fill = PatternFill("solid", fgColor=style.fill)
        if style.border:
            left, right, top, bottom = (Side(style=s) if s else Side() for s in style.border)
            cell.border = Border(left=left, right=right, top=top, bottom=bottom)
        if style.h or style.v or style.wrap:
            cell.alignment = Alignment(horizontal=style.h, vertical=style.v, wrap_text=style.wrap)
        if style.number_format:
            cell.number_format = style.number_format
        if style.quote:
            cell.quotePrefix = True
        sid = cell.style_id if cell.has_style else 0
        self._style_ids[style] = sid
        return sid

    # -- sheets ------------------------------------------------------------------------------
    def add(self, spec: SheetSpec) -> None:
        ws = self.wb.create_sheet(title=spec.title)
        if self._probe is None:
            self._probe = ws
        for n, width in spec.widths.items():
            ws.column_dimensions[col(n)].width = width
        if spec.freeze:
            ws.freeze_panes = spec.freeze
        for ref in spec.merges:
            ws.merged_cells.add(ref)
        setup = ws.page_setup
        setup.paperSize = A4
        setup.orientation = "landscape" if spec.landscape else "portrait"
        setup.fitToWidth = spec.fit_width
        setup.fitToHeight = spec.fit_height
        ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        ws.page_margins = PageMargins(left=0.4, right=0.4, top=0.5, bottom=0.5)
        ws.print_options.horizontalCentered = True
        if spec.print_area:
            ws.print_area = spec.print_area
        start = self._data.tell()
        links: list[tuple[str, str, str]] = []
        self._extent = [0, 0]
        write = self._data.write
        for chunk in self._render(spec, links):
            write(chunk.encode("utf-8"))
        rows, cols = self._extent
        dimension = f"A1:{col(max(cols, 1))}{max(rows, 1)}"
        self._parts[ws.title] = (start, self._data.tell() - start, links, dimension)

    def _render(self, spec: SheetSpec, links: list[tuple[str, str, str]]) -> Iterable[str]:
        heights = dict(spec.heights)
        pending = sorted(heights)
        last = 0
        buf: list[str] = []
        for r, cells in spec.rows:
            if r <= last:
                raise ValueError(f"rows of {spec.title!r} out of order: {r} after {last}")
            while pending and pending[0] < r:
                buf.append(self._row_xml(pending.pop(0), (), heights, links))
            if pending and pending[0] == r:
                pending.pop(0)
            buf.append(self._row_xml(r, cells, heights, links))
            last = r
            if len(buf) >= 64:
                yield "".join(buf)
                buf.clear()
        for r in pending:
            buf.append(self._row_xml(r, (), heights, links))
        yield "".join(buf)

    def _row_xml(
        self,
        r: int,
        cells: Iterable[tuple[int, Cell]],
        heights: dict[int, float],
        links: list[tuple[str, str, str]],
    ) -> str:
        height = heights.get(r)
        head = f'<row r="{r}" ht="{height}" customHeight="1">' if height else f'<row r="{r}">'
        out = [head]
        previous = 0
        strings = self._strings
        for c, cell in sorted(cells, key=lambda item: item[0]):
            if c <= previous:
                raise ValueError(f"two cells in column {c} of row {r}")
            previous = c
            ref = f"{col(c)}{r}"
            value, style = cell.value, cell.style
            if isinstance(value, str):
                value = _ILLEGAL.sub("", value)
                if needs_quote(value):
                    style = replace(style or Style(), quote=True)
            sid = self.style_id(style)
            s = f' s="{sid}"' if sid else ""
            if value is None or value == "":
                if sid:
                    out.append(f'<c r="{ref}"{s}/>')
            elif isinstance(value, bool):
                out.append(f'<c r="{ref}"{s} t="b"><v>{int(value)}</v></c>')
            elif isinstance(value, int | float | Decimal):
                out.append(f'<c r="{ref}"{s}><v>{value}</v></c>')
            else:
                index = strings.setdefault(str(value), len(strings))
                out.append(f'<c r="{ref}"{s} t="s"><v>{index}</v></c>')
            if (value is not None and value != "") or sid:
                self._extent[0] = r
                self._extent[1] = max(self._extent[1], c)
            if cell.link:
                display = value if isinstance(value, str) else ""
                links.append((ref, cell.link, display))
        out.append("</row>")
        return "".join(out)

    # -- the package -------------------------------------------------------------------------
    def save(self, out: IO[bytes]) -> None:
        """Write the .xlsx to ``out`` (a binary file open for writing)."""
        if not self._parts:
            self.add(SheetSpec(title="Sheet", rows=()))
        with tempfile.TemporaryFile() as skeleton:
            self.wb.save(skeleton)
            skeleton.seek(0)
            with (
                zipfile.ZipFile(skeleton) as zin,
                zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout,
            ):
                parts = sheet_parts(zin)
                for info in zin.infolist():
                    name = info.filename
                    if name in parts:
                        zout.writestr(name, self._spliced(zin.read(info), parts[name]))
                    elif name in _REGISTER:
                        tag, entry = _REGISTER[name]
                        xml = zin.read(info)
                        zout.writestr(name, xml.replace(tag, entry + tag, 1))
                    else:
                        with zin.open(info) as src, zout.open(name, "w") as dst:
                            shutil.copyfileobj(src, dst)
                with zout.open(SST_PART, "w") as dst:
                    self._write_strings(dst)
        self._data.close()

    def _write_strings(self, dst: IO[bytes]) -> None:
        n = len(self._strings)
        head = f'<sst xmlns="{MAIN_NS}" count="{n}" uniqueCount="{n}">'
        dst.write(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + head.encode())
        buf = []
        for text in self._strings:
            xml = escape(text).replace("\r", "&#13;")
            space = ' xml:space="preserve"' if xml != xml.strip() else ""
            buf.append(f"<si><t{space}>{xml}</t></si>")
            if len(buf) >= 512:
                dst.write("".join(buf).encode())
                buf.clear()
        dst.write(("".join(buf) + "</sst>").encode())

    def _spliced(self, xml: bytes, title: str) -> bytes:
        start, length, links, dimension = self._parts[title]
        self._data.seek(start)
        rows = self._data.read(length)
        found = list(_EMPTY_DATA.finditer(xml))
        if len(found) != 1:
            raise RuntimeError(f"openpyxl wrote unexpected sheet data for {title!r}")
        m = found[0]
        head, tail = xml[: m.start()], xml[m.end() :]
        ref = f'<dimension ref="{dimension}"/>'.encode()
        head, replaced = _DIMENSION.subn(ref, head, count=1)
        if not replaced:
            at = head.find(b"<sheetViews")
            head = head[:at] + ref + head[at:]
        if links:
            items = "".join(
                f"<hyperlink ref={quoteattr(ref)} location={quoteattr(loc)}"
                f" display={quoteattr(text)}/>"
                for ref, loc, text in links
            )
            block = f"<hyperlinks>{items}</hyperlinks>".encode()
            at = min(i for i in (tail.find(tag) for tag in _AFTER_LINKS) if i >= 0)
            tail = tail[:at] + block + tail[at:]
        return head + b"<sheetData>" + rows + b"</sheetData>" + tail


def sheet_parts(zin: zipfile.ZipFile) -> dict[str, str]:
    """Part name (``xl/worksheets/sheet1.xml``) → sheet title, from the workbook's relations."""
    ns = {
        "m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
        "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
        "p": "http://schemas.openxmlformats.org/package/2006/relationships",
    }
    book = fromstring(zin.read("xl/workbook.xml"))
    rels = fromstring(zin.read("xl/_rels/workbook.xml.rels"))
    targets = {rel.get("Id"): rel.get("Target") for rel in rels.findall("p:Relationship", ns)}
    parts = {}
    for sheet in book.findall("m:sheets/m:sheet", ns):
        target = targets[sheet.get(f"{{{ns['r']}}}id")]
        target = target.lstrip("/")
        parts[target if target.startswith("xl/") else f"xl/{target}"] = sheet.get("name")
    return parts


def write_workbook(
    sheets: Iterable[SheetSpec], out: IO[bytes], progress: Callable[[str], None] | None = None
) -> None:
    """Render ``sheets`` (any iterable, typically a generator) into ``out``."""
    writer = WorkbookWriter()
    for spec in sheets:
        writer.add(spec)
        if progress is not None:
            progress(spec.title)
    writer.save(out)
