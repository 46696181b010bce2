"""The geometry check of test_design_games can fail: each deliberately bad design of the sample
game is caught, read back from cards-print.pdf (tests/render/pdfgeometry.py). Text over a
raster art, a suit's fallback mark (a <rect>, no icon file) and an icon past the safe zone, a
5 pt text, and a disc across a frame's line. test_vector_art_overlap shows the same for text
under and over vector art."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.model import load_game
from tests.conftest import edit
from tests.render.conftest import ROOT, build
from tests.render.pdfgeometry import read_cards
from tests.render.test_design_games import every_face, problems_of

ANCHOR = "    stats: null       # coins and cost are placed by their own boxes"
STAMP = (  # a designer's component that draws a suit's icon or mark past its box's left edge
    '{{ icon(params.suit, box.x - 1, box.y + box.h / 2, 4, "#1d3557") }}'
)
CAPTION = (
    '<text x="{{ box.x }}" y="{{ box.y + 4 }}" font-family="Comfortaa"'
    ' font-size="{{ params.size }}" fill="#1d3557">Fresh from the river</text>'
)
CAPTIONED = (  # a component's own text: the renderer does not know where it goes
    "    caption: {{component: caption, left: 10%, right: 10%, top: {top}, height: 6mm,"
    " with: {{size: {size}}}}}"
)
STAMPED = f"{ANCHOR}\n    stamp: {{component: stamp, left: 0, top: 45%, width: 6mm, height: 6mm,"
STAMPED += " with: {suit: \"{{ suit or 'coin' }}\"}}"

BAD = {  # what is changed in design.yaml (old, new), what the check then says
    "text over raster art": (
        (ANCHOR, f"{ANCHOR}\n{CAPTIONED.format(top='30%', size=3.5)}"),
        "over art: Box(",
    ),
    "a fallback rect mark outside the safe zone": (
        (ANCHOR, STAMPED),  # with no icon files: silk a disc, spice a triangle, jade a square
        "outside the safe zone: Box(what='icon'",
    ),
    "an icon outside the safe zone": (
        (ANCHOR, STAMPED),  # with their icon files
        "outside the safe zone: Box(what='icon'",
    ),
    "a 5 pt text": (
        (ANCHOR, f"{ANCHOR}\n{CAPTIONED.format(top='56%', size=5 * 25.4 / 72)}"),
        "text at 5.00 pt",
    ),
    "a disc across a frame": (
        (
            ANCHOR,
            f"{ANCHOR}\n    frame: {{shape: rect, anchor: trim, left: 3.5mm, right: 3.5mm,"
            " top: 3.5mm, bottom: 3.5mm, stroke: night, stroke_width: 0.3mm}\n"
            "    seal: {shape: ellipse, fill: night, left: 30%, width: 16mm, top: -2mm,"
            " height: 16mm}",
        ),
        "runs onto the frame's line",
    ),
}


@pytest.mark.parametrize("bad", list(BAD))
def test_a_bad_design_is_caught(bad: str, tmp_path: Path) -> None:
    game_dir = tmp_path / "data" / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", game_dir)
    (old, new), expected = BAD[bad]
    (game_dir / "templates" / "components").mkdir(parents=True, exist_ok=True)
    (game_dir / "templates" / "components" / "stamp.svg.j2").write_text(STAMP)
    (game_dir / "templates" / "components" / "caption.svg.j2").write_text(CAPTION)
    if "fallback" in bad:  # silk, spice and jade get a disc, a triangle and a square
        for icon in ("silk", "spice", "jade"):
            (game_dir / "icons" / f"{icon}.svg").unlink()
    game = every_face(load_game(game_dir), "own")
    good = build(game, tmp_path / "good", outputs=("cards-print.pdf",))
    clean = problems_of(read_cards(good / "cards-print.pdf"), 6.0)
    assert clean == []
    edit(game_dir / "design.yaml", old, new)
    game = every_face(load_game(game_dir), "own")
    pages = read_cards(
        build(game, tmp_path / "bad", outputs=("cards-print.pdf",)) / "cards-print.pdf"
    )
    found = problems_of(pages, 6.0)
    assert any(expected in problem for problem in found), found
    if "mark" in bad or "icon" in bad:  # on every front: each suit's mark, or the coin icon
        backs, at = set(), 0
        for deck in game.printed_decks:
            at += deck.total + 1
            backs.add(at)
        flagged = {int(p.split()[0][1:]) for p in found if expected in p}
        assert flagged == set(range(1, len(pages) + 1)) - backs
