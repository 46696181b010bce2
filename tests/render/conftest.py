"""Card builds shared by the render tests: each is built once a test run (shared by the xdist
workers, tests/shared_builds.py) and read back."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import Game, load_game
from tests.shared_builds import shared_folder

ROOT = Path(__file__).resolve().parents[2]
CARD_DATA = ROOT / "card_data"
A4 = BuildOptions()


def build(
    game: Game, out: Path, options: BuildOptions = A4, outputs: tuple[str, ...] | None = None
) -> Path:
    """Build `game`'s card outputs (those named by their files, `outputs`; None: all)."""
    build_part(card_files, game, options, out, None if outputs is None else card_outputs(outputs))
    return out / game.id


@pytest.fixture(scope="session")
def mywuxing() -> Game:
    return load_game(CARD_DATA / "mywuxing")


def shared_build(
    factory: pytest.TempPathFactory,
    name: str,
    game: Game,
    options: BuildOptions = A4,
    outputs: tuple[str, ...] | None = None,
) -> Path:
    """`build(game, ...)` into the run's shared folder `name`, once for every xdist worker."""

    def make(out: Path) -> None:
        out.mkdir(parents=True)
        build(game, out, options, outputs)

    return shared_folder(factory, name, make) / game.id


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory, mywuxing: Game) -> Path:
    """Every card output of MyWuXing: A4, preset tgc, crop marks."""
    return shared_build(tmp_path_factory, "cards-a", mywuxing)


@pytest.fixture(scope="session")
def built_again(tmp_path_factory: pytest.TempPathFactory, mywuxing: Game) -> Path:
    """The same build again, elsewhere, for the reproducibility test."""
    return shared_build(tmp_path_factory, "cards-b", mywuxing)


@pytest.fixture(scope="session")
def letter(tmp_path_factory: pytest.TempPathFactory, mywuxing: Game) -> Path:
    """MyWuXing on Letter with the MPC preset: cards.pdf and the PNGs."""
    options = replace(A4, paper="letter", preset="mpc")
    return shared_build(tmp_path_factory, "cards-letter", mywuxing, options, ("cards.pdf", "cards"))


# The card games drawn from a design.yaml, and the sample designer's game: what the geometry
# tests walk at every card size.
DESIGN_GAMES = {
    "mywuxing": CARD_DATA / "mywuxing",
    "cl4sh": CARD_DATA / "cl4sh",
    "the-way": CARD_DATA / "the-way",
    "elementa": CARD_DATA / "elementa",
    "lantern-market": ROOT / "examples" / "lantern-market",
}
