"""Feng Shui Master's components.pdf read back: its dice labels and first-player token (The
Way's pawns and aids are parts: tests/render/parts/test_the_way.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.layout.sizes import PAPER_SIZES
from printgen.model import load_game
from printgen.render.boards import sheet_components
from printgen.render.boards.design import design_of
from printgen.render.faces.game_palette import game_palette
from tests.render_board.conftest import DATA
from tests.render_board.helpers import (
    blank_margin,
    close,
    fonts,
    hex_rgb,
    mean_colour,
    page_sizes_mm,
    render,
    text,
)

PAPERS = ("a4", "letter")


def check_page(pdf: Path, paper: str) -> None:
    size = PAPER_SIZES[paper]
    assert page_sizes_mm(pdf) == [(round(size.width, 1), round(size.height, 1))]
    used = fonts(pdf)
    assert used and all(embedded for _, embedded in used)
    assert blank_margin(render(pdf, 1, 40), 5, 40)


@pytest.mark.parametrize("paper", PAPERS)
def test_dice_labels_and_first_player_token(kits: dict[str, Path], paper: str) -> None:
    pdf = kits[paper] / "feng-shui-master" / "components.pdf"
    check_page(pdf, paper)
    game = load_game(DATA / "feng-shui-master")
    page = sheet_components.components_page(game, paper, design_of(game, "player-sheet"))
    blocks = page.blocks
    assert len(blocks) == 15
    assert {b.element: sum(1 for x in blocks if x.element == b.element) for b in blocks} == {
        "water": 3,
        "wood": 3,
        "fire": 3,
        "earth": 3,
        "metal": 3,
    }
    for block in blocks:
        assert [f.value for f in block.faces] == [1, 2, 3, 4, 5, 6]
        assert all(f.box.w == f.box.h == page.label <= page.die == 16 for f in block.faces)
    words = text(pdf)
    assert "FIRST" in words and "PLAYER" in words
    assert "15 blank 16 mm dice" in words
    image = render(pdf, 1, 100)
    tones = game_palette(game).elements
    for block in blocks:
        face = block.faces[0].box
        patch = mean_colour(image, face.x + 0.8, face.bottom - 2.2, 1.4, 1.4, 100)
        assert close(patch, hex_rgb(tones[block.element].fill)), block.element
