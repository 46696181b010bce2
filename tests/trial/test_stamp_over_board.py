"""A part's version stamp printed inside a track's space or a grid's cell, or a title whose
letters run into a track, was not named: a grid or track box made no drawing the hidden-boxes
check could see (a designer's trial: `v2 · 2026-11-20` printed in space 40 of a 0-60 track
and in the bottom cells of a score pad, with validate silent), although docs/versions.md
promises that validate names a box the stamp prints over. Every cell and space is now a
place a later text or icon must not print on, named in one message per pair of boxes."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: isles
name: Isles
players: {min: 2, max: 4}
version: 2
date: 2026-11-20
components:
  deck: {file: cards.csv}
parts:
  board: {size: [300mm, 200mm]}
  score-pad: {size: [100mm, 150mm]}
"""
DESIGN = """\
parts:
  board:
    boxes:
      score: {track: {spaces: 41, first: 0, size: 16mm}, BOTTOM fill: paper, stroke: muted}
      title: {text: "{{ game }}", size: 28pt, top: TITLE, height: 12mm}
  score-pad:
    boxes:
      table: {grid: {columns: 6, rows: 8}, top: 10mm, BOTTOM fill: paper, stroke: muted}
"""
CARDS = "id,name,count\nferry,Ferry,1\n"


def validate(cli, data: Path, title: str, bottom: str) -> str:
    design = DESIGN.replace("TITLE", title).replace("BOTTOM", bottom)
    write_game(data, GAME, {"cards.csv": CARDS, "design.yaml": design})
    run = cli("validate", "--data", data, "isles")
    assert run.code == 0, run.err  # warnings
    return run.out


def test_the_stamp_and_a_title_over_the_board_are_named(cli, tmp_path: Path) -> None:
    out = validate(cli, tmp_path, "11mm", "")
    assert "warn part boxes hidden: 3 boxes" in out, out
    said = out.replace(str(tmp_path) + "/", "")
    assert (
        "part board: box 'stamp' (the default design's) prints letters or an icon over"
        " space 27 of box 'score' (isles/design.yaml:4), drawn before it" in said
    ), out
    assert "box 'title' (isles/design.yaml:5) prints letters or an icon over spaces" in said
    assert "part score-pad: box 'stamp' (the default design's) prints letters or an icon" in said
    assert "over cells C8 and D8 of box 'table' (isles/design.yaml:8)" in said


def test_a_board_with_room_for_them_is_not_named(cli, tmp_path: Path) -> None:
    out = validate(cli, tmp_path, "30mm", "bottom: 3mm, ")  # the stamp under them
    assert "part boxes hidden" not in out, out
