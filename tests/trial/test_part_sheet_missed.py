"""A part a little too large for a large sheet is said: a 420 x 300 mm board made for A3
(which holds at most 400 x 268 mm within its margins and the caption) went on A2 with nothing
said, and the designer's note told the players A3 (a designer's trial)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.layout.partsheet import sheet_missed
from printgen.layout.sizes import Size
from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {{min: 2, max: 4}}
components:
  goals: {{file: goals.csv}}
parts:
  board: {{size: {size}{extra}}}
"""


def test_a3s_room_and_the_parts_just_over_it() -> None:
    smaller, most = sheet_missed(Size(420, 300)) or (None, None)
    assert smaller is not None and smaller.name == "a3"
    assert (most.width, most.height) == (400, 268)  # 420 - 2 x 10, 297 - 2 x 10 - 9
    assert sheet_missed(Size(400, 268)) is None  # on A3 itself
    assert sheet_missed(Size(700, 500)) is None  # far over A2's room: A1 is its sheet
    assert sheet_missed(Size(560, 400)) is not None  # 9 mm over A2's room: on A1
    assert sheet_missed(Size(277, 391)) is None  # on A3 upright (277 x 391 mm at most)


@pytest.mark.parametrize(
    ("size", "extra", "said"),
    [
        ("[420mm, 300mm]", "", True),
        ("[420mm, 300mm]", ", large_paper: a2", False),
        ("[400mm, 268mm]", "", False),
    ],
)
def test_validate_says_the_sheet_missed(
    cli, tmp_path: Path, size: str, extra: str, said: bool
) -> None:
    write_game(tmp_path, GAME.format(size=size, extra=extra), {"goals.csv": "name,count\nA,2\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 0
    message = (
        "harbour/game.yaml:7: parts.board: 420 x 300 mm prints whole on A2: A3 "
        "holds a part of at most 400 x 268 mm (its 10 mm margins and the caption under it); "
        "large_paper: a2 says it is meant"
    )
    assert (message in run.out) == said
    assert ("part sheets" in run.out) == said


def test_a_board_printed_at_home_with_a_legend_is_not_said(cli, tmp_path: Path) -> None:
    """A 180 x 240 mm board fits A4 and Letter: printed at home, never on a large sheet, however
    tall the legend printed with it (the review: the check added them up, and warned)."""
    game = (
        GAME.format(size="[180mm, 240mm]", extra="")
        + "  legend: {size: [180mm, 150mm], in: board}\n"
    )
    write_game(tmp_path, game, {"goals.csv": "name,count\nA,2\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 0, run.out + run.err
    assert "part sheets" not in run.out
