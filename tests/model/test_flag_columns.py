"""Spreadsheet booleans and TRUE/FALSE or yes/no text columns are flags: they mark a card,
and no bare `TRUE` is printed among its rules (`printgen.model.flags`)."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from printgen.check.columns import undeclared_note
from printgen.model import load_game
from tests.conftest import edit
from tests.kit.conftest import build
from tests.model.designer import HEADER, ROWS, tavern, write_table
from tests.model.test_designer_data import problems_of

PROMO = [True, False, ""]  # as a workbook's boolean cells hold them; a CSV writes TRUE, FALSE
STARTER = ["yes", "No", "maybe"]


def deck(root: Path, file: str = "cards.csv", **extra: list[object]) -> Path:
    """The tavern deck with more columns (header -> each card's cell)."""
    folder = tavern(root, file)
    rows = [[*row, *(cells[i] for cells in extra.values())] for i, row in enumerate(ROWS)]
    write_table(folder / file, [[*HEADER, *extra], *rows])
    return folder


def texts(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(pdf).pages]


@pytest.mark.parametrize("file", ["cards.csv", "cards.xlsx", "cards.ods"])
def test_a_column_of_true_and_false_reads_as_a_flag(tmp_path: Path, file: str) -> None:
    game = load_game(deck(tmp_path, file, Promo=PROMO, Starter=STARTER))
    cards = game.components["deck"].cards
    assert [c.fields["promo"] for c in cards] == [True, False, False]  # empty: not flagged
    assert [c.fields["starter"] for c in cards] == STARTER  # `maybe` is no flag: text
    assert game.columns["promo"] == "flag?" and game.columns["starter"] == "text?"
    [note] = undeclared_note(game)
    assert note.detail.endswith(
        "read as flags (TRUE/FALSE, yes/no), printed only where a box names one "
        f"(when: \"{{{{ promo }}}}\"): {file}: 'Promo' (declare them under columns: to type them)"
    )


@pytest.mark.parametrize(
    ("cells", "flags"),
    [
        (["Yes", "no", "YES"], [True, False, True]),
        (["x", "", "X"], [True, False, True]),  # ticked by hand
        (["✓", "", ""], [True, False, False]),
        (["checked", "", "checked"], [True, False, True]),  # Airtable's checkbox
    ],
)
def test_yes_no_and_ticks_in_any_case_read_as_a_flag_too(
    tmp_path: Path, cells: list[object], flags: list[bool]
) -> None:
    game = load_game(deck(tmp_path, Starter=cells))
    assert [c.fields["starter"] for c in game.components["deck"].cards] == flags


def test_a_flag_is_never_printed_raw_and_prints_its_name_where_a_box_names_it(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    folder = deck(data, Promo=PROMO)
    out = tmp_path / "out"
    assert build(out, "tavern", "--data", data) == 0
    pages = texts(out / "tavern" / "cards-print.pdf")
    assert any("Innkeeper" in page for page in pages)
    assert not any(word in page for page in pages for word in ("TRUE", "True", "FALSE"))
    (folder / "design.yaml").write_text(
        "front:\n  boxes:\n    promo: {text: '{{ promo }}', when: '{{ promo }}', "
        "left: 0, right: 0, bottom: 0, height: 5mm, size: 8pt}\n"
    )
    assert build(out, "tavern", "--data", data) == 0
    pages = texts(out / "tavern" / "cards-print.pdf")
    promo = [page for page in pages if "Promo" in page.split("\n")]
    assert len(promo) == 2 and all("Innkeeper" in page for page in promo)  # its 2 copies


def test_a_declared_flag_refuses_other_words_at_its_cell(tmp_path: Path) -> None:
    folder = deck(tmp_path, Starter=STARTER)
    edit(folder / "game.yaml", "card_size: poker", "card_size: poker\ncolumns: {starter: flag}")
    [problem] = problems_of(folder)
    assert problem.endswith(
        "cards.csv:4: column 'Starter': expected TRUE or FALSE (or yes, no), got 'maybe'"
    )
