"""A board game's player aid cards, read back from components.pdf at every built-in card size:
every letter and mark of an aid card inside its 3 mm safe zone, at least 6 pt, and no letter
crossed or covered by the card's art (tests/render/pdfgeometry.py). The aid takes the deck's
card size, so a mini card's aid ran past the card's sides (found by the issue 13 audit); it
is now printed at the design's `aid: min_width:` in the deck's proportions."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from printgen.layout.sizes import CARD_SIZES
from printgen.model import Game, load_game
from printgen.render.boards import board_components
from printgen.render.boards.board_render import the_board
from printgen.render.boards.box import Box as Area
from printgen.render.boards.design import design_of
from tests.render.pdfgeometry import SAFE, SLACK, Page, read_cards
from tests.render_board.conftest import DATA


def board_games() -> list[str]:
    """The bundled games with a board part (their components.pdf holds the aid cards)."""
    return [
        path.name
        for path in sorted(DATA.iterdir())
        if (path / "game.yaml").exists() and "board" in load_game(path).kit
    ]


def aid_problems(page: Page, cards: tuple[Area, ...]) -> list[str]:
    """What is wrong with each aid card on `page`: a letter or a mark of the card outside its
    safe zone, a letter under 6 pt, a letter crossed or covered by a path."""
    problems = []
    chars = [box for box, size in page.chars if not box.what.isspace()]
    small = {id(box) for box, size in page.chars if size < 6.0 - 0.01}
    for k, card in enumerate(cards, start=1):
        safe = (card.x + SAFE, card.y + SAFE, card.right - SAFE, card.bottom - SAFE)
        for box in [*chars, *page.icons]:
            middle = ((box.x0 + box.x1) / 2, (box.top + box.bottom) / 2)
            if not (card.x <= middle[0] <= card.right and card.y <= middle[1] <= card.bottom):
                continue
            if (
                box.x0 < safe[0] - SLACK
                or box.top < safe[1] - SLACK
                or box.x1 > safe[2] + SLACK
                or box.bottom > safe[3] + SLACK
            ):
                problems.append(f"aid {k}: outside the safe zone: {box}")
            if id(box) in small:
                problems.append(f"aid {k}: {box.what!r} under 6 pt")
    problems += [f"{letter!r}: {how}" for letter, how in page.text_over_strokes()]
    return problems


def at_size(game: Game, size: str) -> Game:
    return replace(game, card_size=CARD_SIZES[size])


@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("game_id", board_games())
def test_every_aid_card_keeps_its_text_and_marks_inside_it(
    game_id: str, size: str, tmp_path: Path
) -> None:
    game = at_size(load_game(DATA / game_id), size)
    design = design_of(game, "board")
    pdf = tmp_path / "components.pdf"
    pdf.write_bytes(board_components.components_pdf(game, "a4", design))
    layout = board_components.components_pages(game, "a4", design, the_board(game, design).square)
    pages = read_cards(pdf)
    assert len(pages) == len(layout)
    assert sum(len(p.cards) for p in layout) == design.whole("aid", "copies")
    problems = [
        f"p{page.number} {problem}"
        for page, placed in zip(pages, layout, strict=True)
        for problem in aid_problems(page, placed.cards)
    ]
    assert problems == []
    for placed in layout:  # the aid keeps the deck's proportions, never narrower than the deck
        for card in placed.cards:
            assert card.w >= game.card_size.width - 1e-9
            assert card.h / card.w == pytest.approx(game.card_size.height / game.card_size.width)
