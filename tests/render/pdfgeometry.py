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

from dataclasses import dataclass, field
from pathlib import Path

import pdfplumber

from tests.render.pdfpaths import Letter, Path_, Rect, read_pages

MM = 72 / 25.4
SAFE = 3.0
SLACK = 0.15  # mm: glyph boxes are rounded by the PDF writer
FAINT = 0.35  # a path at most this opaque under a letter is a watermark
ICON_MAX = 15.0  # mm: a vector shape this small is an icon, not a background


@dataclass(frozen=True)
class Box:
    what: str
    x0: float  # mm from the trim's left edge
    top: float
    x1: float
    bottom: float

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
    paths: list[Path_] = field(default_factory=list)
    """Every vector path, in mm from the trim's top-left corner."""
    letters: list[Letter] = field(default_factory=list)

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
        docstring), `how` saying which and where the letter is."""
        found = []
        for letter in self.letters:
            x0, top, x1, bottom = letter.box
            inner = (x0 + SLACK, top + SLACK, x1 - SLACK, bottom - SLACK)
            if inner[0] > inner[2] or inner[1] > inner[3]:
                continue
            middle = ((x0 + x1) / 2, (top + bottom) / 2)
            for path in self.paths:
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

    def smallest_text(self) -> float:
        return min((size for box, size in self.chars if not box.what.isspace()), default=99.0)


def _box(what: str, obj: dict, offset: tuple[float, float]) -> Box:
    dx, dy = offset
    return Box(
        what,
        obj["x0"] / MM - dx,
        obj["top"] / MM - dy,
        obj["x1"] / MM - dx,
        obj["bottom"] / MM - dy,
    )


def read_cards(pdf: Path) -> list[Page]:
    """Every page's geometry in mm from the trim's top-left corner (the page's TrimBox)."""
    pages = []
    drawn = read_pages(Path(pdf))
    with pdfplumber.open(pdf) as document:
        for i, page in enumerate(document.pages, start=1):
            left, bottom, right, top = (float(v) for v in page.trimbox)
            width, height = (right - left) / MM, (top - bottom) / MM
            offset = (left / MM, (page.height - top) / MM)
            chars = [(_box(c["text"], c, offset), float(c["size"])) for c in page.chars]
            images = [_box("image", im, offset) for im in page.images]
            icons = [
                box
                for box in (_box("icon", c, offset) for c in page.curves)
                if box.x1 - box.x0 < ICON_MAX and box.bottom - box.top < ICON_MAX
            ]
            paths, letters = drawn[i - 1]
            dx, dy = offset
            pages.append(
                Page(
                    i,
                    width,
                    height,
                    chars,
                    images,
                    icons,
                    [p.moved(-dx, -dy) for p in paths],
                    [letter.moved(-dx, -dy) for letter in letters],
                )
            )
    return pages
