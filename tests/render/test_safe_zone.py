"""Every piece of text and every icon on every face stays inside the safe zone, 3 mm inside
the trim, and uncovered by a box drawn after it, at every built-in card size; corner icons are
at least 5 mm; the art fills the bleed. Measured from the SVG with the widths cairo draws
with (the PDF's own geometry is read back in test_design_games.py)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from printgen.layout.sizes import CARD_SIZES
from printgen.model import Game, load_game
from printgen.render.faces.face import RECORD_BLEED_MM
from printgen.render.faces.game_faces import game_faces
from printgen.render.text.fonts import text_by_font
from printgen.render.text.textfit import Font
from tests.render.conftest import DESIGN_GAMES as GAMES

SIZES = ["own", *CARD_SIZES]
CORNER = 15.0  # mm from two edges: an icon there is a corner index
ICON_MIN = 5.0


def sized(game_id: str, size: str) -> Game:
    game = load_game(GAMES[game_id])
    return game if size == "own" else replace(game, card_size=CARD_SIZES[size])


SVG = "{http://www.w3.org/2000/svg}"
Matrix = tuple[float, float, float, float, float, float]
SLACK = 0.05  # mm


def parse_transform(text: str) -> Matrix:
    m: Matrix = (1, 0, 0, 1, 0, 0)
    for name, args in re.findall(r"(\w+)\(([^)]*)\)", text):
        v = [float(a) for a in re.split(r"[\s,]+", args.strip()) if a]
        if name == "translate":
            step = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            step = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "matrix":  # a synthesized oblique's skew
            step = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "rotate":
            a = math.radians(v[0])
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0, 0)
            cos, sin = math.cos(a), math.sin(a)
            step = (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
        else:
            raise AssertionError(f"unexpected transform {name}")
        m = (
            m[0] * step[0] + m[2] * step[1],
            m[1] * step[0] + m[3] * step[1],
            m[0] * step[2] + m[2] * step[3],
            m[1] * step[2] + m[3] * step[3],
            m[0] * step[4] + m[2] * step[5] + m[4],
            m[1] * step[4] + m[3] * step[5] + m[5],
        )
    return m


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def boxes(svg: str, measure) -> list[tuple[str, float, float, float, float]]:
    """(what, left, top, right, bottom) of every text line and every icon group."""
    found = []

    def walk(node: ET.Element, m: Matrix) -> None:
        if "transform" in node.attrib:
            m2 = parse_transform(node.attrib["transform"])
            m = (
                m[0] * m2[0] + m[2] * m2[1],
                m[1] * m2[0] + m[3] * m2[1],
                m[0] * m2[2] + m[2] * m2[3],
                m[1] * m2[2] + m[3] * m2[3],
                m[0] * m2[4] + m[2] * m2[5] + m[4],
                m[1] * m2[4] + m[3] * m2[5] + m[5],
            )
        tag = node.tag.removeprefix(SVG)
        if tag == "text":
            ((font, text),) = text_by_font(ET.tostring(node, encoding="unicode")).items()
            size = float(node.attrib["font-size"])
            width = measure.advance(text, Font(font.family, font.bold)) * size
            x, y = float(node.attrib["x"]), float(node.attrib["y"])
            anchor = node.attrib.get("text-anchor", "start")
            left = x - {"start": 0, "middle": width / 2, "end": width}[anchor]
            corners = [
                apply(m, px, py)
                for px in (left, left + width)
                for py in (y - 0.74 * size, y + 0.2 * size)
            ]
            found.append((f"text {text!r}", *_bounds(corners)))
            return
        if (
            tag == "g"
            and re.fullmatch(r"translate\([^)]*\) scale\([^)]*\)", node.attrib.get("transform", ""))
            and any(child.tag.removeprefix(SVG) in ("path", "polygon", "circle") for child in node)
        ):
            corners = [apply(m, px, py) for px in (2, 98) for py in (2, 98)]
            found.append(("icon", *_bounds(corners)))
            return
        if tag == "circle" and float(node.attrib.get("r", 0)) <= 6:
            cx, cy, r = (float(node.attrib[k]) for k in ("cx", "cy", "r"))
            corners = [apply(m, px, py) for px in (cx - r, cx + r) for py in (cy - r, cy + r)]
            found.append(("disc", *_bounds(corners)))
            return
        if tag == "image" and float(node.attrib.get("width", 99)) <= 15:
            x, y = float(node.attrib["x"]), float(node.attrib["y"])
            w, h = float(node.attrib["width"]), float(node.attrib["height"])
            corners = [apply(m, px, py) for px in (x, x + w) for py in (y, y + h)]
            found.append(("icon", *_bounds(corners)))
            return
        for child in node:
            walk(child, m)

    walk(ET.fromstring(svg), (1, 0, 0, 1, 0, 0))
    return found


def _bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


LONG_BY_DESIGN = {"lantern-market": {"spice-caravan"}}
"""Faces with a text written too long for a small card: the sample's title "The Extraordinarily
Long-Winded Caravan of Spice Merchants" fits its own 70 x 100 mm card on two lines, not a bridge
or mini card, where it is cut and reported (as validate reports it to a designer)."""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_text_and_icons_stay_inside_the_safe_zone(game_id: str, size: str) -> None:
    from printgen.render.draw.vector import CairoMeasure

    game = sized(game_id, size)
    w, h, safe = game.card_size.width, game.card_size.height, 3.0
    measure = CairoMeasure()
    outside, small, hidden, cut = [], [], [], []
    for deck in game_faces(game, measure):
        for face in [*(f for _, f in deck.fronts), deck.back]:
            hidden += [f"{place}: {what}" for place, what in face.hidden]
            if face.name not in LONG_BY_DESIGN.get(game_id, ()):
                cut += face.overflows
            elif size in ("bridge", "mini"):
                assert face.overflows, f"{face.name}: the cut text is not reported"
            found = boxes(face.svg, measure)
            discs = [b for b in found if b[0] == "disc"]
            for what, left, top, right, bottom in found:
                if what == "disc":
                    continue
                if (
                    left < safe - SLACK
                    or top < safe - SLACK
                    or right > w - safe + SLACK
                    or bottom > h - safe + SLACK
                ):
                    outside.append(
                        f"{face.name}: {what} at ({left:.1f}, {top:.1f}, {right:.1f}, {bottom:.1f})"
                    )
                cx, cy = (left + right) / 2, (top + bottom) / 2
                in_corner = min(cx, w - cx) < CORNER and min(cy, h - cy) < CORNER
                if what == "icon" and in_corner:
                    # an icon on a badge reads as large as its disc
                    side = max(
                        [right - left]
                        + [d[3] - d[1] for d in discs if d[1] <= cx <= d[3] and d[2] <= cy <= d[4]]
                    )
                    if side < ICON_MIN - 0.05:
                        small.append(
                            f"{face.name}: corner icon {side:.1f} mm at ({cx:.1f}, {cy:.1f})"
                        )
    assert outside == []
    assert small == []
    assert hidden == []
    assert cut == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_first_shape_of_every_face_fills_the_bleed(game_id: str) -> None:
    game = load_game(GAMES[game_id])
    from printgen.render.text.textfit import ApproxMeasure

    for deck in game_faces(game, ApproxMeasure()):
        for face in [*(f for _, f in deck.fronts), deck.back]:
            first = next(n for n in ET.fromstring(face.svg) if n.tag == f"{SVG}rect")
            assert float(first.attrib["x"]) <= -RECORD_BLEED_MM
            assert float(first.attrib["y"]) <= -RECORD_BLEED_MM
            assert float(first.attrib["width"]) >= game.card_size.width + 2 * RECORD_BLEED_MM
