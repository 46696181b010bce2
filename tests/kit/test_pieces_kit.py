"""A game of tiles, tokens and dice built whole: the print guide says which paper and how to
cut hexagons and circles and fold dice, the gallery shows each deck's pieces with their count
and shape, and the rulebook's components table pictures them."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pikepdf
import pytest

from tests.pieces_game import build_game

GAME = """\
id: pond
name: Pond
players: {min: 1, max: 4}
elements: [reed, lily]
columns:
  terrain: element?
  points: int[0..9]?
components:
  tiles: {file: tiles.csv, shape: hex, size: 40mm}
  tokens: {file: tokens.csv, shape: circle, size: 25mm, sides: 2}
  dice: {file: dice.csv, kind: dice}
"""
FILES = {
    "tiles.csv": "name,count,terrain,points\nReed,4,reed,1\nLily pad,3,lily,2\n",
    "tokens.csv": "name,count,terrain,points\nHeron,2,reed,3\n",
    "dice.csv": "name,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nPond die,1,2,3,4,5,6\n",
    "rules.md": "## Components\n\n{{ components() }}\n",
}


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """OUT, the pond kit built in it."""
    return build_game(tmp_path_factory.mktemp("pond-kit"), GAME, FILES, "--jobs", "2").parent


def text_of(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_the_print_guide_says_how_to_cut_hexagons_circles_and_dice(kit: Path) -> None:
    guide = " ".join(text_of(kit / "pond" / "print-guide.pdf").split())
    for file in ("tiles.pdf", "tiles-fold.pdf", "tokens.pdf", "tokens-fold.pdf", "dice.pdf"):
        assert f"{file} —" in guide
    assert "Cut along the grey line round each hexagon" in guide
    assert "Hexagon tiles: cut the sheet into rows along the grey zigzag lines" in guide
    assert "Round tokens: cut each along its grey circle" in guide
    assert "Dice nets: score each dashed line" in guide
    assert "tiles.pdf — 1 sheet" in guide  # 7 tiles: one sheet of fronts and its backs


def test_the_gallery_shows_each_decks_pieces(kit: Path) -> None:
    html = (kit / "index.html").read_text()
    assert "tiles <b>7 × 40 mm flat-top hexagon</b>" in html
    assert "tokens <b>2 × 25 mm circle</b>" in html
    for image in ("pond/tiles/reed.png", "pond/tiles/lily-pad.png", "pond/tokens/heron-back.png"):
        assert f'src="{image}"' in html


def test_the_rulebook_pictures_the_pieces_in_its_components_table(kit: Path) -> None:
    rules = kit / "pond" / "rules.pdf"
    text = text_of(rules)
    assert "40 mm flat-top hexagon" in text and "25 mm circle" in text
    assert "Piece" in text and "Die" in text  # the tables' headings
    with pdfplumber.open(rules) as pdf:
        page = next(
            i
            for i, p in enumerate(pdf.pages)
            if "40 mm flat-top hexagon" in (p.extract_text() or "")
        )
    with pikepdf.open(rules) as pdf:
        forms = (pdf.pages[page].Resources.get("/XObject") or {}).values()
        ratios = []
        for form in forms:
            if form.get("/Subtype") == "/Form":
                x0, y0, x1, y1 = (float(v) for v in form.BBox)
                ratios.append((x1 - x0) / (y1 - y0))
    # the tiles' picture: two kinds of 40 mm hexagon (46.19 mm corner to corner), 3 mm apart
    strip = (2 * 80 / 3**0.5 + 3) / 40
    assert any(abs(ratio - strip) < 0.02 for ratio in ratios), ratios
