"""A part's page (a board, a sheet, a score pad, a tuck box): the part drawn large, each face
of it (a part drawn per item has one a copy: `pawn-1` ...), with its cut line, its safe zone
and its boxes' outlines and names, what validate says of it, what game.yaml declares of it,
and the parts before and after it. The same `PiecePage` as a card's, drawn by the same
template: a part has no bleed (its cut line is its edge), so its bleed layer is empty.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import quote

from printgen.kit.serve.drawing import Drawing, Line, Side
from printgen.kit.serve.pages import Link, Outline, PiecePage, outline
from printgen.layout.shapes import Shape
from printgen.model import Game
from printgen.model.parts import PartSpec
from printgen.render.faces.face import Face

if TYPE_CHECKING:
    from printgen.render.parts.faces import PartFaces


def part_url(game_id: str, name: str) -> str:
    return f"/_part/{quote(game_id)}/{quote(name)}"


def draw_part(game: Game, part: PartSpec, faces: PartFaces) -> Drawing:
    """The part's faces as build draws them on the kit's paper (`faces`: its PartFaces); a
    tuck box's net, which has no boxes of the design. A DataError names a mistake."""
    from printgen.render.parts import tuck_face  # cairo loads at the first drawing
    from printgen.render.parts.faces import part_safe, part_size  # (cairo): as above

    title = f"{game.id} part {part.name!r}"
    if part.tuck_box is not None:
        svg, size = tuck_face(game, part, faces)
        sides: tuple[tuple[str, Side], ...] = (("net", Side(Face("net", title, svg), ())),)
    else:
        size = part_size(part, faces.paper)
        folder = str(game.folder)
        sides = tuple((face.name, _side(face, title, folder)) for face in faces.faces(part))
    strict = bool(faces.design.strict)
    return Drawing(sides, strict, Shape.rect(size.width, size.height), part_safe(part))


def _side(face: Face, title: str, folder: str) -> Side:
    """A part's face as a piece's side: its picture's SVG, what validate says, its boxes
    (each at its line in the game's folder: `design.yaml:40`, as a card's)."""
    drawn = Face(face.name, title, face.svg, face.overflows, face.low_contrast, face.hidden)
    boxes = tuple(replace(b, where=in_folder(b.where, folder)) for b in face.boxes)
    return Side(drawn, boxes)


def in_folder(where: str, folder: str) -> str:
    """`game.yaml:18` for a place in the game's folder (its path as the loader gave it)."""
    return where.removeprefix(folder.rstrip("/") + "/")


def part_page(
    game: Game,
    at: int,
    drawing: Drawing | None,
    lines: list[Line],
    generation: int,
    stale: bool = False,
) -> PiecePage:
    """The page of the game's part number `at` (game.yaml's order), drawn as `drawing`."""
    parts = list(game.parts.values())
    part = parts[at]
    url = part_url(game.id, part.name)
    sides: tuple[Outline, ...] = ()
    if drawing is not None:
        sides = tuple(
            outline(name, side, drawing, f"{url}/{name}.png?g={generation}", bleed=0.0)
            for name, side in drawing.sides
        )
    return PiecePage(
        game.id,
        game.name,
        "part",
        part.label,
        f"{part.file}.pdf",
        in_folder(part.where, str(game.folder)),
        sides,
        tuple(lines),
        _declared(part, drawing),
        _neighbour(game.id, parts, at - 1),
        _neighbour(game.id, parts, at + 1),
        generation,
        stale,
    )


def _neighbour(game_id: str, parts: list[PartSpec], at: int) -> Link | None:
    if not 0 <= at < len(parts):
        return None
    return Link(parts[at].label, part_url(game_id, parts[at].name))


def _declared(part: PartSpec, drawing: Drawing | None) -> tuple[tuple[str, str], ...]:
    """What game.yaml says of the part, as a person reads it."""
    shown: list[tuple[str, str]] = [("name", part.name)]
    if drawing is not None:
        shape = drawing.shape
        shown.append(("size", f"{shape.width:g} x {shape.height:g} mm"))
    if part.paper:
        shown.append(("paper", "as large as the kit's paper"))
    if part.tuck_box is not None:
        shown += [("tuck box for", part.tuck_box), ("card thickness", f"{part.thickness:g} mm")]
    if part.each is not None:
        shown.append(("one for each of", part.each))
    shown += [("copies", str(part.copies)), ("prints in", f"{part.file}.pdf")]
    shown.append(("safe zone", f"{drawing.safe:g} mm inside its edge" if drawing else ""))
    if part.note:
        shown.append(("note", part.note))
    return tuple(shown)
