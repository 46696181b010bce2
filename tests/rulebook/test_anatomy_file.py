"""A game's card-anatomy callouts are its data: `rules-anatomy.yaml` in its folder, read like
its other files (a mistake named with its line)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.errors import DataError, RenderError
from printgen.model import load_game
from printgen.render.rulebook.diagrams import anatomy
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import sources
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


@pytest.mark.parametrize("y", ["1e999", ".nan", "١٢١٢١٢١٢١٢١٢١٢١٢١٢١٢١٢", "-200"])
def test_a_callout_off_the_card_is_named_not_drawn_endlessly_large(tmp_path: Path, y: str) -> None:
    """A y the fuzzer found (Arabic-Indic digits float() reads as 1.2e599): the picture would
    be endlessly tall and weasyprint divide by zero; it is refused, naming file and card."""
    folder = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", folder)
    (folder / "rules-anatomy.yaml").write_text(
        f"cards:\n  - card: water\n    callouts:\n      - {{x: 10, y: {y}, label: Here}}\n",
        encoding="utf-8",
    )
    game = load_game(folder)
    source = sources(game)[0]
    with pytest.raises(RenderError, match=r"rules-anatomy.yaml: card 'water': a callout at "):
        anatomy.draw(source, Icons(game))


@pytest.mark.parametrize(
    ("callouts", "message"),
    [
        ("[{y: 10, label: Here}]", r"a callout has no x \(mm\)"),
        ("3", r"callouts: expected a list of \{x, y, side, label\}"),
        ("[Here]", r"callouts: expected a list of \{x, y, side, label\}"),
        ("[{x: [1, 2], y: 3}]", r"a callout at '\[1, 2\]' mm is not on the card \(0 to 63.5 mm\)"),
    ],
)
def test_a_callout_of_the_wrong_shape_is_named(tmp_path: Path, callouts: str, message: str) -> None:
    """Not a Python KeyError or TypeError: the file, the card and what is wrong (MyWuXing's
    cards are 63.5 mm wide)."""
    folder = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", folder)
    (folder / "rules-anatomy.yaml").write_text(
        f"cards:\n  - card: water\n    callouts: {callouts}\n", encoding="utf-8"
    )
    game = load_game(folder)
    with pytest.raises(RenderError, match=r"rules-anatomy.yaml: card 'water': " + message):
        anatomy.draw(sources(game)[0], Icons(game))
