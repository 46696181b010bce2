"""Both components.pdf read back: The Way's pawns and aids, Feng Shui Master's dice labels."""

from __future__ import annotations

import itertools
from pathlib import Path

import pdfplumber
import pytest

from printgen.layout.sizes import PAPER_SIZES
from printgen.layout.units import PT_PER_MM
from printgen.model import load_game
from printgen.render.boards import board_components, sheet_components
from printgen.render.boards.board_render import the_board
from printgen.render.boards.design import design_of
from printgen.render.faces.game_palette import game_palette
from tests.conftest import edit
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
def test_the_way_pawns_and_player_aids(kits: dict[str, Path], paper: str) -> None:
    pdf = kits[paper] / "the-way" / "components.pdf"
    check_page(pdf, paper)
    game = load_game(DATA / "the-way")
    design = design_of(game, "board")
    square = the_board(game, design).square
    (page,) = board_components.components_pages(game, paper, design, square)
    assert [p.element for p in page.pawns] == ["air", "fire", "earth", "water"]
    for pawn in page.pawns:
        base = pawn.folds[0] - pawn.strip.y
        assert pawn.strip.w <= square and 2 * base <= square  # it stands inside a square
        assert pawn.front.h == pawn.back.h and pawn.folds[1] == pawn.front.y
    assert len(page.cards) == 4
    assert all((c.w, c.h) == (63.5, 88.9) for c in page.cards)
    words = text(pdf)
    for phrase in (
        "one step north",
        "one step east",
        "one step south",
        "one step west",
        "one step toward the Void",
        "any one of the steps above",
        "yellow gate",
        "red gate",
        "brown gate",
        "blue gate",
        "AIR",
        "FIRE",
        "EARTH",
        "WATER",
    ):
        assert phrase in words, phrase
    image = render(pdf, 1, 100)
    tones = game_palette(game).elements
    for pawn in page.pawns:  # the front face, in its gate's colour
        f = pawn.front
        patch = mean_colour(image, f.x + 1, f.y + 1, 2, 2, 100)
        assert close(patch, hex_rgb(tones[pawn.element].fill)), pawn.element


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


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", ["tarot", "square"])
def test_aid_cards_too_large_for_one_page_go_on_more_pages(
    data_copy: Path, tmp_path: Path, paper: str, size: str
) -> None:
    """A tarot or square aid card leaves room for fewer beside the pawns: the others go on
    pages of their own, every card whole on the paper inside its margins, none overlapping."""
    path = data_copy / "the-way" / "game.yaml"
    edit(path, "card_size: poker", f"card_size: {size}")
    game = load_game(data_copy / "the-way")
    design = design_of(game, "board")
    card = game.card_size
    assert card is not None
    pages = board_components.components_pages(game, paper, design, the_board(game, design).square)
    assert len(pages) >= 2 and pages[0].pawns and not any(p.pawns for p in pages[1:])
    assert sum(len(p.cards) for p in pages) == design.whole("aid", "copies")
    paper_size = PAPER_SIZES[paper]
    for page in pages:
        boxes = [*page.cards, *(pw.strip for pw in page.pawns)]
        for b in boxes:
            assert b.x >= page.margin and b.right <= paper_size.width - page.margin
            assert b.y >= page.header.bottom and b.bottom <= page.footer.y
        for a, b in itertools.combinations(boxes, 2):
            assert a.right <= b.x or b.right <= a.x or a.bottom <= b.y or b.bottom <= a.y
        assert all((c.w, c.h) == (card.width, card.height) for c in page.cards)
    pdf = tmp_path / "components.pdf"
    pdf.write_bytes(board_components.components_pdf(game, paper, design))
    assert page_sizes_mm(pdf) == [(round(paper_size.width, 1), round(paper_size.height, 1))] * len(
        pages
    )
    words = text(pdf)
    assert f"page 1 of {len(pages)}" in words and f"page {len(pages)} of {len(pages)}" in words
    assert words.count("PLAYER AID") == design.whole("aid", "copies")
    for number in range(1, len(pages) + 1):
        assert blank_margin(render(pdf, number, 40), 5, 40), number
    with pdfplumber.open(pdf) as doc:  # each aid's last line is inside its card
        for page, sheet in zip(pages, doc.pages, strict=True):
            last = [w for w in sheet.extract_words() if "farthest" in w["text"]]
            assert len(last) == len(page.cards)
            for word, b in zip(
                sorted(last, key=lambda w: (w["top"], w["x0"])), page.cards, strict=True
            ):
                assert b.x < word["x0"] / PT_PER_MM and word["bottom"] / PT_PER_MM < b.bottom - 1
