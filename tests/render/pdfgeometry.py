"""Card geometry read back from `cards-print.pdf` with pdfplumber (one card a page, its
TrimBox the card): every character's box and size, every image's box, the boxes
of small vector shapes (icons), and every vector path and letter in the order drawn
(`pdfpaths`), so tests check what was printed, not what was meant.

Text over art is found two ways: a letter over a raster image's box (`text_over_art`), and
a letter crossed by vector art: an edge or a stroke of a path drawn before it runs through
the letter, or a path drawn after it covers it (`text_over_strokes`: art or an icon drawn as
paths, curves or straight lines). A path whose edges pass round the letter (a panel, a band,
a badge's disc it is printed on) is its backdrop, not art over it; a faint one (at most 35 %
opaque: a watermark) may pass under letters."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from tests.render.pdfpaths import Letter, Path_, Rect, read_pages

MM = 72 / 25.4
SAFE = 3.0
SLACK = 0.15  # mm: glyph boxes are rounded by the PDF writer
FAINT = 0.35  # a path at most this opaque under a letter is a watermark
ICON_MAX = 15.0  # mm: a vector shape this small is an icon, not a background
FRAME_SPAN = 0.6  # a frame runs round at least this share of the card's width and height
FRAME_CORNER = 3.0  # mm: a frame's outline passes this near each corner of its box
FRAME_GAP = 0.25  # mm: ink nearer a frame's line than this runs onto it (no gap seen in print)


@dataclass(frozen=True)
class Box:
    what: str
    x0: float  # mm from the trim's left edge
    top: float
    x1: float
    bottom: float

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.what, self.x0 + dx, self.top + dy, self.x1 + dx, self.bottom + dy)

    def overlaps(self, other: Box, slack: float = SLACK) -> bool:
        return (
            self.x0 < other.x1 - slack
            and other.x0 < self.x1 - slack
            and self.top < other.bottom - slack
            and other.top < self.bottom - slack
        )


@dataclass
class Page:
    number: int
    width: float  # trim, mm
    height: float
    chars: list[tuple[Box, float]]  # (box, size in pt)
    images: list[Box]
    icons: list[Box]
    """Every small mark drawn: vector shapes of any kind and small images (`marks`)."""
    paths: list[Path_] = field(default_factory=list)
    """Every vector path, in mm from the trim's top-left corner."""
    letters: list[Letter] = field(default_factory=list)
    bleed: Rect | None = None
    """The page (trim and bleed), in mm from the trim's top-left corner."""

    @property
    def text(self) -> str:
        return "".join(box.what for box, _ in self.chars)

    def outside_safe(self) -> list[Box]:
        lo_x, lo_y = SAFE - SLACK, SAFE - SLACK
        hi_x, hi_y = self.width - SAFE + SLACK, self.height - SAFE + SLACK
        found = [b for b, _ in self.chars if not b.what.isspace()] + self.icons
        return [b for b in found if b.x0 < lo_x or b.top < lo_y or b.x1 > hi_x or b.bottom > hi_y]

    def text_over_art(self) -> list[tuple[Box, Box]]:
        return [
            (char, image)
            for char, _ in self.chars
            if not char.what.isspace()
            for image in self.images
            if char.overlaps(image)
        ]

    def text_over_strokes(self) -> list[tuple[str, str]]:
        """(letter, how) for each letter that vector art crosses or covers (see the module's
        docstring), `how` saying which and where the letter is. A path whose printed box
        misses the letter's can neither cross nor cover it, so it is not looked at (a sheet
        of components has a thousand letters and hundreds of paths)."""
        found = []
        boxed = [(path, path.box()) for path in self.paths]
        for letter in self.letters:
            x0, top, x1, bottom = letter.box
            inner = (x0 + SLACK, top + SLACK, x1 - SLACK, bottom - SLACK)
            if inner[0] > inner[2] or inner[1] > inner[3]:
                continue
            middle = ((x0 + x1) / 2, (top + bottom) / 2)
            for path, box in boxed:
                if box is None or not _meets(box, inner):
                    continue
                if path.order < letter.order:
                    bad = (
                        path.alpha > FAINT
                        and path.crosses(inner)
                        and not self._hidden(path, inner, letter.order)
                    )
                    how = "a path drawn under it crosses it"
                else:
                    bad = path.crosses(inner) or path.covers(middle)
                    how = "a path drawn after it covers it"
                if bad:
                    found.append((letter.text, f"{how} (letter at x {x0:.1f}, y {top:.1f} mm)"))
                    break
        return found

    def _hidden(self, path: Path_, inner: Rect, before: int) -> bool:
        """Whether an opaque filled path drawn after `path` and before the letter holds the
        whole letter box: `path` is then painted over where the letter is, as a card of art
        drawn over the outline of the card behind it (CL4SH's pick-up amount)."""
        corners = [(x, y) for x in (inner[0], inner[2]) for y in (inner[1], inner[3])]
        return any(
            path.order < cover.order < before
            and cover.filled
            and cover.alpha >= 1.0
            and not cover.crosses(inner)
            and all(cover.covers(corner) for corner in corners)
            for cover in self.paths
        )

    def frames(self) -> list[Path_]:
        """The frames: outlines stroked, not filled, round most of the card (at least
        `FRAME_SPAN` of its width and height), square or rounded at every corner (an outline
        point within `FRAME_CORNER` of each corner of their box; a ring is no frame)."""
        found = []
        for path in self.paths:
            box = path.box()
            if path.filled or box is None:
                continue
            x0, top, x1, bottom = box
            if x1 - x0 < FRAME_SPAN * self.width or bottom - top < FRAME_SPAN * self.height:
                continue
            points = [point for line in path.outline for point in line]
            if all(
                any(abs(x - cx) + abs(y - cy) < FRAME_CORNER for x, y in points)
                for cx in (x0, x1)
                for cy in (top, bottom)
            ):
                found.append(path)
        return found

    def across_frames(self) -> list[str]:
        """Each shape drawn after a frame, inside it, whose ink runs onto or past the frame's
        line: art meant to sit in the frame touching or crossing it (CL4SH's cycle at
        tarot). A background that runs to the bleed's edge is no such shape."""
        frames = self.frames()
        found = []
        for frame in frames:
            box = frame.box()
            assert box is not None
            half = frame.width / 2 + FRAME_GAP  # the frame's ink, and a hair's gap
            room = (box[0] + half, box[1] + half, box[2] - half, box[3] - half)
            for path in self.paths:
                drawn = path.box()
                if path.order < frame.order or path in frames or drawn is None:
                    continue
                ink = _grown(drawn, path.width / 2)
                if _within(ink, room) or self._to_the_edge(drawn):
                    continue
                shown = [
                    (x, y)
                    for line in path.outline
                    for x, y in line
                    if path.clip is None or _within((x, y, x, y), path.clip)
                ]
                if any(_in_outline(frame, point) for point in shown):
                    found.append(
                        f"a shape at ({ink[0]:.2f}, {ink[1]:.2f}, {ink[2]:.2f}, {ink[3]:.2f}) mm"
                        f" runs onto the frame's line, whose inside is ({room[0]:.2f},"
                        f" {room[1]:.2f}, {room[2]:.2f}, {room[3]:.2f})"
                    )
        return found

    def _to_the_edge(self, box: Rect) -> bool:
        """The box reaches the bleed's edge: a background bleeding off the card."""
        if self.bleed is None:
            return False
        return (
            box[0] <= self.bleed[0] + SLACK
            or box[1] <= self.bleed[1] + SLACK
            or box[2] >= self.bleed[2] - SLACK
            or box[3] >= self.bleed[3] - SLACK
        )

    def smallest_text(self) -> float:
        return min((size for box, size in self.chars if not box.what.isspace()), default=99.0)


def _within(inner: Rect, outer: Rect) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def _meets(a: Rect, b: Rect) -> bool:
    """The two boxes share a point."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _grown(box: Rect, by: float) -> Rect:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _in_outline(frame: Path_, point: tuple[float, float]) -> bool:
    """`point` lies inside the frame's outline (even-odd), painted or not."""
    return replace(frame, filled=True, clip=None).covers(point)


def _box(what: str, box: Rect) -> Box:
    return Box(what, *box)


def marks(paths: list[Path_], images: list[Rect], page: Rect | None = None) -> list[Box]:
    """Every small thing drawn that is not a letter: vector shapes of any kind (a curve, a
    polygon, a rect or a line: a fallback suit mark is a <rect> or a <polygon>) and images
    at most `ICON_MAX` on each side where their clip lets them print. A larger one is a
    background, a frame or art (the art's own checks are text_over_art and
    text_over_strokes); one that runs to the edge of `page` (the bleed) is a background's
    pattern bleeding off the card (hazard stripes), not a mark."""
    found = []
    for kind, box in [*(("icon", p.box()) for p in paths), *(("image", b) for b in images)]:
        if box is None or box[2] - box[0] >= ICON_MAX or box[3] - box[1] >= ICON_MAX:
            continue
        if page is not None and (
            box[0] <= page[0] + SLACK
            or box[1] <= page[1] + SLACK
            or box[2] >= page[2] - SLACK
            or box[3] >= page[3] - SLACK
        ):
            continue
        found.append(Box(kind, *box))
    return found


def read_cards(pdf: Path) -> list[Page]:
    """Every page's geometry in mm from the trim's top-left corner (the page's TrimBox),
    read in one pass of pdfminer's interpreter (tests/render/pdfpaths.py)."""
    pages = []
    for i, drawn in enumerate(read_pages(Path(pdf)), start=1):
        left, bottom, right, top = drawn.trim
        dx, dy = left / MM, (drawn.height - top) / MM
        paths = [p.moved(-dx, -dy) for p in drawn.paths]
        images = [(b[0] - dx, b[1] - dy, b[2] - dx, b[3] - dy) for b in drawn.images]
        media = (-dx, -dy, drawn.width / MM - dx, drawn.height / MM - dy)
        pages.append(
            Page(
                i,
                (right - left) / MM,
                (top - bottom) / MM,
                [(_box(c.text, c.box).moved(-dx, -dy), c.size) for c in drawn.chars],
                [Box("image", *b) for b in images],
                marks(paths, images, media),
                paths,
                [letter.moved(-dx, -dy) for letter in drawn.letters],
                media,
            )
        )
    return pages
