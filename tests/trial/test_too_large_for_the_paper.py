"""A card or piece too large for the paper. In a designer's trial a 250 mm hexagon passed
validate, then `build` failed its whole part ("a 250 mm flat-top hexagon does not fit on a4
210 x 297 mm paper", naming no file or line); a 150 mm square card, whose duplex sheet fits A4
but not its fold-over sheet (card and back side by side), lost cards.pdf and the rest too.
The sheets that cannot be laid out are now left out, the rest made (a page a card, the
images), and validate names them with game.yaml's line."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: giant
name: Giant
players: {min: 2, max: 4}
card_size: [150mm, 150mm]
components:
  deck: {file: cards.csv}
  tiles: {file: tiles.csv, shape: hex, size: 250mm}
"""
FILES = {"cards.csv": "id,name,count\nsun,Sun,2\n", "tiles.csv": "id,name,count\nisle,Isle,2\n"}


def test_the_sheets_it_does_not_fit_are_left_out_and_named(cli, tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_game(data, GAME, FILES)
    run = cli("validate", "--data", data, "giant")
    assert run.code == 0, run.out + run.err  # warnings
    said = run.out.replace(f"{data}/", "")
    assert (
        "warn paper: giant/game.yaml:4: card_size: a 150 x 150 mm card is too large to print"
        " cards-fold.pdf on A4 or Letter: a build on that paper leaves it out (make it smaller"
        " to have it); giant/game.yaml:7: components.tiles.size: a 250 mm flat-top hexagon is"
        " too large to print tiles.pdf and tiles-fold.pdf on A4 or Letter: a build on that"
        " paper leaves them out (make it smaller to have them)" in said
    ), said
    out = tmp_path / "out"
    run = cli("build", "--data", data, "giant", "--out", out)
    assert run.code == 0, run.err
    made = {p.name for p in (out / "giant").iterdir()}
    assert {"cards.pdf", "cards-print.pdf", "tiles"} <= made, made
    assert not {"cards-fold.pdf", "tiles.pdf", "tiles-fold.pdf"} & made, made
    assert {p.name for p in (out / "giant" / "tiles").glob("*.png")} == {"isle.png", "back.png"}


def test_a_piece_too_large_for_the_cutters_sheet_is_named_at_its_line(cli, tmp_path: Path) -> None:
    """`--cutter` asks for the cut files of every deck: one that cannot be made stops that
    part, naming game.yaml's line and a way out (it named neither)."""
    data = tmp_path / "data"
    write_game(data, GAME, FILES)
    run = cli("build", "--data", data, "giant", "--out", tmp_path / "out", "--cutter", "silhouette")
    assert run.code == 2 and "Traceback" not in run.err
    assert (
        "giant/cut failed: " + str(data) + "/giant/game.yaml:7: components.tiles.size: a 250 mm"
        " flat-top hexagon does not fit inside a cutter's marks on a4 210 x 297 mm: make it"
        " smaller, or build without --cutter and cut it by hand" in run.err
    ), run.err


def test_a_sheet_only_letter_takes_sends_the_designer_to_letter() -> None:
    from printgen.check.paper_fit import _left_out
    from printgen.render.outputs import Kind

    names = {Kind.CARD_SHEETS: "cards.pdf", Kind.FOLD_SHEETS: "cards-fold.pdf"}
    said = _left_out(
        "a 205 x 100 mm card",
        "game.yaml:4: card_size",
        names,
        lambda paper: {Kind.CARD_SHEETS: "too wide"} if paper == "a4" else {},
    )
    assert said == (
        "game.yaml:4: card_size: a 205 x 100 mm card is too large to print cards.pdf on A4:"
        " a build on that paper leaves it out (build with --paper letter to have it)"
    )
