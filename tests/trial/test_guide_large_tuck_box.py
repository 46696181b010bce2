"""A tuck box too large for home paper is printed as a large part is: a box for 180 cards
(a 54 mm spine) went on A3 with its A4 tiles after it, and the print guide said "3 sheets,
card stock, one-sided" as for a box on one A4 page (a designer's trial). Its line now says
page 1 is the whole box on A3, the A4 pages the same to tape together, and how to fold it."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import HARBOUR, guide_text, write_game

GAME = (
    HARBOUR
    + """\
components:
  goals: {file: goals.csv}
parts:
  box: {tuck_box: goals}
"""
)


def test_a_large_tuck_box_s_line_names_both_ways(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", GAME, {"goals.csv": "name,count\nGather,180\n"})
    text = guide_text(cli, tmp_path / "data", tmp_path / "out", "harbour")
    line = text.split("box.pdf — ", 1)[1].split("Cutting order", 1)[0]
    assert line.startswith("2 sheets (A4; or page 1 alone on A3)"), line
    assert "Page 1 is the whole box on one A3 sheet" in line
    assert "score and fold every dashed line" in line
