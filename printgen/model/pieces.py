"""A deck's pieces as game.yaml shapes them: `shape:`, `size:`, `corner_up:` and `sides:`.

```yaml
components:
  tiles:  {file: tiles.csv, shape: hex, size: 40mm}               # flats 40 mm apart
  tokens: {file: tokens.csv, shape: circle, size: 25mm, sides: 2}  # each row its own back
  rooms:  {file: rooms.csv, shape: rounded, size: [50mm, 50mm]}
  dice:   {file: dice.csv, kind: dice, faces: 6, size: 16mm}       # the die's edge
```

A deck with neither `shape:` nor `size:` is a deck of cards, at the game's `card_size`. A
rectangle takes a card size's name (`poker`), `[W, H]` or one length (a square); a circle one
length, its diameter; a hexagon one length, its width across the flats (`corner_up: true` puts
a corner at the top; flat-top by default). A die's `size:` is its edge (16 mm by default): its
face labels are 1 mm smaller each side, for the die's rounded edges. Every mistake is named at
its line in game.yaml, with a did-you-mean for a shape spelt another way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from printgen.errors import Problem
from printgen.layout.shapes import SHAPES, Shape
from printgen.layout.sizes import CARD_SIZES, Size, card_size
from printgen.layout.units import parse_length, unit_hint, written_as_length
from printgen.model.schema import did_you_mean
from printgen.model.yaml_value import YamlValue

MIN_PIECE_MM = 10.0
MAX_PIECE_MM = 420.0
"""The sizes a piece may have: smaller leaves no room for its safe zone; larger is a board
(game.yaml `parts:`)."""
DIE_MM = 16.0
"""A die's edge when its deck gives no `size:` (the blank dice sold for labels)."""
SHAPE_WORDS = {
    "hexagon": "hex",
    "hexagonal": "hex",
    "tile": "hex",
    "round": "circle",
    "disc": "circle",
    "disk": "circle",
    "token": "circle",
    "square": "rect",
    "rectangle": "rect",
    "card": "rect",
    "rounded-rect": "rounded",
    "rounded_rect": "rounded",
}
"""Words a designer may write for a shape, and the shape they mean (for the did-you-mean)."""
PIECE_KEYS = ("shape", "size", "corner_up", "sides")
KIT_NAMES = {
    "cards": "the card files (cards.pdf, cards/)",
    "rules": "the rulebook (rules.pdf)",
    "rules-booklet": "the rulebook booklet",
    "print-guide": "the print guide",
    "board": "the board (board.pdf)",
    "player-sheet": "the player sheet (player-sheet.pdf)",
    "components": "the small components (components.pdf)",
    "tts": "the Tabletop Simulator folder (tts/)",
    "ttp": "the Tabletop Playground folder (ttp/)",
    "shop": "the print shops' folder (shop/)",
    "preview": "the gallery's previews (preview/)",
    "index": "the gallery",
}
"""Names a deck of pieces cannot take: its files (`<deck>.pdf`, `<deck>/`) would be the kit's
own."""


def kit_name_problem(deck: str) -> str | None:
    """Why a deck of pieces cannot be called `deck`, or None."""
    for name, what in KIT_NAMES.items():
        if deck in (name, f"{name}-fold", f"{name}-cut"):
            return (
                f"a deck of pieces prints to {deck}.pdf and {deck}/, which are {what}; "
                "give it another name"
            )
    return None


@dataclass(frozen=True)
class Pieces:
    """What game.yaml says of a deck's pieces: their shape (None for cards at the card
    size), and how many sides print (2: each row has its own back)."""

    shape: Shape | None = None
    sides: int = 1


def read_pieces(
    spec: Mapping[str, YamlValue],
    kind: str,
    place: Callable[[str, str], Problem],
    problems: list[Problem],
) -> Pieces:
    """The deck's `shape`, `size`, `corner_up` and `sides` (problems appended, each made by
    `place(key, message)` at its line)."""
    before = len(problems)

    def bad(key: str, message: str) -> None:
        problems.append(place(key, message))

    sides = spec.get("sides", 1)
    if isinstance(sides, bool) or sides not in (1, 2):
        bad("sides", f"expected 1 or 2 (sides: 2 gives each row its own back), got {sides!r}")
    count = 2 if sides == 2 else 1  # any other is a problem above: the game does not load
    corner_up = spec.get("corner_up", False)
    if not isinstance(corner_up, bool):
        bad("corner_up", f"expected true or false, got {corner_up!r}")
    if kind == "dice":
        return _die(spec, bad, problems, before)
    written = spec.get("shape")
    shape_kind = _shape_kind(written, bad)
    if corner_up and shape_kind != "hex" and shape_kind is not None:
        bad("corner_up", f"corner_up is for a hexagon (shape: hex), not a {shape_kind}")
    if "size" not in spec and written is None:
        return Pieces(None, count)
    size = _size(spec.get("size"), shape_kind or "rect", bad)
    if len(problems) > before or size is None or shape_kind is None:
        return Pieces()
    return Pieces(_shape(shape_kind, size, bool(corner_up)), count)


def _shape(kind: str, size: Size, corner_up: bool) -> Shape:
    if kind == "hex":
        return Shape.hexagon(size.width, corner_up)
    if kind == "circle":
        return Shape.circle(size.width)
    if kind == "rounded":
        return Shape.rounded(size.width, size.height)
    return Shape.rect(size.width, size.height)


def _die(
    spec: Mapping[str, YamlValue],
    bad: Callable[[str, str], None],
    problems: list[Problem],
    before: int,
) -> Pieces:
    """A die: a cube `size` on an edge, its faces printed as labels (no shape to choose)."""
    if "shape" in spec:
        bad("shape", "a die is a cube: give its edge as size: (16mm) and leave shape out")
    if spec.get("sides", 1) != 1:
        bad("sides", "a die has faces, not sides: give faces: N and columns face_1 ... face_N")
    edge = _length(spec["size"], "size", bad) if "size" in spec else DIE_MM
    if edge is not None and not MIN_PIECE_MM <= edge <= MAX_PIECE_MM:
        bad("size", _out_of_range(edge))
    if len(problems) > before or edge is None:
        return Pieces(Shape.rect(DIE_MM, DIE_MM))
    return Pieces(Shape.rect(edge, edge))


def _shape_kind(written: YamlValue, bad: Callable[[str, str], None]) -> str | None:
    if written is None:
        return "rect"
    if isinstance(written, str) and written in SHAPES:
        return written
    text = str(written)
    meant = SHAPE_WORDS.get(text.strip().lower())
    close = f"; did you mean {meant!r}?" if meant else did_you_mean(text, SHAPES)
    bad("shape", f"unknown shape {written!r}{close} (expected one of {', '.join(SHAPES)})")
    return None


def _size(value: YamlValue, shape: str, bad: Callable[[str, str], None]) -> Size | None:
    """The pieces' size: for a circle its diameter and for a hexagon its flats (one length,
    given as the width), for a rectangle `W x H`."""
    if value is None:
        need = {"circle": "its diameter", "hex": "its width across the flats"}.get(shape)
        if need:
            bad("shape", f"a {shape} needs a size: {need}, such as 25mm")
        else:
            bad("size", "expected a card size name, [W, H] or one length, such as 50mm")
        return None
    if shape in ("circle", "hex"):
        if isinstance(value, (list, dict)) or (isinstance(value, str) and value in CARD_SIZES):
            what = "its diameter" if shape == "circle" else "its width across the flats"
            bad("size", f"a {shape} takes one length, {what} (such as 30mm), got {value!r}")
            return None
        length = _length(value, "size", bad)
        if length is None:
            return None
        if not MIN_PIECE_MM <= length <= MAX_PIECE_MM:
            bad("size", _out_of_range(length))
            return None
        return Size(length, length)
    return _rect_size(value, bad)


def _rect_size(value: YamlValue, bad: Callable[[str, str], None]) -> Size | None:
    if isinstance(value, str) and value in CARD_SIZES:
        return CARD_SIZES[value]
    if isinstance(value, list):
        if len(value) != 2:
            bad("size", f"expected [width, height], got a list of {len(value)}")
            return None
        width, height = (_length(v, "size", bad) for v in value)
        if width is None or height is None:
            return None
        size = Size(width, height)
    elif isinstance(value, dict):
        try:
            size = card_size(value)
        except ValueError as exc:
            bad("size", str(exc))
            return None
    else:
        side = _length(value, "size", bad)
        if side is None:
            return None
        size = Size(side, side)
    for side in (size.width, size.height):
        if not MIN_PIECE_MM <= side <= MAX_PIECE_MM:
            bad("size", _out_of_range(side))
            return None
    return size


def _length(value: YamlValue, key: str, bad: Callable[[str, str], None]) -> float | None:
    """A length in mm (`30mm`, `1.25in`, a bare number is mm), or None with its problem."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value <= 0:
        bad(key, f"expected a length over 0 mm, got {value!r}")
        return None
    if isinstance(value, str) and value.strip().startswith("-"):
        bad(key, f"expected a length over 0 mm, got {value!r}")
        return None
    try:
        if isinstance(value, (str, int, float)):
            return parse_length(value)
    except (ValueError, TypeError) as exc:
        if written_as_length(value):  # a length of no use here (50%, 3000mm): said as such
            bad(key, str(exc))
            return None
    names = ", ".join(CARD_SIZES)
    hint = did_you_mean(str(value), CARD_SIZES) if isinstance(value, str) else ""
    bad(
        key,
        f"expected a length such as 30mm or 1.25in (or a card size: {names}), got {value!r}"
        f"{unit_hint(value)}{hint}",
    )
    return None


def _out_of_range(length: float) -> str:
    return (
        f"a piece of {length:g} mm is outside {MIN_PIECE_MM:g} to {MAX_PIECE_MM:g} mm (smaller "
        "leaves no room inside its safe zone; larger is a board: game.yaml parts:)"
    )
