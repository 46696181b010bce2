"""Card geometry read back from `cards-print.pdf` with pdfplumber (one card a page, its
TrimBox the card): every character's box and size, every image's box, the boxes
of small vector shapes (icons), so tests check what was printed, not what was meant."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pdfplumber

MM = 72 / 25.4
SAFE = 3.0
SLACK = 0.15  # mm: glyph boxes are rounded by the PDF writer
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
            pages.append(Page(i, width, height, chars, images, icons))
    return pages
