"""A column that only a deck of pieces prints (a hex tile's `{{ terrain }}` icon, a token's
back `{{ hero }}`) is printed: validate's "no box of the design prints" note named it, though
every tile showed it, because the note read the cards' boxes alone (a designer's trial)."""

from __future__ import annotations

from pathlib import Path

from printgen.model import load_game
from printgen.render.faces.render import design_of, unused_columns

GAME = """\
id: isle
name: Isle
players: {min: 2, max: 4}
elements: [lava, moss]
columns:
  house: element?
  terrain: element?
  hero: text?
  promo: flag?
components:
  deck: {file: cards.csv}
  tiles: {file: tiles.csv, shape: hex, size: 45mm, corner_up: true}
  folk: {file: folk.csv, shape: circle, size: 25mm, sides: 2}
"""
DESIGN = """\
suit: house            # the cards' suit; the tiles' terrain is no role
decks:
  tiles:
    front:
      boxes:
        land: {icon: "{{ terrain }}", left: 30%, right: 30%, top: 20%, height: 30%}
        text: null
  folk:
    front:
      boxes:
        text: null
    back:
      boxes:
        hero: {text: "{{ hero }}", left: 20%, right: 20%, top: 35%, height: 30%}
"""


def test_columns_only_pieces_print_are_not_named_unprinted(tmp_path: Path) -> None:
    folder = tmp_path / "isle"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "design.yaml").write_text(DESIGN)
    (folder / "cards.csv").write_text("id,name,count,house\nember,Ember,2,lava\n")
    (folder / "tiles.csv").write_text("id,name,count,terrain\nflow,Flow,2,lava\n")
    (folder / "folk.csv").write_text("id,name,count,hero,promo\nfisher,Fisher,2,Captain,x\n")
    game = load_game(folder)
    # terrain: the tiles' icon; hero: the tokens' backs; promo: a flag no box names
    assert unused_columns(game, design_of(game)) == ["promo"]
