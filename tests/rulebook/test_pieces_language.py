"""A rulebook in another language pictures the game's pieces in it, as it pictures its cards
(a designer's trial: the French rulebook's tokens read Spark and Glimmer beside their
`name_fr`)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from printgen.model import Game, load_game
from printgen.render.rulebook import blocks
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.pieces import _faces
from printgen.render.rulebook.source import sources
from tests.conftest import add_column, add_languages
from tests.render.conftest import ROOT


@pytest.fixture
def french_saltmarsh(tmp_path: Path) -> Path:
    folder = tmp_path / "saltmarsh"
    shutil.copytree(ROOT / "examples" / "saltmarsh", folder)
    add_languages(folder, "[en, fr]")
    rows = len((folder / "tokens.csv").read_text(encoding="utf-8").splitlines()) - 1
    add_column(folder / "tokens.csv", "name_fr", [f"Oiseau {n}" for n in range(1, rows + 1)])
    (folder / "rules.fr.md").write_text("## Matériel\n\n{{ components() }}\n", encoding="utf-8")
    return folder


def test_the_french_rulebook_pictures_the_tokens_in_french(
    french_saltmarsh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictured: dict[str, Game] = {}
    real = blocks.pieces_picture

    def seen(game: Game, deck: Any) -> Any:
        pictured.setdefault(deck.name, game)
        return real(game, deck)

    monkeypatch.setattr(blocks, "pieces_picture", seen)
    game = load_game(french_saltmarsh)
    for lang, name in (("en", "Avocet"), ("fr", "Oiseau 1")):
        pictured.clear()
        source = next(s for s in sources(game) if s.lang == lang)
        blocks.components_table(source, Icons(game))
        faces, _ = _faces(pictured["birds"], game.components["birds"])
        assert name in faces[0].svg, (lang, faces[0].svg[:300])


def test_the_pieces_shapes_are_said_in_the_rulebooks_language(french_saltmarsh: Path) -> None:
    """The components table said `25 mm circle` in a French rulebook (printgen's own words,
    which validate could not name: they were no labels)."""
    game = load_game(french_saltmarsh)
    said = {}
    for source in sources(game):
        said[source.lang] = str(blocks.components_table(source, Icons(game)))
    assert "25 mm circle" in said["en"] and "40 mm flat-top hexagon" in said["en"]
    assert "cercle de 25 mm" in said["fr"] and "hexagone de 40 mm, côté en haut" in said["fr"]
    assert "mm circle" not in said["fr"] and "mm flat-top hexagon" not in said["fr"]
