"""A card design as data: read `design.yaml` (the shared default in `templates/common/`, then
the game's own next to `game.yaml`, merged box by box), check it, and keep where each value
was written so every mistake names its file and line.

```yaml
min_size: 6pt          # no card text smaller; text that does not fit is reported by validate
clearance: 1mm         # text and icons keep this far from the edges of shapes round them
strict: false          # true: text that does not fit is an error, not a warning
language: en           # hyphenation dictionary
suit: colour           # the column whose value picks the colours and the suit icon
fonts: {body: {file: fonts/Face.ttf, bold: fonts/Face-Bold.ttf}, title: {family: Lato Black}}
palette: {colours: {paper: "#fffaf0"}, suits: {silk: {fill: "#9b4dca"}}}
front:
  boxes:               # drawn in this order; every box: anchor, left/top/right/bottom/width/height
    title: {text: "{{ name }}", top: 0, height: 14%, size: 11pt, font: title, lines: 2}
    art:   {image: "{{ art }}", top: 20%, height: 38%, fit: cover}
kinds:                 # per-kind variants, merged over `front.boxes` (null removes a box)
  event: {boxes: {art: null, text: {top: 20%}}}
back: {boxes: {...}}   # the default back of every deck
decks: {patrons: {back: {colour: "#2b4162", title: Patrons}}}
words: {fire: Fuoco}   # say(word) in a box prints the word's entry here (the word if none)
```

Faces in another language (`build --lang it`) also read `design.it.yaml` next to `design.yaml`,
merged over it: the design's own words (labels, `words:`) in that language; each column X
then reads from X_it where the card has one.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import jinja2
from jinja2 import meta

from printgen.errors import DataError, Problem, display_path
from printgen.layout.units import length
from printgen.model.assets import close_file
from printgen.model.decks import column_named, slug
from printgen.model.design_keys import (
    BACK,
    BOX_OPTIONS,
    CONTENT,
    DESIGN_KEYS,
    FONT,
    PALETTE_KEYS,
    PLACE_OPTIONS,
)
from printgen.model.sandbox import Sandbox
from printgen.model.schema import Key, did_you_mean, well_typed
from printgen.model.sources import Located, load_yaml_value
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.render.faces.boardbox import problems_of
from printgen.render.faces.clearance import DEFAULT_CLEARANCE_MM
from printgen.render.faces.colours import TONES, DesignPalette, is_colour
from printgen.render.faces.geometry import EDGES, letter_spacing
from printgen.render.faces.palette import shared_palette
from printgen.render.text.markup import quoted
from printgen.render.text.shaping import feature_list

DESIGN_FILE = "design.yaml"
PALETTE_FILE = "palette.yaml"

ROLES = ("suit", "art", "value", "flavour")
"""The columns a design may name at its top (`suit: wind`): what the default design reads."""
COMMON_KEYS = set(PLACE_OPTIONS)
BOX_KEYS: dict[str, set[str]] = {what: set(BOX_OPTIONS[what]) for what in CONTENT}
"""Each box content and its options, as design.yaml is declared (model/design_keys.py)."""
NEEDS_ONE = f"needs exactly one of {', '.join(BOX_KEYS)}"
TOP_KEYS = set(DESIGN_KEYS)
DEFAULT_CORNER_RADIUS_MM = 3.0
MAX_CORNER_RADIUS_MM = 20.0
"""The keys that are true or false."""
MAX_BOXES = 200
"""The most boxes one side of a card or piece draws: the default design has 16, a busy card
40. Each box is checked against the others it meets, so a design.yaml of 1,000 boxes (44 KB)
took validate 51 s and 2 GB; more than this is refused, naming the section."""
FONT_KEYS = set(FONT.keys or ())
BACK_KEYS = set(BACK.keys or ())
FONT_SUFFIXES = (".ttf", ".otf")
DEFAULT_ROLES = ("body", "title")
"""The font roles the default design has: `{features: smcp}` alone keeps their family."""
"""A `line` runs along the middle of its box, the long way (a fold line: `dash: 1.5mm`)."""
PIECE_BASES = tuple(DESIGN_KEYS["shapes"].keys or ())
"""The default designs for pieces of other shapes than cards (`shapes:`): a deck of circles,
of flat-top or corner-up hexagons, and a die's face labels. A deck of rectangles (of its own
size, or cards whose rows have their own backs) starts from the game's card design
(`CARD_BASE`: `front:` and `back:`; the kinds' variants are the cards' alone)."""
CARD_BASE = "card"
SIDES = ("front", "back")


MIN_PT = 6
TOO_SMALL = f"cards need text of at least {MIN_PT}pt"
"""The smallest card text a design may ask for, the design's `min_size:` or a box's alike."""

PLACE_KEYS = ("anchor", "left", "right", "width", "top", "bottom", "height")
"""The keys that place a box."""


@dataclass(frozen=True)
class Value:
    """A value of the design and where it was written."""

    value: object
    where: str  # file:line


def mapping_of(value: object, what: str) -> dict[object, object]:
    """`value` as the mapping design.yaml's schema checked it is (empty for none)."""
    value = value or {}
    if not isinstance(value, dict):
        raise TypeError(f"{what}: expected a mapping, got {value!r}")
    return value


@dataclass
class Box:
    name: str
    what: str  # text | image | icon | shape | component
    values: dict[str, Value]
    shared: str = ""
    """The shared default design's file as messages name it (`templates/common/design.yaml`):
    a line there is printgen's, not the designer's, and is named only when no line of the
    game's own design file says anything of the box."""

    left_out: bool = False
    """A value of it was of the wrong declared type and left out (reported where design.yaml
    was read): a check of the whole, such as a grid's, would only repeat that mistake."""
    _place_where: str | None = field(default=None, init=False, repr=False, compare=False)

    def get(self, key: str, default: object = None) -> object:
        item = self.values.get(key)
        return default if item is None else item.value

    def number(self, key: str, default: float) -> float:
        """A number the box gives at `key` (an opacity, a leading, a count of lines; spec.py
        checked its type), or `default`."""
        value = self.get(key, default)
        if not isinstance(value, (int, float, str)):
            raise TypeError(f"box {self.name}.{key}: expected a number, got {value!r}")
        return float(value)

    def mapping(self, key: str) -> dict[object, object]:
        """The mapping the box gives at `key` (a component's `with:`, a grid's `labels:`),
        empty without one."""
        return mapping_of(self.get(key), f"box {self.name}.{key}")

    def sequence(self, key: str) -> list[object]:
        """The list the box gives at `key` (a grid's `cells:` rules), empty without one."""
        value = self.get(key) or []
        if not isinstance(value, list):
            raise TypeError(f"box {self.name}.{key}: expected a list, got {value!r}")
        return value

    def where(self, key: str | None = None) -> str:
        item = self.values.get(key or self.what) or next(iter(self.values.values()))
        return item.where

    def by_default(self, where: str) -> bool:
        """Whether `where` is a line of the shared default design."""
        return bool(self.shared) and where.startswith(self.shared + ":")

    def where_set(self, *keys: str) -> str:
        """The designer's line for what `keys` set: the first of them the game's own design
        wrote, else its line that names the box (a default box restyled), else the default
        design's line of the first. A message about a merged box names the file the designer
        wrote, not printgen's default that it changed."""
        lines = [self.values[k].where for k in keys if k in self.values]
        own = [w for w in lines if not self.by_default(w)]
        if own:
            return own[0]
        named = [v.where for v in self.values.values() if not self.by_default(v.where)]
        return named[0] if named else (lines[0] if lines else self.where())

    def place_where(self) -> str:
        """Where the box's place was set: a game's design that moved a default box
        (`text: {bottom: 17mm}`) is named, not the default's line it moved. Found once (every
        face asks it of every box it draws, some 3,600 times a pass over the card games):
        a box's values and `shared` are set when its design is read, before any face."""
        if self._place_where is None:
            self._place_where = self.where_set(*PLACE_KEYS)
        return self._place_where

    def place_named(self) -> str:
        """`place_where` for a message that names the box beside another box's line: a box
        the game's design never mentions is "the default design's", not a line of printgen's
        file the designer did not write."""
        where = self.place_where()
        return "the default design's" if self.by_default(where) else where

    def placed_by_default(self) -> bool:
        """Whether the game's design left the box where the default design put it."""
        return not any(
            not self.by_default(self.values[k].where) for k in PLACE_KEYS if k in self.values
        )

    @property
    def source(self) -> str:
        return str(self.get(self.what, ""))


@dataclass(frozen=True)
class FontSpec:
    role: str
    family: str | None
    files: dict[str, Path]  # regular | bold | italic | bold_italic -> file in the game folder
    where: str
    features: tuple[tuple[str, int], ...] = ()
    """OpenType features every text in this font is shaped with (`features: "smcp"`)."""


@dataclass
class Design:
    files: list[Path]
    min_size: float  # mm
    strict: bool
    language: str
    roles: dict[str, Value]  # suit / art / value -> column
    fonts: dict[str, FontSpec]
    palette: DesignPalette
    front: list[Box]
    kinds: dict[str, list[Box]]
    back: list[Box]
    decks: dict[str, dict[str, Value]]
    words: dict[str, str] = field(default_factory=dict)  # `say(word)` in a box: its translation
    parts: dict[str, list[Box]] = field(default_factory=dict)
    """Each part's boxes (`parts: {NAME: {boxes: ...}}`), drawn on a face the part's size."""
    problems: list[Problem] = field(default_factory=list)
    named: dict[str, dict[str, str]] = field(default_factory=dict)
    """Where the game's own design files name a kind, a deck and a palette suit (section ->
    name -> file:line), for the check that each names one of the game's (a misspelt name was
    silently ignored)."""
    bases: set[str] = field(default_factory=set)
    """Kinds named only as another kind's `like:` base: layouts, not kinds of the game."""
    pieces: PieceLayers = field(default_factory=lambda: PieceLayers({}, {}))
    """Where each deck of pieces takes its boxes from (`piece_boxes` merges them)."""
    corner_radius: float = DEFAULT_CORNER_RADIUS_MM
    """The cards' corner radius, mm: what a cutting machine's contour rounds (issue 33)."""
    clearance: float = DEFAULT_CLEARANCE_MM
    """mm a text or icon keeps from the edge of a shape round it (`clearance:`)."""
    stamp: list[Box] = field(default_factory=list)
    """The version stamp's box (`stamp:`, one box or none): every front that has no box of
    its own named `stamp` gets it, when the game has a `version:` (printgen.model.stamp)."""
    tuck_qr: list[Box] = field(default_factory=list)
    """The box of game.yaml's `url:` QR code on a tuck box's back panel (`tuck_qr:`, one box,
    named `qr`, or none), placed in that panel's safe zone (printgen.render.parts.tuck)."""

    def words_of(self, word: object) -> str:
        """`say(word)` in a box: the word in the faces' language (`words:`), else as given."""
        return self.words.get(str(word), str(word))

    def boxes_for(self, kind: str) -> list[Box]:
        return self.kinds.get(kind, self.front)

    def piece_boxes(self, base: str, side: str, deck: str) -> list[Box]:
        """The boxes of one side of a deck of pieces: the default design of its `base`
        (`PIECE_BASES`, or `CARD_BASE` for rectangles), the game's `shapes:` for it, then the
        deck's own (`decks: {DECK: {front: ..., back: {boxes: ...}}}`), merged box by box.
        A mistake in them is a DataError naming its line."""
        key = (base, side, deck)
        if key not in self.pieces.merged:
            self.pieces.merged[key] = self.pieces.boxes(base, side, deck, set(self.fonts))
        return self.pieces.merged[key]


Docs = list[tuple[YamlMapping, Located]]
"""The design files, each a mapping, in merging order (the shared default first)."""
Layers = list[tuple[YamlValue, Located]]
"""One section of each design file (its `front:`, a kind's variant), narrowed as read."""


@dataclass
class PieceLayers:
    """The design sections a deck of pieces is drawn from, read but not yet merged: the
    default of each base (`PIECE_BASES` and `CARD_BASE`) and each deck's own, by side."""

    bases: dict[str, dict[str, Layers]]
    decks: dict[str, dict[str, Layers]]
    shared: str = ""
    merged: dict[tuple[str, str, str], list[Box]] = field(default_factory=dict)

    def boxes(self, base: str, side: str, deck: str, fonts: set[str]) -> list[Box]:
        reader = _Reader()
        layers = [*self.bases.get(base, {}).get(side, []), *self.decks.get(deck, {}).get(side, [])]
        boxes = _merge_boxes(reader, layers)
        for box in boxes:
            box.shared = self.shared
            _check_box(reader, box, fonts)
        if reader.problems:
            raise DataError(list(dict.fromkeys(reader.problems)))
        return boxes


def suit_id(name: object) -> str:
    """A palette's suit key as the suit's id: `Ceres Union` is ceres-union, as game.yaml's
    elements are read (a key already written as an id is kept as it is)."""
    text = str(name)
    return slug(text) if text != text.lower() or " " in text else text


def _where(loc: Located, key: object) -> str:
    return f"{loc.file}:{loc.line_of(key)}"


@dataclass(frozen=True)
class _Names:
    """The colour names a palette entry may use besides #rrggbb: the shared palette's, and for
    a suit's tones the game's own `colours` too."""

    shared: tuple[str, ...]
    own: tuple[str, ...] = ()

    def problem(self, value: object) -> str | None:
        """None for a colour this palette knows; else what to write instead."""
        if is_colour(value) or (isinstance(value, str) and value in (*self.own, *self.shared)):
            return None
        game = f"the game's: {', '.join(self.own)}; " if self.own else ""
        close = did_you_mean(str(value), (*self.own, *self.shared))
        return (
            f"expected #rrggbb or a palette colour ({game}the shared: {', '.join(self.shared)}), "
            f"got {value!r}{close}"
        )


def _check_tones(reader: _Reader, suits: YamlMapping, loc: Located, names: _Names) -> None:
    """Each suit's colours: one colour, or a mapping of tones (fill, dark, light, ink) with at
    least its `fill`; every colour #rrggbb or a palette colour's name."""
    shape = "expected a colour such as '#5e320f', or {fill: '#5e320f', dark: ..., light: ...}"
    for name, spec in suits.items():
        where, field_name = _where(loc, name), f"palette.suits.{name}"
        if isinstance(spec, str):
            wrong = names.problem(spec)
            if wrong:
                reader.bad(where, field_name, wrong)
            continue
        if not isinstance(spec, dict) or "fill" not in spec:
            reader.bad(where, field_name, shape)
            continue
        for tone, colour in spec.items():
            if tone not in TONES:
                reader.bad(where, f"{field_name}.{tone}", _unknown("tone", str(tone), TONES))
            elif wrong := names.problem(colour):
                reader.bad(where, f"{field_name}.{tone}", wrong)


def _check_colours(reader: _Reader, colours: YamlMapping, loc: Located, names: _Names) -> None:
    """The palette's named colours, each #rrggbb or one of the shared palette's colours."""
    shared = _Names(names.shared)
    for name, colour in colours.items():
        wrong = shared.problem(colour)
        if wrong:
            reader.bad(_where(loc, name), f"palette.colours.{name}", wrong)


PALETTE_GROUPS = ("colours", "suits", "elements")
"""What a palette holds: named colours, and a suit's tones (`elements:`, the shared file's)."""


def _check_palette_keys(reader: _Reader, section: YamlMapping, loc: Located) -> None:
    """A palette key that is none of PALETTE_GROUPS: a suit written straight under
    `palette:` (`Zephir: {fill: ...}`) was silently left out, and the suit printed in a
    colour of the set."""
    for key in section:
        if str(key) not in PALETTE_GROUPS:
            reader.bad(
                _where(loc, key),
                f"palette.{key}",
                _unknown("key", str(key), PALETTE_GROUPS)
                + "; a suit's colours go under suits: (suits: {silk: {fill: ...}}), a named "
                "colour under colours:",
            )


def _unknown(what: str, word: str, choices: Iterable[str]) -> str:
    """`unknown key; did you mean 'palette'? (expected one of ...)`."""
    listed = ", ".join(sorted(choices)) if isinstance(choices, set) else ", ".join(choices)
    return f"unknown {what}{did_you_mean(word, choices)} (expected one of {listed})"


class _Reader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, where: str, field_name: str, message: str) -> None:
        self.problems.append(Problem.at(where, field_name, message))


DESIGNS_KEPT = 8
_designs: dict[tuple[Hashable, ...], Design] = {}
"""Designs read in this process, by everything they are read from (see `load_design`)."""
MAX_KEYED_BYTES = 1_000_000
"""A design file larger than this is not kept by its bytes: the guarded reader refuses it."""


def load_design(
    folder: Path,
    templates: Path,
    columns: list[str],
    language: str | None = None,
    headers: dict[str, str] | None = None,
    keep_going: bool = False,
    first_language: str = "en",
) -> Design:
    """The design of the game in `folder`: the shared default merged with the game's own
    `design.yaml` (and `palette.yaml`), and for faces in another `language` its
    `design.<language>.yaml` (the words the design itself prints, such as a label, in that
    language); `first_language`, the game's first, hyphenates the faces in it. A DataError
    lists every mistake with its place; with `keep_going`, the design is given with its
    mistakes in `problems` and without the boxes they are in, so validate can draw the rest
    and name their mistakes too, in the same run.

    A process that makes several pieces of one game's cards (or checks, then draws) reads and
    checks its design once: the design read before from the same files, byte for byte, with
    the same columns, is given again, while every font file it names is still there.
    `headers` (a deck's header -> its column) let a role name a column by its file's header
    (`value: Frequency` for a deck that renames Frequency to count)."""
    headers = headers or {}
    named = [f"{h}\0{c}" for h, c in sorted(headers.items())]  # the design cache keys on them
    key = _design_key(folder, templates, [*columns, *named, f"\0{first_language}"], language)
    kept = _designs.get(key) if key is not None else None
    if kept is not None and all(
        path.is_file() for font in kept.fonts.values() for path in font.files.values()
    ):
        return kept
    design = _read_design(folder, templates, columns, language, headers, first_language)
    if design.problems and not keep_going:
        raise DataError(design.problems)
    if key is not None and not design.problems:  # a missing font file may come: read again
        while len(_designs) >= DESIGNS_KEPT:
            del _designs[next(iter(_designs))]
        _designs[key] = design
    return design


def _design_key(
    folder: Path, templates: Path, columns: list[str], language: str | None
) -> tuple[Hashable, ...] | None:
    """What a design is read from: its files' bytes (None for a missing one), the columns and
    the working folder (its messages name files relative to it); None when a file is not a
    plain file of a sensible size (the reader then says why)."""
    key: list[Hashable] = [os.getcwd(), str(folder), str(templates), tuple(columns), language]
    files = [templates / "common" / DESIGN_FILE, folder / DESIGN_FILE, folder / PALETTE_FILE]
    if language:
        files.append(folder / f"design.{language}.yaml")
    for path in files:
        try:
            status = os.lstat(path)
        except FileNotFoundError:
            key.append(None)
            continue
        except OSError:
            return None
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_KEYED_BYTES:
            return None
        with open(path, "rb") as handle:
            key.append(handle.read(MAX_KEYED_BYTES + 1))
    return tuple(key)


def _read_design(
    folder: Path,
    templates: Path,
    columns: list[str],
    language: str | None,
    headers: dict[str, str] | None = None,
    first_language: str = "en",
) -> Design:
    """Read every design file, then each declared section in turn (its checks append to one
    reader, in this order, so the messages come as before the split)."""
    reader = _Reader()
    files, layers = _design_layers(reader, folder, templates, language)
    shared = display_path(files[0])
    own_layers = [(d, lc) for d, lc in layers if lc.file != shared]
    top = _top_values(reader, layers)
    min_size = _min_size(reader, top.get("min_size"))
    fonts: dict[str, FontSpec] = {}
    for doc, loc in layers:
        fonts.update(_fonts(reader, doc.get("fonts"), loc.child("fonts"), folder))
    named: dict[str, dict[str, str]] = {"kinds": {}, "decks": {}, "suits": {}, "parts": {}}
    palette = _palette(reader, folder, own_layers, named["suits"])
    front = _merge_boxes(reader, [(d.get("front"), lc.child("front")) for d, lc in layers])
    kind_docs = _kind_docs(layers)
    _name_sections(own_layers, named)
    kinds, bases = _kinds(reader, layers, kind_docs)
    back = _merge_boxes(reader, [(d.get("back"), lc.child("back")) for d, lc in layers])
    stamp = _one_box(reader, layers, "stamp", "stamp")
    tuck_qr = _one_box(reader, layers, "tuck_qr", "qr")
    decks = _deck_backs(reader, layers)
    pieces = _piece_layers(reader, layers)
    words = _words(reader, layers)
    parts = _parts(reader, own_layers, named["parts"])
    design = Design(
        files=files,
        min_size=min_size,
        strict=bool(top["strict"].value) if "strict" in top else False,
        language=_language(top, language, folder, first_language, shared),
        roles={k: top[k] for k in ROLES if k in top},
        fonts=fonts,
        palette=palette,
        front=front,
        kinds=kinds,
        back=back,
        decks=decks,
        words=words,
        parts=parts,
        named=named,
        bases=bases,
        pieces=pieces,
        corner_radius=_corner_radius(reader, top.get("corner_radius")),
        clearance=_clearance(reader, top.get("clearance")),
        stamp=stamp,
        tuck_qr=tuck_qr,
    )
    _resolve_roles(reader, design, columns, headers or {})
    pieces.shared = shared
    broken = _checked_boxes(reader, design, shared)
    design.problems = reader.problems
    return without(design, broken) if broken else design


def _one_box(reader: _Reader, layers: Docs, key: str, name: str) -> list[Box]:
    """A top-level key that is one box (`stamp:`, `tuck_qr:`), merged over the layers as a box
    named `name`; `key: null` in a game's design leaves none (no stamp, no QR code)."""
    return _merge_boxes(reader, [({"boxes": {name: d[key]}}, lc) for d, lc in layers if key in d])


DESIGN = Key(False, dict, "a design", keys=DESIGN_KEYS)
"""design.yaml as declared: the reader keeps only values of the declared types."""
PALETTE = Key(False, dict, "a palette", keys=PALETTE_KEYS)


def _design_layers(
    reader: _Reader, folder: Path, templates: Path, language: str | None
) -> tuple[list[Path], Docs]:
    """The design files read, in merging order (the shared default, the game's design.yaml,
    its design.LANG.yaml), each with its unknown top keys and every value not of its
    declared type, range or choices reported at its line (and left out)."""
    layers: Docs = []
    files = [templates / "common" / DESIGN_FILE]
    names = [DESIGN_FILE, *([f"design.{language}.yaml"] if language else [])]
    for name in names:
        own = folder / name
        if os.path.lexists(own):  # a FIFO or a link out is refused by the reader, not skipped
            files.append(own)
    for path in files:
        doc, loc = load_yaml_value(path)
        if doc is None:
            continue
        if not isinstance(doc, dict):
            raise DataError([Problem(display_path(path), 1, "", "expected a mapping")])
        for key in doc:
            if key not in TOP_KEYS:
                reader.bad(_where(loc, key), str(key), _unknown("key", str(key), TOP_KEYS))
        kept, wrong = well_typed(doc, loc, DESIGN)
        reader.problems += wrong
        if isinstance(kept, dict):  # as `doc` is: well_typed only leaves values out
            layers.append((kept, loc))
    return files, layers


def _top_values(reader: _Reader, layers: Docs) -> dict[str, Value]:
    """design.yaml's single values at its top, the last file's winning."""
    top: dict[str, Value] = {}
    for doc, loc in layers:
        for key in ("min_size", "clearance", "strict", "language", "corner_radius", *ROLES):
            if key in doc:
                top[key] = Value(doc[key], _where(loc, key))
    return top


def _palette(
    reader: _Reader, folder: Path, own_layers: Docs, suits: dict[str, str]
) -> DesignPalette:
    """The game's palette: its palette.yaml, then each own design file's `palette:`, each
    colour checked; `suits` gets each suit's line (a suit as game.yaml writes it: Ceres
    Union)."""
    palette: DesignPalette = {"colours": {}, "suits": {}}
    palette_layers = list(own_layers)
    palette_file = folder / PALETTE_FILE
    if os.path.lexists(palette_file):
        pdoc, ploc = load_yaml_value(palette_file)
        if isinstance(pdoc, dict):
            pdoc, wrong = well_typed(pdoc, ploc, PALETTE)
            reader.problems += wrong
            palette_layers.insert(
                0, ({"palette": pdoc}, Located(ploc.file, 1, {"palette": 1}, {"palette": ploc}))
            )
    groups: list[tuple[str, YamlMapping, Located]] = []
    for doc, loc in palette_layers:
        section = doc.get("palette")
        if not isinstance(section, dict):
            continue
        _check_palette_keys(reader, section, loc.child("palette"))
        for group in PALETTE_GROUPS:
            written = section.get(group)
            if isinstance(written, dict):
                gloc = loc.child("palette").child(group)
                groups.append((group, written, gloc))
                entries = dict(written)
                if group != "colours":
                    entries = {suit_id(k): v for k, v in entries.items()}
                    suits.update({suit_id(k): _where(gloc, k) for k in written})
                (palette["colours"] if group == "colours" else palette["suits"]).update(entries)
    known = _Names(tuple(shared_palette().colours), tuple(str(k) for k in palette["colours"]))
    for group, section, gloc in groups:
        check = _check_colours if group == "colours" else _check_tones
        check(reader, section, gloc, known)
    return palette


def _section(doc: YamlMapping, key: str) -> YamlMapping:
    """A section of a design file that DESIGN declares a mapping (`kinds:`, `decks:`): a
    mapping, as well_typed has left out any other value, or empty when absent."""
    value = doc.get(key)
    return value if isinstance(value, dict) else {}


def _kind_docs(layers: Docs) -> dict[str, Layers]:
    """Each kind's variants, from every design file in order."""
    kind_docs: dict[str, Layers] = {}
    for doc, loc in layers:
        for kind, variant in _section(doc, "kinds").items():
            kind_docs.setdefault(str(kind), []).append((variant, loc.child("kinds").child(kind)))
    return kind_docs


def _name_sections(own_layers: Docs, named: dict[str, dict[str, str]]) -> None:
    """Where the game's own design first names each kind, deck and part."""
    for doc, loc in own_layers:
        for section in ("kinds", "decks", "parts"):
            for name in _section(doc, section):
                named[section].setdefault(str(name), _where(loc.child(section), name))


def _kinds(
    reader: _Reader, layers: Docs, kind_docs: dict[str, Layers]
) -> tuple[dict[str, list[Box]], set[str]]:
    """Each kind's boxes: `front:` merged with its variants; `like: KIND` starts from an
    earlier kind's, `inherit: false` from no boxes. Also the kinds others start from."""
    kinds: dict[str, list[Box]] = {}
    kind_layers: dict[str, Layers] = {}
    bases: set[str] = set()
    for kind, variants in kind_docs.items():
        base = [(d.get("front"), lc.child("front")) for d, lc in layers]
        mine: Layers = []
        for variant, lc in variants:
            if not isinstance(variant, dict):
                mine.append((variant, lc))
                continue
            if variant.get("inherit") is False:
                base, mine = [], []
            like = variant.get("like")
            if like is not None:
                bases.add(str(like))
                if str(like) not in kind_layers:
                    reader.bad(
                        _where(lc, "like"),
                        f"kinds.{kind}.like",
                        f"no earlier kind {like!r} to start from",
                    )
                else:
                    base, mine = kind_layers[str(like)], []
            mine.append(({k: v for k, v in variant.items() if k not in ("inherit", "like")}, lc))
        kind_layers[kind] = base + mine
        kinds[kind] = _merge_boxes(reader, base + mine)
    return kinds, bases


def _words(reader: _Reader, layers: Docs) -> dict[str, str]:
    """`words:` of every design file: what say(word) prints."""
    words: dict[str, str] = {}
    for doc, loc in layers:
        section = doc.get("words")
        if section is None:
            continue
        if isinstance(section, dict) and all(
            isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in section.values()
        ):
            words.update({str(k): str(v) for k, v in section.items()})
        else:
            reader.bad(_where(loc, "words"), "words", "expected {word: its translation, ...}")
    return words


def _parts(reader: _Reader, own_layers: Docs, names: Iterable[str]) -> dict[str, list[Box]]:
    """Each part's boxes, from the game's own design files (the default design has none)."""
    return {
        name: _merge_boxes(
            reader,
            [
                (_section(d, "parts").get(name), lc.child("parts").child(name))
                for d, lc in own_layers
            ],
        )
        for name in names
    }


def _resolve_roles(
    reader: _Reader, design: Design, columns: list[str], headers: dict[str, str]
) -> None:
    """Each role (`suit: Colour`) as the cards' column it names, as game.yaml's headers are
    matched, or by a deck's file header renamed (`value: Frequency`)."""
    for name, role in design.roles.items():
        if role.value is None:
            continue
        column = column_named(str(role.value), columns)
        header = column_named(str(role.value), headers)
        if column is None and header is not None:
            column = headers[header]
        if column is None:
            reader.bad(
                role.where,
                name,
                f"unknown column {role.value!r}{did_you_mean(str(role.value), columns)} "
                f"(the cards have {', '.join(columns)})",
            )
        else:
            design.roles[name] = Value(column, role.where)


def _checked_boxes(reader: _Reader, design: Design, shared: str) -> set[int]:
    """Check every box of the cards and parts; the ids of those with a mistake."""
    broken: set[int] = set()
    every = [design.front, *design.kinds.values(), design.back, *design.parts.values()]
    for boxes in [*every, design.stamp, design.tuck_qr]:
        for box in boxes:
            box.shared = shared
            before = len(reader.problems)
            _check_box(reader, box, set(design.fonts))
            if len(reader.problems) > before:
                broken.add(id(box))
    return broken


DECK_SHAPE = (
    "expected {front: {boxes: ...}, back: {boxes: ...} | {image: FILE} | {template: FILE} | "
    "{colour: C, title: T}}"
)


def _deck_backs(reader: _Reader, layers: Docs) -> dict[str, dict[str, Value]]:
    """Each deck's `back:` as `decks:` gives it (image, template, colour, title, boxes), and
    the shape of each deck's entry checked (`front:` and `back:`, each a mapping)."""
    decks: dict[str, dict[str, Value]] = {}
    for doc, loc in layers:
        for deck, spec in _section(doc, "decks").items():
            dloc = loc.child("decks").child(deck)
            if not isinstance(spec, dict) or not spec:
                reader.bad(_where(loc.child("decks"), deck), str(deck), DECK_SHAPE)
                continue
            for key, value in spec.items():
                if key not in SIDES:
                    reader.bad(
                        _where(dloc, key), f"decks.{deck}.{key}", _unknown("key", str(key), SIDES)
                    )
                elif not isinstance(value, dict):
                    reader.bad(_where(dloc, key), f"decks.{deck}.{key}", DECK_SHAPE)
            back_spec = spec.get("back")
            if not isinstance(back_spec, dict):
                continue
            bloc = dloc.child("back")
            decks[str(deck)] = {str(k): Value(v, _where(bloc, k)) for k, v in back_spec.items()}
            for k in back_spec:
                if k not in BACK_KEYS:
                    reader.bad(_where(bloc, k), f"back.{k}", _unknown("key", str(k), BACK_KEYS))
    return decks


def _piece_layers(reader: _Reader, layers: Docs) -> PieceLayers:
    """The sections decks of pieces are drawn from: `front:` and `back:` of every design file
    (rectangles: the game's card design), `shapes:` of every design file (the default of
    circles, hexagons and dice), and each deck's `decks:` entry (its `front:` and its back's
    `boxes:`)."""
    bases: dict[str, dict[str, Layers]] = {CARD_BASE: {}}
    for side in SIDES:  # rectangles: the game's card design (the default's, merged with its own)
        bases[CARD_BASE][side] = [(d[side], lc.child(side)) for d, lc in layers if side in d]
    decks: dict[str, dict[str, Layers]] = {}
    for doc, loc in layers:
        _add_shape_layers(reader, doc, loc, bases)
        _add_deck_layers(doc, loc, decks)
    return PieceLayers(bases, decks)


def _add_shape_layers(
    reader: _Reader, doc: YamlMapping, loc: Located, bases: dict[str, dict[str, Layers]]
) -> None:
    """A design file's `shapes:` (the default of circles, hexagons and dice), added to
    `bases` by shape and side."""
    for base, spec in mapping_of(doc.get("shapes"), "shapes").items():
        sloc = loc.child("shapes")
        if base not in PIECE_BASES:
            reader.bad(
                _where(sloc, base), f"shapes.{base}", _unknown("shape", str(base), PIECE_BASES)
            )
            continue
        if not isinstance(spec, dict) or set(spec) - set(SIDES):
            reader.bad(
                _where(sloc, base),
                f"shapes.{base}",
                "expected {front: {boxes: ...}, back: {boxes: ...}}",
            )
            continue
        for side in SIDES:
            if side in spec:
                bases.setdefault(base, {}).setdefault(side, []).append(
                    (spec[side], sloc.child(base).child(side))
                )


def _add_deck_layers(doc: YamlMapping, loc: Located, decks: dict[str, dict[str, Layers]]) -> None:
    """A design file's `decks:` entries (a deck's `front:` and its back's `boxes:`), added to
    `decks` by deck and side."""
    for deck, spec in mapping_of(doc.get("decks"), "decks").items():
        if not isinstance(spec, dict):
            continue
        dloc = loc.child("decks").child(deck)
        if isinstance(spec.get("front"), dict):
            decks.setdefault(str(deck), {}).setdefault("front", []).append(
                (spec["front"], dloc.child("front"))
            )
        back = spec.get("back")
        if isinstance(back, dict) and "boxes" in back:
            section: YamlMapping = {"boxes": back["boxes"]}
            decks.setdefault(str(deck), {}).setdefault("back", []).append(
                (section, dloc.child("back"))
            )


def without(design: Design, broken: set[int]) -> Design:
    """The design but the boxes in `broken` (by id): what can still be drawn of a design
    whose mistakes are being gathered."""

    def kept(boxes: list[Box]) -> list[Box]:
        return [box for box in boxes if id(box) not in broken]

    return replace(
        design,
        front=kept(design.front),
        kinds={kind: kept(boxes) for kind, boxes in design.kinds.items()},
        back=kept(design.back),
        parts={part: kept(boxes) for part, boxes in design.parts.items()},
        stamp=kept(design.stamp),
        tuck_qr=kept(design.tuck_qr),
        pieces=replace(  # the sides of pieces merged so far: those the checks read
            design.pieces, merged={key: kept(boxes) for key, boxes in design.pieces.merged.items()}
        ),
    )


def _language(
    top: dict[str, Value], language: str | None, folder: Path, first: str, shared: str
) -> str:
    """The hyphenation dictionary: the faces' language (unless its own design file names a
    dictionary), else the game's design's `language`, else the game's first language (an
    Italian-first game's faces were hyphenated as the shared design's English:
    "Telefon-are")."""
    given = top.get("language")
    if given is not None and given.where.startswith(shared + ":"):
        given = None
    if language is not None:
        own = display_path(folder / f"design.{language}.yaml") + ":"
        return str(given.value) if given is not None and given.where.startswith(own) else language
    return str(given.value) if given is not None else first


def _corner_radius(reader: _Reader, value: Value | None) -> float:
    """`corner_radius:` as mm (a length such as `3mm` or `0.125in`; a bare number is mm),
    from 0 (square corners) to MAX_CORNER_RADIUS_MM."""
    if value is None:
        return DEFAULT_CORNER_RADIUS_MM
    raw = value.value
    try:
        if not isinstance(raw, (str, int, float)):
            raise TypeError(raw)  # a list or a mapping: said below as any bad length is
        radius = length(raw if isinstance(raw, str) else f"{float(raw)}mm")
    except (TypeError, ValueError):
        reader.bad(value.where, "corner_radius", f"expected a length such as 3mm, got {raw!r}")
        return DEFAULT_CORNER_RADIUS_MM
    if not 0 <= radius <= MAX_CORNER_RADIUS_MM:
        reader.bad(
            value.where,
            "corner_radius",
            f"expected 0 to {MAX_CORNER_RADIUS_MM:g} mm, got {radius:g} mm",
        )
        return DEFAULT_CORNER_RADIUS_MM
    return radius


def _clearance(reader: _Reader, value: Value | None) -> float:
    """`clearance: 1mm`: a length of 0 or more (a number is millimetres)."""
    if value is None:
        return DEFAULT_CLEARANCE_MM
    raw = value.value
    try:
        found = length(raw)
    except ValueError as exc:
        reader.bad(value.where, "clearance", str(exc))
        return DEFAULT_CLEARANCE_MM
    if found < 0:
        reader.bad(value.where, "clearance", f"expected 0 mm or more, got {raw!r}")
        return DEFAULT_CLEARANCE_MM
    return found


def _min_size(reader: _Reader, value: Value | None) -> float:
    if value is None:
        return length("6pt")
    try:
        size = length(value.value if isinstance(value.value, str) else f"{value.value}pt")
    except ValueError as exc:
        reader.bad(value.where, "min_size", str(exc))
        return length("6pt")
    if size < length(f"{MIN_PT}pt") - 1e-9:
        reader.bad(value.where, "min_size", TOO_SMALL)
    return size


def _fonts(reader: _Reader, value: object, loc: Located, folder: Path) -> dict[str, FontSpec]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        reader.bad(f"{loc.file}:{loc.line}", "fonts", "expected a mapping of role to font")
        return {}
    found = {}
    for role, spec in value.items():
        if isinstance(spec, str):
            spec = {"family": spec}
        if not isinstance(spec, dict):
            reader.bad(
                _where(loc, role),
                f"fonts.{role}",
                "expected {family: NAME} or {file: fonts/FACE.ttf, bold: ..., italic: ...}",
            )
            continue
        files, features = _font_keys(reader, f"fonts.{role}", spec, loc.child(role), folder)
        family = spec.get("family")
        features_only = set(spec) == {"features"} and str(role) in DEFAULT_ROLES
        if family is None and "regular" not in files and not features_only:
            if "file" not in spec:  # a file named but missing is reported above
                reader.bad(_where(loc, role), f"fonts.{role}", "needs a family or a file")
            continue
        found[str(role)] = FontSpec(
            str(role), None if family is None else str(family), files, _where(loc, role), features
        )
    return found


def _font_keys(
    reader: _Reader, named: str, spec: YamlMapping, floc: Located, folder: Path
) -> tuple[dict[str, Path], tuple[tuple[str, int], ...]]:
    """A font role's files (`file`, `bold`, ...: each inside the game's folder) and
    OpenType features; a key it does not take is reported."""
    files: dict[str, Path] = {}
    features: tuple[tuple[str, int], ...] = ()
    for key, item in spec.items():
        where, field_name = _where(floc, key), f"{named}.{key}"
        if key not in FONT_KEYS:
            reader.bad(where, field_name, _unknown("key", str(key), FONT_KEYS))
        elif key == "features":
            try:
                features = feature_list(str(item))
            except ValueError as exc:
                reader.bad(where, field_name, str(exc))
        elif key != "family":
            path = (folder / str(item)).resolve()
            problem = _font_file_problem(item, path, folder)
            if problem:
                reader.bad(where, field_name, problem)
            else:
                files["regular" if key == "file" else key] = path
    return files, features


def _font_file_problem(item: object, path: Path, folder: Path) -> str | None:
    """Why the font file `item` (found at `path`) cannot be used, or None."""
    if not path.is_relative_to(folder.resolve()):
        return f"font file {item!r} is outside the game's folder"
    if not path.exists():
        return f"font file {item!r} not found" + close_file(str(item), folder, FONT_SUFFIXES)
    if not path.is_file():
        return f"font file {item!r} is not a regular file (a FIFO, device or folder)"
    if path.suffix.lower() not in FONT_SUFFIXES:
        return f"expected a .ttf or .otf file, got {item!r}"
    return None


def _merge_boxes(reader: _Reader, layers: Layers) -> list[Box]:
    """Boxes in order of first appearance; a later layer changes keys of a box or removes it
    (`name: null`)."""
    merging = _Merging()
    for section, loc in layers:
        boxes = None if section is None else _boxes_of(reader, section, loc)
        if boxes is None:
            continue
        bloc = loc.child("boxes")
        added = sum(1 for name in boxes if str(name) not in merging.boxes)
        total = added + len(merging.order)
        if total > MAX_BOXES:  # before any is merged (each looks for its place)
            reader.bad(f"{bloc.file}:{bloc.line}", "boxes", _too_many(total))
            return []
        previous: str | None = None
        earlier = [n for n in merging.order if merging.boxes[n] is not None]  # layers before
        for name, spec in boxes.items():
            if str(name) not in merging.boxes and earlier:
                merging.new_over[str(name)] = earlier
            merging.place(str(name), previous, bloc)
            previous = str(name)
            merging.merge(reader, str(name), spec, bloc)
    return _boxes_made(reader, merging)


def _boxes_of(reader: _Reader, section: YamlValue, loc: Located) -> YamlMapping | None:
    """A layer's section `{boxes: {NAME: {...}}}`: its boxes (its other keys reported), or
    None when it is not one (reported)."""
    if not isinstance(section, dict) or not isinstance(section.get("boxes", {}), dict):
        reader.bad(f"{loc.file}:{loc.line}", "boxes", "expected {boxes: {NAME: {...}}}")
        return None
    for k in section:
        if k != "boxes":
            reader.bad(_where(loc, k), str(k), _unknown("key", str(k), ["boxes"]))
    return _section(section, "boxes")


@dataclass
class _Merging:
    """The boxes of a design's layers merged so far (`_merge_boxes`)."""

    boxes: dict[str, dict[str, Value] | None] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # the boxes' names in drawing order
    named_at: dict[str, str] = field(default_factory=dict)
    """Where each box is last named, for a box with no keys."""
    left_out: set[str] = field(default_factory=set)
    """Boxes with a value of the wrong type, left out."""
    new_over: dict[str, list[str]] = field(default_factory=dict)
    """Boxes a later layer adds, with the boxes of the layers under it: a box of a later
    layer with no content was most likely meant to change one of those."""

    def place(self, name: str, previous: str | None, bloc: Located) -> None:
        """A new box goes where it is written: after the box named before it (at the end
        when it is the first)."""
        self.named_at[name] = _where(bloc, name)
        if name not in self.boxes:
            at = self.order.index(previous) + 1 if previous is not None else len(self.order)
            self.order.insert(at, name)
            self.boxes[name] = {}

    def merge(self, reader: _Reader, name: str, spec: object, bloc: Located) -> None:
        """A layer's keys of box `name` over what the layers before gave it."""
        if spec is None:
            self.boxes[name] = None
            return
        if not isinstance(spec, dict):
            reader.bad(_where(bloc, name), f"box {name}", "expected a mapping")
            self.boxes[name] = None  # reported once, not again as a box without content
            return
        sloc = bloc.child(name)
        if _left_out(spec, sloc):
            self.left_out.add(name)  # a wrong value of it is reported already
        new = {str(k): Value(v, _where(sloc, k)) for k, v in spec.items()}
        self.boxes[name] = _restated(self.boxes.get(name) or {}, new)


def _restated(old: dict[str, Value], new: dict[str, Value]) -> dict[str, Value]:
    """A box's keys `old` with a later layer's `new` over them. Another kind of content drops
    the old's options; the same kind (a `text:` restated) keeps them, key by key, as CSS
    does. A key set to null is unset: the box goes back to not having it (`backing: null`)."""
    content = [k for k in BOX_KEYS if k in new]
    if content and not all(k in old for k in content):
        old = {k: v for k, v in old.items() if k in COMMON_KEYS}
    for axis in AXES:
        old = _axis_kept(old, new, axis)
    new = {**new, **_merged_labels(old, new)}
    return {k: v for k, v in {**old, **new}.items() if v.value is not None}


def _merged_labels(old: dict[str, Value], new: dict[str, Value]) -> dict[str, Value]:
    """A grid's `labels:` restated merges cell by cell (a cell `null` loses its label): a
    design.es.yaml giving the one cell it translates kept none of the others' words. A
    layer that gives the grid anew (`grid:`) gives its labels anew too: its cells may be
    others."""
    before, given = old.get("labels"), new.get("labels")
    if before is None or given is None or "grid" in new:
        return {}
    if not isinstance(before.value, dict) or not isinstance(given.value, dict):
        return {}
    merged = {str(k).upper(): v for k, v in before.value.items()}
    merged.update({str(k).upper(): v for k, v in given.value.items()})
    return {"labels": Value({k: v for k, v in merged.items() if v is not None}, given.where)}


def _left_out(value: YamlMapping, loc: Located) -> bool:
    """Whether a key written at `loc` is missing from `value` (at any depth): a value of the
    wrong declared type that `well_typed` reported and left out."""
    for key in loc.lines:
        if key not in value:
            return True
        inner = value[key]
        if isinstance(inner, dict) and _left_out(inner, loc.child(key)):
            return True
    return False


def _boxes_made(reader: _Reader, merging: _Merging) -> list[Box]:
    """The merged boxes in drawing order, each with its one kind of content. A box without
    content whose content key had a wrong value (reported where design.yaml was read) is
    left out without a second message: "needs exactly one of text, ..." would be a knock-on
    of that one mistake."""
    boxes = []
    for name in merging.order:
        values = merging.boxes[name]
        if values is None:
            continue
        kinds = [k for k in BOX_KEYS if k in values]
        if not kinds and name in merging.left_out:
            continue
        if len(kinds) != 1:
            problem = needs_one(values, kinds)
            if problem == NEEDS_ONE and name in merging.new_over:  # nothing closer to say
                problem = _nothing_to_change(name, merging.new_over[name])
            reader.bad(merging.named_at[name], f"box {name}", problem)
            continue
        boxes.append(Box(name, kinds[0], values, left_out=name in merging.left_out))
    return boxes


def _nothing_to_change(name: str, earlier: list[str]) -> str:
    """Why a box a later layer adds without content is bad: it changes a box the design
    under it does not have (a misspelt name, said first when one is close; or a box of
    another shape's default design: a circle's `disc` on a deck turned into rectangles), or
    it is a new box that needs one."""
    close = did_you_mean(name, earlier)
    boxes = f"the design under it has no box {name!r} to change"
    if close:
        return f"{boxes}{close} (its boxes: {', '.join(earlier)}); a new box {NEEDS_ONE}"
    return f"{NEEDS_ONE} ({boxes}: its boxes are {', '.join(earlier)})"


def needs_one(values: dict[str, Value], kinds: list[str]) -> str:
    """Why a box has no content, or two: a key no box takes that is close to a content key
    is named with it (a box with `txet:` was told only that it needs one)."""
    if kinds:
        return f"{NEEDS_ONE} (has {', '.join(kinds)})"
    known = COMMON_KEYS.union(*BOX_KEYS.values(), BOX_KEYS)
    for key in values:
        close = did_you_mean(key, BOX_KEYS) if key not in known else ""
        if close:
            return f"unknown key {key!r}{close} (a box {NEEDS_ONE})"
    return NEEDS_ONE


AXES = (("left", "right", "width"), ("top", "bottom", "height"))
"""Each axis's start, end and size: a box is placed on an axis by two of them (or one)."""


def _axis_kept(
    old: dict[str, Value], new: dict[str, Value], axis: tuple[str, ...]
) -> dict[str, Value]:
    """`old` with what a new position on `axis` leaves of it, as CSS's inset and size
    properties do: two new keys place the box afresh; one new key keeps the old key that
    anchors the box with it. A new size keeps the old start (or end): `height: 14mm` over
    `top: 0.6mm, height: 11mm` grows the box downward from where it was, never moves it.
    A new start or end keeps the old size (the box moves whole), else the other edge."""
    given = [key for key in axis if key in new]
    if not given:
        return old
    start, end, size = axis
    keep: tuple[str, ...] = ()
    if len(given) == 1:
        keep = {start: (size, end), end: (size, start), size: (start, end)}[given[0]]
    kept = next(({key: old[key]} for key in keep if key in old), {})
    return {k: v for k, v in old.items() if k not in axis} | kept


def _too_many(count: int) -> str:
    """The refusal of a section that takes a side past MAX_BOXES boxes."""
    return (
        f"{count} boxes on one side (with those of the design it builds on); at most "
        f"{MAX_BOXES}: draw repeated marks in one SVG (an icon, art or a template) instead"
    )


def _check_box(reader: _Reader, box: Box, fonts: set[str]) -> None:
    _check_keys(reader, box)
    for key in EDGES:
        if key in box.values:
            try:
                length(box.values[key].value, 100.0)
            except ValueError as exc:
                reader.bad(box.where(key), f"box {box.name}.{key}", str(exc))
    _check_font(reader, box, fonts)
    _check_sizes(reader, box)
    for problem in _value_problems(box):
        reader.bad(box.where(problem[0]), f"box {box.name}.{problem[0]}", problem[1])


def _check_keys(reader: _Reader, box: Box) -> None:
    """Each key a box of its kind does not take, with the keys it does."""
    allowed = COMMON_KEYS | BOX_KEYS[box.what] | {box.what}
    for key, item in box.values.items():
        if key not in allowed:
            reader.bad(
                item.where,
                f"box {box.name}",
                f"unknown key {key!r}{did_you_mean(key, allowed)} "
                f"(a {box.what} box takes {', '.join(sorted(allowed))})",
            )


def _check_font(reader: _Reader, box: Box, fonts: set[str]) -> None:
    """A box's `font:` names one of the design's fonts; its `features:` read."""
    if "font" in box.values and box.get("font") not in fonts:
        reader.bad(
            box.where("font"),
            f"box {box.name}.font",
            f"unknown font {box.get('font')!r}{did_you_mean(str(box.get('font')), fonts)} "
            f"(the design has {', '.join(sorted(fonts))})",
        )
    if "features" in box.values:
        try:
            feature_list(str(box.get("features")))
        except ValueError as exc:
            reader.bad(box.where("features"), f"box {box.name}.features", str(exc))


def _check_sizes(reader: _Reader, box: Box) -> None:
    """A box's `size` and `min_size` are lengths (a number is points); `min_size` is not
    under the smallest printed size."""
    for key in ("size", "min_size"):
        if key in box.values:
            try:
                size = length(
                    box.get(key) if isinstance(box.get(key), str) else f"{box.get(key)}pt"
                )
            except ValueError as exc:
                reader.bad(box.where(key), f"box {box.name}.{key}", str(exc))
                continue
            if key == "min_size" and size < length(f"{MIN_PT}pt") - 1e-9:
                reader.bad(box.where(key), f"box {box.name}.min_size", TOO_SMALL)


def _value_problems(box: Box) -> list[tuple[str, str]]:
    """(key, message) for each length that is not one, and a grid's or track's mistakes (the
    types, ranges and choices of every box key were checked as design.yaml declares them,
    when its files were read)."""
    found: list[tuple[str, str]] = []
    values = {k: v.value for k, v in box.values.items()}
    for key in ("radius", "stroke_width", "padding", "dash"):
        if key in values:
            try:
                length(values[key], 100.0)
            except ValueError as exc:
                found.append((key, str(exc)))
    if "letter_spacing" in values:
        try:
            letter_spacing(values["letter_spacing"])
        except ValueError as exc:
            found.append(("letter_spacing", str(exc)))
    if box.what in ("grid", "track") and not box.left_out:  # else its grid is not whole
        found += problems_of(box.what, values)
    return found


@cache
def template_names(text: str) -> frozenset[str]:
    """The names a template string reads (`{{ value }} / {{ cost }}` -> value, cost); none for
    a string that is no template (`template_error` says why)."""
    try:
        return frozenset(meta.find_undeclared_variables(_parser().parse(text)))
    except jinja2.TemplateSyntaxError:
        return frozenset()


@cache
def template_error(text: str, marked: bool = False) -> str | None:
    """Why a box's template string cannot be filled (`{{ cost }`, an `{% if %}` never closed,
    an unknown filter), as Jinja says it, or None. The template is compiled as the drawing
    will fill it (`marked`: a text box's text), so that compiling serves both."""
    try:
        compiled(text, marked)
    except jinja2.TemplateSyntaxError as exc:  # and TemplateAssertionError, its kind
        return (exc.message or "not a template").rstrip(".")
    return None


MARKED_KEYS = ("text", "shorter")
"""A text box's keys that are filled marked: its text and its `shorter:` texts."""


@cache
def compiled(text: str, marked: bool = False) -> jinja2.Template:
    """A box's template string compiled, once a process: checked by `template_error`, filled
    by `draw.fill`. `marked` marks each value filled in (`markup.quoted`), for a text box."""
    return _strings(marked).from_string(text)


@cache
def _strings(marked: bool = False) -> jinja2.Environment:
    return Sandbox(autoescape=False, finalize=quoted if marked else None)


@cache
def _parser() -> jinja2.Environment:
    """Compiling folds constants (`'x' * 10**9` would be made here): the sandbox folds none of
    the operators it bounds."""
    return Sandbox()
