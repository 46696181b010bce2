"""The suit role is one column for the whole game: a designer's hex tiles with a `terrain`
element column, beside cards whose suit is in `suit`, printed every tile in the same gold,
with no word from validate (a designer's trial). validate now notes such a deck, naming its
element column and the two ways to colour it."""

from __future__ import annotations

from pathlib import Path

from printgen.check.design import design_checks
from printgen.model import load_game

GAME = """\
id: isle
name: Isle
players: {min: 2, max: 4}
elements: [ember, moss]
columns:
  suit: element?
  terrain: element?
components:
  deck: {file: cards.csv}
  tiles: {file: tiles.csv, shape: hex, size: 40mm}
"""


def _checks(tmp_path: Path, tiles: str) -> dict[str, str]:
    folder = tmp_path / "isle"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "design.yaml").write_text("suit: suit\n")
    (folder / "cards.csv").write_text("id,name,count,suit\nspark,Spark,2,ember\n")
    (folder / "tiles.csv").write_text(tiles)
    return {c.name: c.detail for c in design_checks(load_game(folder))}


def test_a_deck_coloured_by_another_element_column_is_noted(tmp_path: Path) -> None:
    checks = _checks(tmp_path, "id,name,count,terrain\nflow,Flow,2,ember\ngrove,Grove,2,moss\n")
    assert checks["suit colours"] == (
        "note: deck tiles has no 'suit' (the suit role) but an element column 'terrain': its "
        "faces print in one colour; name that column 'suit' in tiles.csv, or say suit: "
        "terrain in design.yaml if every deck has it"
    )


def test_a_deck_with_the_roles_column_is_not(tmp_path: Path) -> None:
    checks = _checks(tmp_path, "id,name,count,suit\nflow,Flow,2,ember\n")
    assert "suit colours" not in checks
