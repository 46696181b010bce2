"""An unknown inline icon is named at the column as the deck's file heads it (`column 'Card
Ability'`), as every data message names it, not by printgen's id for it (`card-ability`),
which the designer never wrote (found by a designer's trial)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.model.designer import HEADER, ROWS, tavern


def test_an_unknown_icon_is_named_at_the_files_header(cli: Any, tmp_path: Path) -> None:
    rows = [list(row) for row in ROWS]
    rows[0][2] = "Gain 2 :coni:."
    tavern(tmp_path / "data", rows=rows)
    run = cli("validate", "tavern", "--data", tmp_path / "data")
    assert run.code == 2 and "Traceback" not in run.err
    assert f"cards.csv:2: column '{HEADER[2]}': unknown icon ':coni:'" in run.err, run.err
