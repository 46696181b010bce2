"""Reading YAML and CSV files while keeping the line of every value, for precise messages.

YAML is parsed with PyYAML's safe composer and turned into plain Python values by hand, so that
each mapping and list remembers where its items stand (`Located`), aliases cannot expand into
millions of nodes, and nesting cannot run away. CSV rows remember their line numbers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from printgen.errors import DataError, Problem, display_path

MAX_FILE_BYTES = 5_000_000
MAX_YAML_NODES = 200_000
MAX_YAML_DEPTH = 50


_TAG = "tag:yaml.org,2002:"
_PLAIN = {_TAG + name for name in ("str", "int", "float", "bool", "null")}
_AS_TEXT = {_TAG + "timestamp"}


@dataclass
class Located:
    """Where each item of a YAML mapping or sequence stands: key (or index) -> line."""

    file: str
    line: int
    lines: dict[Any, int] = field(default_factory=dict)
    children: dict[Any, Located] = field(default_factory=dict)

    def line_of(self, key: Any) -> int:
        return self.lines.get(key, self.line)

    def child(self, key: Any) -> Located:
        return self.children.get(key, Located(self.file, self.line_of(key)))

    def problem(self, key: Any, field_name: str, message: str) -> Problem:
        return Problem(self.file, self.line_of(key), field_name, message)

    def at_path(self, path: tuple[Any, ...]) -> int:
        """The line of the deepest known item along `path` (keys and indexes)."""
        node = self
        line = self.line
        for key in path:
            if key not in node.lines:
                break
            line = node.lines[key]
            node = node.child(key)
        return line


def read_text(path: Path) -> str:
    """A data file's text, or a DataError naming the file (missing, too large, not UTF-8)."""
    name = display_path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError([Problem(name, None, "", "file not found")]) from None
    except OSError as exc:
        raise DataError([Problem(name, None, "", f"cannot be read: {exc.strerror}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise DataError(
            [Problem(name, None, "", f"file is {len(raw)} bytes; the limit is {MAX_FILE_BYTES}")]
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError(
            [Problem(name, line, "", f"not valid UTF-8 (byte {raw[exc.start]:#04x})")]
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise DataError([Problem(name, line, "", "contains a NUL character")])
    return text


def parse_yaml(text: str, name: str) -> tuple[Any, Located]:
    """Parse YAML text into plain values and their locations."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        what = exc.problem or exc.context or "malformed YAML"
        raise DataError([Problem(name, line, "", f"malformed YAML: {what}", column)]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(name, None, "", f"malformed YAML: {exc}")]) from None
    except RecursionError:
        raise DataError([Problem(name, None, "", "YAML nested too deeply")]) from None
    if node is None:
        return None, Located(name, 1)
    builder = _Builder(name)
    try:
        return builder.build(node, 0)
    except RecursionError:
        raise DataError([Problem(name, None, "", "YAML nested too deeply")]) from None


def load_yaml(path: Path) -> tuple[Any, Located]:
    return parse_yaml(read_text(path), display_path(path))


class _Builder:
    def __init__(self, name: str) -> None:
        self.name = name
        self.count = 0
        self.constructor = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, depth: int) -> tuple[Any, Located]:
        self.count += 1
        line = node.start_mark.line + 1
        if self.count > MAX_YAML_NODES:
            raise DataError(
                [
                    Problem(
                        self.name,
                        line,
                        "",
                        f"YAML expands to over {MAX_YAML_NODES} values "
                        "(aliases?); refusing to read it",
                    )
                ]
            )
        if depth > MAX_YAML_DEPTH:
            raise DataError(
                [Problem(self.name, line, "", f"YAML nested over {MAX_YAML_DEPTH} levels deep")]
            )
        loc = Located(self.name, line)
        if isinstance(node, yaml.MappingNode):
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise DataError(
                        [
                            Problem(
                                self.name,
                                key_node.start_mark.line + 1,
                                "<<",
                                "YAML merge keys are not supported",
                            )
                        ]
                    )
                key, _ = self.build(key_node, depth + 1)
                if isinstance(key, (dict, list)):
                    raise DataError(
                        [
                            Problem(
                                self.name,
                                key_node.start_mark.line + 1,
                                "",
                                "a mapping key must be plain text or a number",
                            )
                        ]
                    )
                if key in result:
                    raise DataError(
                        [
                            Problem(
                                self.name,
                                key_node.start_mark.line + 1,
                                str(key),
                                "key appears twice",
                            )
                        ]
                    )
                value, child = self.build(value_node, depth + 1)
                result[key] = value
                loc.lines[key] = key_node.start_mark.line + 1
                loc.children[key] = child
            return result, loc
        if isinstance(node, yaml.SequenceNode):
            items: list[Any] = []
            for index, item_node in enumerate(node.value):
                value, child = self.build(item_node, depth + 1)
                items.append(value)
                loc.lines[index] = item_node.start_mark.line + 1
                loc.children[index] = child
            return items, loc
        if node.tag in _AS_TEXT:  # a date in game data is text to print, never a date object
            return str(node.value), loc
        if node.tag not in _PLAIN:
            raise DataError(
                [
                    Problem(
                        self.name,
                        line,
                        "",
                        f"unsupported YAML tag {node.tag!r}; "
                        "write plain text, numbers, true/false or null",
                    )
                ]
            )
        try:
            return self.constructor.construct_object(node, deep=False), loc
        except yaml.YAMLError as exc:
            raise DataError([Problem(self.name, line, "", f"bad value: {exc}")]) from None


@dataclass(frozen=True)
class CsvRow:
    line: int
    values: dict[str, str]


@dataclass(frozen=True)
class CsvTable:
    file: str
    header_line: int
    columns: list[str]
    rows: list[CsvRow]

    def __iter__(self) -> Iterator[CsvRow]:
        return iter(self.rows)


def load_csv(path: Path) -> CsvTable:
    """A CSV file as rows of text, each with its line number; blank lines and `#` lines skipped."""
    name = display_path(path)
    text = read_text(path)
    problems: list[Problem] = []
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    columns: list[str] | None = None
    header_line = 0
    rows: list[CsvRow] = []
    try:
        for record in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in record) or record[0].lstrip().startswith("#"):
                continue
            cells = [cell.strip() for cell in record]
            if columns is None:
                columns, header_line = cells, line
                seen: set[str] = set()
                for col in columns:
                    if not col:
                        problems.append(Problem(name, line, "", "a column has no name"))
                    elif col in seen:
                        problems.append(Problem(name, line, f"column '{col}'", "appears twice"))
                    seen.add(col)
                continue
            if len(cells) > len(columns):
                problems.append(
                    Problem(name, line, "", f"{len(cells)} values but {len(columns)} columns")
                )
                continue
            cells += [""] * (len(columns) - len(cells))
            rows.append(CsvRow(line, dict(zip(columns, cells, strict=True))))
    except csv.Error as exc:
        problems.append(Problem(name, reader.line_num, "", f"malformed CSV: {exc}"))
    if columns is None and not problems:
        problems.append(Problem(name, 1, "", "empty file: expected a header row of column names"))
    if problems:
        raise DataError(problems)
    return CsvTable(name, header_line, columns or [], rows)
