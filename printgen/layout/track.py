"""A score track: numbered spaces round the edge of a box, clockwise from its top-left corner.

Millimetres, in the box's own drawing (origin top-left, y down). The ring has `across` spaces
along the top, `below` along the bottom (`across`, or one fewer) and `down` along the left and
right ones, the four corners shared, so it holds `across + below + 2 * (down - 2)` spaces: a
bottom row of one space fewer (its spaces a little wider) closes a ring of an odd count, which
rows of equal counts cannot (`2 * (across + down) - 4` is even). Each edge's spaces share its
length evenly, so a ring always meets itself and no space is narrower than the track's `size`.

Of the rings whose spaces are at least `size` each way, the one chosen holds the spaces asked
for with the fewest left over (a closed loop when the count allows it), then equal rows over
uneven ones, then the one whose spaces are most nearly square. Spaces left over stay blank at
the end of the loop, just before the first.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.geometry import EPS, LayoutError, Point

MARK_EVERY = 5
"""Every fifth number is marked, as on a cribbage board or a scoring track."""


@dataclass(frozen=True)
class TrackSpec:
    """What a design asks for: `track: {spaces, first, size}`."""

    spaces: int
    size: float
    first: int = 0

    def __post_init__(self) -> None:
        if self.spaces < 1:
            raise LayoutError(f"a track needs at least 1 space, got {self.spaces}")
        if self.size <= 0:
            raise LayoutError(f"a track's spaces need a size above 0 mm, got {self.size:g}")


@dataclass(frozen=True)
class Space:
    """One space: its number, its rectangle (top-left x, y; width, height), the edge it is on
    (top, right, bottom, left; a corner goes with the edge that reaches it going clockwise,
    the top-left one with the top, as it is the first space) and whether its number is marked
    (a multiple of five)."""

    number: int
    x: float
    y: float
    w: float
    h: float
    edge: str

    @property
    def centre(self) -> Point:
        return Point(self.x + self.w / 2, self.y + self.h / 2)

    @property
    def marked(self) -> bool:
        return self.number % MARK_EVERY == 0


@dataclass(frozen=True)
class Track:
    spec: TrackSpec
    across: int
    down: int
    spaces: tuple[Space, ...]
    below: int = 0
    """The spaces along the bottom: `across` (when 0, as for a ring of equal rows) or one
    fewer."""

    @property
    def ring(self) -> int:
        """How many spaces the ring holds (those not numbered stay blank)."""
        return ring_size(self.across, self.down, self.below or self.across)

    @property
    def inner(self) -> tuple[float, float, float, float]:
        """The box inside the ring: left, top, width, height."""
        first = self.spaces[0]
        w = self.across * first.w
        h = self.down * first.h
        return first.w, first.h, w - 2 * first.w, h - 2 * first.h


def ring_size(across: int, down: int, below: int | None = None) -> int:
    """The spaces of a ring: `across` on top, `below` (default `across`) along the bottom."""
    return across + (across if below is None else below) + 2 * (down - 2)


def capacity(width: float, height: float, size: float) -> int:
    """The most spaces of at least `size` a ring round a `width` x `height` box holds."""
    across, down = int(width / size + EPS), int(height / size + EPS)
    return ring_size(across, down) if across >= 2 and down >= 2 else 0


def lay_track(spec: TrackSpec, width: float, height: float) -> Track:
    """The track round a `width` x `height` box; LayoutError when the spaces do not fit."""
    most = capacity(width, height, spec.size)
    if spec.spaces > most:
        raise LayoutError(
            f"a track of {spec.spaces} spaces of {spec.size:g} mm does not fit round a"
            f" {width:.1f} x {height:.1f} mm box: it holds at most {most}"
        )
    across, down, below = _ring(spec, width, height)
    w, h = width / across, height / down
    places = _ring_places(across, down, w, h, width / below if below != across else w)
    spaces = tuple(
        Space(spec.first + k, x, y, place_w, h, edge)
        for k, (x, y, place_w, edge) in enumerate(places[: spec.spaces])
    )
    return Track(spec, across, down, spaces, 0 if below == across else below)


def _ring(spec: TrackSpec, width: float, height: float) -> tuple[int, int, int]:
    """The spaces along the top, down the side and along the bottom: fewest left over, then
    equal rows, then most square."""
    most_across = int(width / spec.size + EPS)
    most_down = int(height / spec.size + EPS)
    best: tuple[int, int, float, int, int, int] | None = None
    for across in range(2, most_across + 1):
        for below in (across, across - 1) if across > 2 else (across,):
            # the fewest spaces down that hold them (more only add spares)
            down = max(2, -(-(spec.spaces - across - below) // 2) + 2)
            if down > most_down:
                continue
            spare = ring_size(across, down, below) - spec.spaces
            w, h, wide = width / across, height / down, width / below
            square = max(max(w, h) / min(w, h), max(wide, h) / min(wide, h))
            key = (spare, across - below, square, across, down, below)
            if best is None or key < best:
                best = key
    assert best is not None  # capacity() said the largest ring holds them (its `down` is
    # at least the fewest this loop tries with the most across)
    return best[3], best[4], best[5]


def _ring_places(
    across: int, down: int, w: float, h: float, wide: float
) -> list[tuple[float, float, float, str]]:
    """Top-left corners and widths of the ring's spaces clockwise from the top-left corner,
    each with its edge: the top row left to right, the right column down, the bottom row
    right to left, the left column up. A bottom row of spaces `wide` (one fewer than the top
    row's) holds its own bottom-right corner; otherwise the right column holds it."""
    top = [(i * w, 0.0, w, "top") for i in range(across)]
    if wide == w:
        right = [((across - 1) * w, j * h, w, "right") for j in range(1, down)]
        bottom = [(i * w, (down - 1) * h, w, "bottom") for i in range(across - 2, -1, -1)]
    else:
        below = round((across * w) / wide)
        right = [((across - 1) * w, j * h, w, "right") for j in range(1, down - 1)]
        bottom = [(i * wide, (down - 1) * h, wide, "bottom") for i in range(below - 1, -1, -1)]
    left = [(0.0, j * h, w, "left") for j in range(down - 2, 0, -1)]
    return top + right + bottom + left
