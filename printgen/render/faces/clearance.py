"""How close a card's text and icons come to the lines and edges of the shapes drawn round
them (issue 36): a designer's text ran to 0.4 mm of a gold inner frame, and nothing said so. A
design's `clearance:` (default 1 mm) is the least distance validate accepts; a closer one is
a warning naming the card, the box and the design's line that placed it.

A shape is round a text or an icon when the middle of the letters (or of the icon) lies inside
the shape's box: a rectangle's edge, or the inner edge of its line when it has one
(`stroke:`). Rounded corners count as square, so a text tucked into a round corner can be
closer than measured; ellipses, hexagons and lines are not frames here.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.render.faces.geometry import Area

DEFAULT_CLEARANCE_MM = 1.0
EPSILON_MM = 0.005
"""What a gap may miss the clearance by (rounding of the numbers a design's shares make)."""


@dataclass(frozen=True)
class Frame:
    """A rectangle drawn on a face: the edge a text inside it must keep clear of."""

    name: str
    inside: Area
    """The shape's box, less half its line's width: where its ink ends on the inner side."""


@dataclass(frozen=True)
class Mark:
    """A text's lines or an icon, as drawn on a face."""

    name: str
    what: str  # text | icon
    ink: Area
    where: str
    """The design's line that placed the box (`design.yaml:24`)."""


def frame_of(name: str, rect: Area, stroke_width: float) -> Frame:
    """The frame a rectangle shape makes, its line `stroke_width` mm wide (0: none)."""
    half = stroke_width / 2
    w, h = max(rect.w - 2 * half, 0.0), max(rect.h - 2 * half, 0.0)
    return Frame(name, Area(rect.x + half, rect.y + half, w, h))


def gap(mark: Area, frame: Area) -> float | None:
    """The least distance from `mark` to the edges of `frame` round it (negative: it crosses
    an edge), or None when `frame` is not round it (the mark's middle outside it)."""
    cx, cy = mark.x + mark.w / 2, mark.y + mark.h / 2
    if not (frame.x < cx < frame.right and frame.y < cy < frame.bottom):
        return None
    left, right = mark.x - frame.x, frame.right - mark.right
    return min(left, right, mark.y - frame.y, frame.bottom - mark.bottom)


def cramped(marks: list[Mark], frames: list[Frame], clearance: float, card: str) -> list[str]:
    """One message for each text or icon closer than `clearance` mm to a frame round it: the
    nearest such frame, with the distance."""
    found = []
    for mark in marks:
        near = [
            (distance, frame.name)
            for frame in frames
            if (distance := gap(mark.ink, frame.inside)) is not None
            and distance < clearance - EPSILON_MM
        ]
        if not near:
            continue
        distance, frame = min(near)
        how = "crosses" if distance < 0 else f"is {distance:.2f} mm from"
        found.append(
            f"{card}: box {mark.name!r} ({mark.where}): its {mark.what} {how} the edge of "
            f"box {frame!r} round it, under the design's clearance of {clearance:g} mm"
        )
    return found
