"""A misspelt name header under a title row. A designer's trial: a workbook with a title
row above its header, whose `Card Title` header (renamed to name) was written `Card Titel`,
got one "a value in a column with no name" a card (13 of them) and no word of `rename:`:
no row named the cards' name column, so the title row was taken for the header. A row that
holds any header `rename:` names is now the header, so `rename:` says which header it did
not find, with the one meant; and a column with no name is said once, at its first value."""

from __future__ import annotations

from pathlib import Path

from tests.model.designer import write_table
from tests.model.test_designer_data import problems_of

GAME = """\
id: caravan
name: Caravan
players: {min: 2, max: 4}
card_size: poker
components:
  deck:
    file: cards.xlsx
    rename: {"Card Title": name, "Qty": count}
"""


def test_a_misspelt_renamed_name_header_is_named_once(tmp_path: Path) -> None:
    folder = tmp_path / "caravan"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    rows: list[list[object]] = [["Caravan cards, v2"], ["Card Titel", "Qty", "Text"]]
    rows += [[f"Camel {n}", 1, "Carry one."] for n in range(1, 14)]
    write_table(folder / "cards.xlsx", rows)
    said = [p.replace(f"{folder}/", "") for p in problems_of(folder)]
    assert (
        "game.yaml:8: components.deck.rename: no column 'Card Title' in cards.xlsx; did you"
        " mean 'Card Titel'?" in said
    ), said
    assert not [p for p in said if "a value in a column with no name" in p], said
    assert len(said) <= 2, said
