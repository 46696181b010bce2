"""Pictures of a game's pieces for the rulebook's components table: each kind of tile or token
of a deck side by side, cut to its outline as printed (a die: each kind's first face), drawn by
the same renderer as the print files, so the book shows what the box holds.

A row of pieces is scaled down to the page's width, so the words on them would print far under
6 pt (a 40 mm tile's 7.5 pt name at 2.4 pt): each piece is embedded as a 300 dpi image of its
face, as a rulebook shows a photograph of its components; the table beside it names each."""

from __future__ import annotations

import base64

from markupsafe import Markup

from printgen.errors import PrintgenError
from printgen.files.templates import templates_dir
from printgen.layout.dieface import Polygon, label_outline, label_square, square_face
from printgen.layout.geometry import Point
from printgen.layout.shapes import Shape
from printgen.model import Component, Game
from printgen.render.draw.svgdraw import Svg
from printgen.render.exports.pieces import trimmed_png
from printgen.render.faces.face import RECORD_BLEED_MM, Face
from printgen.render.faces.pieces import faces_of, label_shape
from printgen.render.faces.render import Renderer

MOST = 8
"""Kinds of piece a deck's picture shows at most (the table lists them all)."""
GAP_MM = 3.0
PICTURE_DPI = 300
CUT_LINE = "#9a9186"
"""A die label's outline, drawn over its face: where it is cut."""
WIDEST_MM = 110.0
"""The picture's printed width at most: an A5 page's text."""


def pieces_picture(game: Game, deck: Component) -> Markup:
    """A row of the deck's kinds of piece, at their printed size when they fit the page (else
    smaller); nothing when the deck has no pieces or they cannot be drawn (validate says why)."""
    try:
        faces, shape = _faces(game, deck)
    except PrintgenError:
        return Markup("")
    if not faces:
        return Markup("")
    label = _label_outline(deck)
    if label is not None:
        return _labels_picture(game, deck, faces, shape, label)
    step = shape.width + GAP_MM
    svg = Svg(len(faces) * step - GAP_MM, shape.height)
    for index, face in enumerate(faces):
        left = index * step
        middle = Point(left + shape.width / 2, shape.height / 2)
        clip = f"piece-{deck.name}-{index}"
        svg.open("clipPath", id=clip)
        svg.el("path", d=shape.outline(middle).svg_path())
        svg.close("clipPath")
        data = base64.b64encode(_picture(game, face, shape)).decode("ascii")
        svg.el(
            "image",
            href=f"data:image/png;base64,{data}",
            x=left,
            y=0,
            width=shape.width,
            height=shape.height,
            clip_path=f"url(#{clip})",
        )
    width = min(svg.width, WIDEST_MM)
    return svg.img(width, f"{deck.name}: {len(faces)} kinds")


def _label_outline(deck: Component) -> Polygon | None:
    """A die's label when it is no square (a d8's triangle, a d10's kite), as the label
    sheets cut it; None for a square one and any other piece."""
    if deck.kind != "dice" or deck.shape is None:
        return None
    rows = [card for card in deck.cards if card.count > 0]
    faces = faces_of(deck, rows[0]) if rows else 6
    return None if square_face(faces) else label_outline(deck.shape.width, faces)


def _labels_picture(
    game: Game, deck: Component, faces: list[Face], square: Shape, label: Polygon
) -> Markup:
    """Each die's first face as its label prints: the label's outline filled with the face's
    background, the face's drawing on the largest upright square inside it."""
    assert deck.shape is not None
    rows = [card for card in deck.cards if card.count > 0]
    inside = label_square(deck.shape.width, faces_of(deck, rows[0]))
    width = max(p.x for p in label)
    height = max(p.y for p in label)
    step = width + GAP_MM
    svg = Svg(len(faces) * step - GAP_MM, height)
    for index, face in enumerate(faces):
        left = index * step
        png, background = _picture_and_background(game, face, square)
        points = " ".join(f"{left + p.x:.3f},{height - p.y:.3f}" for p in label)
        fill = "#" + "".join(f"{round(c * 255):02x}" for c in background or (1.0, 1.0, 1.0))
        svg.el("polygon", points=points, fill=fill)
        svg.el(
            "image",
            href=f"data:image/png;base64,{base64.b64encode(png).decode('ascii')}",
            x=left + inside.left,
            y=height - inside.top,
            width=inside.width,
            height=inside.height,
        )
        svg.el("polygon", points=points, fill="none", stroke=CUT_LINE, stroke_width=0.2)
    return svg.img(min(svg.width, WIDEST_MM), f"{deck.name}: {len(faces)} kinds")


def _picture(game: Game, face: Face, shape: Shape) -> bytes:
    """The face at its trim as a PNG of PICTURE_DPI or a hair more (whole pixels rounded up:
    placed at its printed size, it is never under a shop's 300 dpi), white outside it."""
    return _picture_and_background(game, face, shape)[0]


def _picture_and_background(
    game: Game, face: Face, shape: Shape
) -> tuple[bytes, tuple[float, float, float] | None]:
    """`_picture`, and the colour the face has in its corner's bleed (its background, which
    a die's label is filled with to its edge)."""
    from printgen.render.draw import vector  # cairo and PIL: loaded only to draw a piece

    drawing = vector.record_svg(face.svg, [game.folder, templates_dir()], f"{game.id} {face.name}")
    corner = RECORD_BLEED_MM / 2
    png = trimmed_png(drawing, shape, PICTURE_DPI, at_least=True)
    return png, vector.colour_at(drawing, corner, corner)


def _faces(game: Game, deck: Component) -> tuple[list[Face], Shape]:
    from printgen.render.draw.vector import CairoMeasure  # cairo: only for a game's pieces

    assert deck.shape is not None
    renderer = Renderer(game, CairoMeasure())
    rows = [card for card in deck.cards if card.count > 0][:MOST]
    if deck.kind == "dice":
        edge = deck.shape.width
        shape = label_shape(edge, faces_of(deck, rows[0]) if rows else 6)
        return [renderer.die_faces(deck, card, edge, True)[0] for card in rows], shape
    return [renderer.piece_front(deck, card) for card in rows], deck.shape
