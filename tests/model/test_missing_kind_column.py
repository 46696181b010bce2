"""A deck with no Kind column, in a game of several kinds, is told what the column is for:
'missing column' alone left a designer whose instruments deck is all one kind guessing
(found by a designer's trial)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from tests.render.winds import winds_game


def test_the_missing_kind_column_names_the_kinds(tmp_path: Path) -> None:
    folder = winds_game(tmp_path, csv="name,count,effect\nAnemometer,2,Look.\n")
    with pytest.raises(DataError) as caught:
        load_game(folder)
    assert "winds.csv:1: column 'kind': missing column (the game has kinds wind, event: a " in (
        str(caught.value)
    )
