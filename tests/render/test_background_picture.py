"""A background picture behind text (trap 4 of issue 36): an image box under the card's words
was refused with an overlap error for every text and icon box on it (six on the sample), and
the only way round was an undocumented raw `<image>` in a component, which validate passed
with a misspelt file name and never weighed for dpi. A box that says `background: true` is
now drawn under every text and icon it lies beneath, checked as every picture is; and a
component's own `<image>` is checked too."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from printgen.check.design import design_checks
from printgen.errors import DataError, RenderError
from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import load_game
from tests.render.conftest import A4
from tests.render.winds import face, winds_game

PX_PER_MM = 300 / 25.4
BLEED = 3.175  # the tgc preset's, on every side of the card's PNG
PAPER = (236, 222, 190)  # art/paper.png, one colour
INK = (0x1F, 0x1B, 0x16)  # the default design's text colour
BACKGROUND = """\
front:
  boxes:
    bg: {image: art/paper.png, anchor: bleed, background: true}
"""
COMPONENT = '<image href="art/{name}" x="{{{{ box.x }}}}" y="{{{{ box.y }}}}" \
width="{{{{ box.w }}}}" height="{{{{ box.h }}}}" preserveAspectRatio="xMidYMid slice"/>\n'
PAPER_BOX = """\
front:
  boxes:
    bg: {component: paper, anchor: bleed, background: true}
"""


def _game(tmp_path: Path, design: str, size: tuple[int, int] = (900, 1200)) -> Path:
    folder = winds_game(tmp_path / "data", design)
    Image.new("RGB", size, PAPER).save(folder / "art" / "paper.png")
    return folder


def _component(folder: Path, name: str) -> None:
    (folder / "templates" / "components").mkdir(parents=True)
    text = COMPONENT.format(name=name)
    (folder / "templates" / "components" / "paper.svg.j2").write_text(text, encoding="utf-8")


def _png(folder: Path, out: Path) -> Image.Image:
    build_part(card_files, load_game(folder), A4, out, card_outputs(("cards",)))
    return Image.open(out / "winds" / "cards" / "dead-calm.png").convert("RGB")


def _at(picture: Image.Image, x_mm: float, y_mm: float) -> tuple[int, ...]:
    """The pixel at mm from the trim's top left."""
    return picture.getpixel((round((BLEED + x_mm) * PX_PER_MM), round((BLEED + y_mm) * PX_PER_MM)))


def test_the_picture_prints_under_the_words(tmp_path: Path) -> None:
    picture = _png(_game(tmp_path, BACKGROUND), tmp_path / "out")
    # over the suit's colour at the card's edge, and over the default design's paper panel
    # (its boxes are listed before the picture), 12 mm down the card's left side
    assert _at(picture, 1.0, 1.0) == PAPER
    assert _at(picture, 4.0, 40.0) == PAPER
    # the title (3.6 mm to 14.6 mm down, the middle 40 mm across) still prints in ink on it
    band = picture.crop(
        (round((BLEED + 12) * PX_PER_MM), round((BLEED + 3.6) * PX_PER_MM),
         round((BLEED + 45) * PX_PER_MM), round((BLEED + 14.6) * PX_PER_MM))
    )  # fmt: skip
    colours = {colour for _, colour in band.getcolors(1 << 20) or []}
    assert INK in colours and PAPER in colours


def test_no_overlap_error_and_the_words_are_read_against_the_picture(tmp_path: Path) -> None:
    folder = _game(tmp_path, BACKGROUND)
    checks = {c.name: c for c in design_checks(load_game(folder))}
    assert checks["boxes hidden"].ok
    # the default's muted label (#6b6358) on the picture's #ecdebe: 4.1:1, under 4.5:1
    assert "box 'label'" in checks["card text contrast"].detail
    assert "#6b6358 on #ecdebe" in checks["card text contrast"].detail


def test_without_the_flag_the_picture_is_still_an_overlap(tmp_path: Path) -> None:
    folder = _game(tmp_path, BACKGROUND.replace(", background: true", ""))
    with pytest.raises(DataError, match="the art box overlaps the text box 'title'"):
        face(folder, "Dead Calm")


def test_a_background_too_small_is_weighed_for_dpi(tmp_path: Path) -> None:
    folder = _game(tmp_path, BACKGROUND, size=(300, 400))
    check = next(c for c in design_checks(load_game(folder)) if c.name == "art resolution")
    # 400 px over the bleed's 95.25 mm height: 107 dpi
    assert "art/paper.png prints at 107 dpi in box 'bg'" in check.detail


def test_a_misspelt_background_is_bad_input_at_its_line(tmp_path: Path) -> None:
    folder = _game(tmp_path, BACKGROUND.replace("paper.png", "papr.png"))
    with pytest.raises(RenderError) as raised:
        face(folder, "Dead Calm")
    message = str(raised.value)
    assert message.startswith(f"{folder / 'design.yaml'}:3: box bg: image 'art/papr.png'")
    assert "did you mean 'art/paper.png'?" in message


def test_a_components_misspelt_picture_is_bad_input_at_both_lines(tmp_path: Path) -> None:
    folder = _game(tmp_path, PAPER_BOX)
    _component(folder, "papr.png")
    with pytest.raises(DataError) as raised:
        face(folder, "Dead Calm")
    message = str(raised.value)
    assert "design.yaml:3: box bg: component 'paper': image 'art/papr.png' not found" in message
    assert "did you mean 'art/paper.png'?" in message
    assert "components/paper.svg.j2:1)" in message


def test_a_components_picture_is_weighed_for_dpi(tmp_path: Path) -> None:
    folder = _game(tmp_path, PAPER_BOX, size=(300, 400))
    _component(folder, "paper.png")
    check = next(c for c in design_checks(load_game(folder)) if c.name == "art resolution")
    assert "box 'bg'" in check.detail and "component 'paper': art/paper.png prints at 107" in (
        check.detail
    )


def test_the_component_picture_prints_under_the_words(tmp_path: Path) -> None:
    folder = _game(tmp_path, PAPER_BOX)
    _component(folder, "paper.png")
    picture = _png(folder, tmp_path / "out")
    assert _at(picture, 4.0, 40.0) == PAPER
    assert checks_ok(folder)


def checks_ok(folder: Path) -> bool:
    return next(c for c in design_checks(load_game(folder)) if c.name == "boxes hidden").ok
