"""game.yaml `parts:`: things printed once or `copies:` times rather than one a row of a deck
(DESIGN.md section 11). A board or a sheet has a `size:`; a tuck box is sized from the deck it
holds (`tuck_box: DECK`). How each looks is the game's design (`parts:` in design.yaml).

```yaml
parts:
  board: {size: [500mm, 500mm]}             # larger than the paper: tiled, and on one A1 sheet
  score-pad: {size: a5, copies: 20}         # several up on the paper when they fit
  player-sheet: {size: paper}               # the paper the kit is built for (A4 or Letter)
  deck-box: {tuck_box: market, thickness: 0.32mm}
  pawn: {size: [22mm, 82mm], each: pawns, in: components}   # one copy per item, printed
                                                             # with other parts in components.pdf
```
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from printgen.errors import DataError, Problem
from printgen.layout.sizes import LARGE_PAPERS, PAPER_SIZES, Size
from printgen.layout.tuckbox import CLEARANCE_MM, THICKNESS_MM
from printgen.layout.units import parse_length
from printgen.model.checked import Checked
from printgen.model.names import is_id, slug
from printgen.model.schema import Key, check_mapping, did_you_mean, whole_number
from printgen.model.sources import Located
from printgen.model.yaml_value import YamlScalar, YamlValue

SIZE_NAMES = ("a4", "a5", "a3", "letter", "paper", "card")
"""The sizes a part may be by name: a paper's, `paper` (the paper the kit is built for) or
`card` (the game's card size: a player aid)."""
RESERVED = (
    "cards",
    "cards-print",
    "cards-fold",
    "cards-cut",
    "rules",
    "rules-booklet",
    "print-guide",
    "reprint",
    "index",
    "calibration",
)
"""The kit's own file names (DESIGN.md sections 6, 10, 11): no part may print over one."""
MAX_COPIES = 1000
OUTLINES = ("rect", "circle", "none")
"""The cut line printed round a part on a sheet: its rectangle, the circle inside it (a round
token) or none (a part that draws its own)."""


def _length(value: str | int | float) -> str | None:
    try:
        parse_length(value)
    except ValueError as exc:
        return str(exc)
    return None


def _size_value(value: str | list[YamlValue]) -> str | None:
    """A [WIDTH, HEIGHT] of two lengths (a name is checked with the game's card size)."""
    if isinstance(value, str):
        return None
    if len(value) != 2:
        return f"expected [WIDTH, HEIGHT], got {len(value)} values"
    for item in value:
        if isinstance(item, bool) or not isinstance(item, (str, int, float)):
            return f"expected [WIDTH, HEIGHT] of lengths such as 63.5mm, got {item!r}"
    lengths = [item for item in value if isinstance(item, (str, int, float))]  # all, as above
    return next(filter(None, map(_length, lengths)), None)


LENGTH = Key(False, (str, int, float), "a length such as 63.5mm", _length)

PART_KEYS = {
    "size": Key(
        False,
        (str, list),
        "a4, a5, a3, letter, paper, card or [WIDTH, HEIGHT]",
        _size_value,
        items=LENGTH,
    ),
    "copies": Key(False, int, "a whole number of copies", whole_number(1, MAX_COPIES)),
    "tuck_box": Key(False, str, "the name of the deck the box holds"),
    "thickness": Key(False, (str, int, float), "one card's thickness, such as 0.3mm", _length),
    "clearance": Key(False, (str, int, float), "room round the cards, such as 1mm"),
    "each": Key(False, str, "a deck (one copy a row) or a list the rules engine gives"),
    "in": Key(False, str, "the file to print it in with other parts (components)"),
    "overlap": Key(False, (str, int, float), "the strip tiles share, such as 10mm", _length),
    "large_paper": Key(
        False,
        str,
        f"the sheet to print it whole on ({', '.join(LARGE_PAPERS)})",
        lambda v: None if v in LARGE_PAPERS else _choice(v, LARGE_PAPERS),
    ),
    "title": Key(False, str, "the part's name as printed"),
    "safe": Key(False, (str, int, float), "the safe zone inside its edge, such as 1mm"),
    "outline": Key(
        False,
        str,
        "the cut line round it: rect, circle or none",
        lambda v: None if v in OUTLINES else _choice(v, OUTLINES),
    ),
    "note": Key(False, str, "how to cut, fold or put it together (printed beside it)"),
}


def _choice(value: object, choices: Collection[str]) -> str:
    return f"expected one of {', '.join(choices)}, got {value!r}{did_you_mean(str(value), choices)}"


@dataclass(frozen=True)
class PartSpec:
    """One part as game.yaml declares it (lengths in mm)."""

    name: str
    where: str  # game.yaml:line, for messages
    size: Size | None = None
    """The part's size; None for `paper` (the kit's paper) and for a tuck box (its net's)."""
    paper: bool = False
    """`size: paper`: as large as the paper the kit is built for."""
    copies: int = 1
    tuck_box: str | None = None
    thickness: float = THICKNESS_MM
    clearance: float = CLEARANCE_MM
    each: str | None = None
    group: str | None = None
    """`in:`: the file (without .pdf) it is printed in with other parts; None: its own."""
    overlap: float | None = None
    large_paper: str | None = None
    title: str = ""
    note: str = ""
    outline: str = "rect"
    safe: float | None = None
    """How far inside its edge text and icons stay (3 mm, 5 mm for `size: paper`): less for
    a small part cut exactly (a die's label)."""

    @property
    def file(self) -> str:
        """The name of the PDF it prints in (without .pdf)."""
        return self.group or self.name

    @property
    def label(self) -> str:
        """The part's printed name: its `title:`, else its name in words."""
        return self.title or self.name.replace("-", " ").replace("_", " ").capitalize()


def read_parts(
    value: YamlValue,
    loc: Located,
    components: Collection[str],
    problems: list[Problem],
    card: Size | None = None,
) -> dict[str, PartSpec]:
    """Every part of game.yaml's `parts:`, each problem at its line (a deck a tuck box names
    that the game does not have, with the closest one)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        problems.append(Problem(loc.file, loc.line, "parts", "expected a mapping of parts"))
        return {}
    parts: dict[str, PartSpec] = {}
    for name, spec in value.items():
        where = f"parts.{name}"
        here = loc.child(name)
        before = len(problems)
        _check_name(name, loc, components, problems)
        checked = check_mapping(spec, here, PART_KEYS, where, problems)
        if len(problems) > before or not checked:
            continue
        part = _part(str(name), checked, here, where, components, problems, card)
        if part is not None and len(problems) == before:
            parts[part.name] = part
    _check_groups(parts, loc, components, problems)
    return parts


def _check_name(
    name: YamlScalar, loc: Located, components: Collection[str], problems: list[Problem]
) -> None:
    where = f"parts.{name}"
    if not isinstance(name, str) or not is_id(name):
        made = slug(str(name))
        close = f"; did you mean {made!r}?" if made and made != str(name) else ""
        message = "expected a lowercase name (letters, digits, -; its PDF is named from it)"
        problems.append(loc.problem(name, where, message + close))
    elif name in RESERVED:
        problems.append(loc.problem(name, where, f"{name}.pdf is the kit's own; name it otherwise"))
    elif name in components:
        problems.append(
            loc.problem(name, where, f"a deck is called {name!r} too; give the part another name")
        )


def _part(
    name: str,
    spec: Checked,
    here: Located,
    where: str,
    components: Collection[str],
    problems: list[Problem],
    card: Size | None,
) -> PartSpec | None:
    def bad(key: str, message: str) -> None:
        problems.append(here.problem(key, f"{where}.{key}", message))

    if ("size" in spec) == ("tuck_box" in spec):
        problems.append(
            Problem(here.file, here.line, where, "give exactly one of size or tuck_box")
        )
        return None
    written = spec.get("size")  # PART_KEYS: a name or [WIDTH, HEIGHT]
    size, paper, wrong = (
        _size(written, card) if isinstance(written, (str, list)) else (None, False, None)
    )
    if wrong:
        bad("size", wrong)
        return None
    deck = spec.text_or_none("tuck_box")
    if not _tuck_box_keys(spec, deck, components, bad):
        return None
    safe_ok, safe = _optional_length(spec, "safe", None, bad)
    if not safe_ok:
        return None
    clearance_ok, clearance = _optional_length(spec, "clearance", CLEARANCE_MM, bad)
    if not clearance_ok:
        return None
    return PartSpec(
        name,
        f"{here.file}:{here.line}",
        size=size,
        paper=paper,
        copies=spec.integer_or_none("copies") or 1,
        tuck_box=deck,
        thickness=_mm(spec, "thickness") if "thickness" in spec else THICKNESS_MM,
        clearance=clearance if clearance is not None else CLEARANCE_MM,
        each=spec.text_or_none("each"),
        group=spec.text_or_none("in"),
        overlap=_mm(spec, "overlap") if "overlap" in spec else None,
        large_paper=spec.text_or_none("large_paper"),
        title=spec.text_or_none("title") or "",
        note=spec.text_or_none("note") or "",
        outline=spec.text_or_none("outline") or ("none" if deck is not None else "rect"),
        safe=safe,
    )


def _mm(spec: Checked, key: str) -> float:
    """The length `key` gives (its Key has checked it)."""
    return parse_length(spec.text_or_number(key))


def _tuck_box_keys(
    spec: Checked,
    deck: str | None,
    components: Collection[str],
    bad: Callable[[str, str], None],
) -> bool:
    """A tuck box names a deck of the game; only a tuck box has a thickness and clearance."""
    if deck is not None and deck not in components:
        bad("tuck_box", f"the game has no deck {deck!r}{_known(deck, components)}")
        return False
    for key in ("thickness", "clearance"):
        if key in spec and deck is None:
            bad(key, "only a tuck box has a card thickness and clearance")
            return False
    return True


def _optional_length(
    spec: Checked, key: str, default: float | None, bad: Callable[[str, str], None]
) -> tuple[bool, float | None]:
    """(True, the length `key` gives, or `default`), or (False, None) when it is wrong."""
    if key not in spec:
        return True, default
    try:
        return True, _length_or_zero(spec.text_or_number(key))
    except ValueError as exc:
        bad(key, str(exc))
        return False, None


def _size(value: str | list[YamlValue], card: Size | None) -> tuple[Size | None, bool, str | None]:
    """(size, is the kit's paper, problem)."""
    if isinstance(value, str):
        if value == "paper":
            return None, True, None
        if value == "card":
            if card is None:
                return None, False, "card: the game has no card_size"
            return Size(card.width, card.height, "card"), False, None
        if value in PAPER_SIZES and value in SIZE_NAMES:
            paper = PAPER_SIZES[value]
            return Size(paper.width, paper.height, value), False, None
        return None, False, _choice(value, [*SIZE_NAMES, "[WIDTH, HEIGHT]"])
    # two lengths, as PART_KEYS' _size_value has checked
    width, height = (parse_length(v) for v in value if isinstance(v, (str, int, float)))
    return Size(width, height), False, None


def _length_or_zero(value: str | int | float) -> float:
    if value in (0, "0", "0mm"):
        return 0.0
    return parse_length(value)


def _known(name: str, components: Collection[str]) -> str:
    close = did_you_mean(name, components)
    return close or f" (decks: {', '.join(components) or 'none'})"


def _check_groups(
    parts: dict[str, PartSpec],
    loc: Located,
    components: Collection[str],
    problems: list[Problem],
) -> None:
    """`in: FILE` names a file of its own: not the kit's, a deck's or another part's."""
    for part in parts.values():
        group = part.group
        if group is None:
            continue
        here = loc.child(part.name)
        field = f"parts.{part.name}.in"
        if not is_id(group):
            problems.append(here.problem("in", field, "expected a lowercase file name"))
        elif group in RESERVED or group in components:
            problems.append(here.problem("in", field, f"{group}.pdf is not a file of parts"))
        elif group in parts and parts[group].group not in (None, group):
            problems.append(  # a part may join another's own file (a legend by its board)
                here.problem("in", field, f"{group}.pdf is not a file: {group!r} prints in another")
            )


class _Row(Protocol):
    @property
    def count(self) -> int: ...


class _Deck(Protocol):
    @property
    def cards(self) -> Sequence[_Row]: ...


def part_items(
    part: PartSpec, decks: Mapping[str, _Deck], lists: Mapping[str, object]
) -> list[tuple[object, int]]:
    """What a part is drawn for, and how many of each: once (None), each card of the deck its
    `each:` names among the game's `decks` (its count), or each item of the list the rules
    engine gives by that name (`lists`, once each). A name that is neither is bad input at
    the part's line. (The decks are passed in: game.py imports this module.)"""
    if part.each is None:
        return [(None, 1)]
    deck = decks.get(part.each)
    if deck is not None:
        return [(card, card.count) for card in deck.cards]
    listed = lists.get(part.each)
    if isinstance(listed, (list, tuple)) and listed:
        return [(item, 1) for item in listed]
    known = [k for k, v in lists.items() if isinstance(v, (list, tuple))]
    names = [*decks, *known]
    raise DataError(
        [
            Problem.at(
                part.where,
                f"parts.{part.name}.each",
                f"no deck or list {part.each!r}{did_you_mean(part.each, names)} (decks:"
                f" {', '.join(decks) or 'none'}; the rules engine's lists:"
                f" {', '.join(known) or 'none'})",
            )
        ]
    )
