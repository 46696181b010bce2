"""`printgen calibrate`: the duplex calibration sheet is read as a user reads it (issue 33).

A printer's duplex error is simulated on the rendered pages: the back page is turned over
(mirrored, as the sheet is for long-edge duplex) and moved by the error; the front and the
moved back are laid on each other as light through the paper shows them. Then, from the
pixels alone, the front mark that a back mark continues in one straight line is found, and
its label is read off the front page's text: it must be the correction, minus the error.
"""

from __future__ import annotations

import io
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pdfplumber
import pytest
from PIL import Image

from printgen.layout.sizes import PAPER_SIZES
from tests.printer.conftest import printgen

PX = 20  # pixels a millimetre (508 dpi)
PT = 72 / 25.4


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    found = {}
    for paper in ("a4", "letter"):
        out = tmp_path_factory.mktemp(paper)
        run = printgen("calibrate", "--paper", paper, "--out", out, config=out / "config")
        assert run.returncode == 0, run.stderr
        found[paper] = out / "calibration.pdf"
    return found


def page_image(pdf: Path, page: int) -> np.ndarray:
    run = subprocess.run(
        ["pdftoppm", "-r", str(PX * 25.4), "-f", str(page), "-l", str(page), "-gray", str(pdf)],
        capture_output=True,
        check=True,
    )
    return np.asarray(Image.open(io.BytesIO(run.stdout))) < 128  # True where ink is


def printed_back(back: np.ndarray, error: tuple[float, float]) -> np.ndarray:
    """The back page as it lands seen through the front: turned over, `error` mm off."""
    turned = back[:, ::-1]
    dx, dy = round(error[0] * PX), round(-error[1] * PX)  # image rows run down
    moved = np.zeros_like(turned)
    h, w = turned.shape
    moved[max(dy, 0) : h + min(dy, 0), max(dx, 0) : w + min(dx, 0)] = turned[
        max(-dy, 0) : h + min(-dy, 0), max(-dx, 0) : w + min(-dx, 0)
    ]
    return moved


def runs(profile: np.ndarray) -> list[tuple[int, int]]:
    """(first, last) of each run of inked pixels along a profile."""
    found, start = [], None
    for i, inked in enumerate([*profile, False]):
        if inked and start is None:
            start = i
        elif not inked and start is not None:
            found.append((start, i - 1))
            start = None
    return found


def reference_line(front: np.ndarray) -> float:
    """The place (px across it) of the one long line in `front` (the line runs down the
    rows of `front`): the column inked along most of its rows."""
    column = int(np.argmax(front.sum(axis=0)))
    assert front[:, column].sum() > 100 * PX, "no long reference line"
    first, last = runs(front[:, column - 5 : column + 6].any(axis=0))[0]
    return column - 5 + (first + last) / 2


def dash_on_line(back: np.ndarray, line: float) -> float:
    """Where along the line (px) the back's dash that lies closest to it is: the dashes run
    along the rows of `back`, one a band of rows, each found by the rows it inks within
    1.5 mm of the line."""
    near = round(line) - round(1.5 * PX)  # only dashes: the readings start 2 mm off or more
    back = back[:, near : near + 3 * PX]
    best: tuple[float, float] | None = None
    for first, last in runs(back.any(axis=1)):
        columns = np.nonzero(back[first : last + 1].any(axis=0))[0]
        miss = abs(near + (columns.min() + columns.max()) / 2 - line)
        if best is None or miss < best[0]:
            best = (miss, (first + last) / 2)
    assert best is not None, "no dash"
    return best[1]


def font_size(char: dict[str, Any]) -> float:
    """A character's size in points, upright or turned (its text matrix's scale)."""
    a, b, *_ = char["matrix"]
    return float(np.hypot(a, b))


def printed_chars(pdf: Path, size: Any, error: tuple[float, float]) -> list[dict[str, Any]]:
    """The back page's characters, each with its centre (mm) where it lands in the printed
    frame: turned over (mirrored) and moved by the printer's `error`."""
    with pdfplumber.open(pdf) as document:
        chars = document.pages[1].chars
    return [
        {
            "text": c["text"],
            "x": size.width - (c["x0"] + c["x1"]) / 2 / PT + error[0],
            "y": size.height - (c["top"] + c["bottom"]) / 2 / PT + error[1],
        }
        for c in chars
    ]


def reading_near(chars: list[dict[str, Any]], axis: str, dash_mm: float, across: float) -> str:
    """The reading printed beside the dash at `dash_mm` along its scale: x, a row of level
    text right of the line at `across`; y, text reading upwards under the line at `across`."""
    if axis == "x":
        near = [c for c in chars if abs(c["y"] - dash_mm) < 1.0 and 0 < c["x"] - across < 15]
        return "".join(c["text"] for c in sorted(near, key=lambda c: c["x"]))
    near = [c for c in chars if abs(c["x"] - dash_mm) < 1.0 and 0 < across - c["y"] < 15]
    return "".join(c["text"] for c in sorted(near, key=lambda c: c["y"]))  # reads upwards


def read_sheet(pdf: Path, paper: str, error: tuple[float, float]) -> tuple[float, float]:
    """(X, Y) as a user reads them off the sheet printed by a printer `error` mm off."""
    size = PAPER_SIZES[paper]
    front = page_image(pdf, 1)
    back = printed_back(page_image(pdf, 2), error)
    chars = printed_chars(pdf, size, error)
    half = front.shape[1] * 2 // 5  # the x scale is left of this, the y scale right of it
    low = front.shape[0] // 3  # both below the instructions
    x_line = reference_line(front[low:, :half])
    x_dash = low + dash_on_line(back[low:, :half], x_line)
    x_reading = reading_near(chars, "x", size.height - x_dash / PX, x_line / PX)
    y_line = low + reference_line(front[low:, half:].T)
    y_dash = half + dash_on_line(back[low:, half:].T, y_line - low)
    y_reading = reading_near(chars, "y", y_dash / PX, size.height - y_line / PX)
    return float(x_reading), float(y_reading)


@pytest.mark.parametrize(
    ("paper", "error"),
    [
        ("a4", (0.0, 0.0)),
        ("a4", (-1.25, 0.75)),
        ("a4", (2.5, -3.25)),
        ("letter", (0.5, 1.75)),
        ("letter", (-4.0, 4.0)),
    ],
)
def test_a_printers_error_reads_as_its_correction(
    sheets: dict[str, Path], paper: str, error: tuple[float, float]
) -> None:
    assert read_sheet(sheets[paper], paper, error) == (-error[0], -error[1])


def test_the_reading_corrects_the_error(sheets: dict[str, Path], tmp_path: Path) -> None:
    """Printed again with the reading as its back offset, the printer's error cancels and the
    marks meet at 0."""
    error = (1.75, -2.25)
    reading = read_sheet(sheets["a4"], "a4", error)
    offset = f"{reading[0]:g},{reading[1]:g}"
    run = printgen("calibrate", "--back-offset", offset, "--out", tmp_path, config=tmp_path)
    assert run.returncode == 0, run.stderr
    assert read_sheet(tmp_path / "calibration.pdf", "a4", error) == (0.0, 0.0)


def test_the_sheet_says_how_to_read_it(sheets: dict[str, Path]) -> None:
    with pdfplumber.open(sheets["a4"]) as pdf:
        text = " ".join((pdf.pages[0].extract_text() or "").split())
        sizes = {round(font_size(c), 1) for page in pdf.pages for c in page.chars}
        boxes = [[float(v) for v in page.mediabox] for page in pdf.pages]
    assert "two-sided, flipped on the long edge, at 100 %" in text
    assert "printgen calibrate --save NAME --offset X,Y" in text
    assert min(sizes) >= 6.0
    assert boxes == [[0, 0, 595.276, 841.89]] * 2 or all(
        abs(b[2] - 210 * PT) < 0.01 and abs(b[3] - 297 * PT) < 0.01 for b in boxes
    )
