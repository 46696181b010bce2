"""An ink-saving back keeps a long game title on the card: under a deck's title, or alone,
it wraps over lines at the smallest size; it ran on as one line across the neighbouring
cards. Read by pixels: the back drawn on a canvas three cards wide has ink on its card only."""

from __future__ import annotations

import io
import re

import cairosvg
import pytest
from PIL import Image

from printgen.layout.sizes import card_size
from printgen.render.faces.face import RECORD_BLEED_MM
from printgen.render.faces.ink_saver import ink_saving_back_svg, wrapped
from printgen.render.faces.palette import shared_palette

LONG = (
    "The Tidewrack Conservatory of Drowned Bells, Salt-Stained Lanterns and the Forgotten "
    "Keepers of the Northern Lighthouses"
)
PX_PER_MM = 8


def _ink_outside_the_card(svg: str, width: float, height: float) -> int:
    """Dark pixels left or right of the card (and its bleed) when the view is widened."""
    b = RECORD_BLEED_MM
    wide = re.sub(
        r'width="[^"]+" height="[^"]+" viewBox="[^"]+"',
        f'width="{3 * width}mm" height="{height + 2 * b}mm" '
        f'viewBox="{-width} {-b} {3 * width} {height + 2 * b}"',
        svg,
        count=1,
    )
    png = cairosvg.svg2png(
        bytestring=wide.encode(),
        output_width=round(3 * width * PX_PER_MM),
        background_color="white",
    )
    image = Image.open(io.BytesIO(png)).convert("L")
    w, h = image.size
    card = (round((width - b) * PX_PER_MM), round((2 * width + b) * PX_PER_MM))
    return sum(
        1
        for y in range(0, h, 2)
        for x in range(0, w, 2)
        if not card[0] <= x < card[1] and image.getpixel((x, y)) < 128
    )


@pytest.mark.parametrize("deck", [("Relics", "#0b3c49"), None])
@pytest.mark.parametrize("size", ["tarot", "mini", "poker"])
def test_a_long_title_stays_on_the_card(deck: tuple[str, str] | None, size: str) -> None:
    card = card_size(size)
    svg = ink_saving_back_svg(LONG, deck, card, shared_palette())
    assert _ink_outside_the_card(svg, card.width, card.height) == 0
    rows = re.findall(r">([^<>]+)</text>", svg)
    if deck is None:
        assert " ".join(rows) == LONG.upper()
    else:
        assert rows[0] == "RELICS" and " ".join(rows[1:]) == LONG


def test_wrapped_breaks_between_words() -> None:
    assert wrapped("ab cd ef", 5) == ["ab cd", "ef"]
    assert wrapped("abcdefgh ij", 5) == ["abcdefgh", "ij"]
    assert wrapped("short", 40) == ["short"]
