"""A showdown's picture (`printgen.rules.pictures.Showdown`): two revealed cards either side of
a middle card, the cards under it fanned behind, each named; under them a box for each pile,
its cards as chips three a row, the winner's in the accent colour."""

from __future__ import annotations

from printgen.layout.minicard import EXAMPLE_MM, H, W
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked.minicard import card, chip, label
from printgen.rules.pictures import Pile, Seat, Showdown

HEIGHT = 69.0
PILE_W, PILE_STEP = 23.0, 24.6  # a pile's box, and from one box to the next


def draw(picture: Showdown, icons: Icons) -> tuple[Svg, float]:
    """The showdown as a 100 x 69 drawing printed EXAMPLE_MM wide."""
    svg = Svg(100, HEIGHT, printed_mm=EXAMPLE_MM)
    below = 3 + H * picture.scale + 5.4  # the first line under the cards
    for centre, seat in zip((14.5, 85.5), picture.seats, strict=True):
        _seat(svg, icons, centre, below, seat, picture.scale)
    _middle(svg, icons, below, picture)
    for k, pile in enumerate(picture.piles):
        _pile(svg, icons, 1 + k * PILE_STEP, below + 8.4, pile)
    return svg, EXAMPLE_MM


def _seat(svg: Svg, icons: Icons, centre: float, below: float, seat: Seat, scale: float) -> None:
    """A player's revealed card, their name and how it met the middle card under it."""
    card(svg, icons, centre - W * scale / 2, 3, seat.card, scale=scale)
    label(svg, centre, below, seat.name, bold=True)
    label(svg, centre, below + 4.8, seat.note, colour=icons.colour("muted"))


def _middle(svg: Svg, icons: Icons, below: float, picture: Showdown) -> None:
    """The middle card, ringed, over the cards under it fanned to its left."""
    scale, under = picture.scale, picture.under
    left = 50 - W * scale / 2
    for k, face in enumerate(under):
        card(
            svg, icons, left - 3.2 * (len(under) - k), 3 - 1.0 * (len(under) - k), face, scale=scale
        )
    card(svg, icons, left, 3, picture.middle, scale=scale, ring=icons.colour("accent"))
    label(svg, 50, below, picture.middle_name, bold=True)
    if picture.under_note:
        label(svg, 50, below + 4.8, picture.under_note, colour=icons.colour("muted"))


def _pile(svg: Svg, icons: Icons, x: float, top: float, pile: Pile) -> None:
    """A box titled where the cards went, the cards as chips three a row; the winner's stands
    out in the accent colour."""
    taken = pile.taken
    svg.el(
        "rect",
        x=x,
        y=top,
        width=PILE_W,
        height=HEIGHT - 1 - top,
        rx=1.6,
        fill=icons.colour("accent_light") if taken else "#f6f2e9",
        stroke=icons.colour("accent") if taken else icons.colour("rule"),
        stroke_width=0.6 if taken else 0.3,
    )
    label(svg, x + PILE_W / 2, top + 5, pile.title, bold=True)
    for i, face in enumerate(pile.cards):
        chip(svg, icons, x + 1.8 + (i % 3) * 6.6, top + 7 + (i // 3) * 9, face, size=6)
