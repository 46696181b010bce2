"""A tuck box net for a deck: one piece of card, cut along its outline, folded and glued.

Millimetres, origin at the net's top-left, y down (as drawn). The box holds the deck standing:
its inner face is the card plus `clearance` each way and its spine the deck's thickness (the
cards' count times their thickness).

Left to right: the front, a side, the back, the other side, and the glue flap, which goes
under the front's free edge. The back carries the lid on top, and the lid its tuck flap; the
front carries the bottom with its own tuck flap (a reverse tuck end: the two tucks fold from
opposite faces, so the box stands on a closed bottom). Each side panel has a dust flap at the
top and at the bottom that folds in under the lid or the bottom. The front's top edge has a
thumb notch, to pull the cards out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.layout.geometry import LayoutError, Point

CLEARANCE_MM = 1.0
"""Added to the card's width and height: cards slide in and out without catching."""
THICKNESS_MM = 0.3
"""One card's thickness when the game gives none (a 300 gsm card, unsleeved)."""
GLUE_MM = 9.0
"""The glue flap's width, at most (a spine narrower than this gets one as wide as the spine
allows its taper)."""
TUCK_MM = 15.0
"""The tuck flaps' depth, at most."""
NOTCH_MM = 9.0
"""The thumb notch's width on the front's top edge, at most."""


@dataclass(frozen=True)
class Panel:
    """A rectangle of the net: its name, top-left corner and size."""

    name: str
    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> Point:
        return Point(self.x + self.w / 2, self.y + self.h / 2)


@dataclass(frozen=True)
class Fold:
    """A fold line between two panels."""

    start: Point
    end: Point


@dataclass(frozen=True)
class TuckBox:
    """The net: its inner size, its panels, its outline (cut), its folds and its glue flap."""

    inner_width: float
    inner_height: float
    spine: float
    width: float
    height: float
    panels: dict[str, Panel]
    outline: tuple[Point, ...]
    """The cut path, clockwise from the top-left of the lid's tuck flap, closed."""
    folds: tuple[Fold, ...]
    glue: tuple[Point, ...]
    """The glue flap's outline (inside the cut path): where the glue goes."""


def tuck_box(
    card_width: float,
    card_height: float,
    cards: int,
    thickness: float = THICKNESS_MM,
    clearance: float = CLEARANCE_MM,
) -> TuckBox:
    """The net of a box for `cards` cards of `card_width` x `card_height`."""
    if cards < 1:
        raise LayoutError(f"a tuck box needs a deck of at least one card, got {cards}")
    if thickness <= 0 or clearance < 0:
        raise LayoutError("a card's thickness must be above 0 mm and the clearance 0 mm or more")
    w, h = card_width + clearance, card_height + clearance
    d = cards * thickness
    tuck = min(TUCK_MM, h / 4, w / 3)
    dust = min(d, w / 2 - 1)
    glue = min(GLUE_MM, w / 4)
    top = tuck + d  # the body's top edge: the lid and its tuck flap above it
    front = Panel("front", 0.0, top, w, h)
    side_l = Panel("side", w, top, d, h)
    back = Panel("back", w + d, top, w, h)
    side_r = Panel("side-2", 2 * w + d, top, d, h)
    flap = Panel("glue", 2 * w + 2 * d, top, glue, h)
    lid = Panel("lid", back.x, top - d, w, d)
    lid_tuck = Panel("lid-tuck", back.x, top - d - tuck, w, tuck)
    bottom = Panel("bottom", 0.0, top + h, w, d)
    bottom_tuck = Panel("bottom-tuck", 0.0, top + h + d, w, tuck)
    panels = {
        p.name: p for p in (front, side_l, back, side_r, flap, lid, lid_tuck, bottom, bottom_tuck)
    }
    outline = _outline(panels, d, dust, glue, tuck)
    folds = _folds(panels)
    taper = min(glue * 0.6, h / 8)
    glue_shape = (
        Point(flap.x, flap.y),
        Point(flap.x + glue, flap.y + taper),
        Point(flap.x + glue, flap.y + h - taper),
        Point(flap.x, flap.y + h),
    )
    width = 2 * w + 2 * d + glue
    height = h + 2 * (d + tuck)
    return TuckBox(w, h, d, width, height, panels, outline, folds, glue_shape)


def _outline(
    panels: dict[str, Panel], d: float, dust: float, glue: float, tuck: float
) -> tuple[Point, ...]:
    """The cut path round every panel and flap, clockwise. Dust flaps taper by a fifth of
    their depth each side, so they slide in past the fold; tucks round their outer corners
    (approximated by a 45 degree cut of a third of the tuck)."""
    front, side, back, side2 = (panels[k] for k in ("front", "side", "back", "side-2"))
    lid_tuck, bottom_tuck = panels["lid-tuck"], panels["bottom-tuck"]
    top, bottom = front.y, front.y + front.h
    cut = tuck / 3
    notch = min(NOTCH_MM, front.w / 3)
    taper = min(dust / 5, d / 4)
    points = [
        # the front's top edge, with the thumb notch in its middle
        Point(front.x, top),
        *_notch(front.x + front.w / 2, top, notch / 2),
        # the left side's dust flap
        Point(side.x, top),
        Point(side.x + taper, top - dust),
        Point(side.x + d - taper, top - dust),
        Point(back.x, top),
        # the lid and its tuck flap
        Point(back.x, lid_tuck.y + cut),
        Point(back.x + cut, lid_tuck.y),
        Point(back.x + back.w - cut, lid_tuck.y),
        Point(back.x + back.w, lid_tuck.y + cut),
        Point(back.x + back.w, top),
        # the right side's dust flap, then the glue flap's tapered edge
        Point(side2.x + taper, top - dust),
        Point(side2.x + d - taper, top - dust),
        Point(side2.x + d, top),
        Point(side2.x + d + glue, top + min(glue * 0.6, front.h / 8)),
        Point(side2.x + d + glue, bottom - min(glue * 0.6, front.h / 8)),
        Point(side2.x + d, bottom),
        # the bottom dust flaps and the back's bottom edge
        Point(side2.x + d - taper, bottom + dust),
        Point(side2.x + taper, bottom + dust),
        Point(side2.x, bottom),
        Point(back.x, bottom),
        Point(side.x + d - taper, bottom + dust),
        Point(side.x + taper, bottom + dust),
        Point(side.x, bottom),
        # the front's bottom and its tuck flap
        Point(front.x + front.w, bottom_tuck.y + bottom_tuck.h - cut),
        Point(front.x + front.w - cut, bottom_tuck.y + bottom_tuck.h),
        Point(front.x + cut, bottom_tuck.y + bottom_tuck.h),
        Point(front.x, bottom_tuck.y + bottom_tuck.h - cut),
    ]
    return tuple(points)


def _notch(cx: float, top: float, radius: float, steps: int = 8) -> list[Point]:
    """A half circle cut down into the top edge, left to right."""
    return [
        Point(
            cx - radius * math.cos(math.pi * k / steps),
            top + radius * math.sin(math.pi * k / steps),
        )
        for k in range(steps + 1)
    ]


def _folds(panels: dict[str, Panel]) -> tuple[Fold, ...]:
    front, side, back, side2, flap = (
        panels[k] for k in ("front", "side", "back", "side-2", "glue")
    )
    top, bottom = front.y, front.y + front.h
    vertical = [side.x, back.x, side2.x, flap.x]
    folds = [Fold(Point(x, top), Point(x, bottom)) for x in vertical]
    lid, bottom_panel = panels["lid"], panels["bottom"]
    folds += [
        Fold(Point(back.x, top), Point(back.x + back.w, top)),  # body / lid
        Fold(Point(lid.x, lid.y), Point(lid.x + lid.w, lid.y)),  # lid / its tuck
        Fold(Point(front.x, bottom), Point(front.x + front.w, bottom)),  # body / bottom
        Fold(  # bottom / its tuck
            Point(bottom_panel.x, bottom_panel.y + bottom_panel.h),
            Point(bottom_panel.x + bottom_panel.w, bottom_panel.y + bottom_panel.h),
        ),
        Fold(Point(side.x, top), Point(side.x + side.w, top)),  # the dust flaps
        Fold(Point(side2.x, top), Point(side2.x + side2.w, top)),
        Fold(Point(side.x, bottom), Point(side.x + side.w, bottom)),
        Fold(Point(side2.x, bottom), Point(side2.x + side2.w, bottom)),
    ]
    return tuple(folds)
