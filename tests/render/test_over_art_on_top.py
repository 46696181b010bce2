"""A text that says `over_art: true` prints over the art, wherever the design lists it: a
title moved onto the picture keeps the default design's place in the drawing order, before
`art`, so the picture was painted over it and the card had no name, while validate said no
text was covered (found by a designer's trial). It is now drawn after every image box it
overlaps. Read from the card's 300 dpi PNG: the title's backing shows, not the art."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import load_game
from tests.render.conftest import A4
from tests.render.winds import winds_game

PX_PER_MM = 300 / 25.4
EDGE = 3.175 + 3  # the tgc preset's bleed, then the safe zone's 3 mm
BACKING = (0x10, 0x20, 0x30)
ART = (40, 90, 160)  # art/wide.png, one colour
DESIGN = """\
front:
  boxes:
    title: {top: 25mm, height: 8mm, left: 1mm, right: 1mm, over_art: true,
            backing: "#102030", colour: "#ffffff"}
"""


def _pixel(folder: Path, out: Path, x_mm: float, y_mm: float) -> tuple[int, ...]:
    """A pixel of the Zephyr card's PNG, at mm from the safe zone's top left."""
    build_part(card_files, load_game(folder), A4, out, card_outputs(("cards",)))
    picture = Image.open(out / "winds" / "cards" / "zephyr-whisper.png").convert("RGB")
    return picture.getpixel((round((EDGE + x_mm) * PX_PER_MM), round((EDGE + y_mm) * PX_PER_MM)))


def test_a_title_over_the_art_is_drawn_after_it(tmp_path: Path) -> None:
    folder = winds_game(tmp_path / "data", DESIGN)
    # the default art box spans 16.6 mm to 48 % from the bottom, 1.8 mm in from the safe
    # zone's sides; 5 mm into the title's box
    assert _pixel(folder, tmp_path / "out", 5, 26) == BACKING


def test_art_away_from_the_title_still_shows(tmp_path: Path) -> None:
    folder = winds_game(tmp_path / "data", DESIGN)
    assert _pixel(folder, tmp_path / "out", 5, 20) == ART
