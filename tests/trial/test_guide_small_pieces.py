"""The print guide treats small squares as tiles, and names every file with a scale bar: it
offered "80-120 g/m2 paper and card sleeves" for 25 mm square tiles, and its scale check named
only cards.pdf and cards-fold.pdf though every sheet of pieces carries the bar (a designer's
trial). A kit of square pieces and no cards is told how to cut along the crop marks."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import guide_text, write_game

GAME = """\
id: harbour
name: Harbour
players: {{min: 2, max: 4}}
card_size: poker
components:
  tiles: {{file: tiles.csv, shape: rect, size: 25mm}}
  pearls: {{file: pearls.csv, shape: circle, size: 20mm}}
{cards}"""
FILES = {
    "tiles.csv": "name,count\nReef,20\n",
    "pearls.csv": "name,count\nWhite,9\n",
    "goals.csv": "name,count\nGather,5\n",
}


def _guide(cli, tmp_path: Path, cards: str) -> str:
    write_game(tmp_path / "data", GAME.format(cards=cards), FILES)
    return guide_text(cli, tmp_path / "data", tmp_path / "out", "harbour")


def test_small_squares_print_on_tile_stock_and_carry_the_bar(cli, tmp_path: Path) -> None:
    text = _guide(cli, tmp_path, "  goals: {file: goals.csv}\n")
    tiles = text.split("tiles.pdf — ", 1)[1].split("tiles-fold.pdf", 1)[0]
    assert "Card stock of 250–300 g/m², or thinner card glued onto board" in tiles
    assert "sleeves" not in tiles
    assert (
        "cards.pdf, cards-fold.pdf, tiles.pdf, tiles-fold.pdf, pearls.pdf and pearls-fold.pdf "
        "each carry a bar exactly 50 mm long"
    ) in text
    assert "since cards must be the same size on both sides" in text


def test_a_kit_of_squares_alone_is_told_to_cut_at_the_marks(cli, tmp_path: Path) -> None:
    text = _guide(cli, tmp_path, "")
    assert "Square and oblong pieces: keep the margins (the crop marks are there)" in text
    # one-sided labels and tiles need their real size, not a front matching its back
    assert "since pieces, labels and squares must fit the dice, the board and each other" in text
