"""validate names raster art that prints under 300 dpi at its box: the card's file and line,
the art file, its dpi and its pixels in the box's millimetres, lowest first; a warning under
150 dpi (blurred even at home), else a note. Low art was only found by `build --shop dtc`'s
preflight, as 'lowest 24 dpi (page 7)', naming no card (found by a designer's trial)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from printgen.check.design import design_checks
from printgen.model import load_game
from printgen.render.draw.images import dpi_at
from printgen.rules.engine import Check
from tests.render.winds import winds_game


def _check(folder: Path) -> Check:
    return next(c for c in design_checks(load_game(folder)) if c.name == "art resolution")


def test_the_tiny_picture_is_named_with_its_card_and_dpi(tmp_path: Path) -> None:
    check = _check(winds_game(tmp_path))
    assert check.ok is False and check.level == "warning"
    # the default art box on a bridge card: 47.55 mm wide, 48 px wide -> 26 dpi (cover:
    # the narrower of the two ratios)
    assert "winds.csv:3: art/tiny.png prints at 26 dpi in box 'art' (" in check.detail
    assert "48 x 36 px in 47.6 x 26.5 mm" in check.detail
    assert "wide.png" not in check.detail  # 1600 x 400 px fills the box at 325 dpi


def test_art_between_150_and_300_dpi_is_a_note(tmp_path: Path) -> None:
    folder = winds_game(tmp_path)
    Image.new("RGB", (400, 240), (9, 9, 9)).save(folder / "art" / "tiny.png")  # 214 dpi
    check = _check(folder)
    assert check.ok is True and check.detail.startswith("note: 1 picture prints")
    assert "art/tiny.png prints at 214 dpi" in check.detail


def test_art_with_the_pixels_says_nothing(tmp_path: Path) -> None:
    folder = winds_game(tmp_path)
    Image.new("RGB", (800, 500), (9, 9, 9)).save(folder / "art" / "tiny.png")
    assert all(c.name != "art resolution" for c in design_checks(load_game(folder)))


@pytest.mark.parametrize(
    ("fit", "size", "dpi"),
    [("cover", (600, 300), 254.0), ("contain", (600, 300), 304.8), ("cover", (300, 600), 152.4)],
)
def test_dpi_at_a_box_depends_on_the_fit(
    tmp_path: Path, fit: str, size: tuple[int, int], dpi: float
) -> None:
    path = tmp_path / "art.png"
    Image.new("RGB", size).save(path)
    found = dpi_at(path, fit, (50.0, 30.0))  # 600 px in 50 mm: 304.8 dpi; 300 in 30: 254
    assert found is not None and round(found[0], 1) == dpi
