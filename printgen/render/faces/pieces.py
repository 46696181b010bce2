"""What a deck of pieces (tiles, tokens, dice) changes in drawing a face: the stage takes the
piece's shape, its safe zone follows the outline, its boxes come from the default design for
its shape, and a die's face reads its own column. The drawing itself is the cards' (`draw.py`,
`render.py`): one renderer for every shape.

- The safe zone is the outline 3 mm in, or a tenth of the piece across when that is less (a
  16 mm die's 14 mm label keeps 1.4 mm, a 25 mm token 2.5 mm): 3 mm of a small piece would
  leave little room for anything.
- A die's faces: face k of a row is its column `face_k`, a text or an icon (`:reed:`); with no
  face columns, every face shows the row's suit and the face's number. A face that is one icon
  of a suit takes that suit's colours.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NotRequired, TypedDict

from printgen.layout.dieface import label_side
from printgen.layout.shapes import Shape
from printgen.layout.sizes import CARD_SIZES, SAFE_MM
from printgen.model import Card, Component
from printgen.model.dice import face_columns, face_count
from printgen.render.faces.draw import Stage
from printgen.render.faces.face import RECORD_BLEED_MM
from printgen.render.faces.spec import CARD_BASE

SAFE_SHARE = 0.1
"""A piece's safe zone is at most this share of it across (and at most 3 mm)."""
FACE_NAMES = ("face", "face_icon", "face_text", "face_number", "faces")
"""What a die's face boxes may read besides the row's columns."""
MINI = CARD_SIZES["mini"]
"""The smallest card the card design is drawn for (44.45 x 63.5 mm)."""
_ONE_ICON = re.compile(r"^\s*:([A-Za-z][\w-]*):\s*$")


def base_of(deck: Component) -> str:
    """The default design a deck of pieces starts from (`spec.PIECE_BASES`, or the cards'):
    a rectangle smaller than a mini card either way has no room for the card design (its
    title and text bands need some 40 mm across and 60 mm down), so it starts from `rect`."""
    if deck.kind == "dice":
        return "die"
    shape = deck.shape
    if shape is None:
        return CARD_BASE
    if shape.kind in ("rect", "rounded"):
        short, long = sorted((shape.width, shape.height))
        return "rect" if short < MINI.width or long < MINI.height else CARD_BASE
    if shape.kind == "hex":
        return "hex_corner_up" if shape.corner_up else "hex"
    return shape.kind


def safe_inset(shape: Shape) -> float:
    return min(SAFE_MM, shape.across * SAFE_SHARE)


def piece_stage(stage: Stage, shape: Shape) -> Stage:
    """The card stage turned to a piece of `shape`: its size, its safe zone and its bleed (a
    hexagon's drawing reaches as far as its bleed's corners, `Shape.reach`)."""
    return replace(
        stage,
        width=shape.width,
        height=shape.height,
        bleed=shape.reach(RECORD_BLEED_MM),
        safe=safe_inset(shape),
        shape=shape,
    )


def label_shape(edge: float, faces: int = 6) -> Shape:
    """A die's face label: a square that fits the face less its rounded edges
    (`printgen.layout.dieface.label_side`: a d8's triangle holds a smaller one)."""
    side = label_side(edge, faces)
    return Shape.rect(side, side)


def faces_of(deck: Component, card: Card) -> int:
    return face_count(deck, card.fields)


class DieFace(TypedDict):
    """What a die's face adds to its row's context (`die_face`)."""

    face: str
    face_icon: str
    face_text: str
    face_number: int
    faces: int
    suit: NotRequired[str]


def die_face(card: Card, number: int, faces: int, suit_column: str | None) -> DieFace:
    """What face `number` (from 1) of the die `card` shows: `face` as written, `face_icon`
    when it is one icon (or the row's suit when the deck has no face columns), `face_text`
    otherwise (or the face's number), and `suit` (the row's, or the suit the icon is of,
    told by the caller)."""
    columns = face_columns(card.fields)
    if columns:
        raw = card.as_text(columns[number]) if number in columns else ""  # 0 is a face
        one = _ONE_ICON.match(raw)
        icon, text = (one.group(1), "") if one else ("", raw)
    else:
        suit = card.as_text(suit_column) if suit_column else ""
        raw, icon, text = suit, suit, str(number)
    return {
        "face": raw,
        "face_icon": icon,
        "face_text": text,
        "face_number": number,
        "faces": faces,
    }
