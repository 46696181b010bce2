"""A large part's note reaches the print guide: a 500 x 350 mm board's `note:` printed nowhere,
its A2 sheet having no room above the board and its home pages none at all (a designer's
trial). The guide's line for the board ends with it, as a small part's does."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import GOALS_DECK, HARBOUR, guide_text, write_game

GAME = (
    HARBOUR
    + GOALS_DECK
    + """\
parts:
  board: {size: [500mm, 350mm], title: Harbour board, note: Print page 1 at a copy shop.}
"""
)


def test_the_boards_note_is_in_the_guide(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", GAME, {"goals.csv": "name,count\nGather,2\n"})
    text = guide_text(cli, tmp_path / "data", tmp_path / "out", "harbour")
    line = text.split("board.pdf — ", 1)[1]
    assert "(the map at each page's foot shows where it goes). Harbour board: Print page 1 at" in (
        line
    )
