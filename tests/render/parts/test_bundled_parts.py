"""What both bundled games' parts keep alike (The Way's board, aids and pawns; Feng Shui
Master's sheet, die labels and token): every page of every file of parts keeps the paper's
5 mm clear, on A4 and on Letter, and the same game gives the same bytes twice."""

from __future__ import annotations

import pytest

from printgen.commands.build import BuildOptions
from printgen.model import load_game
from printgen.render.parts import files_of, part_files
from tests.conftest import CARD_DATA
from tests.printcheck import ink_near_edge
from tests.render.parts.conftest import PAPERS

GAMES = {"the-way": "way", "feng-shui-master": "fsm"}
"""Each bundled game with parts, and the fixture that builds them."""


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_page_keeps_five_mm_clear(
    request: pytest.FixtureRequest, game_id: str, paper: str
) -> None:
    folder = request.getfixturevalue(GAMES[game_id])[paper]
    files = sorted(files_of(load_game(CARD_DATA / game_id)))
    assert files  # the game has parts
    for file in files:
        pdf = folder / f"{file}.pdf"
        assert ink_near_edge(pdf) == [], pdf.name


@pytest.mark.parametrize("game_id", GAMES)
def test_same_bytes_twice(game_id: str) -> None:
    game = load_game(CARD_DATA / game_id)
    first = dict(part_files(game, BuildOptions()))
    assert dict(part_files(game, BuildOptions())) == first
