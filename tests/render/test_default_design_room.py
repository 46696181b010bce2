"""The default design (what a designer's game gets) gives its text and art room, at every
built-in size: they reached 0.6 mm from the paper panel's edge and the text began some
1.5 mm under the art (found by the issue 13 audit). Read back from the PDF of a designer's
game with no design of its own: art and the rules text stay 2.2 mm or more inside the panel
(2.4 mm in from the trim), and the text's first letters start 2.2 mm or more under the art."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from printgen.layout.sizes import CARD_SIZES
from printgen.model import load_game
from tests.model.designer import ROWS, tavern
from tests.render.conftest import build
from tests.render.pdfgeometry import read_cards

PANEL = 2.4  # mm from the trim: the default design's paper panel
ROOM = 2.2  # mm: the least clearance from the panel's edge, and under the art
LONG = (
    "Each player reveals the top card of their deck and the tavern keeper pours a round for "
    "whoever shows the highest number; ties go to the player on the left of the dealer."
)


@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_text_and_art_keep_clear_of_the_panels_edge_and_each_other(
    tmp_path: Path, size: str
) -> None:
    folder = tavern(tmp_path / "data", rows=[*ROWS, ["Bard", 1, LONG, ""]])
    (folder / "Img" / "Bard.png").write_bytes((folder / "Img" / "Innkeeper.png").read_bytes())
    game = replace(load_game(folder), card_size=CARD_SIZES[size])
    pages = read_cards(
        build(game, tmp_path / "out", outputs=("cards-print.pdf",)) / "cards-print.pdf"
    )
    fronts = [p for p in pages if p.images]
    assert len(fronts) >= 4
    for page in fronts:
        art = max(page.images, key=lambda b: (b.x1 - b.x0) * (b.bottom - b.top))  # not icons
        assert art.x0 >= PANEL + ROOM - 0.05 and art.x1 <= page.width - PANEL - ROOM + 0.05
        below = [b for b, _ in page.chars if not b.what.isspace() and b.top > art.bottom]
        body = [b for b in below if b.bottom < page.height - 3 - 9]  # above the stats line
        assert body, f"page {page.number}: no rules text under the art"
        assert min(b.top for b in body) - art.bottom >= ROOM, f"page {page.number}"
        assert min(b.x0 for b in body) >= PANEL + ROOM - 0.05, f"page {page.number}"
        assert max(b.x1 for b in body) <= page.width - PANEL - ROOM + 0.05, f"page {page.number}"
