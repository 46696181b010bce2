"""One deck's file (CSV or a spreadsheet's sheet) into typed cards, taking the data as it is.

A designer's file keeps its own header names (`Card Name`, `Frequency`): a deck's `rename:`
maps them, and headers match columns whatever their case and spacing. What printgen can make
up, it does: an `id` from the name (a slug, stable while the name stays), `count` 1, the one
kind of a game with a single kind (or none). Columns game.yaml does not declare are read as
optional text, so a deck of fifteen columns needs no fifteen declarations. Image columns find
their files (`printgen.model.assets`) and icon markers in text (`@coin`, `:coin:`) are
checked against the game's icons and written `:coin:` for every renderer.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from printgen.errors import DataError, Problem
from printgen.layout.tiles import column_letters
from printgen.model.assets import ICON_FOLDER, ICON_NAME, Folder, find_icon, find_image
from printgen.model.flags import WORDS, flag_value
from printgen.model.game import Card, FieldValue, KindSpec
from printgen.model.money import is_amount, whole_amount
from printgen.model.names import card_id_problem, is_id, slug
from printgen.model.schema import did_you_mean
from printgen.model.table_files import load_table
from printgen.model.tables import SheetCells, Table

MAX_COUNT = 10_000
MAX_TEXT = 500
BASE_COLUMNS = ("id", "name", "count", "kind")
_ICON_WORD = re.compile(ICON_NAME)
INT_RANGE = re.compile(r"^int\[(\d+)\.\.(\d+)\]$")
COLUMN_TYPES = (
    "element, symbols, text, image, flag, money, int, int[LOW..HIGH] (add ? for optional)"
)
COUNT_HEADERS = ("qty", "quantity", "copies")
"""Headers (as matched: any case and spacing) that feed `count` when no column does."""
IMPLICIT_IMAGE = "art"
"""The image column a deck's `image_from:` fills when game.yaml declares none."""
ART_COLUMNS = ("art", "image")
"""The columns a card design draws as the card's art when it names none: undeclared, they
are read as images (found in the images folder, a missing file reported at its cell by
validate), not as text the design would fail to find as a file at build time."""


ART_FOLDERS = ("art", "images", "img")
"""Folders of the game searched for a card's image after the deck's `images:` folder and the
game's own: a cell `farmer.png` (or Airtable's `farmer.png (https://...)`) finds
`art/farmer.png` with no `images:` to write."""


METADATA = (
    *("created", "created_time", "created_by", "created_at", "date_created"),
    *("last_edited", "last_edited_time", "last_edited_by"),
    *("last_modified", "last_modified_time", "last_modified_by", "modified", "updated_at"),
    *("record_id", "tags", "notes", "status", "assignee"),
)
"""Headers (as matched: any case and spacing) of the bookkeeping that database and sheet
exports add to a deck: Notion's and Airtable's timestamps, authors, record ids, tags, notes,
status and assignee, and a numbering column headed `#`. None is meant for the printed card,
so, undeclared, they are left out of the cards (validate lists them); declared under
`columns:` or renamed, they are read as any column."""


def undeclared_type(column: str, elements: Sequence[str] = ()) -> str:
    """How a column game.yaml does not declare is read: an optional image or text; a `suit`
    column (a header `Suit`, or one `rename:` maps to suit) of a game with `elements:` is its
    element, so a misspelt suit (`embr`) is named at its cell rather than printed in no
    suit's colour."""
    if column == "suit" and elements:
        return "element?"
    return "image?" if column in ART_COLUMNS else "text?"


_WHOLE = re.compile(r"(-?[0-9]{1,18})(?:\.0+)?")
"""A whole number as a cell holds it: ASCII digits, and few enough that `int` is quick; a
zero decimal part (`3.0`, as a CSV export writes a number cell shown with decimals) aside."""


def valid_type(type_text: str) -> bool:
    base = type_text.rstrip("?")
    known = ("element", "symbols", "text", "image", "flag", "money", "int")
    return base in known or bool(INT_RANGE.match(base))


def column_key(header: str) -> str:
    """How a header is matched to a column: `Card Name`, `card_name`, `CARD-NAME` are one."""
    return re.sub(r"[\W_]+", "_", header.casefold()).strip("_")


def column_named(name: str, columns: Iterable[str]) -> str | None:
    """The column a name written elsewhere means (a design's `suit: Colour`), matched as a
    deck's headers are: whatever its case and spacing."""
    wanted = column_key(name)
    return next((c for c in columns if column_key(c) == wanted), None)


def unwritten_slug(name: str) -> str:
    """An id for a name with no letters or digits to spell (`🐉`, `☾ ✦`): `card-` and a
    digest of the name, stable while the name stays, so such a deck needs no id column. A
    name of punctuation and spaces alone (`!!!`) has none: a mistake to report."""
    if all(unicodedata.category(char)[0] in "PZC" for char in name):
        return ""
    return "card-" + hashlib.sha256(name.encode()).hexdigest()[:10]


@dataclass(frozen=True)
class DeckSpec:
    """A deck's reading options from game.yaml (all optional but the file)."""

    file: str
    where: str  # components.<name>, for messages
    sheet: str | None = None
    rename: dict[str, str] = field(default_factory=dict)
    images: str | None = None
    image_from: str | None = None
    icon_marker: str | None = None
    delimiter: str | None = None
    encoding: str | None = None
    ignore: tuple[str, ...] = ()
    """Headers of the file to leave out of the cards, as if the column were not there."""
    card_kind: str | None = None
    """The kind of a card whose Kind cell is empty or absent (`card_kind: event` for a deck
    kept as a file of its own kind, in a game of several kinds)."""


@dataclass(frozen=True)
class GameColumns:
    """What every deck of a game is read against."""

    folder: Path
    columns: dict[str, str]
    kinds: dict[str, KindSpec]
    elements: tuple[str, ...]
    symbols: tuple[str, ...]
    written: tuple[str, ...] = ()
    """The elements as game.yaml writes them (`Sea Glass`, `Été`): text may name their icons
    so (`:Sea Glass:`), and each reads as its slug's (`:sea-glass:`)."""
    languages: tuple[str, ...] = ()
    """The game's languages after its first: a column `X_it` beside `X` is X's translation."""


@dataclass
class Deck:
    """The cards of one deck file, and what the reading learned on the way."""

    cards: list[Card]
    undeclared: dict[str, str]  # column -> the header it came from
    headers: dict[str, str]  # each header of the file -> the column it feeds
    icons: dict[str, str]  # icon name -> file, relative to the game folder
    metadata: tuple[str, ...] = ()  # headers left out as an export's bookkeeping
    ignored: tuple[str, ...] = ()  # headers left out as the deck's `ignore:` says
    hidden: tuple[int, ...] = ()  # rows read that the sheet hides (`Table.hidden`)
    image_columns: tuple[str, ...] = ()
    """The columns holding the cards' pictures: those declared `image`, or the `art` that
    `image_from:` fills when none is."""


def read_deck(
    spec: DeckSpec, game: GameColumns, problems: list[Problem], place: Callable[[str, str], Problem]
) -> Deck:
    """The deck's cards; problems appended (the deck's cards are then incomplete).

    `place(key, message)` makes a problem at the deck's `key` in game.yaml."""
    empty = Deck([], {}, {}, {})
    name = spec.file
    if "/" in name or "\\" in name or name.startswith("."):
        problems.append(place("file", "expected a file name inside the game's folder"))
        return empty
    try:
        table = load_table(
            game.folder / name,
            sheet=spec.sheet,
            delimiter=spec.delimiter,
            encoding=spec.encoding,
            is_header=_names_the_cards(spec),
        )
    except DataError as exc:
        problems.extend(exc.problems)
        return empty
    before = len(problems)
    if spec.card_kind is not None:
        spec = _with_card_kind(spec, game.kinds, problems, place)
        if len(problems) > before:
            return empty
    folders = _image_folders(spec, game.folder, problems, place)
    header = _Header.of(table, spec, game, problems, place)
    if len(problems) > before:
        return empty
    read = len(problems)
    reader = _Rows(table, game, header, folders, spec, problems)
    cards = [card for row in table if (card := reader.card(row.line, row.values)) is not None]
    problems[read:] = [*table.unread, *besides(problems[read:], table.unread)]
    headers = {h: c for c, h in header.source.items()}
    return Deck(
        cards,
        header.undeclared,
        headers=headers,
        icons=reader.icons,
        metadata=header.metadata,
        ignored=header.ignored,
        hidden=table.hidden,
        image_columns=tuple(header.image_columns),
    )


def besides(problems: list[Problem], unread: tuple[Problem, ...]) -> list[Problem]:
    """The problems of a deck's cells, but those of a cell that could not be read (its
    value is empty only because of that: it says no more)."""
    cells = {problem.file for problem in unread}
    return [problem for problem in problems if problem.file not in cells]


def _with_card_kind(
    spec: DeckSpec,
    kinds: Mapping[str, KindSpec],
    problems: list[Problem],
    place: Callable[[str, str], Problem],
) -> DeckSpec:
    """The deck's `card_kind:` as the game's kind it names (in any case, or by its label)."""
    written = spec.card_kind or ""
    kind = _kind_named(written, kinds)
    if kind is None:
        close = did_you_mean(slug(written) or written, list(kinds)) if kinds else ""
        known = f"expected one of {', '.join(kinds)}" if kinds else "the game declares no kinds"
        problems.append(
            place("card_kind", f"unknown kind {written!r}{close + ' ' if close else '; '}{known}")
        )
    return replace(spec, card_kind=kind)


def _kind_named(written: str, kinds: Mapping[str, KindSpec]) -> str | None:
    """The kind a cell names in any case or spacing (`Wind` for wind, `Sky Event` for
    sky-event), or by its label (`Sky event` for the kind labelled so); None if none."""
    key = slug(written)
    if key in kinds:
        return key
    return next((name for name, spec in kinds.items() if slug(spec.label) == key), None)


def _names_the_cards(spec: DeckSpec) -> Callable[[list[str]], bool]:
    """Whether a row is the deck's header: it has the cards' name column (`Name`, or the
    header the deck renames to name), which a title or notes above the table do not (which
    sheet is the deck's, whether a header is on two rows). Its `fallback`, for
    `tables.header_index` when no row passes: a row with any header `rename:` names (a
    misspelt name header beside `Qty`: the header still, whose missing name `rename:` then
    names)."""
    keys = {"name"} | {
        column_key(h) for h, c in spec.rename.items() if column_key(str(c)) == "name"
    }
    renamed = {column_key(h) for h in spec.rename}
    return _HeaderTest(
        lambda cells: any(column_key(cell) in keys for cell in cells),
        lambda cells: any(column_key(cell) in renamed for cell in cells),
    )


@dataclass(frozen=True)
class _HeaderTest:
    """A header test (called) with the looser one `tables.header_index` falls back on."""

    test: Callable[[list[str]], bool]
    fallback: Callable[[list[str]], bool]

    def __call__(self, cells: list[str]) -> bool:
        return self.test(cells)


def _image_folders(
    spec: DeckSpec, folder: Path, problems: list[Problem], place: Callable[[str, str], Problem]
) -> list[Folder]:
    folders = []
    if spec.images is not None:
        relative = spec.images.strip("/").removeprefix("./")
        inside = (folder / relative).resolve().is_relative_to(folder.resolve())
        if relative == ".":
            pass  # the game's folder itself, searched below as always (`images: .`)
        elif not relative or relative.startswith(".") or not inside:
            problems.append(
                place("images", f"{spec.images!r} is not a folder inside the game's folder")
            )
        elif not (folder / relative).is_dir():
            problems.append(place("images", f"no folder {relative + '/'!r} in the game's folder"))
        else:
            folders.append(Folder.listed(folder, relative))
    folders.append(Folder.listed(folder, "."))
    named = {f.relative.casefold() for f in folders}
    for child in sorted(folder.iterdir()):  # `art/`, `Images/`: where art is kept unasked
        name = child.name.casefold()
        if name in ART_FOLDERS and name not in named and child.is_dir() and not child.is_symlink():
            folders.append(Folder.listed(folder, child.name))
    return folders


@dataclass
class _Header:
    """Which header feeds which column."""

    source: dict[str, str]  # column -> header in the file
    undeclared: dict[str, str]
    image_columns: list[str]
    metadata: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        table: Table,
        spec: DeckSpec,
        game: GameColumns,
        problems: list[Problem],
        place: Callable[[str, str], Problem],
    ) -> _Header:
        base = BASE_COLUMNS if game.kinds else ("id", "name", "count")
        known = [*base, *game.columns]
        renamed = _renamed(table, spec, problems, place, game.languages)
        header = cls._fed(table, spec, known, renamed, problems)
        absent = [c for c in known if c not in header.source]
        for column, name in list(header.undeclared.items()):
            close = difflib.get_close_matches(column, absent, n=1, cutoff=0.75)
            if close and name not in spec.rename:
                own = "a column of its own: declare it under columns: in game.yaml"
                problems.append(
                    _at_header(
                        table, name, f"unknown column; did you mean {close[0]!r}? (or, {own})"
                    )
                )
        _check_required(table, spec, game, header.source, problems)
        header.image_columns = _image_columns(table, spec, game, header.source, problems, place)
        return header

    @classmethod
    def _fed(
        cls,
        table: Table,
        spec: DeckSpec,
        known: list[str],
        renamed: dict[str, str],
        problems: list[Problem],
    ) -> _Header:
        """Which column each of the file's headers feeds (`renamed` says for some): a known
        column, or an undeclared one named by its header; an export's bookkeeping column and
        those the deck ignores left out. Two headers feeding one column is a problem."""
        by_key = {column_key(c): c for c in known}
        ignore = {column_key(h) for h in spec.ignore}
        wanted_too = set(renamed) | ({column_key(spec.image_from)} if spec.image_from else set())
        header = cls({}, {}, [])
        metadata: list[str] = []
        ignored: list[str] = []
        for name in table.columns:
            key = column_key(name)
            target = renamed.get(key, name)
            column = by_key.get(column_key(target))
            if key in ignore:  # as if the column were not there, declared or not
                ignored.append(name)
                continue
            if column is None and key not in wanted_too and _bookkeeping(name):
                metadata.append(name)
                continue
            if column is None:
                column = column_key(target) or name
                if not (spec.image_from and key == column_key(spec.image_from)):
                    header.undeclared[column] = name  # `image_from:`'s names a picture only
            if column in header.source:
                fed = f"feeds column {column!r}, as does {header.source[column]!r}"
                problems.append(_at_header(table, name, fed))
                continue
            header.source[column] = name
        header.metadata, header.ignored = tuple(metadata), tuple(ignored)
        return header


TRANSLATION = re.compile(r"(.+)_([a-z]{2})")
"""A header key that may be another's translation (`card_title_it`): the header and the
language, which must be one of the game's (`Art_bg` beside a renamed `Art` is not)."""


def _translations(
    headers: Iterable[str], renamed: Mapping[str, str], languages: Sequence[str]
) -> dict[str, str]:
    """The headers (keys) that translate a renamed one and the columns they feed:
    `Card Title_it` beside `Card Title` renamed to name feeds `name_it`."""
    found = {}
    for key in headers:
        translated = TRANSLATION.fullmatch(key)
        if key in renamed or translated is None:
            continue
        base, language = translated.groups()
        if base in renamed and language in languages:
            found[key] = f"{renamed[base]}_{language}"
    return found


def _renamed(
    table: Table,
    spec: DeckSpec,
    problems: list[Problem],
    place: Callable[[str, str], Problem],
    languages: Sequence[str] = (),
) -> dict[str, str]:
    """A header's key -> the column it feeds, as `rename:` says (and a renamed header's
    translation, `Card Title_it`, the renamed column's: `name_it`), and the count's other
    names (`Qty`, Squib's; `Quantity`, `Copies`) when no header feeds the count. A header that
    `rename:` or `ignore:` names and the file does not have is a problem."""
    renamed = {column_key(h): str(c) for h, c in spec.rename.items()}
    headers = {column_key(h): h for h in table.columns}
    renamed |= _translations(headers, renamed, languages)
    fed = {column_key(renamed.get(k, k)) for k in headers}
    if "count" not in fed:
        alias = next((k for k in headers if k in COUNT_HEADERS and k not in renamed), None)
        if alias is not None:
            renamed[alias] = "count"
    for key, named in (("rename", spec.rename), ("ignore", spec.ignore)):
        for wanted in named:  # a header the file does not have
            if column_key(wanted) not in headers:
                missing = f"no column {wanted!r} in {table.file}"
                problems.append(place(key, missing + did_you_mean(wanted, table.columns)))
    return renamed


def _at_header(table: Table, header: str, message: str) -> Problem:
    """A problem at a header's cell of the table."""
    file, line = table.place(table.header_line, header)
    return Problem(file, line, f"column '{header}'", message)


def _check_required(
    table: Table,
    spec: DeckSpec,
    game: GameColumns,
    source: dict[str, str],
    problems: list[Problem],
) -> None:
    """Each column a card needs has a header: the name, the kind (in a game of several kinds,
    unless the deck names its `card_kind:`) and every declared column not optional."""
    several = len(game.kinds) > 1 and spec.card_kind is None
    required = ["name"] + (["kind"] if several else [])
    required += [c for c, t in game.columns.items() if not t.endswith("?")]
    for column in required:
        if column not in source:
            file, line = table.place(table.header_line)
            hint = did_you_mean(column, table.columns)
            if column == "kind" and not hint:  # a deck of one kind, in a game of several
                hint = (
                    f" (the game has kinds {', '.join(game.kinds)}: a Kind column names "
                    "each card's; for a deck of one kind, card_kind: KIND in game.yaml)"
                )
            problems.append(Problem(file, line, f"column '{column}'", "missing column" + hint))


def _image_columns(
    table: Table,
    spec: DeckSpec,
    game: GameColumns,
    source: dict[str, str],
    problems: list[Problem],
    place: Callable[[str, str], Problem],
) -> list[str]:
    """The columns declared `image`, or the `art` that `image_from:` fills when none is; an
    `image_from:` naming no column of the file is a problem."""
    images = [c for c, t in game.columns.items() if t.rstrip("?") == "image"]
    if spec.image_from is None:
        return images
    if _image_source(source, spec.image_from) is None:
        missing = f"no column {spec.image_from!r} in {table.file}"
        problems.append(place("image_from", missing + did_you_mean(spec.image_from, table.columns)))
    return images or [IMPLICIT_IMAGE]


class _Rows:
    """Typing each row's cells into a Card."""

    def __init__(
        self,
        table: Table,
        game: GameColumns,
        header: _Header,
        folders: list[Folder],
        spec: DeckSpec,
        problems: list[Problem],
    ) -> None:
        self.table = table
        self.game = game
        self.header = header
        self.folders = folders
        self.spec = spec
        self.problems = problems
        self.icons: dict[str, str] = {}  # file stem -> file
        self.found: dict[str, str] = {}  # a name as written, casefolded -> file
        own = [f for f in folders[:1] if spec.images and f.relative != "."]
        self.icon_folders = [Folder.listed(game.folder, ICON_FOLDER), *own]
        beside = Path(spec.file).parent.as_posix()  # the deck file's folder, searched last
        self.beside = None
        if all(f.relative != beside for f in self.icon_folders):
            self.beside = Folder.listed(game.folder, beside)
            self.icon_folders.append(self.beside)
        marker = re.escape(spec.icon_marker) + r"([A-Za-z][\w-]*)" if spec.icon_marker else None
        names = sorted({n for n in game.written if n != slug(n)}, key=len, reverse=True)
        spelt = "".join(f"|{re.escape(n)}" for n in names)  # `:Sea Glass:` is sea-glass's
        written = f"(?i::({ICON_NAME}{spelt}):)"  # `:Coin:` is coin.png's too
        self.icon_pattern = re.compile(written + (f"|{marker}" if marker else ""))
        self.image_from = _image_source(header.source, spec.image_from)
        self.cells: SheetCells | None = None  # a workbook's: each card's place is a cell
        if table.sheet is not None:
            letters = {c: column_letters(table.columns.index(h)) for c, h in header.source.items()}
            self.cells = SheetCells(f"{table.file}:{table.sheet}", letters)
        self.typed: dict[str, Callable[[str, str, Bad], FieldValue]] = {
            "flag": _flag,
            "money": _money,
            "text": self._text,
            "image": self._image,
            "element": self._element,
            "symbols": self._symbols,
        }
        """How a cell of each type is read; the others are whole numbers (`int`, `1-5`)."""

    def card(self, line: int, row: dict[str, str]) -> Card | None:
        """The row's card, or None when a cell is wrong (each wrong cell noted)."""
        before = len(self.problems)
        values = {column: row[header] for column, header in self.header.source.items()}
        bad = self._complaint(line)
        name = values.get("name", "")
        if not name:
            bad("name", "expected a name, got nothing")
        elif len(name) > MAX_TEXT:
            bad("name", f"longer than {MAX_TEXT} characters")
        card_id = _card_id(name, values.get("id", ""), bad)
        count = _count(values["count"], bad) if "count" in values else 1
        kind = self._kind(values, bad)
        fields = self._fields(values, bad)
        spec = self.game.kinds.get(kind)
        if spec is not None:
            _kind_rules(spec, kind, values, fields, bad)
        if len(self.problems) > before:
            return None
        return Card(card_id, name, count, kind, fields, self.table.file, line, self.cells)

    def _complaint(self, line: int) -> Bad:
        """`bad(column, message)`: a problem at the row's cell of `column`."""

        def bad(column: str, message: str) -> None:
            header = self.header.source.get(column)
            file, at = self.table.place(line, header)
            self.problems.append(Problem(file, at, f"column '{header or column}'", message))

        return bad

    def _kind(self, values: dict[str, str], bad: Bad) -> str:
        """The card's kind: its Kind cell (in any case, or by the kind's label), else the
        deck's `card_kind:`, else the game's one kind."""
        kinds = self.game.kinds
        kind = values.get("kind", "")
        if not kind and self.spec.card_kind:
            kind = self.spec.card_kind
        elif not kind and "kind" not in values and len(kinds) == 1:
            kind = next(iter(kinds))
        if kinds and kind not in kinds:
            kind = _kind_named(kind, kinds) or kind
        if kinds and kind not in kinds:
            close = did_you_mean(slug(kind) or kind, list(kinds))
            joint = f"{close} " if close else "; "
            bad("kind", f"unknown kind {kind!r}{joint}expected one of {', '.join(kinds)}")
        return kind

    def _fields(self, values: dict[str, str], bad: Bad) -> dict[str, FieldValue]:
        """The declared and undeclared columns' cells typed; an image column `image_from:`
        fills takes the picture its column names."""
        fields: dict[str, FieldValue] = {}
        for column, type_text in self.game.columns.items():
            fields[column] = self._value(values.get(column, ""), type_text, column, bad)
        for column in self.header.undeclared:
            fields[column] = self._value(
                values.get(column, ""), undeclared_type(column, self.game.elements), column, bad
            )
        for column in self.header.image_columns:
            if fields.get(column) is None and self.image_from and values.get(self.image_from):
                fields[column] = self._image(values[self.image_from], self.image_from, bad)
        return fields

    def _value(self, text: str, type_text: str, column: str, bad: Bad) -> FieldValue:
        """A cell typed by its column's type (`int`, `text?`, `1-5`); an empty cell is None
        (a flag's False), wrong only in a column not optional."""
        optional = type_text.endswith("?")
        base = type_text.rstrip("?")
        if text == "":
            if not optional and not (base == "image" and self.image_from):
                bad(column, "expected a value, got nothing")
            return False if base == "flag" else None
        typed = self.typed.get(base)
        if typed is not None:
            return typed(text, column, bad)
        return _number(base, text, column, bad)

    def _text(self, text: str, column: str, bad: Bad) -> str:
        if len(text) > MAX_TEXT:
            bad(column, f"longer than {MAX_TEXT} characters")
        return self._icons(text, column, bad)

    def _element(self, text: str, column: str, bad: Bad) -> str:
        """An element as game.yaml writes it (`Ceres Union`), or its id in any case."""
        elements = self.game.elements
        if text not in elements and slug(text) in elements:
            return slug(text)
        if text not in elements:
            written = {slug(w): w for w in self.game.written}  # `Föhn` for fohn
            expected = (
                ", ".join(written.get(e, e) for e in elements) or "none (the game has no elements)"
            )
            word = slug(text) or text
            # a short suit's one-letter slip (`sum` for `sun`, 0.67) is named; a longer word
            # needs more in common (`aether` is 0.73 from `water`, and no slip of it)
            cutoff = 0.6 if len(word) <= 4 else 0.75
            close = difflib.get_close_matches(word, elements, n=1, cutoff=cutoff)
            joint = f"; did you mean {written.get(close[0], close[0])!r}? " if close else "; "
            bad(column, f"unknown element {text!r}{joint}expected one of {expected}")
        return text

    def _symbols(self, text: str, column: str, bad: Bad) -> tuple[str, ...]:
        parts = tuple(text.split("-"))
        for part in parts:
            if part not in self.game.symbols:
                bad(
                    column,
                    f"unknown symbol {part!r}; expected one of {', '.join(self.game.symbols)}",
                )
        return parts

    def _image(self, text: str, column: str, bad: Bad) -> str | None:
        found, why = find_image(text, self.folders)
        if found is None:
            bad(column, why)
        return found

    def _icons(self, text: str, column: str, bad: Bad) -> str:
        """Text with each icon written `:name:`, the name of the file it resolves to.

        A marker (`@coin`) must resolve; a `:name:` that names no file here is left as it is
        for the card design, which also knows the shared icons (and checks them)."""

        def one(match: re.Match[str]) -> str:
            groups = match.groups()  # (:name:) or (:name:, marker name)
            written = next(g for g in groups if g)
            suit = slug(written)
            name = suit if suit in self.game.elements else written
            found = self.found.get(name.casefold()) or find_icon(name, self._icon_folders(name))
            if found is None:
                if name.casefold() in self.game.elements or name.casefold() in self.game.symbols:
                    return f":{name.casefold()}:"
                if groups[-1] is None or len(groups) == 1:
                    # the design names the icons it knows (shared ones too) and checks them
                    lower = name.lower()
                    return f":{lower}:" if _ICON_WORD.fullmatch(lower) else match.group(0)
                searched = ", ".join(f.shown for f in self.icon_folders)
                marker = match.group(0)[: -len(written)]
                close = did_you_mean(
                    match.group(0), [marker + p.stem for f in self.icon_folders for p in f.files]
                )
                bad(
                    column,
                    f"unknown icon {match.group(0)!r}: no {name}.png or .svg in {searched}{close}",
                )
                return match.group(0)
            key = Path(found).stem.lower()  # `:coin:` for Coin.png, as text names icons
            self.found[name.casefold()] = found
            self.icons[key] = found
            return f":{key}:"

        return self.icon_pattern.sub(one, text)

    def _icon_folders(self, name: str) -> list[Folder]:
        """Where an icon is looked for: `icons/`, the deck's images folder, then the folder of
        the deck file itself (`@coin` is `coin.png` beside `cards.csv`: issue 36, trap 6),
        but not for an element or symbol of the game, whose icon is the shared one unless
        `icons/` has its own (a card's art beside the file is no suit's icon)."""
        if name.casefold() in self.game.elements or name.casefold() in self.game.symbols:
            return [f for f in self.icon_folders if f is not self.beside]
        return self.icon_folders


Bad = Callable[[str, str], None]
"""`bad(column, message)`: a problem at a row's cell of `column`."""


def _card_id(name: str, written: str, bad: Bad) -> str:
    """The card's id: its id cell, or one made from its name (`Fire 3` is fire-3)."""
    card_id = written
    if not card_id and name:
        card_id = slug(name) or unwritten_slug(name)
        if not card_id:
            bad("name", f"cannot make an id from {name!r}: add an id column")
    elif card_id and not is_id(card_id):  # no name and no id: the name's message says it
        made = slug(card_id)
        close = f"; did you mean {made!r}?" if made else ""
        bad("id", f"expected a lowercase id (letters, digits, -), got {card_id!r}{close}")
    if card_id and (why := card_id_problem(card_id)) is not None:
        bad("id", why)
    return card_id


def _kind_rules(
    spec: KindSpec, kind: str, values: dict[str, str], fields: dict[str, FieldValue], bad: Bad
) -> None:
    """What the card's kind requires, forbids and fixes of its columns."""
    for column in spec.requires:
        if fields.get(column) is None and values.get(column, "") == "":
            bad(column, f"a {kind} card needs a value here")
    for column in spec.forbids:
        if values.get(column, ""):
            bad(column, f"a {kind} card has no {column}; leave it empty")
    for column, expected in spec.fixed.items():
        if fields.get(column) is not None and fields[column] != expected:
            bad(column, f"a {kind} card has {column} {expected}, got {fields[column]}")


def _flag(text: str, column: str, bad: Bad) -> bool | None:
    flag = flag_value(text)
    if flag is None:
        bad(column, f"expected {WORDS}, got {_short(text)}")
    return flag


def _money(text: str, column: str, bad: Bad) -> str:
    if not is_amount(text):
        bad(column, f"expected an amount of money ($3, 2.50 €), got {_short(text)}")
    return text


def _number(base: str, text: str, column: str, bad: Bad) -> int | None:
    """A whole number (`int`), or one in a range (`1-5`); `$3` reads as 3, as a sheet's
    money is written in its CSV export."""
    number = whole_number(text)
    if number is None:
        number = whole_amount(text)
    if base == "int":
        if number is None:
            bad(column, f"expected a whole number, got {_short(text)}")
        return number
    match = INT_RANGE.match(base)
    assert match, base
    low, high = int(match.group(1)), int(match.group(2))
    if number is None:
        bad(column, f"expected a whole number from {low} to {high}, got {_short(text)}")
        return None
    if not low <= number <= high:
        bad(column, f"expected a whole number from {low} to {high}, got {number}")
    return number


def _bookkeeping(header: str) -> bool:
    """An export's own bookkeeping column (`METADATA`), not card data."""
    return column_key(header) in METADATA or header.strip() == "#"


def _image_source(source: dict[str, str], image_from: str | None) -> str | None:
    """The column `image_from:` names, by its column name or by the file's header."""
    if image_from is None:
        return None
    wanted = column_key(image_from)
    return next(
        (c for c, h in source.items() if wanted in (column_key(c), column_key(h))),
        None,
    )


def whole_number(text: str) -> int | None:
    """A cell's whole number (`3`, `-2`, `3.0`), or None when it holds anything else."""
    whole = _WHOLE.fullmatch(text)
    return int(whole.group(1)) if whole else None


def _count(text: str, bad: Bad) -> int:
    if not (whole := _WHOLE.fullmatch(text)):
        bad("count", f"expected a whole number, got {_short(text)}")
        return 0
    value = int(whole.group(1))
    if value < 0:
        bad("count", f"expected a whole number of copies (0 or more), got {value}")
    elif value > MAX_COUNT:
        bad("count", f"{value} copies of one card is over the limit of {MAX_COUNT}")
    return value


def _short(text: str, most: int = 40) -> str:
    """A cell's text for a message, cut short when it is long."""
    return repr(text) if len(text) <= most else f"{text[:most]!r}... ({len(text)} characters)"
