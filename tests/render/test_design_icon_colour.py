"""A game's own SVG icon that paints with `currentColor` prints in the box's colour (the suit's
in a corner): it printed black, the colour an SVG file has when nothing sets one (found by a
designer's trial). An icon with colours of its own is drawn as its file is."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image

from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import load_game
from tests.render.conftest import A4, ROOT

SQUARE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
    '<rect width="24" height="24" fill="{}"/></svg>'
)
PX_PER_MM = 300 / 25.4
BLEED = 3.175  # the tgc preset's bleed, mm


def _corner_pixel(tmp_path: Path, fill: str) -> tuple[int, ...]:
    """The middle of the silk card's corner suit icon, drawn from an icons/silk.svg that is
    one square painted `fill`."""
    game = tmp_path / "data" / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", game)
    (game / "icons" / "silk.svg").write_text(SQUARE.format(fill))
    build_part(card_files, load_game(game), A4, tmp_path / "out", card_outputs(("cards",)))
    picture = Image.open(tmp_path / "out" / "lantern-market" / "cards" / "silk-bolt.png")
    # the default suit icon: 7 mm square, 0.5 mm in from the safe zone's top right corner
    x, y = BLEED + 70 - 3 - 0.5 - 3.5, BLEED + 3 + 0.5 + 3.5
    return picture.convert("RGB").getpixel((round(x * PX_PER_MM), round(y * PX_PER_MM)))


def test_current_color_is_the_suits_colour(tmp_path: Path) -> None:
    assert _corner_pixel(tmp_path, "currentColor") == (0x8E, 0x3B, 0x8F)  # silk's fill


def test_an_icons_own_colour_is_kept(tmp_path: Path) -> None:
    assert _corner_pixel(tmp_path, "#2e7d5b") == (0x2E, 0x7D, 0x5B)
