"""Two versions of the sample game lantern-market, differing as the issue's checks say: a
changed text, a changed count, a new card, and a palette colour of one suit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, edit

SAMPLE = ROOT / "examples" / "lantern-market"
SPICE_CARDS = ("spice-saffron", "spice-caravan")
"""The market's cards of suit spice (examples/lantern-market/market.csv)."""


def make_v2(game: Path) -> None:
    """Version 2 of the copy of the sample in `game`, changed in place."""
    market = game / "market.csv"
    edit(market, "silk-lantern,Paper Lantern,2,", "silk-lantern,Paper Lantern,3,")
    edit(market, '"Take two actions this turn."', '"Take three actions this turn."')
    with market.open("a", encoding="utf-8") as out:
        out.write("jade-bowl,Jade Bowl,2,goods,jade,3,2,A bowl.,,\n")
    edit(game / "design.yaml", 'spice: {fill: "#c4571b"}', 'spice: {fill: "#1b57c4"}')


@pytest.fixture
def versions(tmp_path: Path) -> tuple[Path, Path]:
    """(v1's data folder, v2's data folder), each holding lantern-market/."""
    v1, v2 = tmp_path / "v1", tmp_path / "v2"
    shutil.copytree(SAMPLE, v1 / "lantern-market")
    shutil.copytree(SAMPLE, v2 / "lantern-market")
    make_v2(v2 / "lantern-market")
    return v1, v2


TINY_GAME = """\
id: {id}
name: {name}
players: {{min: 2, max: 4}}
card_size: poker
components:
  market: {{file: market.csv}}
"""


def tiny_game(folder: Path, extra: str = "", rows: str = "", design: str = "") -> Path:
    """A game of poker cards in `folder` (its id the folder's name): one deck, `market`,
    from `rows` (a CSV; by default two cards), game.yaml's `extra` lines after its own, and
    a design.yaml when `design` is given."""
    folder.mkdir(parents=True)
    head = TINY_GAME.format(id=folder.name, name=folder.name.title())
    (folder / "game.yaml").write_text(head + extra, encoding="utf-8")
    market = rows or "name,count\nFox,2\nHare,1\n"
    (folder / "market.csv").write_text(market, encoding="utf-8")
    if design:
        (folder / "design.yaml").write_text(design, encoding="utf-8")
    return folder
