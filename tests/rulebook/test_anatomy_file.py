"""A game's card-anatomy callouts are its data: `rules-anatomy.yaml` in its folder, read like
its other files (a mistake named with its line)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from printgen.render.rulebook.diagrams import anatomy
from tests.conftest import CARD_DATA


def test_the_callouts_come_from_the_games_folder(tmp_path: Path) -> None:
    folder = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", folder)
    specs = anatomy._specs(load_game(folder))
    assert specs and all("card" in spec for spec in specs)
    (folder / "rules-anatomy.yaml").write_text(
        "cards:\n  - card: water\n    caption: Mine\n", encoding="utf-8"
    )
    assert anatomy._specs(load_game(folder)) == [{"card": "water", "caption": "Mine"}]
    (folder / "rules-anatomy.yaml").unlink()
    assert anatomy._specs(load_game(folder)) == []


def test_a_wrong_file_is_named_with_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", folder)
    (folder / "rules-anatomy.yaml").write_text("# callouts\n\ncards: 3\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"rules-anatomy.yaml:3: cards: expected a list"):
        anatomy._specs(load_game(folder))
