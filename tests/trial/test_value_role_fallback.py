"""A deck's own `value` column prints when the design's value is another column it lacks: with
`value: cost` in design.yaml (the cards show their cost in the corner), tokens with a `value`
column of their own printed no number at all, so Oil 1 and Oil 3 were the same token (a
designer's trial). A row with no value in the design's value column keeps its own."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.pieces_game import GOALS_DECK, HARBOUR, write_game

GAME = (
    HARBOUR
    + """\
columns:
  cost: int?
"""
    + GOALS_DECK
    + """\
  crates: {file: crates.csv, shape: circle, size: 20mm}
"""
)
FILES = {
    "goals.csv": "name,count,cost\nGather,2,4\n",
    "crates.csv": "name,count,value\nOil,1,1\nGold,1,7\n",
    "design.yaml": "value: cost\n",
}


def test_a_tokens_own_value_prints_beside_cards_with_a_cost(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", GAME, FILES)
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", tmp_path / "out")
    assert run.code == 0, run.err
    with pdfplumber.open(tmp_path / "out" / "harbour" / "crates.pdf") as pdf:
        words = pdf.pages[0].extract_words()
    assert {"1", "7"} <= {w["text"] for w in words}
    with pdfplumber.open(tmp_path / "out" / "harbour" / "cards.pdf") as pdf:
        card_words = {w["text"] for w in pdf.pages[0].extract_words()}
    assert "4" in card_words  # the cards' corner is still their cost


def test_a_blank_cost_beside_a_value_column_shows_no_value(cli, tmp_path: Path) -> None:
    """A deck with both columns: a card whose cost is blank shows no number in its corner,
    not its `value` (which is not its cost)."""
    files = {**FILES, "goals.csv": "name,count,cost,value\nFree,1,,3\nDear,1,5,9\n"}
    write_game(tmp_path / "data", GAME, files)
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", tmp_path / "out")
    assert run.code == 0, run.err
    with pdfplumber.open(tmp_path / "out" / "harbour" / "cards.pdf") as pdf:
        card_words = [w["text"] for w in pdf.pages[0].extract_words()]
    assert "5" in card_words  # Dear's cost, in its two corners
    assert "3" not in card_words  # Free's value was printed as its cost
