"""A two-sided token's column that its back prints (`{{ hero }}`) was printed on its front too,
as the front's body text, cut to `Forge-…` (a designer's trial). The front's body now leaves
out the columns its own back prints; a column no box names still prints in the body."""

from __future__ import annotations

from pathlib import Path

from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.render import Renderer

GAME = """\
id: folk
name: Folk
players: {min: 2, max: 4}
elements: [ember, moss]
components:
  folk: {file: folk.csv, shape: circle, size: 30mm, sides: 2}
"""
DESIGN = """\
decks:
  folk:
    back:
      boxes:
        hero: {text: "{{ hero }}", left: 15%, right: 15%, top: 35%, height: 30%, size: 9pt}
"""


def test_a_column_the_back_prints_is_not_the_fronts_body(tmp_path: Path) -> None:
    folder = tmp_path / "folk"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "design.yaml").write_text(DESIGN)
    (folder / "folk.csv").write_text(
        "id,name,count,suit,hero,note\nsmith,Smith,2,ember,Captain,Hot\n"
    )
    game = load_game(folder)
    renderer = Renderer(game, CairoMeasure())
    deck = game.components["folk"]
    smith = deck.cards[0]
    front = renderer.piece_front(deck, smith).svg
    back = renderer.piece_back(deck, smith).svg
    assert ">Captain<" in back
    assert "Capt" not in front  # was the back's column cut as the front's body text
    assert ">Hot<" in front  # a text column no box names is still the body
