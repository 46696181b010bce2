"""The tuck box's front: the deck's back past its cut sides. A designer's trial: the dark
back art on the front panel ran 0.7 mm past the cut line at the box's outer edge and none at
the top and the thumb notch (it was cut to the net's outline), so any cut a hair outside the
line left a white edge; and the near-black cut line was lost on the dark art. The art now
runs its own bleed past every cut side of the panel (the outer edge, the top with its notch)
and none past a fold, and the cut line has a white edge under it."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.parts import net_of, tuck_face
from printgen.render.parts.faces import PartFaces
from printgen.render.parts.tuck import ROOM_MM
from tests.conftest import ROOT


def test_the_front_art_bleeds_past_its_cut_sides_only(tmp_path: Path) -> None:
    folder = tmp_path / "saltmarsh"
    shutil.copytree(ROOT / "examples" / "saltmarsh", folder)
    game = load_game(folder)
    part = game.parts["goal-box"]
    svg, _ = tuck_face(game, part, PartFaces(game, CairoMeasure(), "a4"))
    front = net_of(game, part).panels["front"]
    clip = re.search(r'<clipPath id="tuck-box-front"><rect x="([-\d.]+)" y="([-\d.]+)" '
                     r'width="([\d.]+)" height="([\d.]+)"/>', svg)  # fmt: skip
    assert clip is not None, svg[:400]
    x, y, w, h = (float(v) for v in clip.groups())
    bleed = front.x - x
    assert bleed == pytest.approx(3.2, abs=0.15)  # the face's 1/8 in, scaled by the 1 mm room
    assert front.y - y == pytest.approx(bleed)  # the top, with its thumb notch, is cut
    assert x + w == pytest.approx(front.x + front.w)  # the side panel folds on here
    assert y + h == pytest.approx(front.y + front.h)  # and the bottom flap here
    assert 'stroke="#ffffff" stroke-width="0.8"' in svg  # the cut line's white edge
    # drawn, not only clipped: the net's drawing has room for the bleed round it (review:
    # the art past the outer edge fell off the drawing's own edge)
    pixels = _drawn(svg)
    room = ROOM_MM
    middle = front.y + front.h / 2
    assert _dark(pixels, front.x - 2.0 + room, middle)  # past the outer cut edge
    assert _dark(pixels, front.x + front.w / 4 + room, front.y - 2.0 + room)  # past the top
    assert not _dark(pixels, front.x + front.w + 2.0 + room, middle)  # the side panel, white


PER_MM = 10


def _drawn(svg: str) -> np.ndarray:
    """The drawing's pixels, PER_MM a millimetre from its viewBox's corner."""
    import cairosvg
    from PIL import Image

    png = cairosvg.svg2png(bytestring=svg.encode(), scale=PER_MM * 25.4 / 96)
    assert isinstance(png, bytes)
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def _dark(pixels: np.ndarray, x_mm: float, y_mm: float) -> bool:
    assert x_mm >= 0 and y_mm >= 0, "off the drawing"
    return bool(pixels[round(y_mm * PER_MM), round(x_mm * PER_MM)].max() < 100)
