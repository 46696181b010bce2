"""The cutting order of the print guide and the sheet's footer, followed on the rendered fronts
sheet of cards.pdf (issue 33): the marks are found in the pixels of the margins, the cuts are
made where the steps say, and every card comes out whole, no step needing a mark an earlier
step cut away. Expected places are worked out by hand: three poker cards across A4, butted,
centred: cut lines at x = (210 - 3 x 63.5) / 2 = 9.75, 73.25, 136.75, 200.25 mm, and three
down at y = (297 - 3 x 88.9) / 2 = 15.15, 104.05, 192.95, 281.85 mm from the top."""

from __future__ import annotations

import io
import itertools
import subprocess
from pathlib import Path

import numpy as np
import pdfplumber
import pytest
from PIL import Image

PX = 10  # pixels a millimetre (254 dpi)
XS = [9.75, 73.25, 136.75, 200.25]
YS = [15.15, 104.05, 192.95, 281.85]


def ink(pdf: Path, page: int) -> np.ndarray:
    run = subprocess.run(
        ["pdftoppm", "-r", "254", "-f", str(page), "-l", str(page), "-gray", str(pdf)],
        capture_output=True,
        check=True,
    )
    return np.asarray(Image.open(io.BytesIO(run.stdout))) < 128


def runs(profile: np.ndarray) -> list[tuple[int, int]]:
    found, start = [], None
    for i, inked in enumerate([*profile, False]):
        if inked and start is None:
            start = i
        elif not inked and start is not None:
            found.append((start, i - 1))
            start = None
    return found


def centres(profile: np.ndarray) -> list[float]:
    return [(a + b) / 2 / PX for a, b in runs(profile)]


def band(image: np.ndarray, side: str, near: float, far: float) -> np.ndarray:
    """The pixels `near` to `far` mm in from the page's `side`."""
    a, b = round(near * PX), round(far * PX)
    if side == "top":
        return image[a:b, :].any(axis=0)
    if side == "bottom":
        return image[image.shape[0] - b : image.shape[0] - a, :].any(axis=0)
    if side == "left":
        return image[:, a:b].any(axis=1)
    return image[:, image.shape[1] - b : image.shape[1] - a].any(axis=1)


def test_following_the_steps_cuts_every_card_from_the_marks(
    offset_builds: dict[str, Path],
) -> None:
    pdf = offset_builds["plain"] / "cards.pdf"
    image = ink(pdf, 1)  # the fronts sheet (four cards in the nine places: marks for all)
    # the marks, read in the margins: top and bottom (in the 5 to 12 mm between the paper's
    # kept edge and the cards' bleed) say where the up-and-down cuts go, the sides where the
    # cuts across go
    top, bottom = centres(band(image, "top", 10.5, 11.5)), centres(band(image, "bottom", 9, 11))
    left, right = centres(band(image, "left", 5.2, 6.2)), centres(band(image, "right", 5.2, 6.2))
    assert top == pytest.approx(XS, abs=0.15) and bottom == pytest.approx(XS, abs=0.15)
    assert left == pytest.approx(YS, abs=0.15) and right == pytest.approx(YS, abs=0.15)
    # step 1: up-and-down cuts at each top mark, only between the outermost side marks (the
    # cards' top and bottom edges): the side marks must lie wholly outside those cuts' reach
    first = [(x, min(left), max(left)) for x in top]
    assert min(top) - 1.0 > 6.2  # the side marks, read at 5.2 to 6.2 mm, lie outside them
    for x, y0, y1 in first:  # the cuts stop short of the paper's edges: one piece remains
        assert y0 > 0 and y1 < image.shape[0] / PX and 0 < x < image.shape[1] / PX
    # step 2: a cut right across at each side mark (still there: step 1 left the margins)
    # frees each row; the pieces between the cuts are the cards
    cells = [
        (x0, y0, x1, y1)
        for y0, y1 in itertools.pairwise(left)
        for x0, x1 in itertools.pairwise(top)
    ]
    assert len(cells) == 9
    for x0, y0, x1, y1 in cells:
        assert (x1 - x0, y1 - y0) == pytest.approx((63.5, 88.9), abs=0.2)


def test_the_footer_and_the_guide_give_the_order(offset_builds: dict[str, Path]) -> None:
    folder = offset_builds["plain"]
    with pdfplumber.open(folder / "cards.pdf") as document:
        footer = " ".join((document.pages[0].extract_text() or "").split())
    assert "cut: top-to-bottom marks first, card edge to card edge only; then across" in footer
    with pdfplumber.open(folder / "print-guide.pdf") as document:
        guide = " ".join((document.pages[0].extract_text() or "").split())
    assert "Keep the margins (the crop marks are there)" in guide
    assert "only from the cards' top edge to their bottom edge" in guide
    assert "Cut off the margins" not in guide
