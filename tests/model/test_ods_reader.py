"""The `.ods` reader (one pass of expat, `printgen.model.ods_content`) reads every workbook as
odfpy's document read it before: the same sheets, hidden sheets, rows, values, merged ranges
and hidden rows. The reference below is the reader as it was on odfpy, kept here whole; the
workbooks are the designers' kinds the other tests write, and hand-written XML with what a
spreadsheet program or a hostile file puts in a cell."""

from __future__ import annotations

import io
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from printgen.model.cells import MAX_COLUMNS, MAX_ROWS, DateCell, ErrorValue, UnsavedFormula
from printgen.model.ods import read_ods
from printgen.model.ods_content import CALCEXT
from tests.hardening.workbooks import _XMLNS, ODS_TYPE, write_zip
from tests.model.designer import write_ods


def _odfpy_read(raw: bytes) -> tuple[dict[str, Any], set[str]]:
    """The workbook as the odfpy reader gave it: each sheet's rows, merged ranges and hidden
    rows, and the hidden sheets."""
    from odf import teletype
    from odf.opendocument import load
    from odf.style import Style, TableProperties
    from odf.table import Table, TableRow

    def descendants(node: Any) -> Any:
        for child in node.childNodes:
            if getattr(child, "qname", None) == TableRow().qname:
                yield child
            elif getattr(child, "childNodes", None):
                yield from descendants(child)

    def value(cell: Any) -> Any:
        kind = cell.getAttribute("valuetype")
        formula = cell.getAttribute("formula")
        if cell.attributes.get((CALCEXT, "value-type")) == "error":
            return ErrorValue(teletype.extractText(cell))
        if formula and not kind:
            return UnsavedFormula(formula.removeprefix("of:"))
        if kind == "percentage":
            return teletype.extractText(cell) or f"{float(cell.getAttribute('value')) * 100:g}%"
        if kind == "currency":
            return teletype.extractText(cell) or float(cell.getAttribute("value"))
        if kind == "float":
            return float(cell.getAttribute("value"))
        if kind == "boolean":
            return cell.getAttribute("booleanvalue") == "true"
        if kind in ("date", "time"):
            return DateCell(teletype.extractText(cell) or cell.getAttribute(f"{kind}value") or "")
        return "\n".join(teletype.extractText(p) for p in cell.childNodes) or None

    def cells(row: Any) -> tuple[list[Any], list[tuple[int, int, int]]]:
        values: list[Any] = []
        spans = []
        for cell in row.childNodes:
            if cell.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            if len(values) > MAX_COLUMNS:
                break
            repeat = min(int(cell.getAttribute("numbercolumnsrepeated") or 1), MAX_COLUMNS)
            repeat = min(repeat, MAX_COLUMNS + 1 - len(values))
            if cell.qname[1] == "covered-table-cell":
                values.extend([None] * repeat)
                continue
            down = int(cell.getAttribute("numberrowsspanned") or 1)
            across = int(cell.getAttribute("numbercolumnsspanned") or 1)
            if down > 1 or across > 1:
                spans.append((len(values), down, across))
            values.extend([value(cell)] * repeat)
        while values and values[-1] in (None, ""):
            values.pop()
        return values, spans

    def sheet(table: Any) -> tuple[list[Any], list[Any], set[int]]:
        rows, merged, hidden, number = [], [], set(), 0
        for row in descendants(table):
            repeat = int(row.getAttribute("numberrowsrepeated") or 1)
            values, spans = cells(row)
            if not any(v not in (None, "") for v in values):
                number += repeat
                continue
            shown = row.getAttribute("visibility") in (None, "", "visible")
            for _ in range(max(1, min(repeat, MAX_ROWS + 1 - number))):
                number += 1
                rows.append((number, values))
                if not shown:
                    hidden.add(number)
                merged += [(number, left, down, across) for left, down, across in spans]
            if number > MAX_ROWS:
                break
        return rows, merged, hidden

    doc = load(io.BytesIO(raw))
    tables = doc.spreadsheet.getElementsByType(Table)
    hiding = {
        str(style.getAttribute("name"))
        for style in doc.automaticstyles.getElementsByType(Style)
        if any(
            p.getAttribute("display") == "false" for p in style.getElementsByType(TableProperties)
        )
    }
    hidden = {str(t.getAttribute("name")) for t in tables if t.getAttribute("stylename") in hiding}
    return {str(t.getAttribute("name")): sheet(t) for t in tables}, hidden


def _ours(raw: bytes) -> tuple[dict[str, Any], set[str]]:
    sheets, hidden = read_ods(raw, "deck.ods")
    read = {}
    for name, make in sheets.items():
        rows = make()
        merged = [(m.top, m.left, m.bottom - m.top + 1, m.right - m.left + 1) for m in rows.merged]
        read[name] = (list(rows.rows), merged, set(rows.hidden))
    return read, hidden


def _content(body: str, styles: str = "") -> bytes:
    """An .ods whose one spreadsheet holds `body` (its tables), with automatic `styles`."""
    content = (
        f'<office:document-content {_XMLNS} xmlns:calcext="{CALCEXT}" office:version="1.2">'
        f"<office:automatic-styles>{styles}</office:automatic-styles>"
        f"<office:body><office:spreadsheet>{body}</office:spreadsheet></office:body>"
        "</office:document-content>"
    ).encode()
    manifest = (
        f'<manifest:manifest {_XMLNS}><manifest:file-entry manifest:full-path="/" '
        f'manifest:media-type="{ODS_TYPE.decode()}"/><manifest:file-entry '
        'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
    ).encode()
    parts = {"mimetype": ODS_TYPE, "META-INF/manifest.xml": manifest, "content.xml": content}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.ods"
        write_zip(path, parts)
        return path.read_bytes()


_TEXT_CELLS = [
    '<table:table-cell office:value-type="string"><text:p>a<text:s text:c="3"/>b'
    "<text:tab/>c<text:line-break/>d</text:p></table:table-cell>",
    '<table:table-cell office:value-type="string"><text:p>one</text:p><text:p>two</text:p>'
    "</table:table-cell>",
    '<table:table-cell office:value-type="string"><text:p><text:span>bold</text:span> and '
    '<text:a xlink:href="x" xmlns:xlink="http://www.w3.org/1999/xlink">link</text:a></text:p>'
    "</table:table-cell>",
    '<table:table-cell office:value-type="string">\n  <text:p>spaced</text:p>\n</table:table-cell>',
    '<table:table-cell office:value-type="string"><text:s/><text:p>x<text:s>y</text:s></text:p>'
    "</table:table-cell>",
    '<table:table-cell office:value-type="string"><office:annotation><text:p>note</text:p>'
    "</office:annotation><text:p>shown</text:p></table:table-cell>",
    '<table:table-cell office:value-type="percentage" office:value="0.5"/>',
    '<table:table-cell office:value-type="percentage" office:value="0.25"><text:p>25%</text:p>'
    "</table:table-cell>",
    '<table:table-cell office:value-type="currency" office:value="3"><text:p>$3.00</text:p>'
    "</table:table-cell>",
    '<table:table-cell office:value-type="currency" office:value="4"/>',
    '<table:table-cell office:value-type="float" office:value="2.5"><text:p>2.5</text:p>'
    "</table:table-cell>",
    '<table:table-cell office:value-type="boolean" office:boolean-value="true"/>',
    '<table:table-cell office:value-type="date" office:date-value="2026-11-30"/>',
    '<table:table-cell office:value-type="time" office:time-value="PT01H"><text:p>01:00</text:p>'
    "</table:table-cell>",
    '<table:table-cell table:formula="of:=1/0" office:value-type="float" office:value="0" '
    'calcext:value-type="error"><text:p>#DIV/0!</text:p></table:table-cell>',
    '<table:table-cell table:formula="of:=A1+1"/>',
    '<table:table-cell table:number-columns-repeated="3" office:value-type="string">'
    "<text:p>r</text:p></table:table-cell>",
    '<table:table-cell table:number-rows-spanned="2" table:number-columns-spanned="2" '
    'office:value-type="string"><text:p>merged</text:p></table:table-cell>',
    '<table:covered-table-cell table:number-columns-repeated="2"/>',
    "<table:table-cell/>",
]


def _handmade() -> list[tuple[str, bytes]]:
    header = (
        '<table:table-row><table:table-cell office:value-type="string"><text:p>name</text:p>'
        "</table:table-cell></table:table-row>"
    )
    every = "".join(f"<table:table-row>{cell}</table:table-row>" for cell in _TEXT_CELLS)
    one_row = "<table:table-row>" + "".join(_TEXT_CELLS) + "</table:table-row>"
    hiding = (
        '<style:style style:name="ta2" style:family="table">'
        '<style:table-properties table:display="false"/></style:style>'
    )
    groups = (
        f"<table:table-header-rows>{header}</table:table-header-rows>"
        f"<table:table-row-group>{every}<table:table-row-group>{one_row}"
        "</table:table-row-group></table:table-row-group>"
    )
    nested = (
        '<table:table-row><table:table-cell office:value-type="string"><text:p>outer</text:p>'
        '<table:table table:name="Inner"><table:table-row><table:table-cell '
        'office:value-type="string"><text:p>inner</text:p></table:table-cell></table:table-row>'
        "</table:table></table:table-cell></table:table-row>"
    )
    repeated = (
        '<table:table-row table:number-rows-repeated="3" table:visibility="collapse">'
        + _TEXT_CELLS[0]
        + '</table:table-row><table:table-row table:number-rows-repeated="1048000">'
        "<table:table-cell/></table:table-row>"
    )
    return [
        (
            "every kind of cell",
            _content(f'<table:table table:name="Cards">{header}{every}</table:table>'),
        ),
        ("a wide row", _content(f'<table:table table:name="Cards">{one_row}</table:table>')),
        (
            "groups and header rows",
            _content(f'<table:table table:name="Cards">{groups}</table:table>'),
        ),
        (
            "a hidden sheet",
            _content(
                f'<table:table table:name="Notes" table:style-name="ta2">{every}</table:table>'
                f'<table:table table:name="Cards">{header}</table:table>',
                hiding,
            ),
        ),
        ("a table in a cell", _content(f'<table:table table:name="Cards">{nested}</table:table>')),
        (
            "repeated and hidden rows",
            _content(f'<table:table table:name="Cards">{repeated}</table:table>'),
        ),
        ("a sheet with no name", _content(f"<table:table>{header}</table:table>")),
    ]


CARDS: list[list[object]] = [
    ["id", "name", "count", "cost"],
    ["a", "Ember", 2, 1.5],
    ["b", "Wave & Tide", 1, ""],
]
WRITTEN: dict[str, tuple[dict[str, list[list[object]]], tuple[str, ...], tuple[int, ...]]] = {
    "a deck": ({"Cards": CARDS}, (), ()),
    "two sheets, one hidden": ({"Notes": [["x"]], "Cards": CARDS}, ("Notes",), ()),
    "a filtered row": ({"Cards": CARDS}, (), (2,)),
    "a date": ({"Cards": [["id", "when"], ["a", date(2026, 11, 30)]]}, (), ()),
}
"""Decks as the other tests write them (tests/model/designer.py: sheets, hidden, filtered)."""
HANDMADE = dict(_handmade())


@pytest.mark.parametrize("what", [*WRITTEN, *HANDMADE])
def test_the_reader_reads_as_odfpy_did(tmp_path: Path, what: str) -> None:
    if what in WRITTEN:
        path = tmp_path / "deck.ods"
        write_ods(path, *WRITTEN[what])
        raw = path.read_bytes()
    else:
        raw = HANDMADE[what]
    assert _ours(raw) == _odfpy_read(raw)


def test_every_kind_of_cell_reads_as_worked_out_by_hand() -> None:
    """The same workbook against values worked out from ODF's rules and the reader's: `text:s`
    stands for its count of spaces, paragraphs join with newlines, a run of text directly in
    the cell (the indentation of a hand-written file) is an empty paragraph, an annotation's
    text joins the cell's (as odfpy's reader had it), a percentage or currency cell reads as
    shown, else from its value."""
    sheets, hidden = read_ods(HANDMADE["every kind of cell"], "deck.ods")
    read = sheets["Cards"]()
    assert hidden == set()
    assert [values for _number, values in read.rows] == [
        ["name"],
        ["a   b\tc\nd"],
        ["one\ntwo"],
        ["bold and link"],
        ["\nspaced\n"],
        ["\nx "],
        ["note\nshown"],
        ["50%"],
        ["25%"],
        ["$3.00"],
        [4.0],
        [2.5],
        [True],
        [DateCell("2026-11-30")],
        [DateCell("01:00")],
        [ErrorValue("#DIV/0!")],
        [UnsavedFormula("=A1+1")],
        ["r", "r", "r"],
        ["merged"],
    ]
    assert [m.top for m in read.merged] == [19]
    assert [(m.left, m.bottom, m.right) for m in read.merged] == [(0, 20, 1)]
