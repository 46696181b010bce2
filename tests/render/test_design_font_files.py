"""A game's own font file is the face drawn, measured and embedded, even when an installed
font has the same family: `title: {file: fonts/DejaVuSansCondensed-Bold.ttf}` printed the
installed DejaVu Sans Book, because the family was asked for at normal weight and the
installed regular face won (found by a designer's trial)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
from fontTools.ttLib import TTFont

from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.render import Renderer
from printgen.render.text.textfit import Font
from tests.render.conftest import A4, ROOT

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
TITLE = "WavyTitle"  # no space: a space is not drawn as a character
# Non-regular faces of a family that may be installed: the game's file must win over it.
FACES = {
    "condensed bold": DEJAVU / "DejaVuSansCondensed-Bold.ttf",
    "bold oblique": DEJAVU / "DejaVuSans-BoldOblique.ttf",
    "comfortaa bold": ROOT / "examples" / "lantern-market" / "fonts" / "Comfortaa-Bold.ttf",
}


def _game(folder: Path, font: Path) -> Path:
    game = folder / "font-trial"
    (game / "fonts").mkdir(parents=True)
    shutil.copyfile(font, game / "fonts" / font.name)
    (game / "game.yaml").write_text(
        "id: font-trial\nname: Font Trial\nplayers: {min: 2, max: 2}\ncard_size: poker\n"
        "components:\n  cards: {file: cards.csv}\n"
    )
    (game / "cards.csv").write_text(f"id,name,count\nwavy,{TITLE},1\n")
    (game / "design.yaml").write_text(f"fonts:\n  title: {{file: fonts/{font.name}}}\n")
    return game


def _advances(font_file: Path, text: str) -> list[float]:
    """Each glyph's advance in ems as HarfBuzz shapes `text` in the file (kerning included:
    `Wa` and `Ti` sit closer than the letters' own widths)."""
    import uharfbuzz as hb

    face = hb.Face(hb.Blob.from_file_path(str(font_file)))
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(hb.Font(face), buffer, {})
    return [p.x_advance / face.upem for p in buffer.glyph_positions]


def _postscript_name(font_file: Path) -> str:
    with TTFont(font_file, lazy=True) as font:
        return str(font["name"].getDebugName(6))


@pytest.mark.parametrize("face", list(FACES))
def test_the_games_font_file_is_drawn_measured_and_embedded(tmp_path: Path, face: str) -> None:
    font_file = FACES[face]
    if not font_file.is_file():
        pytest.skip(f"{font_file} is not on this machine")
    game = load_game(_game(tmp_path / "data", font_file))
    widths = _advances(font_file, TITLE)

    # measured: text fitting asks the title's font for the file's own shaped widths
    renderer = Renderer(game, CairoMeasure())
    family = renderer.stage.families["title"]
    assert CairoMeasure().advance(TITLE, Font(family)) == pytest.approx(sum(widths), rel=1e-3)

    # embedded and drawn: the title's characters are in that face, at its advances
    build_part(card_files, game, A4, tmp_path / "out", card_outputs(("cards-print.pdf",)))
    with pdfplumber.open(tmp_path / "out" / "font-trial" / "cards-print.pdf") as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"] in TITLE and c["size"] > 9]
    title = [c for c in chars if c["fontname"].endswith("+" + _postscript_name(font_file))]
    assert "".join(c["text"] for c in title) == TITLE, {c["fontname"] for c in chars}
    drawn = title[-1]["x0"] - title[0]["x0"]  # the PDF's glyph positions, rounded
    assert drawn == pytest.approx(sum(widths[:-1]) * title[0]["size"], rel=2e-3)


def test_a_template_naming_the_design_fonts_family_is_checked_against_its_files() -> None:
    """A game's template that writes `font-family="Comfortaa" font-weight="bold"` (the
    sample's patron back) is drawn from the design's Comfortaa files, which this process's
    fontconfig has; the coverage check asked an outside fc-match, which has not, and warned
    'Comfortaa bold is not installed; fontconfig substitutes DejaVuSans-Bold.ttf'."""
    from printgen.render.text.fonts import FontRequest, resolve
    from printgen.render.text.typefaces import register

    fonts = ROOT / "examples" / "lantern-market" / "fonts"
    register(
        {"regular": fonts / "Comfortaa-Regular.ttf", "bold": fonts / "Comfortaa-Bold.ttf"},
        "design.yaml:1: fonts.body",
    )
    resolve.cache_clear()
    assert resolve(FontRequest("Comfortaa", bold=True)).file.name == "Comfortaa-Bold.ttf"
    assert resolve(FontRequest("Comfortaa")).file.name == "Comfortaa-Regular.ttf"
