"""An `.ods` workbook's tables as light records, read in one pass of expat over its XML.

Why not odfpy's document: odfpy builds a Python object for every XML element, some 40-50 us
and 550 bytes each, so a deck of 5,000 cards of 20 columns took 20.6 s of CPU to read (its
`.xlsx` twin 2.8 s). This pass keeps only what `printgen.model.ods` reads: each table's name
and style, its rows (as the odfpy reader found them: rows of the table, in row groups or header
rows too, not rows inside a cell's own table), each row's direct cells with the attributes
read, and a cell's text as odfpy's `teletype.extractText` gives it: the whole cell's
(`text:s` as its count of spaces, `text:tab` as a tab, `text:line-break` as a newline, any
other element by its own text), and each child's, for the paragraphs joined by newlines (a
run of text directly in the cell is a child whose text is empty, as odfpy has it). Hidden
sheets' styles are gathered from every part's automatic styles, as odfpy merges them.
"""

from __future__ import annotations

import pyexpat
import zipfile
from dataclasses import dataclass, field

CHUNK = 1 << 16
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
"""LibreOffice marks a formula whose value is an error (`#DIV/0!`) in this namespace."""

MAX_SPACES = 10_000
"""The most spaces one `text:s` stands for (odfpy made a string of any count it was given)."""

_SPECIAL = {f"{_TEXT} line-break", f"{_TEXT} tab", f"{_TEXT} s"}
_CELLS = {f"{_TABLE} table-cell": False, f"{_TABLE} covered-table-cell": True}
_ATTRIBUTES = {  # the cell attributes read, by their short names
    f"{_OFFICE} value-type": "value-type",
    f"{_OFFICE} value": "value",
    f"{_OFFICE} boolean-value": "boolean-value",
    f"{_OFFICE} date-value": "date-value",
    f"{_OFFICE} time-value": "time-value",
    f"{_TABLE} formula": "formula",
    f"{CALCEXT} value-type": "calc-value-type",
    f"{_TABLE} number-columns-repeated": "columns-repeated",
    f"{_TABLE} number-rows-spanned": "rows-spanned",
    f"{_TABLE} number-columns-spanned": "columns-spanned",
}


@dataclass
class Cell:
    covered: bool
    attributes: dict[str, str]
    whole: list[str] = field(default_factory=list)
    """The cell's text in pieces (`extractText(cell)`)."""
    children: list[str] = field(default_factory=list)
    """Each child's text (`extractText(child)` for each of the cell's child nodes)."""

    def attribute(self, short: str) -> str | None:
        return self.attributes.get(short)

    def text(self) -> str:
        return "".join(self.whole)


@dataclass
class Row:
    repeated: str | None
    visibility: str | None
    cells: list[Cell] = field(default_factory=list)


@dataclass
class Table:
    name: str | None
    style: str | None
    rows: list[Row] = field(default_factory=list)


@dataclass
class _Collector:
    """One open cell's text, as events come from inside it."""

    cell: Cell
    depth: int = 0  # of the element being read, the cell's own being 0
    skip: int = 0  # inside a text:s, tab or line-break: its content is not text
    child: list[str] | None = None
    direct_text: bool = False

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        if self.skip:
            self.skip += 1
            return
        if self.depth == 1:
            self._flush_direct()
            self.child = []
        if tag in _SPECIAL:
            piece = _special(tag, attributes)
            self.cell.whole.append(piece)
            if self.depth > 1 and self.child is not None:
                self.child.append(piece)
            self.skip = 1

    def end(self) -> None:
        if self.skip:
            self.skip -= 1
        if self.depth == 1 and self.child is not None:
            self.cell.children.append("".join(self.child))
            self.child = None
        self.depth -= 1

    def text(self, data: str) -> None:
        if self.skip:
            return
        self.cell.whole.append(data)
        if self.depth == 0:
            self.direct_text = True
        elif self.child is not None:
            self.child.append(data)

    def close(self) -> None:
        self._flush_direct()

    def _flush_direct(self) -> None:
        if self.direct_text:
            self.cell.children.append("")
            self.direct_text = False


def _special(tag: str, attributes: dict[str, str]) -> str:
    if tag.endswith(" line-break"):
        return "\n"
    if tag.endswith(" tab"):
        return "\t"
    count = attributes.get(f"{_TEXT} c")
    return " " * min(int(count), MAX_SPACES) if count else " "


@dataclass
class _TableState:
    table: Table
    depth: int  # the table element's depth in the part
    row: Row | None = None
    row_depth: int = -1


class Content:
    """What `read` finds in the parts: the tables, and the names of the styles that hide a
    table."""

    def __init__(self) -> None:
        self.tables: list[Table] = []
        self.hiding: set[str] = set()
        self._tables: list[_TableState] = []
        self._collectors: list[tuple[int, _Collector]] = []
        self._depth = 0
        self._spreadsheet = 0  # open office:spreadsheet elements
        self._automatic = 0  # open office:automatic-styles elements
        self._style: list[tuple[int, str | None]] = []  # open style:style elements

    def read(self, book: zipfile.ZipFile, part: str) -> None:
        parser = pyexpat.ParserCreate(namespace_separator=" ")
        parser.buffer_text = True
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self._text
        self._depth = 0
        with book.open(part) as stream:
            while chunk := stream.read(CHUNK):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)

    def _start(self, tag: str, attributes: dict[str, str]) -> None:
        self._depth += 1
        for _, collector in self._collectors:
            collector.start(tag, attributes)
        if tag == f"{_OFFICE} spreadsheet":
            self._spreadsheet += 1
        elif tag == f"{_OFFICE} automatic-styles":
            self._automatic += 1
        elif self._automatic:
            self._style_start(tag, attributes)
        if self._spreadsheet:
            self._table_start(tag, attributes)

    def _style_start(self, tag: str, attributes: dict[str, str]) -> None:
        """Inside automatic styles: a style opens, or says its table is not displayed."""
        if tag == f"{_STYLE} style":
            self._style.append((self._depth, attributes.get(f"{_STYLE} name")))
        elif (
            self._style
            and tag == f"{_STYLE} table-properties"
            and attributes.get(f"{_TABLE} display") == "false"
        ):
            self.hiding.update(str(name) for _, name in self._style)

    def _table_start(self, tag: str, attributes: dict[str, str]) -> None:
        """Inside the spreadsheet: a table, one of its rows, or one of a row's cells opens."""
        state = self._tables[-1] if self._tables else None
        if tag == f"{_TABLE} table":
            table = Table(attributes.get(f"{_TABLE} name"), attributes.get(f"{_TABLE} style-name"))
            self.tables.append(table)
            self._tables.append(_TableState(table, self._depth))
        elif tag == f"{_TABLE} table-row" and state is not None and state.row is None:
            state.row = Row(
                attributes.get(f"{_TABLE} number-rows-repeated"),
                attributes.get(f"{_TABLE} visibility"),
            )
            state.row_depth = self._depth
            state.table.rows.append(state.row)
        elif tag in _CELLS and state is not None and state.row_depth == self._depth - 1:
            read = {
                short: attributes[full] for full, short in _ATTRIBUTES.items() if full in attributes
            }
            cell = Cell(_CELLS[tag], read)
            assert state.row is not None
            state.row.cells.append(cell)
            self._collectors.append((self._depth, _Collector(cell)))

    def _end(self, tag: str) -> None:
        if self._collectors and self._collectors[-1][0] == self._depth:
            self._collectors.pop()[1].close()
        for _, collector in self._collectors:
            collector.end()
        if tag == f"{_OFFICE} spreadsheet":
            self._spreadsheet -= 1
        elif tag == f"{_OFFICE} automatic-styles":
            self._automatic -= 1
        elif self._style and self._style[-1][0] == self._depth:
            self._style.pop()
        if self._tables:
            state = self._tables[-1]
            if state.depth == self._depth:
                self._tables.pop()
            elif state.row is not None and state.row_depth == self._depth:
                state.row, state.row_depth = None, -1
        self._depth -= 1

    def _text(self, data: str) -> None:
        for _, collector in self._collectors:
            collector.text(data)


def read_content(book: zipfile.ZipFile) -> Content:
    """The tables of `content.xml` and the hiding styles of every part's automatic styles."""
    content = Content()
    names = set(book.namelist())
    for part in ("content.xml", "styles.xml"):
        if part in names:
            content.read(book, part)
    return content
