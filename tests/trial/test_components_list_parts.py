"""The rulebook's components list names the printed parts: `{{ components() }}` listed the
decks only, so a game's list left out its board, score pads and tuck box (a designer's
trial). A table of the parts follows the decks: each part's name, size (or the deck its tuck
box holds) and copies; a part drawn inside another's file (a board's legend) is that part's.
`components(parts=false)` leaves them out, as the bundled games' rulebooks, which say them
in their own words."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.pieces_game import GOALS_DECK, HARBOUR, write_game

GAME = (
    HARBOUR
    + GOALS_DECK
    + """\
parts:
  board: {size: [420mm, 300mm], title: Harbour board}
  legend: {size: [200mm, 40mm], in: board}
  score-pad: {size: [100mm, 150mm], copies: 6}
  marker: {size: [30mm, 30mm], each: goals, in: components}
  box: {tuck_box: goals, title: Card box}
"""
)
GOALS = "name,count\nGather,3\nSail,2\n"
RULES = "# Harbour\n\n## Components\n\n{{{{ components({args}) }}}}\n\n## Play\n\nSail well.\n"


def _text(cli, tmp_path: Path, args: str) -> str:
    write_game(tmp_path / "data", GAME, {"goals.csv": GOALS, "rules.md": RULES.format(args=args)})
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", tmp_path / "out")
    assert run.code == 0, run.err
    with pdfplumber.open(tmp_path / "out" / "harbour" / "rules.pdf") as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_the_parts_follow_the_decks(cli, tmp_path: Path) -> None:
    text = _text(cli, tmp_path, "")
    lines = text.splitlines()
    start = lines.index("Printed parts")
    listed = lines[start + 2 : start + 6]  # after the caption and the head
    assert listed == [
        "Harbour board 420 x 300 mm 1",
        "Score pad 100 x 150 mm 6",
        "Marker 30 x 30 mm 5",  # one for each of the 5 goal cards
        "Card box tuck box for the Goals 1",
    ]
    assert "Legend" not in text  # drawn with the board


def test_parts_false_leaves_them_out(cli, tmp_path: Path) -> None:
    text = _text(cli, tmp_path, "parts=false")
    assert "Printed parts" not in text
    assert "Gather" in text


def test_parts_takes_true_or_false(cli, tmp_path: Path) -> None:
    """`parts="no"` read as true (the review): anything but true or false is refused."""
    write_game(
        tmp_path / "data", GAME, {"goals.csv": GOALS, "rules.md": RULES.format(args='parts="no"')}
    )
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert "components(parts='no'): expected true or false" in run.out + run.err
