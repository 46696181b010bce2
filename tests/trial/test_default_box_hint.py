"""A box of the default design printing over (or under) a designer's own box says how to leave
it out: a designer gave the tiles' back boxes of their own, and the default back's title
printed over them; the warning named the title as "the default design's" but not that
`title: null` removes it (a designer's trial). "1 box is covered by a box drawn after them"
reads "after it"."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {min: 2, max: 4}
components:
  tiles: {file: tiles.csv, shape: rect, size: 30mm}
"""
DESIGN = """\
decks:
  tiles:
    back:
      boxes:
        wave: {text: "Wave", left: 10%, right: 10%, top: 35%, height: 30%, size: 12pt}
"""


def test_the_default_box_in_the_way_is_named_with_its_null(cli, tmp_path: Path) -> None:
    write_game(tmp_path, GAME, {"tiles.csv": "name,count\nReef,2\n", "design.yaml": DESIGN})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert "warn boxes hidden: 1 box is covered by a box drawn after it (move one;" in run.out
    assert "box 'title' (the default design's) has letters or an icon printed over it by " in (
        run.out
    )
    assert "drawn after it (`title: null` in the design leaves the default's out)" in run.out


def test_with_the_null_the_back_is_the_designers(cli, tmp_path: Path) -> None:
    design = DESIGN + "        title: null\n"
    write_game(tmp_path, GAME, {"tiles.csv": "name,count\nReef,2\n", "design.yaml": design})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert "ok   boxes hidden" in run.out
