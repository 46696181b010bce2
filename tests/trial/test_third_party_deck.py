"""A deck made with another tool (Squib, nanDECK, a spreadsheet someone else kept): the column
`image_from:` names the art by printed the file name on every card as rules text, and `<b>`,
`<i>` and `<br>` printed as typed with no word from validate (a designer's trial). Card text
is never read as HTML (nothing from data is), so validate says where tags are."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from PIL import Image

from tests.pieces_game import HARBOUR, write_game

GAME = (
    HARBOUR
    + """\
components:
  ships:
    file: ships.csv
    rename: {"Card Name": name}
    image_from: Art File
"""
)
CARDS = (
    "Card Name,Qty,Rules Text,Art File\n"
    "Rust Bucket,2,<b>Salvage:</b> gain 2.<br><i>Once per turn.</i>,rust_bucket.png\n"
)


def test_the_art_file_is_a_picture_and_the_tags_are_named(cli, tmp_path: Path) -> None:
    folder = write_game(tmp_path / "data", GAME, {"ships.csv": CARDS})
    (folder / "art").mkdir()
    Image.new("RGB", (900, 600), "#224466").save(folder / "art" / "rust_bucket.png")
    out = tmp_path / "out"
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", out)
    assert run.code == 0, run.err
    with pdfplumber.open(out / "harbour" / "cards.pdf") as pdf:
        text = pdf.pages[0].extract_text().replace(" ", "")  # pdfplumber joins some words
    assert "rust_bucket" not in text
    assert "<b>Salvage:</b>gain2.<br>" in text  # as typed: never read as HTML
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert "'Art File'" not in run.out  # not an undeclared column read as text
    said = " ".join(run.out.split())
    assert "markup: HTML tags print as typed: ships.csv: 'Rules Text' (line 2)" in said, said
    assert "write **bold**, *italic* and \\n (a line break) instead" in said


def test_a_figure_shown_with_decimals_prints_whole(tmp_path: Path) -> None:
    """A cost column holding `X` as well as numbers is a figure column: its `3.0` printed
    `Cost 3.0`, where a number column reads 3 (a designer's trial); `1.5` stays."""
    from printgen.model import load_game

    cards = "name,cost\nProbe,3.0\nDrone,X\nRelay,1.5\nHulk,-2.00\n"
    write_game(
        tmp_path, HARBOUR + "components:\n  ships: {file: ships.csv}\n", {"ships.csv": cards}
    )
    deck = load_game(tmp_path / "harbour").components["ships"]
    assert [card.fields["cost"] for card in deck.cards] == ["3", "X", "1.5", "-2"]


def test_a_wrong_total_names_its_declared_line(cli, tmp_path: Path) -> None:
    """The deck's total was named at the deck's own line, not its `declared:` six lines
    below (a designer's trial)."""
    game = HARBOUR + "components:\n  ships:\n    file: ships.csv\n\n    declared: 3\n"
    write_game(tmp_path / "data", game, {"ships.csv": "name,count\nProbe,2\n"})
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert "ships: expected 3 (declared at " in run.out
    assert "/harbour/game.yaml:9), found 2 in ships.csv" in run.out, run.out
