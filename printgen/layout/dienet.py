"""A foldable die net: a six-sided die's faces laid out flat to cut, fold and glue into a cube.
Millimetres, origin at the net's bottom-left, y up (as in PDF).

The net is the cross: a belt of four faces side by side, one face above and one below the
second. Face numbers sit as on a real die, opposite faces adding up to 7: the belt holds 2, 1,
5, 6 from the left (1 opposite 6, 2 opposite 5), 3 above the 1 and 4 below it.

Folding the cross closes seven seams; each gets one glue tab on one of its two edges: on the
right of the belt's last face (it meets the first face's left edge), on both sides of the top
and bottom faces (they meet the belt's first and third faces), and above and below the belt's
last face (they meet the top and bottom faces' outer edges). Every other outer edge is cut
plain, and a face's drawing may run past those edges by a bleed (`Net.bleed_sides`); a fold
(between two faces, or a face and its tab) never has one, so no colour crosses onto the next
face. Tabs are trapezoids `tab` deep whose ends slope in at 45 degrees, so that they tuck in
past each other at the cube's corners.

Other dice (d4, d8, d10, d12, d20) get face labels for blank dice but no net: their nets are
triangles and pentagons that a home printer's paper folds badly at these sizes.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.geometry import Point, Rect, Segment

NET_FACES = 6
TAB_SHARE = 0.25
"""A glue tab's depth as a share of the die's edge, kept between `TAB_MIN_MM` and
`TAB_MAX_MM`."""
TAB_MIN_MM = 4.0
TAB_MAX_MM = 10.0

# Each face's square in the cross, as (column, row) with row 0 at the bottom, by face number.
_CELLS = {1: (1, 1), 2: (0, 1), 3: (1, 2), 4: (1, 0), 5: (2, 1), 6: (3, 1)}
# The tabs: (face, side), a side being left, bottom, right or top.
_TABS: tuple[tuple[int, str], ...] = (
    *((6, "right"), (3, "left"), (3, "right"), (4, "left")),
    *((4, "right"), (6, "top"), (6, "bottom")),
)
SIDES = ("left", "bottom", "right", "top")


@dataclass(frozen=True)
class Net:
    """A cube's net for a die of edge `edge`: where each face goes, its glue tabs, and which
    lines are cut and which are folded."""

    edge: float
    tab: float
    faces: tuple[Rect, ...]
    """Face 1 to 6's squares, in order (`faces[0]` is face 1)."""
    tabs: tuple[tuple[Point, ...], ...]
    """Each glue tab's corners, anticlockwise, its base on its face's edge."""
    cuts: tuple[Segment, ...]
    """Every line to cut along: the faces' plain outer edges and the tabs' three outer sides."""
    folds: tuple[Segment, ...]
    """Every line to fold along: between two faces, and at each tab's base."""
    bleed_sides: tuple[tuple[str, ...], ...]
    """For each face, the sides that are cut plain (a drawing may bleed past them)."""

    @property
    def width(self) -> float:
        return 4 * self.edge + self.tab

    @property
    def height(self) -> float:
        return 3 * self.edge

    def translated(self, dx: float, dy: float) -> Net:
        def point(p: Point) -> Point:
            return Point(p.x + dx, p.y + dy)

        def segment(s: Segment) -> Segment:
            return Segment(s.x1 + dx, s.y1 + dy, s.x2 + dx, s.y2 + dy)

        return Net(
            self.edge,
            self.tab,
            tuple(f.translated(dx, dy) for f in self.faces),
            tuple(tuple(point(p) for p in tab) for tab in self.tabs),
            tuple(segment(s) for s in self.cuts),
            tuple(segment(s) for s in self.folds),
            self.bleed_sides,
        )


def tab_depth(edge: float) -> float:
    return min(TAB_MAX_MM, max(TAB_MIN_MM, TAB_SHARE * edge), edge / 3)


def cube_net(edge: float) -> Net:
    """The cross net of a die `edge` mm on a side, its bottom-left corner at the origin."""
    if edge <= 0:
        raise ValueError(f"a die's edge must be over 0 mm, got {edge:g}")
    tab = tab_depth(edge)
    faces = tuple(
        Rect(c * edge, r * edge, (c + 1) * edge, (r + 1) * edge)
        for c, r in (_CELLS[face] for face in range(1, NET_FACES + 1))
    )
    cells = {cell: face for face, cell in _CELLS.items()}
    tabs = []
    cuts: list[Segment] = []
    folds: list[Segment] = []
    bleed: list[tuple[str, ...]] = []
    for face in range(1, NET_FACES + 1):
        column, row = _CELLS[face]
        plain = []
        for side in SIDES:
            line = _side(faces[face - 1], side)
            dx, dy = _outward(side)
            neighbour = cells.get((column + dx, row + dy))
            if neighbour is not None:
                if neighbour > face:  # each shared edge once
                    folds.append(line)
            elif (face, side) in _TABS:
                folds.append(line)
                corners = _tab(line, side, tab)
                tabs.append(corners)
                cuts.extend(_open_sides(corners))
            else:
                cuts.append(line)
                plain.append(side)
        bleed.append(tuple(plain))
    return Net(edge, tab, faces, tuple(tabs), tuple(cuts), tuple(folds), tuple(bleed))


def _side(square: Rect, side: str) -> Segment:
    """A square's side, anticlockwise round the square."""
    left, bottom, right, top = square.left, square.bottom, square.right, square.top
    return {
        "bottom": Segment(left, bottom, right, bottom),
        "right": Segment(right, bottom, right, top),
        "top": Segment(right, top, left, top),
        "left": Segment(left, top, left, bottom),
    }[side]


def _outward(side: str) -> tuple[int, int]:
    return {"left": (-1, 0), "bottom": (0, -1), "right": (1, 0), "top": (0, 1)}[side]


def _tab(base: Segment, side: str, depth: float) -> tuple[Point, ...]:
    """A trapezoid on `base` (anticlockwise round its face), `depth` out, its ends in 45
    degrees: corners anticlockwise, starting at the base's end."""
    dx, dy = _outward(side)
    ux = (base.x2 - base.x1) / base.length
    uy = (base.y2 - base.y1) / base.length
    return (
        Point(base.x2, base.y2),
        Point(base.x1, base.y1),
        Point(base.x1 + dx * depth + ux * depth, base.y1 + dy * depth + uy * depth),
        Point(base.x2 + dx * depth - ux * depth, base.y2 + dy * depth - uy * depth),
    )


def _open_sides(corners: tuple[Point, ...]) -> list[Segment]:
    """A tab's three sides away from its base (the base is the fold)."""
    a, b, c, d = corners
    return [Segment(b.x, b.y, c.x, c.y), Segment(c.x, c.y, d.x, d.y), Segment(d.x, d.y, a.x, a.y)]
