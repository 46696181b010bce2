"""Hostile workbooks (issue 40, item 2), made from a small valid one by classes of variant.

Each maker returns the parts of an `.xlsx` or `.ods` zip as {member: bytes | Filler}; `write_zip`
writes them. A `Filler` is a member of any inflated size costing a few kB on disk and a few
milliseconds to make: one block of filler bytes is deflated once, with a full flush (so the
next block refers to nothing before it), and repeated.

The deck is always the same three cards (`id,name,count,kind`), so a variant that a reader
accepts reads as that deck, and one it refuses is refused for what the variant adds.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROWS = [["id", "name", "count", "kind"], ["ember", "Ember", 2, "card"], ["wave", "Wave", 1, "card"]]
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


@dataclass(frozen=True)
class Filler:
    """`prefix`, then `unit` repeated `count` times, then `suffix`: a huge part, cheaply."""

    prefix: bytes
    unit: bytes
    count: int
    suffix: bytes

    @property
    def size(self) -> int:
        return len(self.prefix) + len(self.unit) * self.count + len(self.suffix)


Part = bytes | Filler


def _deflated(part: Part) -> tuple[bytes, int, int]:
    """The raw deflate stream of a part, its CRC-32 and its inflated size."""
    if isinstance(part, bytes):
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return packer.compress(part) + packer.flush(), zlib.crc32(part), len(part)
    block = part.unit * max(1, (1 << 20) // len(part.unit))  # about 1 MB a block
    blocks, rest = divmod(part.count * len(part.unit), len(block))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = packer.compress(part.prefix) + packer.flush(zlib.Z_FULL_FLUSH)
    body = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    tail = packer.compress(block[:rest] + part.suffix) + packer.flush()
    crc = zlib.crc32(part.prefix)
    for _ in range(blocks):
        crc = zlib.crc32(block, crc)
    crc = zlib.crc32(block[:rest] + part.suffix, crc)
    return head + body * blocks + tail, crc, part.size


def write_zip(path: Path, parts: dict[str, Part]) -> None:
    """The parts as a zip (deflated; `mimetype` first and stored, as ODF wants it)."""
    local = bytearray()
    central = bytearray()
    for name, part in parts.items():
        encoded = name.encode()
        if name == "mimetype" and isinstance(part, bytes):
            data, crc, size, method = part, zlib.crc32(part), len(part), 0
        else:
            data, crc, size = _deflated(part)
            method = 8
        assert size < 1 << 32 and len(data) < 1 << 32, "no zip64 here"
        fields = struct.pack("<HHHHHIII", 20, 0, method, 0, 0x21, crc, len(data), size)
        central += (
            struct.pack("<IH", 0x02014B50, 20)
            + fields
            + struct.pack("<HHHHHII", len(encoded), 0, 0, 0, 0, 0, len(local))
            + encoded
        )
        local += struct.pack("<I", 0x04034B50) + fields + struct.pack("<HH", len(encoded), 0)
        local += encoded + data
    end = struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(parts), len(parts), len(central), len(local), 0
    )
    path.write_bytes(bytes(local) + bytes(central) + end)


# --- .xlsx -----------------------------------------------------------------------------------


def _column(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def cell(ref: str, value: object) -> str:
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'


def sheet_rows(rows: list[list[object]] = ROWS) -> str:
    return "".join(
        f'<row r="{r}">'
        + "".join(cell(f"{_column(c)}{r}", v) for c, v in enumerate(row))
        + "</row>"
        for r, row in enumerate(rows, start=1)
    )


def xlsx(
    data: str | Filler | None = None,
    *,
    dimension: str = "A1:D3",
    after: str = "",
    before: str = "",
    styles: Part | None = None,
    strings: Part | None = None,
    tables: int = 0,
    table: str = "",
) -> dict[str, Part]:
    """A workbook of one sheet `Cards`: `data` is its sheetData's content (the deck when None,
    or a Filler whose prefix and suffix include the `<sheetData>` tags), `before` and `after`
    what comes around sheetData; `styles` and `strings` the styles and shared strings parts;
    `tables` table parts, each `table`'s XML (attributes of `<table>`)."""
    body: Part
    head = f'<worksheet xmlns="{MAIN}" xmlns:r="{DOC_RELS}"><dimension ref="{dimension}"/>{before}'
    links = "".join(f'<tablePart r:id="t{i}"/>' for i in range(tables))
    tail = f"{after}" + (f'<tableParts count="{tables}">{links}</tableParts>' if tables else "")
    if isinstance(data, Filler):
        body = Filler(
            head.encode() + data.prefix,
            data.unit,
            data.count,
            data.suffix + tail.encode() + b"</worksheet>",
        )
    else:
        rows = sheet_rows() if data is None else data
        body = f"{head}<sheetData>{rows}</sheetData>{tail}</worksheet>".encode()
    types = [
        ("/xl/workbook.xml", "spreadsheetml.sheet.main+xml"),
        ("/xl/worksheets/sheet1.xml", "spreadsheetml.worksheet+xml"),
    ]
    book_links = [("rId1", "worksheet", "worksheets/sheet1.xml")]
    parts: dict[str, Part] = {}
    if styles is not None:
        types.append(("/xl/styles.xml", "spreadsheetml.styles+xml"))
        book_links.append(("rId2", "styles", "styles.xml"))
        parts["xl/styles.xml"] = styles
    if strings is not None:
        types.append(("/xl/sharedStrings.xml", "spreadsheetml.sharedStrings+xml"))
        book_links.append(("rId3", "sharedStrings", "sharedStrings.xml"))
        parts["xl/sharedStrings.xml"] = strings
    sheet_links = []
    for i in range(tables):
        types.append((f"/xl/tables/table{i}.xml", "spreadsheetml.table+xml"))
        sheet_links.append((f"t{i}", "table", f"../tables/table{i}.xml"))
        parts[f"xl/tables/table{i}.xml"] = (
            f'<table xmlns="{MAIN}" id="{i + 1}" name="T{i}" displayName="T{i}" {table}></table>'
        ).encode()
    parts.update(
        {
            "[Content_Types].xml": _content_types(types),
            "_rels/.rels": _rels([("rId1", "officeDocument", "xl/workbook.xml")]),
            "xl/workbook.xml": (
                f'<workbook xmlns="{MAIN}" xmlns:r="{DOC_RELS}"><sheets>'
                '<sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>'
            ).encode(),
            "xl/_rels/workbook.xml.rels": _rels(book_links),
            "xl/worksheets/sheet1.xml": body,
        }
    )
    if sheet_links:
        parts["xl/worksheets/_rels/sheet1.xml.rels"] = _rels(sheet_links)
    return parts


def _content_types(types: list[tuple[str, str]]) -> bytes:
    ct = "http://schemas.openxmlformats.org/package/2006/content-types"
    office = "application/vnd.openxmlformats-officedocument."
    return (
        f'<Types xmlns="{ct}">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        + "".join(f'<Override PartName="{p}" ContentType="{office}{t}"/>' for p, t in types)
        + "</Types>"
    ).encode()


def _rels(links: list[tuple[str, str, str]]) -> bytes:
    return (
        f'<Relationships xmlns="{RELS}">'
        + "".join(
            f'<Relationship Id="{i}" Type="{DOC_RELS}/{kind}" Target="{target}"/>'
            for i, kind, target in links
        )
        + "</Relationships>"
    ).encode()


def styles_with(kind: str, item: str, count: int) -> Filler:
    """A styles part whose list `kind` (cellXfs, fonts, ...) holds `count` copies of `item`."""
    base = {
        "numFmts": "",
        "fonts": '<font><sz val="11"/><name val="Calibri"/></font>',
        "fills": '<fill><patternFill patternType="none"/></fill>',
        "borders": "<border><left/><right/><top/><bottom/><diagonal/></border>",
        "cellStyleXfs": '<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>',
        "cellXfs": '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
        "cellStyles": '<cellStyle name="Normal" xfId="0" builtinId="0"/>',
        "dxfs": "",
    }
    keys = list(base)
    before = "".join(f"<{k}>{base[k]}</{k}>" for k in keys[: keys.index(kind)] if base[k])
    after = "".join(f"<{k}>{base[k]}</{k}>" for k in keys[keys.index(kind) + 1 :] if base[k])
    return Filler(
        f'<styleSheet xmlns="{MAIN}">{before}<{kind} count="{count}">'.encode(),
        item.encode(),
        count,
        f"</{kind}>{after}</styleSheet>".encode(),
    )


Bomb = tuple[str, dict[str, Part], str]
"""A variant's name, its parts and what reading it says (a refusal's words, or a data
problem printgen reports of any sheet, or `READ` when it reads as the deck)."""
READ = "read 2 rows"
OVER_ROWS = "sheet 'Cards' has over 20000 rows"


def xlsx_bombs() -> Iterator[Bomb]:
    """Every class of hostile `.xlsx` of issue 40's item 2, a few variants each."""
    yield from _lying_dimensions()
    yield from _style_floods()
    yield from _string_floods()
    yield from _merge_floods()
    yield from _long_rows()
    yield from _table_claims()
    yield from _zip_and_xml()


def _lying_dimensions() -> Iterator[Bomb]:
    """A `<dimension>` claiming up to the whole sheet, the cells few (openpyxl pads every row
    to the claimed width: 2.8 GB for one cell at row 20,001 under 16,384 columns)."""
    for column, row in (("XFD", 20_001), ("ZZZ", 20_001), ("XFD", 1_048_576), ("GS", 20_001)):
        far = f'<row r="{row}">{cell(f"A{row}", "x")}</row>'
        name = f"a <dimension> of A1:{column}{row}, a cell at A{row}"
        yield name, xlsx(sheet_rows() + far, dimension=f"A1:{column}{row}"), OVER_ROWS
    yield "a <dimension> of A1:XFD20000", xlsx(dimension="A1:XFD20000"), READ


STYLE_ITEMS = {
    "cellXfs": ('<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>', "cell formats"),
    "cellStyleXfs": ('<xf numFmtId="0"/>', "cell formats"),
    "fonts": ('<font><sz val="11"/></font>', "fonts"),
    "fills": ('<fill><patternFill patternType="solid"/></fill>', "fills"),
    "borders": ("<border/>", "borders"),
    "numFmts": ('<numFmt numFmtId="200" formatCode="0.0"/>', "number formats"),
    "dxfs": ("<dxf/>", "conditional formats"),
    "cellStyles": ('<cellStyle name="N" xfId="0"/>', "cell styles"),
}


def _style_floods() -> Iterator[Bomb]:
    """Each list of styles.xml flooded (3,000,000 cell formats: over 3 GB in 2.7 s)."""
    for kind, (item, words) in STYLE_ITEMS.items():
        most = 131072 if words == "cell formats" else 65536
        yield f"200,000 {kind}", xlsx(styles=styles_with(kind, item, 200_000)), f"{most} {words}"
    flood = styles_with("cellXfs", "<xf/>", 3_000_000)
    yield "3,000,000 cellXfs", xlsx(styles=flood), "131072 cell formats"
    yield "60,000 fonts", xlsx(styles=styles_with("fonts", "<font/>", 60_000)), READ


def _string_floods() -> Iterator[Bomb]:
    sst = f'<sst xmlns="{MAIN}">'.encode()
    many = Filler(sst, b"<si><t>x</t></si>", 3_000_000, b"</sst>")
    yield "3,000,000 shared strings", xlsx(strings=many), "over 1000000 shared strings"
    runs = Filler(sst + b"<si>", b"<r><t>x</t></r>", 2_000_000, b"</si></sst>")
    yield "a shared string of 2,000,000 runs", xlsx(strings=runs), "over 4000000 XML elements"
    spaces = Filler(sst, b" ", 1_000_000_000, b"</sst>")
    yield "1 GB of shared strings", xlsx(strings=spaces), "inflates to 1000000077 bytes"
    long = Filler(sst + b"<si><t>", b"x", 20_000_000, b"</t></si></sst>")
    yield "a shared string of 20,000,000 characters", xlsx(strings=long), READ


def _merge_floods() -> Iterator[Bomb]:
    """Merged ranges down a column fill every row they cover (300,000 of them: hours)."""
    for ref, count in (("C2:C20000", 300_000), ("A1:XFD1048576", 25_000), ("C2:C3", 20_001)):
        body = Filler(
            b"<sheetData>" + sheet_rows().encode() + b"</sheetData><mergeCells>",
            f'<mergeCell ref="{ref}"/>'.encode(),
            count,
            b"</mergeCells>",
        )
        yield f"{count} merged ranges {ref}", xlsx(body), "over 20000 merged ranges"
    overlapping = "<mergeCells>" + '<mergeCell ref="C3:C20000"/>' * 100 + "</mergeCells>"
    yield "100 overlapping merges of 20,000 rows", xlsx(after=overlapping), "over 1000000 cells"
    whole = '<mergeCells><mergeCell ref="E2:E1048576"/></mergeCells>'
    yield "a merge down the whole sheet", xlsx(after=whole), READ


def _long_rows() -> Iterator[Bomb]:
    far = "".join(f'<row r="{r}">{cell(f"XFD{r}", 1)}</row>' for r in range(4, 20_001))
    yield "20,000 rows, each a cell at XFD", xlsx(sheet_rows() + far), READ
    styled = "".join(f'<row r="{r}"><c r="XFD{r}" s="1"/></row>' for r in range(4, 20_001))
    yield "20,000 rows, each an empty cell at XFD", xlsx(sheet_rows() + styled), READ
    head = b"<sheetData>" + sheet_rows().encode() + b'<row r="4">'
    wide = Filler(head, b"<c><v>1</v></c>", 2_000_000, b"</row></sheetData>")
    yield "a row of 2,000,000 cells", xlsx(wide), "a row of over 16384 cells"
    rows = Filler(
        b"<sheetData>" + sheet_rows().encode(), b"<row><c/></row>", 1_100_000, b"</sheetData>"
    )
    yield "1,100,000 cells", xlsx(rows), "over 1000000 cells"
    huge = Filler(b"<sheetData>", b"<row><c><v>1</v></c></row>", 5_000_000, b"</sheetData>")
    yield "5,000,000 cells", xlsx(huge), "inflates to"


def _table_claims() -> Iterator[Bomb]:
    """A table's totals rows are what it claims (1,000,000,000: 1.2 GB)."""
    for count, read in ((1_000_000_000, 0), (1_048_576, 0), (20_000, 2)):
        table = f'ref="A1:D1048576" totalsRowCount="{count}"'
        yield f"40 tables of {count} totals rows", xlsx(tables=40, table=table), f"read {read} rows"
    yield "101 tables", xlsx(tables=101, table='ref="A1:D3"'), "over 100 tables"


def _zip_and_xml() -> Iterator[Bomb]:
    deep = Filler(b"<sheetData>", b"<x>", 100_000, b"</x>" * 100_000 + b"</sheetData>")
    yield "XML nested 100,000 deep", xlsx(deep), "nests XML over 100 levels deep"
    entity = b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>'
    parts = xlsx()
    parts["xl/workbook.xml"] = entity + parts["xl/workbook.xml"]  # type: ignore[operator]
    yield "a DOCTYPE with an entity", parts, "declares a DOCTYPE"
    parts = xlsx()
    parts.update({f"xl/media/{i}.bin": Filler(b"", b"\0", 50_000_000, b"") for i in range(3)})
    yield "150 MB of media", parts, "inflate to 150"
    parts = xlsx()
    parts.update({f"xl/media/{i}.bin": b"" for i in range(1001)})
    yield "1,006 parts", parts, "holds 1006 parts, over 1000"
    parts = xlsx()
    parts["xl/worksheets/sheet1.xml"] = b"<worksheet><sheetData><row></sheetData></worksheet>"
    yield "malformed XML", parts, "sheet1.xml is not well-formed XML (line 1, column 30)"


# --- .ods ------------------------------------------------------------------------------------

_ODS_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "manifest": "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0",
}
_XMLNS = " ".join(f'xmlns:{k}="{v}"' for k, v in _ODS_NS.items())
ODS_TYPE = b"application/vnd.oasis.opendocument.spreadsheet"


def ods_cell(value: object, extra: str = "") -> str:
    if isinstance(value, (int, float)):
        kind = f'office:value-type="float" office:value="{value}"'
    else:
        kind = 'office:value-type="string"'
    return f"<table:table-cell {kind}{extra}><text:p>{value}</text:p></table:table-cell>"


def ods_rows(rows: list[list[object]] = ROWS) -> str:
    return "".join(
        "<table:table-row>" + "".join(ods_cell(v) for v in row) + "</table:table-row>"
        for row in rows
    )


def ods(table: str | Filler | None = None) -> dict[str, Part]:
    """A workbook of one sheet `Cards`: `table` is the content of its `<table:table>` (the deck
    when None, or a Filler whose prefix and suffix hold the rows around its repeated unit)."""
    head = (
        f'<office:document-content {_XMLNS} office:version="1.2"><office:body>'
        '<office:spreadsheet><table:table table:name="Cards">'
    ).encode()
    tail = b"</table:table></office:spreadsheet></office:body></office:document-content>"
    content: Part
    if isinstance(table, Filler):
        content = Filler(head + table.prefix, table.unit, table.count, table.suffix + tail)
    else:
        content = head + (ods_rows() if table is None else table).encode() + tail
    manifest = (
        f'<manifest:manifest {_XMLNS}><manifest:file-entry manifest:full-path="/" '
        f'manifest:media-type="{ODS_TYPE.decode()}"/><manifest:file-entry '
        'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
    ).encode()
    return {"mimetype": ODS_TYPE, "META-INF/manifest.xml": manifest, "content.xml": content}


def ods_bombs() -> Iterator[Bomb]:
    """Every class of hostile `.ods` of issue 40's item 2, a few variants each."""
    cards = ods_rows().encode()
    for repeat in (20_001, 1_000_000_000):
        row = f'<table:table-row table:number-rows-repeated="{repeat}">{ods_cell("x")}'
        yield (
            f"a row repeated {repeat} times",
            ods(ods_rows() + row + "</table:table-row>"),
            OVER_ROWS,
        )
    for rows, cells, repeat in ((10, 10_000, 200), (20, 5_000, 16_384)):
        wide = ods_cell("x", f' table:number-columns-repeated="{repeat}"') * cells
        row = f"<table:table-row>{wide}</table:table-row>".encode()
        yield (
            f"{rows} rows of {cells} cells repeated {repeat} times",
            ods(Filler(cards, row, rows, b"")),
            "Cards!E4: a value in a column with no name",
        )
    spanned = ods_cell("x", ' table:number-rows-spanned="1000000"')
    row = f'<table:table-row table:number-rows-repeated="20000">{spanned * 200}</table:table-row>'
    yield (
        "200 cells spanning 1,000,000 rows, 20,000 times",
        ods(ods_rows() + row),
        "over 20000 merged ranges",
    )
    cell = ods_cell("x", ' table:number-rows-spanned="20000"')
    rows = "".join(f"<table:table-row>{cell}</table:table-row>" for _ in range(100))
    yield "100 cells spanning 20,000 rows", ods(ods_rows() + rows), "over 1000000 cells"
    cells = Filler(
        cards + b"<table:table-row>", b"<table:table-cell/>", 600_000, b"</table:table-row>"
    )
    yield "600,000 cells", ods(cells), "over 500000 XML elements; an .ods is read whole"
    spans = b"</text:span>" * 100_000 + b"</text:p></table:table-cell></table:table-row>"
    deep = Filler(
        cards + b"<table:table-row><table:table-cell><text:p>", b"<text:span>", 100_000, spans
    )
    yield "a cell's text nested 100,000 deep", ods(deep), "nests XML over 100 levels deep"
    groups = Filler(
        b"", b"<table:table-row-group>", 100_000, cards + b"</table:table-row-group>" * 100_000
    )
    yield "row groups nested 100,000 deep", ods(groups), "nests XML over 100 levels deep"
    yield "a 1 GB content part", ods(Filler(cards, b" ", 1_000_000_000, b"")), "inflates to 1000001"
