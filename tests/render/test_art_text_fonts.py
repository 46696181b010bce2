"""Text inside a designer's SVG art is checked for font coverage as card text is: `夜` in
art/texty.svg (font-family Comic Sans MS) printed as an empty box and validate said ok
(found by the issue 13 audit). The font is resolved as cairo will (fontconfig's substitute
for a family not installed), and a `style` attribute's font-family counts, as Inkscape
writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.check.fonts import font_checks
from printgen.errors import display_path
from printgen.model import load_game
from printgen.render.text.fonts import FontRequest, charmap, resolve, text_by_font

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150" width="300" height="150">'
    '<rect width="300" height="150" fill="#eee"/>{}</svg>'
)
NIGHT = '<text x="20" y="80" font-family="Comic Sans MS" font-size="30">夜 Night</text>'
STYLED = '<text x="20" y="120" style="font-size:20px;font-family:\'Lato\'">ღამე</text>'


def make_game(root: Path, texts: str) -> Path:
    folder = root / "night"
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "texty.svg").write_text(SVG.format(texts), encoding="utf-8")
    (folder / "game.yaml").write_text(
        "id: night\nname: Night\nplayers: {min: 1, max: 2}\ncard_size: poker\n"
        "components:\n  cards: {file: cards.csv}\n",
        encoding="utf-8",
    )
    (folder / "cards.csv").write_text(
        "id,name,art\nplain,Plain,\ntexty,Texty,art/texty.svg\n", encoding="utf-8"
    )
    return folder


def art_check(folder: Path) -> list:
    return [c for c in font_checks(load_game(folder)) if c.name == "art text fonts"]


def test_a_letter_the_arts_font_lacks_is_a_warning_naming_the_file(tmp_path: Path) -> None:
    drawn = resolve(FontRequest("Comic Sans MS")).file
    if ord("夜") in charmap(drawn):
        pytest.skip(f"{drawn.name}, drawn for Comic Sans MS here, has 夜")
    folder = make_game(tmp_path, NIGHT + STYLED)
    [check] = art_check(folder)
    assert not check.ok and check.level == "warning"
    art = display_path(folder / "art" / "texty.svg")
    assert f"{art} (printed first by {display_path(folder / 'cards.csv')}:3)" in check.detail
    assert f"in Comic Sans MS is drawn with {drawn.name}, which has no glyph for U+591C '夜'" in (
        check.detail
    )
    assert "U+10E6 'ღ'" in check.detail and "Lato-Medium.ttf" in check.detail  # the style's
    assert "'N'" not in check.detail  # letters the font has are not listed
    assert check.detail.startswith("2 texts in SVG art")


def test_art_whose_text_its_fonts_have_is_ok(tmp_path: Path) -> None:
    folder = make_game(tmp_path, '<text x="20" y="80" font-family="Lato">Night</text>')
    [check] = art_check(folder)
    assert check.ok


def test_art_without_text_adds_no_check(tmp_path: Path) -> None:
    assert art_check(make_game(tmp_path, "")) == []


def test_a_style_attribute_names_the_font_as_cairosvg_reads_it() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><g style="font-family:DejaVu Sans">'
        '<text style="font-weight:bold;font-size:3px">Ab</text>'
        '<text font-family="Lato" style="font-style:italic">C</text></g></svg>'
    )
    assert text_by_font(svg) == {
        FontRequest("DejaVu Sans", bold=True): "Ab",
        FontRequest("Lato", italic=True): "C",
    }
