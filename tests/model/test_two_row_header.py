"""A header on two rows, group titles over the column names (`Text` over `Card Ability` and
`Flavor`, the names of ungrouped columns merged down the two), reads as the one header it
means (`printgen.model.tables.two_row_header`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.model.designer import HEADER, ROWS, tavern, write_table, write_xlsx
from tests.model.test_designer_data import cards_of, problems_of

GROUPS = ["Card Name", "Frequency", "Text", ""]  # `Text` over the last two columns
NAMES = ["", "", "Card Ability", "Flavor"]


@pytest.mark.parametrize("file", ["cards.csv", "cards.xlsx", "cards.ods"])
def test_group_titles_over_the_column_names_read_as_one_header(tmp_path: Path, file: str) -> None:
    expected = cards_of(tavern(tmp_path / "plain"))
    folder = tavern(tmp_path / "grouped", file)
    write_table(folder / file, [GROUPS, NAMES, *ROWS])
    assert cards_of(folder) == expected


def test_a_workbook_s_merged_two_row_header_reads_as_one(tmp_path: Path) -> None:
    """As a sheet is drawn: the ungrouped names merged down, the group title across."""
    expected = cards_of(tavern(tmp_path / "plain"))
    folder = tavern(tmp_path / "grouped", "cards.xlsx")
    write_xlsx(
        folder / "cards.xlsx",
        {"Cards": [GROUPS, NAMES, *ROWS]},
        merged=("A1:A2", "B1:B2", "C1:D1"),
    )
    assert cards_of(folder) == expected


def test_a_card_row_with_a_value_too_many_is_not_taken_for_a_header(tmp_path: Path) -> None:
    """The row under the header has a name and a count: a card, whatever else it holds."""
    folder = tavern(tmp_path)
    write_table(folder / "cards.csv", [HEADER[:2], ["Innkeeper", "2", "Gain 2 @coin."]])
    [problem] = problems_of(folder)
    assert problem.endswith("cards.csv:2: 3 values but 2 columns (separated by ',')")


def test_a_title_row_that_cannot_be_read_with_the_names_says_to_delete_it(
    tmp_path: Path,
) -> None:
    """Levels `1`, `2` under `Upgrade`: numbers, as a card's cells would be, so no header of
    two rows is guessed; the message says which row to delete."""
    folder = tavern(tmp_path)
    rows = [
        ["Card Name", "Upgrade", "", "Frequency"],
        ["", "1", "2", ""],
        ["Innkeeper", "a", "b", 2],
    ]
    write_table(folder / "cards.csv", rows)
    problems = problems_of(folder)
    assert problems[0].endswith(
        "cards.csv:1: a column has no name (if this row holds titles over the column names of "
        "the row below, delete this row)"
    )
