"""Reading data files' text, and YAML keeping the line of every value, for precise messages.

YAML is parsed with PyYAML's safe composer and turned into plain Python values by hand, so that
each mapping and list remembers where its items stand (`Located`), aliases cannot expand into
millions of nodes, and nesting cannot run away. (Tables, CSV or spreadsheet:
`printgen.model.tables`.)
"""

from __future__ import annotations

import codecs
import hashlib
import io
import pickle
import pkgutil
import re
import sys
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import yaml

from printgen.errors import DataError, Problem, display_path
from printgen.files import usercache
from printgen.files.guarded import read_guarded
from printgen.model.encodings import utf16_without_bom
from printgen.model.yaml_value import YamlMapping, YamlScalar, YamlValue

MAX_FILE_BYTES = 5_000_000
MAX_YAML_NODES = 200_000
MAX_YAML_DEPTH = 50
# Deeper than this and the text is refused before parsing; between the two, the parser reaches
# the over-50 node and names its line.
MAX_FLOW_DEPTH = 10 * MAX_YAML_DEPTH
MAX_NUMBER_DIGITS = 100  # a whole number in data; Python refuses over 4300 (exit 3 before)


_TAG = "tag:yaml.org,2002:"
_PLAIN = {_TAG + name for name in ("str", "int", "float", "bool", "null")}
UNQUOTED_TRUTH = (
    "YAML reads an unquoted yes, no, on, off, true or false as true or false: "
    "put the word in quotes ('Off')"
)
"""Said where text was wanted and a YAML truth came (`label: Yes`, `text: Off`)."""
_AS_TEXT = {_TAG + "timestamp"}


@dataclass
class Located:
    """Where each item of a YAML mapping or sequence stands: key (or index) -> line."""

    file: str
    line: int
    lines: dict[Hashable, int] = field(default_factory=dict)
    children: dict[Hashable, Located] = field(default_factory=dict)

    def line_of(self, key: Hashable) -> int:
        return self.lines.get(key, self.line)

    def child(self, key: Hashable) -> Located:
        return self.children.get(key, Located(self.file, self.line_of(key)))

    def problem(self, key: Hashable, field_name: str, message: str) -> Problem:
        return Problem(self.file, self.line_of(key), field_name, message)

    def at_path(self, path: tuple[Hashable, ...]) -> int:
        """The line of the deepest known item along `path` (keys and indexes)."""
        node = self
        line = self.line
        for key in path:
            if key not in node.lines:
                break
            line = node.lines[key]
            node = node.child(key)
        return line


def read_text(
    path: Path,
    *,
    encoding: str | None = None,
    hint: str | Callable[[bytes], str] = "",
    root: Path | None = None,
) -> str:
    """A data file's text, or a DataError naming the file (missing, too large, not UTF-8).

    UTF-8 with or without a byte-order mark, or UTF-16 with one or without (`encodings`),
    unless `encoding` names another (a CSV saved by an older spreadsheet: `cp1252`); `hint`
    is added to a decoding error (what to do about it), or made from the file's bytes."""
    name = display_path(path)
    raw = read_guarded(path, MAX_FILE_BYTES, root or path.parent, name)
    codec, bom = _codec(raw, encoding)
    try:
        text = raw[bom:].decode(codec)
    except LookupError:
        raise DataError([Problem(name, None, "", f"unknown encoding {encoding!r}")]) from None
    except UnicodeDecodeError as exc:
        start = bom + exc.start  # the byte-order mark is not part of what was decoded
        line = raw[:start].count(b"\n") + 1
        what = "UTF-8" if codec == "utf-8-sig" else codec
        said = hint(raw) if callable(hint) else hint
        message = f"not valid {what} (byte {raw[start]:#04x})" + (f"; {said}" if said else "")
        raise DataError([Problem(name, line, "", message)]) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise DataError([Problem(name, line, "", "contains a NUL character")])
    return text


def _codec(raw: bytes, encoding: str | None) -> tuple[str, int]:
    """The codec a file's bytes are read with, and the length of a UTF-8 byte-order mark
    before them (0 without one)."""
    codec = "utf-8-sig" if encoding is None or encoding.lower() in ("utf-8", "utf8") else encoding
    bom = len(codecs.BOM_UTF8) if raw.startswith(codecs.BOM_UTF8) else 0
    if encoding is None and raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        codec = "utf-16"  # Excel's "Unicode text": UTF-16, its byte-order mark says which
    elif encoding is None and not bom:
        codec = utf16_without_bom(raw) or codec  # the same, from a tool that writes no mark
    return codec, bom


def parse_yaml_value(text: str, name: str) -> tuple[YamlValue, Located]:
    """Parse YAML text into plain values and their locations.

    A text parsed before, by this user with this printgen, is read back from the user's cache
    (`printgen.files.usercache`) instead: a game's card design takes some 2.3 ms to parse
    with libyaml (40 ms with PyYAML's own parser) and 0.3 ms to read back, and every process
    of a build reads the same few files again. Only
    what parsed without a mistake is kept; a text with one is parsed again for its message."""
    if len(text) < CACHED_FROM or _CACHE_SALT is None:
        return _parse_yaml(text, name)
    folder = usercache.cache_folder(CACHE_KIND)
    if folder is None:
        return _parse_yaml(text, name)
    key = _CACHE_SALT + name.encode(errors="surrogateescape") + b"\0"
    entry = hashlib.sha256(key + text.encode(errors="surrogateescape")).hexdigest()
    kept = usercache.read_entry(folder, entry)
    if kept is not None:
        try:
            value, located = _ParseUnpickler(io.BytesIO(kept)).load()
            if isinstance(located, Located):
                return value, located
        except Exception:  # cut short, damaged or not ours: parsed again and written anew
            pass
    parsed = _parse_yaml(text, name)
    usercache.write_entry(folder, entry, pickle.dumps(parsed, pickle.HIGHEST_PROTOCOL))
    return parsed


class _ParseUnpickler(pickle.Unpickler):
    """Reads back a kept parse and nothing else: plain values and `Located`, never another
    class (a planted entry could then at worst be a wrong parse, never run code)."""

    def find_class(self, module: str, name: str) -> type[Located]:
        if (module, name) == (__name__, "Located"):
            return Located
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a parse")


CACHED_FROM = 1000
"""Texts shorter than this (characters) are parsed each time: the cache would save little."""
CACHE_KIND = "yaml"


def _salt() -> bytes | None:
    """What else a parse depends on: this module's code (the values and lines it builds),
    PyYAML and Python (the pickle's format). None when the code cannot be read (an install
    whose loader gives no source): then nothing is kept, rather than kept under a version
    number that an edit of the code need not change."""
    try:
        code = pkgutil.get_data(__name__.rpartition(".")[0], "sources.py")  # a zip's too
    except OSError:
        code = None
    if code is None:
        return None
    return hashlib.sha256(code + f"{yaml.__version__} {sys.version}".encode()).digest()


_CACHE_SALT = _salt()


def _parse_yaml(text: str, name: str) -> tuple[YamlValue, Located]:
    if _flow_depth(text) > MAX_FLOW_DEPTH:  # PyYAML takes minutes to refuse 100000 levels
        raise DataError([Problem(name, None, "", "YAML nested too deeply")])
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        what = plain_yaml_error(exc.problem or "", exc.context or "")
        if _question_in_flow(text, exc.context_mark, exc.problem_mark):
            what += '; a value ending in "?" inside { } needs quotes: {cost: "int?"}'
        raise DataError([Problem(name, line, "", what, column)]) from None
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


_FAST_LOADER: type[yaml.CSafeLoader] | None = getattr(yaml, "CSafeLoader", None)
"""libyaml's parser, when PyYAML was built with it (its wheels are): some ten times faster
than PyYAML's own (0.06 s against 0.34 s for the 54 YAML files of the bundled games and
samples), with the same nodes, tags and lines for each of them (a test compares them)."""


def _compose(text: str) -> yaml.Node | None:
    """`text`'s YAML node tree. Read by libyaml when it is there; a text it refuses is read
    again by PyYAML's own parser, whose messages (`_YAML_WORDING`) designers are shown, and
    which says a text nested too deeply by running out of recursion (libyaml stops at 1,000
    levels). libyaml reads `{cost: int?}` as YAML 1.2 does (the value `int?`), where PyYAML
    refuses it (`_QUESTION_IN_FLOW`)."""
    if _FAST_LOADER is not None:
        try:
            return yaml.compose(text, Loader=_FAST_LOADER)
        except yaml.YAMLError:
            pass  # said by PyYAML, as it always was
    return yaml.compose(text, Loader=yaml.SafeLoader)


_QUESTION_IN_FLOW = re.compile(r"\{[^}]*\?\s*[,}]")
"""`{cost: int?, ...}`: PyYAML reads `?` there as a key marker and says the mapping is not
closed; the README's own example said so once. (Only without libyaml, which reads it.)"""


def _question_in_flow(text: str, *marks: yaml.Mark | None) -> bool:
    lines = text.splitlines()
    return any(
        mark is not None and mark.line < len(lines) and _QUESTION_IN_FLOW.search(lines[mark.line])
        for mark in marks
    )


_YAML_WORDING: tuple[tuple[str, str], ...] = (
    # (what PyYAML says, what a designer reads), the first match wins
    ("mapping values are not allowed here", "a key here needs its own line (indentation?)"),
    (
        "found character '\\t'",
        "a tab character here: YAML indents with spaces only; replace the tab with spaces",
    ),
    ("that cannot start any token", "this character cannot start a value; put the value in quotes"),
    ("expected ',' or ']'", "a list opened with '[' is not closed with ']' (or a ',' is missing)"),
    (
        "expected ',' or '}'",
        "a mapping opened with '{' is not closed with '}' (or a ',' is missing)",
    ),
    ("found unexpected end of stream", "a quoted text is not closed: a quote mark is missing"),
    ("found undefined alias", "text starting with '*' must be in quotes"),
    ("could not find expected ':'", "a line here is not `key: value` (a missing ':'?)"),
    ("expected <block end>", "this line's indentation does not match the lines above it"),
)


def plain_yaml_error(problem: str, context: str) -> str:
    """PyYAML's wording of a syntax error, said plainly; unknown ones keep PyYAML's words."""
    for raw, plain in _YAML_WORDING:
        if raw in problem:
            return plain
    return f"malformed YAML: {problem or context or 'cannot be read'}"


def _flow_depth(text: str) -> int:
    """The deepest nesting of `[` and `{` in `text` (quotes ignored: an upper bound is all
    that is needed), found without parsing."""
    if text.count("[") + text.count("{") <= MAX_FLOW_DEPTH:
        return 0
    depth = deepest = 0
    for match in re.finditer(r"[\[\]{}]", text):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def load_yaml_value(path: Path, root: Path | None = None) -> tuple[YamlValue, Located]:
    """A YAML data file (inside `root`, by default its own folder) as values and locations."""
    return parse_yaml_value(read_text(path, root=root), display_path(path))


class _Builder:
    def __init__(self, name: str) -> None:
        self.name = name
        self.count = 0
        self.constructor = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, depth: int) -> tuple[YamlValue, Located]:
        self.count += 1
        line = node.start_mark.line + 1
        if self.count > MAX_YAML_NODES:
            self._refuse(
                line,
                f"YAML expands to over {MAX_YAML_NODES} values (aliases?); refusing to read it",
            )
        if depth > MAX_YAML_DEPTH:
            self._refuse(line, f"YAML nested over {MAX_YAML_DEPTH} levels deep")
        loc = Located(self.name, line)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, loc, depth), loc
        if isinstance(node, yaml.SequenceNode):
            items: list[YamlValue] = []
            for index, item_node in enumerate(node.value):
                value, child = self.build(item_node, depth + 1)
                items.append(value)
                loc.lines[index] = item_node.start_mark.line + 1
                loc.children[index] = child
            return items, loc
        return self._scalar(node, line), loc

    def _refuse(self, line: int, message: str, field: str = "") -> NoReturn:
        raise DataError([Problem(self.name, line, field, message)])

    def _mapping(self, node: yaml.MappingNode, loc: Located, depth: int) -> YamlMapping:
        """A mapping's values, each key's line and place noted in `loc`."""
        result: YamlMapping = {}
        for key_node, value_node in node.value:
            at = key_node.start_mark.line + 1
            if key_node.tag == "tag:yaml.org,2002:merge":
                self._refuse(at, "YAML merge keys are not supported", "<<")
            key: YamlValue
            if key_node.tag == _TAG + "bool":  # `on:`, `yes:`, `off:`: a box's name, not
                key = str(key_node.value)  # a truth (YAML 1.1 reads them as true/false)
            else:
                key, _ = self.build(key_node, depth + 1)
            if isinstance(key, (dict, list)):
                self._refuse(at, "a mapping key must be plain text or a number")
            if key in result:
                self._refuse(at, "key appears twice", str(key))
            value, child = self.build(value_node, depth + 1)
            result[key] = value
            loc.lines[key] = at
            loc.children[key] = child
        return result

    def _scalar(self, node: yaml.Node, line: int) -> YamlScalar:
        """A plain value: text, a number, true/false or null; a date is text to print, never
        a date object."""
        if node.tag in _AS_TEXT:
            return str(node.value)
        if node.tag not in _PLAIN:
            self._refuse(
                line,
                f"unsupported YAML tag {node.tag!r}; write plain text, numbers, true/false or null",
            )
        if node.tag == _TAG + "int" and len(str(node.value)) > MAX_NUMBER_DIGITS:
            digits = len(str(node.value))
            self._refuse(
                line, f"a number of {digits} digits; numbers here have at most {MAX_NUMBER_DIGITS}"
            )
        try:
            return self.constructor.construct_object(node, deep=False)
        except (yaml.YAMLError, ValueError) as exc:  # ValueError: Python's digit limit
            raise DataError([Problem(self.name, line, "", f"bad value: {exc}")]) from None
