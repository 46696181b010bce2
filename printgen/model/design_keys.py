"""design.yaml (and design.LANG.yaml) declared key by key: what a card's, a piece's and a
part's design may say. The design reader (`printgen.render.faces.spec`) takes its accepted
keys from here, and the JSON Schema and the reference page are written from here, so a new
design key is one line below.
"""

from __future__ import annotations

from printgen.model.schema import Key, NumberRange, OneOf, WholeNumber, one_of, some_text

LENGTH = (str, int, float)
"""A length: `3mm`, `0.5in`, `12pt`, a per cent of the card (`14%`) or a number of mm."""
TEXT_OR_NUMBER = (str, int, float)
COLOUR = "a colour: #rrggbb or a palette name (`accent`, `fire.dark`)"


def _length(doc: str) -> Key:
    return Key(False, LENGTH, "a length such as 3mm, 12pt or 14%", doc=doc)


def _colour(doc: str) -> Key:
    return Key(False, str, COLOUR, doc=doc)


def _flag(doc: str, default: bool | None = None) -> Key:
    return Key(False, bool, "true or false", default=default, doc=doc)


def _text(doc: str) -> Key:
    return Key(False, str, "text", doc=doc)


PLACE_OPTIONS = {
    "anchor": Key(
        False,
        str,
        "safe, trim or bleed",
        one_of("safe", "trim", "bleed"),
        doc=("what the box's lengths are measured from: the safe zone (default), trim or bleed"),
    ),
    "left": _length("distance of the box's left edge from the anchor's"),
    "top": _length("distance of the box's top edge from the anchor's"),
    "right": _length("distance of the box's right edge from the anchor's"),
    "bottom": _length("distance of the box's bottom edge from the anchor's"),
    "width": _length("the box's width"),
    "height": _length("the box's height"),
    "when": _text("a sandboxed Jinja condition on the card's columns: the box is drawn when true"),
    "mirror": _flag("draw the box turned half round too (a card read from both ends)"),
}
"""The keys every box takes: where it sits and when it is drawn."""

CONTENT = {
    "text": _text("a text box: a Jinja template of the card's columns (`{{ name }}`)"),
    "image": _text("an image box: a file in the game's folder, or a template naming one"),
    "icon": _text("an icon box: the name of an icon (an element, a symbol) or a template"),
    "shape": Key(
        False,
        str,
        "rect, ellipse, hex or line",
        one_of("rect", "ellipse", "hex", "line"),
        doc="a shape box: rect, ellipse, hex or line (a line runs along the box's middle)",
    ),
    "component": _text("a component box: a template in the game's templates/components/"),
    "grid": Key(
        False,
        dict,
        "{shape: square | hex, columns: N, rows: N, size: LENGTH}",
        doc="a grid box (parts): square or hex cells",
        keys={
            "shape": Key(False, str, "square or hex", one_of("square", "hex"), doc="cell shape"),
            "columns": Key(
                False,
                (int, str),
                "a whole number (or a template giving one)",
                WholeNumber(1, 1000),
                doc="columns",
            ),
            "rows": Key(
                False,
                (int, str),
                "a whole number (or a template giving one)",
                WholeNumber(1, 1000),
                doc="rows",
            ),
            "size": _length("one cell's size (a hex cell's width across its flats)"),
            "corner_up": _flag("hex cells with a corner at the top"),
        },
    ),
    "track": Key(
        False,
        dict,
        "{spaces: N, first: N, size: LENGTH}",
        doc="a track box (parts): numbered spaces round the box's edge",
        keys={
            "spaces": Key(
                False,
                (int, str),
                "a whole number (or a template giving one)",
                WholeNumber(1, 1000),
                doc="spaces",
            ),
            "first": Key(False, int, "a whole number", doc="the first space's number"),
            "size": _length("one space's size"),
        },
    ),
}
"""A box's content: each box has exactly one of these keys."""

CELL = Key(
    False,
    dict,
    "{at: CELL, ...}",
    doc="a cell rule of a grid",
    keys={
        "at": Key(False, (str, list), "a cell (A1) or a range [A1, C3]", doc="which cells"),
        "each": _text("a list the rules engine gives, one cell each"),
        "fill": _colour("the cells' fill"),
        "stroke": _colour("the cells' outline"),
        "icon": _text("an icon drawn in the cells"),
        "text": _text("text written in the cells"),
        "colour": _colour("the colour of the cells' text and icon"),
        "component": _text("a component drawn in the cells"),
        "with": Key(False, dict, "a mapping of names to values", doc="the component's values"),
    },
)

OPTIONS = {
    "size": Key(False, LENGTH, "a text size such as 9pt", doc="the text's size"),
    "min_size": Key(False, LENGTH, "a text size such as 6pt", doc="the smallest it may shrink to"),
    "font": _text("a font role of `fonts:` (body, title, or one of the design's own)"),
    "bold": _flag("bold text (grids and tracks: bold labels)"),
    "colour": _colour("the colour of the text or icon"),
    "align": Key(
        False,
        str,
        "left, center or right",
        one_of("left", "center", "right"),
        doc="horizontal alignment",
    ),
    "valign": Key(
        False,
        str,
        "top, middle or bottom",
        one_of("top", "middle", "bottom"),
        doc="vertical alignment",
    ),
    "lines": Key(
        False,
        int,
        "a whole number of lines (1 or more)",
        WholeNumber(1, 1000),
        doc="the most lines",
    ),
    "leading": Key(
        False,
        (int, float),
        "a number from 0.5 to 4",
        NumberRange(0.5, 4.0),
        doc="line height, in ems",
    ),
    "letter_spacing": Key(
        False, LENGTH, "a length such as 0.25em or 0.5mm", doc="space added after each letter"
    ),
    "upper": _flag("print the text in capitals"),
    "backing": _colour("a panel behind the text"),
    "padding": _length("room inside the backing"),
    "backdrop": _colour("a soft shade behind the text, over art"),
    "over_art": _flag("drawn over the art (the art box does not push it aside)"),
    "background": _flag("a picture under the texts and icons it lies beneath"),
    "turn_mark": _flag("a mark showing which way up the text reads"),
    "features": _text("OpenType features, such as `smcp, onum`"),
    "fit": Key(
        False, str, "cover or contain", one_of("cover", "contain"), doc="how an image fills its box"
    ),
    "radius": _length("rounded corners"),
    "optional": _flag(
        "an icon that may be missing, a text left off where it does not fit: nothing is drawn"
    ),
    "shorter": Key(
        False,
        (str, list),
        "a text or a list of texts",
        doc="shorter texts tried in order where the text does not fit",
    ),
    "fill": _colour("the fill"),
    "stroke": _colour("the outline"),
    "stroke_width": _length("the outline's width"),
    "opacity": Key(
        False,
        (int, float),
        "a number from 0 to 1",
        NumberRange(0.0, 1.0),
        doc="0 transparent, 1 opaque",
    ),
    "dash": _length("a dashed line, its dash length"),
    "with": Key(False, dict, "a mapping of names to values", doc="values the component reads"),
    "alternate": _colour("every other cell's fill (a grid)"),
    "coordinates": _flag("print each cell's coordinates (a grid)"),
    "labels": Key(False, dict, "a mapping {CELL: text}", doc="a grid's cell labels, {A1: Start}"),
    "cells": Key(False, list, "a list of {at: CELL, ...}", doc="cell rules", items=CELL),
    "label_size": Key(False, LENGTH, "a text size such as 7pt", doc="grid or track labels"),
    "mark": _colour("a track's every fifth space"),
}
"""The content's options: which content takes which is `BOX_OPTIONS`."""

BOX_OPTIONS: dict[str, tuple[str, ...]] = {
    "text": (
        "size",
        "min_size",
        "font",
        "bold",
        "colour",
        "align",
        "valign",
        "lines",
        "leading",
        "letter_spacing",
        "upper",
        "backing",
        "padding",
        "backdrop",
        "over_art",
        "turn_mark",
        "features",
        "shorter",
        "optional",
    ),
    "image": ("fit", "radius", "background"),
    "icon": ("colour", "optional", "over_art"),
    "shape": ("fill", "stroke", "stroke_width", "radius", "opacity", "dash"),
    "component": ("with", "background"),
    "grid": (
        "fill",
        "alternate",
        "stroke",
        "stroke_width",
        "coordinates",
        "labels",
        "cells",
        "font",
        "colour",
        "label_size",
        "bold",
    ),
    "track": ("fill", "mark", "stroke", "stroke_width", "font", "colour", "label_size", "bold"),
}
"""Each content's own options, beside `PLACE_OPTIONS`."""

BOX = Key(
    False,
    dict,
    "a box: one content key and its options",
    doc="one box of a design",
    keys={**CONTENT, **PLACE_OPTIONS, **OPTIONS},
)
SIDE = Key(
    False,
    dict,
    "{boxes: {NAME: {...}}}",
    doc="one side's boxes, in drawing order",
    keys={"boxes": Key(False, dict, "{NAME: {...}}", doc="the boxes, by name", each=BOX)},
)
KIND = Key(
    False,
    dict,
    "{boxes: ...}",
    doc="a card kind's variant of `front:`",
    keys={
        **(SIDE.keys or {}),
        "inherit": _flag("false: start from no boxes, not from `front:`"),
        "like": _text("start from an earlier kind's variant"),
    },
)
BACK = Key(
    False,
    dict,
    "{boxes: ...} | {image: FILE} | {template: FILE} | {colour: C, title: T}",
    doc="a deck's back",
    keys={
        "image": _text("an image file in the game's folder"),
        "template": _text("an SVG template (.svg.j2) in the game's folder"),
        "colour": _colour("a plain back's colour"),
        "title": _text("a plain back's title"),
        "boxes": Key(False, dict, "{NAME: {...}}", doc="the back's boxes", each=BOX),
    },
)
FONT = Key(
    False,
    (str, dict),
    "{family: NAME} or {file: fonts/FACE.ttf, bold: ..., italic: ...}",
    doc="a font role: a family installed on the system, or font files in the game's folder",
    keys={
        "family": _text("a font family's name"),
        "file": _text("the regular face's .ttf or .otf, in the game's folder"),
        "bold": _text("the bold face's file"),
        "italic": _text("the italic face's file"),
        "bold_italic": _text("the bold italic face's file"),
        "features": _text("OpenType features every text of this role uses"),
    },
)
TONES = Key(
    False,
    (str, dict),
    "a colour, or {fill, dark, light, ink}",
    doc="a suit's colours",
    keys={
        "fill": _colour("the suit's own colour"),
        "dark": _colour("a deeper shade (outlines, text on light)"),
        "light": _colour("a pale tint (panels)"),
        "ink": _colour("text and icons drawn on the fill"),
    },
)
PALETTE_KEYS = {
    "colours": Key(False, dict, "{NAME: #rrggbb}", doc="named colours", each=_colour("a colour")),
    "suits": Key(False, dict, "{SUIT: tones}", doc="each suit's colours", each=TONES),
    "elements": Key(False, dict, "{ELEMENT: tones}", doc="each element's colours", each=TONES),
}
"""palette.yaml, and design.yaml's `palette:`."""

ROLE_DOC = "the column that plays the {} role in the default design"
DESIGN_KEYS = {
    "min_size": Key(False, LENGTH, "a text size such as 6pt", doc="no card text smaller"),
    "clearance": Key(
        False,
        LENGTH,
        "a length such as 1mm",
        doc="how far text and icons keep from the edges of shapes round them (default 1mm)",
    ),
    "strict": _flag("text that does not fit is an error, not a warning", default=False),
    "language": Key(
        False, str, "a language code (en)", some_text, doc="the hyphenation dictionary"
    ),
    "suit": Key(False, (str, type(None)), "a column name", doc=ROLE_DOC.format("suit")),
    "art": Key(False, (str, type(None)), "a column name", doc=ROLE_DOC.format("art")),
    "value": Key(False, (str, type(None)), "a column name", doc=ROLE_DOC.format("value")),
    "flavour": Key(False, (str, type(None)), "a column name", doc=ROLE_DOC.format("flavour")),
    "fonts": Key(False, dict, "a mapping of role to font", doc="the fonts, by role", each=FONT),
    "palette": Key(False, dict, "{colours, suits}", doc="the game's colours", keys=PALETTE_KEYS),
    "front": Key(False, dict, SIDE.describe, doc="the cards' front", keys=SIDE.keys),
    "kinds": Key(False, dict, "{KIND: {boxes: ...}}", doc="per-kind variants", each=KIND),
    "back": Key(False, dict, SIDE.describe, doc="the default back of every deck", keys=SIDE.keys),
    "decks": Key(
        False,
        dict,
        "{DECK: {front: ..., back: ...}}",
        doc="one deck's own front and back",
        each=Key(
            False, dict, "{front, back}", doc="a deck's design", keys={"front": SIDE, "back": BACK}
        ),
    ),
    "words": Key(
        False,
        dict,
        "{word: its translation}",
        doc="what say(word) prints",
        each=Key(False, TEXT_OR_NUMBER, "text", doc="the word as printed"),
    ),
    "shapes": Key(
        False,
        dict,
        "{circle|hex|hex_corner_up|rect|die: {front, back}}",
        doc="the default designs of pieces of other shapes",
        keys={
            base: Key(
                False,
                dict,
                "{front, back}",
                doc=f"{base} pieces",
                keys={"front": SIDE, "back": SIDE},
            )
            for base in ("circle", "hex", "hex_corner_up", "rect", "die")
        },
    ),
    "parts": Key(False, dict, "{PART: {boxes: ...}}", doc="how each part looks", each=SIDE),
    "corner_radius": _length("the cards' corner radius, for cutters (default 3mm)"),
    "stamp": Key(
        False,
        (dict, type(None)),
        BOX.describe,
        doc="the version stamp's box, on every front without a box named stamp (null: none)",
        keys=BOX.keys,
    ),
    "tuck_qr": Key(
        False,
        (dict, type(None)),
        BOX.describe,
        doc="the QR code of game.yaml's url: on every tuck box's back panel (null: none)",
        keys=BOX.keys,
    ),
}
"""design.yaml's top level."""

PIECE_BASES = tuple(DESIGN_KEYS["shapes"].keys or ())
ANCHOR_WORDS = OneOf(("safe", "trim", "bleed"))
