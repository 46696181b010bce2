"""A die face's icon drawn in a colour of its own (an SVG with `fill="#2e7d32"`, not
currentColor) on a face of that same colour vanishes: validate said nothing, since an icon in
its own colours was not measured at all (a designer's trial: the kelp and coral faces of the
Storm die printed as plain green and red squares). An icon painted in one colour of its own
is now read against the face behind it, as a one-colour icon is."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: storm
name: Storm
players: {min: 2, max: 4}
elements: [kelp, coral]
components:
  dice: {file: dice.csv, kind: dice}
"""
DESIGN = """\
palette:
  suits:
    kelp: {fill: "#2e7d32"}
    coral: {fill: "#c62828"}
"""
ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="4" fill="{}"/></svg>\n'
)
DICE = "name,suit,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nStorm,kelp,:kelp:,:coral:,1,2,3,4\n"


def storm(tmp_path: Path, kelp: str) -> Path:
    files = {"design.yaml": DESIGN, "dice.csv": DICE, "icons/kelp.svg": ICON.format(kelp)}
    write_game(tmp_path, GAME, {**files, "icons/coral.svg": ICON.format("#ffffff")})
    return tmp_path


def test_an_icon_the_colour_of_its_face_is_named(cli, tmp_path: Path) -> None:
    run = cli("validate", "--data", storm(tmp_path, "#2e7d32"), "storm")
    assert run.code == 0, run.err  # a warning
    assert "card text contrast" in run.out
    assert (
        "icon (icons/kelp.svg's own colour) #2e7d32 on #2e7d32 has a contrast of 1.0:1" in run.out
    )
    assert "#ffffff on" not in run.out  # the white coral icon stands out on the die


def test_an_icon_that_stands_out_is_not_named(cli, tmp_path: Path) -> None:
    run = cli("validate", "--data", storm(tmp_path, "#ffffff"), "storm")
    assert "card text contrast" not in run.out
