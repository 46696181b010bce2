"""Fallback suit marks: the shape a suit prints where its icon goes when it has none.

A designer's suit with no `icons/SUIT.svg` (and no shared element icon of its name) would
differ from the other suits by colour alone, which a colour-blind player or a greyscale print
cannot tell. So each such suit gets one of these simple shapes, dealt in a stable order (the
way the palette deals colours to suits the designer gives none): the filled shapes first,
then the same shapes hollow. The shapes differ by outline, not by turning (a corner icon is
also printed turned round), and none is a shared element icon's shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from printgen.render.draw.svg import number as n
from printgen.render.text.xml_text import quoteattr

SHAPES: dict[str, str] = {
    "disc": '<circle cx="50" cy="50" r="44"/>',
    "triangle": '<polygon points="50,6 97,88 3,88"/>',
    "square": '<rect x="10" y="10" width="80" height="80"/>',
    "diamond": '<polygon points="50,2 94,50 50,98 6,50"/>',
    "star": '<polygon points="50,3 61.2,34.6 94.7,35.5 68.1,55.9 77.6,88 50,69 22.4,88 '
    '31.9,55.9 5.3,35.5 38.8,34.6"/>',
    "plus": '<polygon points="36,4 64,4 64,36 96,36 96,64 64,64 64,96 36,96 36,64 4,64 '
    '4,36 36,36"/>',
    "heart": '<path d="M50,93C22,72 4,55 4,33C4,17 16,7 29,7C39,7 46,13 50,21C54,13 61,7 71,7'
    'C84,7 96,17 96,33C96,55 78,72 50,93Z"/>',
    "hexagon": '<polygon points="27,10 73,10 96,50 73,90 27,90 4,50"/>',
}
"""Each shape in a 100 x 100 box, centred, drawn in one colour."""
HOLLOW = 11.0
"""A hollow shape's outline width, in the 100 box (about 0.8 mm on a 7 mm corner icon)."""


def sequence() -> list[tuple[str, bool]]:
    """The marks in the order suits get them: (shape, hollow)."""
    return [(name, False) for name in SHAPES] + [(name, True) for name in SHAPES]


def deal(suits: Iterable[str], has_icon: Callable[[str], bool]) -> dict[str, str]:
    """suit -> mark name (`triangle`, `hollow-square`) for every suit `has_icon` says has no
    icon of its own, in the order of `suits`; after the sixteen marks they repeat."""
    marks = [f"hollow-{name}" if hollow else name for name, hollow in sequence()]
    dealt: dict[str, str] = {}
    for suit in suits:
        if suit and suit not in dealt and not has_icon(suit):
            dealt[suit] = marks[len(dealt) % len(marks)]
    return dealt


def mark_svg(mark: str, cx: float, cy: float, side: float, colour: str) -> str:
    """The mark centred on (cx, cy), `side` wide and high, in `colour`."""
    hollow = mark.startswith("hollow-")
    shape = SHAPES[mark.removeprefix("hollow-")]
    x, y = cx - side / 2, cy - side / 2
    scale = side / 100
    paint = f"fill={quoteattr(colour)}"
    if hollow:  # shrunk about the centre so the outline stays inside the box
        inner = (100 - HOLLOW) / 100
        x, y, scale = cx - side * inner / 2, cy - side * inner / 2, scale * inner
        paint = (
            f'fill="none" stroke={quoteattr(colour)} stroke-width="{n(HOLLOW / inner)}" '
            'stroke-linejoin="round"'
        )
    return f'<g transform="translate({n(x)} {n(y)}) scale({n(scale, 5)})" {paint}>{shape}</g>'
