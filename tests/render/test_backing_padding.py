"""A text on a backing keeps 1 mm of the backing round its letters (or the box's `padding:`):
a long title set over the art on a band ran from the band's left edge to its right, its
first and last letters touching the ends (found by a designer's trial). Read from the
card's 300 dpi PNG: the white letters against the dark band."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import load_game
from tests.render.conftest import A4
from tests.render.winds import CSV, winds_game

PX_PER_MM = 300 / 25.4
EDGE = 3.175 + 3  # the tgc preset's bleed, then the safe zone's 3 mm
LONG = "Föhn over the Glacier Pass at Dawn"
DESIGN = """\
front:
  boxes:
    title: {top: 25mm, height: 8mm, left: 1mm, right: 1mm, over_art: true, lines: 1,
            backing: "#102030", colour: "#ffffff"PADDING}
"""


def _letters_from_the_ends(tmp_path: Path, padding: str = "") -> tuple[float, float]:
    """How far the title's first and last white pixels are from the band's ends, in mm."""
    folder = winds_game(
        tmp_path / "data", DESIGN.replace("PADDING", padding), CSV.replace("Zephyr Whisper", LONG)
    )
    build_part(card_files, load_game(folder), A4, tmp_path / "out", card_outputs(("cards",)))
    card = tmp_path / "out" / "winds" / "cards" / "fohn-over-the-glacier-pass-at-dawn.png"
    picture = Image.open(card).convert("RGB")
    top, bottom = round((EDGE + 25) * PX_PER_MM), round((EDGE + 33) * PX_PER_MM)
    left, right = round((EDGE + 1) * PX_PER_MM), round((EDGE + 57.15 - 6 - 1) * PX_PER_MM)
    inset = round(1.2 * PX_PER_MM)  # clear of the band's rounded corners (1 mm), where
    white = [  # the paper beside the art shows
        x
        for x in range(left + 1, right - 1)
        for y in range(top + inset, bottom - inset, 2)
        if min(picture.getpixel((x, y))) > 200
    ]
    return (min(white) - left) / PX_PER_MM, (right - max(white)) / PX_PER_MM


def test_a_title_on_a_backing_keeps_clear_of_its_ends(tmp_path: Path) -> None:
    start, end = _letters_from_the_ends(tmp_path)
    assert start >= 0.8 and end >= 0.8, (start, end)  # 1 mm, less a glyph's overhang


def test_padding_says_how_much(tmp_path: Path) -> None:
    start, end = _letters_from_the_ends(tmp_path, ", padding: 2.5mm")
    assert start >= 2.3 and end >= 2.3, (start, end)
    assert min(start, end) < 3.5  # a one-line title fitted to the width: at the padding


def test_a_short_band_keeps_its_height_for_the_letters(tmp_path: Path) -> None:
    """The default label (3.6 mm high, 6.5 pt) on a backing still fits: the default padding
    is at the band's ends only."""
    from printgen.check.design import design_checks

    design = "front:\n  boxes:\n    label: {backing: '#102030', colour: '#ffffff'}\n"
    checks = design_checks(load_game(winds_game(tmp_path, design)))
    fits = next(c for c in checks if c.name == "card text fits")
    assert fits.ok, fits.detail
