"""The rulebook pictures a die as its label prints: a d8's face on a triangle, a d10's on a
kite, filled with the face's background to the outline, its drawing on the largest upright
square inside; a d6's is its square (a designer's trial saw the d8 pictured as a square)."""

from __future__ import annotations

import base64
import re

import pytest

from printgen.layout.dieface import label_outline, label_square
from printgen.model import load_game
from printgen.render.rulebook.pieces import pieces_picture
from tests.render.test_d8_labels import D6, D8, D10, GAME


@pytest.fixture(scope="module")
def flows(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("dice") / "flows"
    folder.mkdir()
    for name, text in {"game.yaml": GAME, "d8.csv": D8, "d10.csv": D10, "d6.csv": D6}.items():
        (folder / name).write_text(text)
    return load_game(folder)


def _svg(picture: str) -> str:
    data = re.search(r"data:image/svg\+xml;base64,([^\"]+)", picture)
    assert data is not None, picture[:200]
    return base64.b64decode(data.group(1)).decode("utf-8")


def _polygons(svg: str) -> list[list[tuple[float, float]]]:
    found = []
    for points in re.findall(r'<polygon points="([^"]+)"', svg):
        found.append([tuple(map(float, p.split(","))) for p in points.split()])
    return found


@pytest.mark.parametrize(("deck", "corners"), [("d8", 3), ("d10", 4)])
def test_a_shaped_dies_face_is_pictured_on_its_label(flows, deck: str, corners: int) -> None:  # type: ignore[no-untyped-def]
    svg = _svg(str(pieces_picture(flows, flows.components[deck])))
    filled, outline = _polygons(svg)  # the label filled, then its cut line over the face
    assert filled == outline and len(filled) == corners
    label = label_outline(16.0, 8 if deck == "d8" else 10)
    width = max(x for x, _ in filled) - min(x for x, _ in filled)
    assert width == pytest.approx(max(p.x for p in label) - min(p.x for p in label), abs=0.01)
    side = label_square(16.0, 8 if deck == "d8" else 10).width
    (image,) = re.findall(r'<image [^>]*width="([\d.]+)"', svg)
    assert float(image) == pytest.approx(side, abs=0.01)
    assert re.search(r'<polygon points="[^"]+" fill="#[0-9a-f]{6}"', svg)  # its background


def test_a_d6s_face_is_pictured_as_its_square(flows) -> None:  # type: ignore[no-untyped-def]
    svg = _svg(str(pieces_picture(flows, flows.components["d6"])))
    assert _polygons(svg) == [] and "clipPath" in svg
