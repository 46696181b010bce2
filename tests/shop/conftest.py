"""One game's shop exports, built once a test run (shared by the xdist workers): MyWuXing
with every shop (cards and rulebook); CL4SH (two decks with different backs, dark Havoc cards
and backs, a translucent watermark on every number card) with every shop's cards."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import Game, load_game
from printgen.render.rulebook.build import rule_files
from tests.shared_builds import shared_folder

ROOT = Path(__file__).resolve().parents[2]
CARD_DATA = ROOT / "card_data"
ALL_SHOPS = ("dtc", "tgc", "mpc", "print")


@pytest.fixture(scope="session")
def mywuxing() -> Game:
    return load_game(CARD_DATA / "mywuxing")


@pytest.fixture(scope="session")
def cl4sh() -> Game:
    return load_game(CARD_DATA / "cl4sh")


@pytest.fixture(scope="session")
def shops(tmp_path_factory: pytest.TempPathFactory, mywuxing: Game) -> Path:
    """OUT/mywuxing/ of a build with every shop."""
    options = replace(BuildOptions(), shops=ALL_SHOPS)

    def make(out: Path) -> None:
        out.mkdir(parents=True)
        build_part(card_files, mywuxing, options, out)
        build_part(rule_files, mywuxing, options, out)

    return shared_folder(tmp_path_factory, "shops", make) / "mywuxing"


@pytest.fixture(scope="session")
def cl4sh_shops(tmp_path_factory: pytest.TempPathFactory, cl4sh: Game) -> Path:
    options = replace(BuildOptions(), shops=("dtc", "tgc", "mpc", "print"))

    def make(out: Path) -> None:
        out.mkdir(parents=True)
        build_part(card_files, cl4sh, options, out, card_outputs(("tts", "cards-print.pdf")))

    return shared_folder(tmp_path_factory, "cl4sh-shops", make) / "cl4sh"
