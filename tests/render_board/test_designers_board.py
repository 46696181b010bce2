"""A designer's own game with a board: The Way's engine, but its own name, colours and
templates, all from its folder (nothing in printgen names it or the game it copies)."""

from __future__ import annotations

import shutil
from pathlib import Path

from printgen.model import load_game
from printgen.render.boards.board_components import components_pages, components_pdf
from printgen.render.boards.board_render import PART, board_pdf, the_board
from printgen.render.boards.design import design_of
from tests.conftest import edit
from tests.render_board.conftest import DATA
from tests.render_board.helpers import close, hex_rgb, mean_colour, render, text

GREEN = "#2e7d32"


def designers_game(tmp_path: Path) -> Path:
    folder = tmp_path / "gates"
    shutil.copytree(DATA / "the-way", folder)
    edit(folder / "game.yaml", "id: the-way", "id: gates")
    edit(folder / "game.yaml", "name: The Way", "name: Gatekeepers")
    edit(
        folder / "design.yaml",
        'earth: {fill: "#5e320f", dark: "#4a2a12", light: "#eddcca", ink: "#ffffff"}',
        f'earth: {{fill: "{GREEN}"}}',
    )
    edit(folder / "templates" / "board-components.svg.j2", "Player aids and pawns", "Our pawns")
    return folder


def test_its_board_and_components_use_its_palette_and_templates(tmp_path: Path) -> None:
    game = load_game(designers_game(tmp_path))
    design = design_of(game, PART)
    components = tmp_path / "components.pdf"
    components.write_bytes(components_pdf(game, "a4", design))
    words = text(components)
    assert "Gatekeepers" in words and "Our pawns" in words and "The Way" not in words
    (page,) = components_pages(game, "a4", design, the_board(game, design).square)
    image = render(components, 1, 100)
    earth = next(p for p in page.pawns if p.element == "earth").front
    assert close(mean_colour(image, earth.x + 1, earth.y + 1, 2, 2, 100), hex_rgb(GREEN))
    board = tmp_path / "board.pdf"
    board.write_bytes(board_pdf(game, "a4"))
    assert "Gatekeepers" in text(board, 1)
