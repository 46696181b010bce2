"""A card's content key (its version stamp's hash, `printgen diff`'s "face changed" and what
`build --changed-since` reprints) does not change when only the rulebook or the worked
examples do: a designer who fixed a typo in rules.md was told every card's face had changed
and given a reprint.pdf of the whole deck (a designer's trial)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.kit.diff import diff_games
from printgen.model import load_game
from tests.pieces_game import write_game

GAME = """\
id: cove
name: Cove
players: {min: 2, max: 4}
elements: [kelp, coral]
components:
  deck: {file: cards.csv}
  reefs: {file: reefs.csv, shape: hex, size: 40mm}
"""
FILES = {
    "cards.csv": "name,suit,count\nKelp Forest,kelp,2\nSunken Bell,coral,1\n",
    "reefs.csv": "name,suit,count\nShoal,kelp,3\n",
    "rules.md": "# Cove\n\n{{ components() }}\n",
    "examples.yaml": "examples: []\n",
    "rules-labels.yaml": "components: Contents\n",
    "icons/kelp.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="4"/></svg>\n',
}


@pytest.fixture
def copies(tmp_path: Path) -> tuple[Path, Path]:
    old = write_game(tmp_path / "old", GAME, FILES)
    new = tmp_path / "new" / "cove"
    shutil.copytree(old, new)
    return old, new


def changed(old: Path, new: Path) -> list[str]:
    diff = diff_games(load_game(old), load_game(new), str(old))
    return [c.id for c in diff.changed if c.face]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("rules.md", "# Cove\n\nA typo mended.\n\n{{ components() }}\n"),
        ("examples.yaml", "examples:\n  - {name: One, holds: {A: []}, expect: {A: 0}}\n"),
        ("rules-labels.yaml", "components: In the box\n"),
        ("rules.it.md", "# Cove\n"),
    ],
)
def test_the_rulebook_changes_no_face(copies: tuple[Path, Path], name: str, text: str) -> None:
    old, new = copies
    (new / name).write_text(text, encoding="utf-8")
    assert changed(old, new) == []


def test_an_icon_still_changes_every_face(copies: tuple[Path, Path]) -> None:
    old, new = copies
    (new / "icons" / "kelp.svg").write_text(FILES["icons/kelp.svg"].replace('r="4"', 'r="3"'))
    assert changed(old, new) == ["kelp-forest", "sunken-bell", "shoal"]


@pytest.mark.parametrize(
    "edit",
    ["a deck", "a part", "a .DS_Store", "a spreadsheet's lock file"],
)
def test_what_prints_on_no_card_changes_no_face(copies: tuple[Path, Path], edit: str) -> None:
    """A designer's trial: a deck added, a part declared or a stray .DS_Store changed every
    card's hash and `printgen diff` said every face had changed."""
    old, new = copies
    game = (new / "game.yaml").read_text(encoding="utf-8")
    if edit == "a deck":
        game = game.replace(
            "  deck: {file: cards.csv}\n",
            "  deck: {file: cards.csv}\n  coins: {file: coins.csv, shape: circle, size: 20mm}\n",
        )
        (new / "coins.csv").write_text("name,count\nCoin,5\n", encoding="utf-8")
    elif edit == "a part":
        game += "parts:\n  board: {size: [200mm, 200mm]}\n"
    elif edit == "a .DS_Store":
        (new / ".DS_Store").write_bytes(b"\0\1Bud1")
    else:
        (new / "~$cards.xlsx").write_bytes(b"lock")
    (new / "game.yaml").write_text(game, encoding="utf-8")
    assert changed(old, new) == []


def test_a_decks_own_entry_changes_its_faces_only(copies: tuple[Path, Path]) -> None:
    old, new = copies
    game = (new / "game.yaml").read_text(encoding="utf-8").replace("size: 40mm", "size: 45mm")
    (new / "game.yaml").write_text(game, encoding="utf-8")
    assert changed(old, new) == ["shoal"]
