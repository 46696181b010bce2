"""A hex map whose outer columns ran 1.5-4 mm into the score track round the board was not
named (a designer's trial: `track: {spaces: 41, size: 18mm}` round a 440 x 320 mm board makes
spaces of 31 x 35 mm, as a ring of 41 must go round the whole box, and the map was placed
clear of an 18 mm band): a grid's or track's cells were places only for letters and icons,
never for another board's outlines. A grid or track whose cells cross those of one drawn
before it is now named, the cells and spaces listed; cells that only meet are not."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: tide
name: Tide
players: {min: 2, max: 4}
components:
  deck: {file: cards.csv}
parts:
  board: {size: [440mm, 320mm]}
"""
DESIGN = """\
parts:
  board:
    boxes:
      score: {track: {spaces: 41, first: 0, size: 18mm}}
      map: {grid: {shape: hex, columns: 7, rows: 4, size: SIZE, corner_up: true},
            top: 36mm, bottom: 22mm, left: LEFT, right: LEFT}
"""
CARDS = "id,name,count\nferry,Ferry,1\n"


def validate(cli, data: Path, left: str, size: str = "50mm") -> str:
    design = DESIGN.replace("LEFT", left).replace("SIZE", size)
    write_game(data, GAME, {"cards.csv": CARDS, "design.yaml": design})
    run = cli("validate", "--data", data, "tide")
    assert run.code == 0, run.err  # a warning at most
    return run.out.replace(str(data) + "/", "")


def test_a_map_run_into_the_track_is_named(cli, tmp_path: Path) -> None:
    out = validate(cli, tmp_path, "22mm")
    assert "warn part boxes hidden: 1 box is covered by a box drawn after it: " in out, out
    assert (
        "part board: box 'map' (tide/design.yaml:6) draws cells A1, G2, A3 and G4 over"
        " spaces 16, 17, 19, 36, 37, 38 and 1 more of box 'score' (tide/design.yaml:4),"
        " drawn before it: move or shrink one clear of the other" in out
    ), out


def test_a_map_clear_of_the_track_is_not_named(cli, tmp_path: Path) -> None:
    out = validate(cli, tmp_path, "40mm", "40mm")  # clear of the 31 mm spaces' inner edge
    assert "part boxes hidden" not in out, out


def test_the_builds_hint_runs_as_written(cli, tmp_path: Path) -> None:
    """A designer's trial: the build's last line said `printgen validate tide`, which, run as
    written, found no game (the build was given --data): the hint keeps the --data."""
    design = DESIGN.replace("LEFT", "22mm").replace("SIZE", "50mm")
    write_game(tmp_path / "data", GAME, {"cards.csv": CARDS, "design.yaml": design})
    run = cli("build", "--data", tmp_path / "data", "tide", "--out", tmp_path / "out")
    assert run.code == 0, run.err
    hint = f"read them with `printgen validate tide --data {tmp_path / 'data'}`"
    assert hint in run.out + run.err, run.out
