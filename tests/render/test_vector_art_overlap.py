"""The geometry check sees vector art: a letter crossed by an edge or a stroke drawn before
it, or covered by a path drawn after it, whatever drew the paths (an SVG icon or art, a
shape, a component; curves or straight lines only). It saw raster images alone, so art drawn
as paths could sit under or over the text unseen (found by an audit). Shown here on the
sample with two deliberately bad designs, read back from cards-print.pdf."""

from __future__ import annotations

import shutil
from pathlib import Path

from printgen.model import load_game
from tests.conftest import edit
from tests.render.conftest import ROOT, build
from tests.render.pdfgeometry import read_cards

HATCH = (  # straight lines only: no curve for the old icon check to find
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">'
    '<path d="M0,0L40,40M0,10L30,40M10,0L40,30M0,20L20,40M20,0L40,20M40,0L0,40M30,0L0,30'
    'M40,10L10,40" stroke="#1d3557" stroke-width="1.2"/></svg>'
)


def sample(tmp_path: Path) -> Path:
    game = tmp_path / "data" / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", game)
    return game


def pages_of(game: Path) -> list:
    out = build(load_game(game), game.parent.parent / "out", outputs=("cards-print.pdf",))
    return read_cards(out / "cards-print.pdf")


def test_the_sample_prints_no_letter_over_vector_art(tmp_path: Path) -> None:
    pages = pages_of(sample(tmp_path))  # its lantern art is an SVG: drawn as paths
    assert any(len(p.paths) > 12 for p in pages)
    assert [(p.number, found) for p in pages for found in p.text_over_strokes()] == []


def test_hatching_of_straight_lines_under_the_text_is_found(tmp_path: Path) -> None:
    game = sample(tmp_path)
    (game / "icons" / "hatch.svg").write_text(HATCH)
    edit(  # the art box, drawn before the text, becomes a hatched icon over the text's place
        game / "design.yaml",
        "    stats: null",
        "    stats: null\n    art: {icon: hatch, top: 45%, bottom: 12mm, left: 0, right: 0}",
    )
    pages = pages_of(game)
    assert all(p.images == [] or p.text_over_art() == [] for p in pages)  # the old check: ok
    crossed = [(p.number, f) for p in pages for f in p.text_over_strokes()]
    assert crossed and all("drawn under it crosses it" in how for _, (_, how) in crossed)
    texts = {p.number for p in pages if "Sellfor" in p.text.replace(" ", "")}
    assert texts <= {number for number, _ in crossed}  # the Bolt of Silk's rules text


def test_a_shape_drawn_over_the_text_is_found(tmp_path: Path) -> None:
    game = sample(tmp_path)
    edit(  # a disc appended after every other box: drawn over the cards' text
        game / "design.yaml",
        "    stats: null",
        "    stats: null\n    seal: {shape: ellipse, fill: night, top: 62%, height: 9mm, "
        "left: 30%, right: 30%}",
    )
    pages = pages_of(game)
    covered = [(p.number, f) for p in pages for f in p.text_over_strokes()]
    assert covered and any("drawn after it covers it" in how for _, (_, how) in covered)
