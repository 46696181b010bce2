"""A box that changes a box the design under it lacks is named as such: a deck of circles
turned into rounded rectangles kept `disc: {fill: paper}` (the circle design's box), and a
misspelt box name (`lable:`) changed nothing; both were told only "needs exactly one of
text, image, ...". The message says which boxes there are to change, with the close one."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: buoy
name: Buoy
players: {min: 2, max: 4}
components:
  buoys: {file: buoys.csv, shape: rounded, size: [30mm, 40mm]}
"""
DESIGN = """\
decks:
  buoys:
    front:
      boxes:
        disc: {fill: paper}
        titel: {size: 9pt}
"""


def test_a_box_the_design_under_it_lacks_is_named_with_the_boxes_it_has(
    cli, tmp_path: Path
) -> None:
    write_game(tmp_path, GAME, {"design.yaml": DESIGN, "buoys.csv": "name,count\nRed,2\n"})
    run = cli("validate", "--data", tmp_path, "buoy")
    assert run.code == 2
    # no box of the rounded design is close to `disc`: it may be a new box, which needs content
    assert (
        "design.yaml:5: box disc: needs exactly one of text, image, icon, shape, component, "
        "grid, track (the design under it has no box 'disc' to change: its boxes are "
    ) in run.err
    # a close one: the misspelling is said first
    assert "design.yaml:6: box titel: the design under it has no box 'titel' to change; did " in (
        run.err
    )
    assert "did you mean 'title'?" in run.err
    assert "a new box needs exactly one of text, image, icon" in run.err
    # the rounded rectangle's own design is listed: what a designer can change instead
    boxes = run.err.split("box disc: ", 1)[1].split("its boxes are ", 1)[1].split(")", 1)[0]
    assert "background" in boxes.split(", ") and "title" in boxes.split(", ")
    assert "disc" not in boxes.split(", ")
    assert "Traceback" not in run.err
