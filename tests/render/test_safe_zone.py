"""Every piece of text and every icon on every face stays inside the safe zone, 3 mm inside
the trim; the art fills the bleed. Measured from the SVG with the widths cairo draws with."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from printgen.model import load_game
from printgen.render.faces import RECORD_BLEED_MM, game_faces
from printgen.render.fonts import text_by_font
from printgen.render.textfit import Font
from tests.games import WITH_CARDS
from tests.render.conftest import CARD_DATA

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
            and re.search(r"scale\(", node.attrib.get("transform", ""))
            and any(child.tag.removeprefix(SVG) in ("path", "polygon", "circle") for child in node)
        ):
            corners = [apply(m, px, py) for px in (2, 98) for py in (2, 98)]
            found.append(("icon", *_bounds(corners)))
            return
        for child in node:
            walk(child, m)

    walk(ET.fromstring(svg), (1, 0, 0, 1, 0, 0))
    return found


def _bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("game_id", WITH_CARDS)
def test_text_and_icons_stay_inside_the_safe_zone(game_id: str) -> None:
    from printgen.render.vector import CairoMeasure

    game = load_game(CARD_DATA / game_id)
    w, h, safe = game.card_size.width, game.card_size.height, 3.0
    measure = CairoMeasure()
    outside = []
    for deck in game_faces(game, measure):
        for face in [*(f for _, f in deck.fronts), deck.back]:
            for what, left, top, right, bottom in boxes(face.svg, measure):
                if (
                    left < safe - SLACK
                    or top < safe - SLACK
                    or right > w - safe + SLACK
                    or bottom > h - safe + SLACK
                ):
                    outside.append(
                        f"{face.name}: {what} at ({left:.1f}, {top:.1f}, {right:.1f}, {bottom:.1f})"
                    )
    assert outside == []


@pytest.mark.parametrize("game_id", WITH_CARDS)
def test_the_first_shape_of_every_face_fills_the_bleed(game_id: str) -> None:
    game = load_game(CARD_DATA / game_id)
    from printgen.render.textfit import ApproxMeasure

    for deck in game_faces(game, ApproxMeasure()):
        for face in [*(f for _, f in deck.fronts), deck.back]:
            first = next(n for n in ET.fromstring(face.svg) if n.tag == f"{SVG}rect")
            assert float(first.attrib["x"]) <= -RECORD_BLEED_MM
            assert float(first.attrib["y"]) <= -RECORD_BLEED_MM
            assert float(first.attrib["width"]) >= game.card_size.width + 2 * RECORD_BLEED_MM
