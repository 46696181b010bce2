"""A deck's file read as a `Table`, by its suffix: a CSV file here (as a spreadsheet saves it:
`,`, `;` or tab between values, UTF-8 with or without a byte-order mark, or another encoding
the deck names), a workbook's sheet by `printgen.model.sheets`."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from printgen.errors import DataError, Problem, display_path
from printgen.model.encodings import LEGACY, guess_legacy
from printgen.model.sheets import load_sheet
from printgen.model.sources import read_text
from printgen.model.tables import (
    HeaderTest,
    Row,
    Table,
    header_index,
    header_problems,
    is_comment,
    join_header,
)

DELIMITERS = {",": "','", ";": "';'", "\t": "tab"}
"""The separators a spreadsheet's "Save as CSV" writes, and how a message names each."""
SPREADSHEETS = (".xlsx", ".ods")
TEXT_TABLES = (".csv", ".tsv", ".txt")
"""Delimited text: `.tsv` is Google Sheets' and Numbers' tab-separated export, `.txt` Excel's
"Unicode text" (UTF-16, tab-separated) and "Text (Tab delimited)"."""
TABLE_SUFFIXES = (*TEXT_TABLES, *SPREADSHEETS)


def load_table(
    path: Path,
    *,
    sheet: str | None = None,
    delimiter: str | None = None,
    encoding: str | None = None,
    is_header: HeaderTest | None = None,
) -> Table:
    """A deck's file as a table, by its suffix. `is_header` tells the header row (the one
    naming the cards' name column) from a title or notes above it; see `header_index`."""
    if path.suffix.lower() in SPREADSHEETS:
        return load_sheet(path, sheet, is_header)
    if delimiter is None and path.suffix.lower() == ".tsv":
        delimiter = "\t"  # tab-separated by its name, whatever its header holds
    return load_csv(path, delimiter=delimiter, encoding=encoding, is_header=is_header)


def load_csv(
    path: Path,
    *,
    delimiter: str | None = None,
    encoding: str | None = None,
    is_header: HeaderTest | None = None,
) -> Table:
    """A CSV file as rows of text, each with its line number; blank lines and `#` lines skipped,
    and the lines above the header row (`header_index`).

    Without a `delimiter`, the header line decides: whichever of `,`, `;` and tab it holds most
    (a spreadsheet in a comma-decimal locale saves `;`)."""
    name = display_path(path)
    text = read_text(path, encoding=encoding, hint=_encoding_hint)
    used = delimiter or _sniff(text)
    problems: list[Problem] = []
    records = _records(text, used, name, problems)
    start = header_index([cells for _line, cells in records], is_header)
    records = join_header(records, start, is_header)
    columns, header_line, rows = _rows(records[start:], name, used, problems)
    if columns is None and not problems:
        problems.append(Problem(name, 1, "", "empty file: expected a header row of column names"))
    if problems:
        raise DataError(problems)
    return Table(name, header_line, columns or [], rows)


Record = tuple[int, list[str]]
"""A CSV record that holds a value: its line and its cells, stripped."""


def _records(text: str, used: str, name: str, problems: list[Problem]) -> list[Record]:
    """The records holding a value and no comment, each at the line it starts on (a message
    about a card whose text runs over three lines names its first); a malformed one ends the
    reading, noted in `problems`."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=used, strict=True)
    records: list[Record] = []
    read_to = 0  # the last line read: a record with a line break in a cell ends lines below
    try:
        for record in reader:
            starts, read_to = read_to + 1, reader.line_num  # its line: where it starts
            if any(cell.strip() for cell in record) and not is_comment(record):
                records.append((starts, [cell.strip() for cell in record]))
    except csv.Error as exc:
        problems.append(Problem(name, reader.line_num, "", f"malformed CSV: {exc}"))
    return records


def _rows(
    records: list[Record], name: str, used: str, problems: list[Problem]
) -> tuple[list[str] | None, int, list[Row]]:
    """The header's column names and line (the first record), and the rows under it; a
    header's or a row's mistakes are added to `problems`, in line order."""
    columns: list[str] | None = None
    header_line = 0
    rows: list[Row] = []
    for line, cells in records:
        while len(cells) > len(columns or ()) and not cells[-1]:
            cells.pop()  # a spreadsheet's export keeps the empty columns after the last one
        if columns is None:
            columns, header_line = cells, line
            problems += header_problems(columns, lambda _index: (name, line))  # noqa: B023
            continue
        if len(cells) > len(columns):
            problems.append(Problem(name, line, "", _too_many(cells, columns, used)))
            continue
        cells += [""] * (len(columns) - len(cells))
        rows.append(Row(line, dict(zip(columns, cells, strict=True))))
    return columns, header_line, rows


def _encoding_hint(raw: bytes) -> str:
    """What to do with a CSV that is not UTF-8, naming the encoding its bytes look like."""
    guess = guess_legacy(raw)
    if guess is None:
        return 'save the file as "CSV UTF-8", or name its encoding in the deck (encoding: cp1252)'
    return (
        f"it looks like {LEGACY[guess]}: name it in the deck (encoding: {guess}), "
        'or save the file as "CSV UTF-8"'
    )


def _sniff(text: str) -> str:
    header = next(
        (
            line
            for line in text.splitlines()
            if line.strip() and not is_comment(re.split("[,;\t]", line, maxsplit=1))
        ),
        "",
    )
    counts = {d: _outside_quotes(header).count(d) for d in DELIMITERS}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] > counts[","] else ","


def _outside_quotes(line: str) -> str:
    return "".join(part for i, part in enumerate(line.split('"')) if i % 2 == 0)


def _too_many(cells: list[str], columns: list[str], used: str) -> str:
    """`3 values but 1 column (separated by ','): is the file separated by ';'? ...`."""
    plural = "column" if len(columns) == 1 else "columns"
    message = f"{len(cells)} values but {len(columns)} {plural} (separated by {DELIMITERS[used]})"
    seen = "".join(columns + cells)
    other = next((d for d in DELIMITERS if d != used and d in seen), None)
    if other is not None:
        key = "'\\t'" if other == "\t" else DELIMITERS[other]
        message += (
            f": is the file separated by {DELIMITERS[other]}? Add delimiter: {key} to the deck"
        )
    return message
