"""`build --back-offset X,Y` and `--printer NAME` move every back page, and nothing else, by
the printer's offset (issue 33), read back from the PDFs: each character's place, and the
pixels of a back page rendered at 20 px a millimetre."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pdfplumber
import pytest
from PIL import Image

from tests.printer.conftest import make_game, printgen

MM = 72 / 25.4
# (1.5, -0.75) mm in the printed frame. A portrait page flipped on its long edge (cards,
# tokens): the back page's drawing moves by (-1.5, -0.75), so x0 by -1.5 mm and `top` (which
# runs down) by +0.75 mm. The landscape booklet flipped on its short edge: by (0.75, -1.5).
PORTRAIT_BACK = (-1.5 * MM, 0.75 * MM)
LANDSCAPE_BACK = (0.75 * MM, 1.5 * MM)


def chars(path: Path) -> list[list[tuple[str, float, float]]]:
    with pdfplumber.open(path) as pdf:
        return [[(c["text"], c["x0"], c["top"]) for c in page.chars] for page in pdf.pages]


@pytest.mark.parametrize(
    ("file", "back"),
    [
        ("cards.pdf", PORTRAIT_BACK),
        ("tokens.pdf", PORTRAIT_BACK),
        ("rules-booklet.pdf", LANDSCAPE_BACK),
    ],
)
def test_every_back_page_moves_by_the_offset_and_every_front_stays(
    offset_builds: dict[str, Path], file: str, back: tuple[float, float]
) -> None:
    plain, moved = chars(offset_builds["plain"] / file), chars(offset_builds["offset"] / file)
    assert len(plain) == len(moved) >= 2
    for number, (before, after) in enumerate(zip(plain, moved, strict=True)):
        assert before, f"{file} page {number + 1} has no text to follow"
        assert [c[0] for c in before] == [c[0] for c in after]
        dx, dy = back if number % 2 else (0.0, 0.0)  # pages 2, 4, ... are backs
        for (text, x, y), (_, x2, y2) in zip(before, after, strict=True):
            assert x2 - x == pytest.approx(dx, abs=0.002), (file, number, text)
            assert y2 - y == pytest.approx(dy, abs=0.002), (file, number, text)


def render(pdf: Path, page: int, dpi: int = 508) -> np.ndarray:
    """The top 110 mm of page `page` (from 1) at `dpi` (508: 20 px a mm), greyscale."""
    height = str(round(110 / 25.4 * dpi))
    pages = ["-f", str(page), "-l", str(page)]
    crop = ["-x", "0", "-y", "0", "-W", "99999", "-H", height]
    run = subprocess.run(
        ["pdftoppm", "-r", str(dpi), *pages, *crop, "-gray", str(pdf)],
        capture_output=True,
        check=True,
    )
    import io

    return np.asarray(Image.open(io.BytesIO(run.stdout)), dtype=np.int16)


def test_the_cards_back_page_pixels_move_by_exactly_the_offset(
    offset_builds: dict[str, Path],
) -> None:
    """Of every shift within 3 px of it, the offset's (left 30 px, down 15 px at 20 px a mm)
    is the one that lays the plain back page onto the moved one (glyphs aside, which the
    rasteriser draws a little differently at other subpixel places)."""
    before = render(offset_builds["plain"] / "cards.pdf", 2)
    after = render(offset_builds["offset"] / "cards.pdf", 2)
    inner = (slice(200, -200), slice(200, -200))
    assert np.abs(after[inner] - before[inner]).mean() > 1  # the page did move

    def miss(dx: int, dy: int) -> float:
        shifted = np.full_like(before, 255)
        shifted[dy:, :-dx] = before[:-dy, dx:]
        return float(np.abs(after[inner] - shifted[inner]).mean())

    misses = {(dx, dy): miss(dx, dy) for dx in range(27, 34) for dy in range(12, 19)}
    assert min(misses, key=misses.__getitem__) == (30, 15)
    assert misses[(30, 15)] < 0.2


def test_the_fronts_do_not_move(offset_builds: dict[str, Path]) -> None:
    for page in (1,):  # the one sheet's fronts
        a = render(offset_builds["plain"] / "cards.pdf", page, dpi=100)
        b = render(offset_builds["offset"] / "cards.pdf", page, dpi=100)
        assert np.array_equal(a, b), page


@pytest.mark.parametrize("file", ["cards.pdf", "tokens.pdf", "rules-booklet.pdf"])
def test_a_saved_printer_gives_the_same_bytes_as_its_numbers(
    offset_builds: dict[str, Path], file: str
) -> None:
    by_name = (offset_builds["printer"] / file).read_bytes()
    assert by_name == (offset_builds["offset"] / file).read_bytes()
    assert by_name != (offset_builds["plain"] / file).read_bytes()


def guide_text(folder: Path) -> str:
    with pdfplumber.open(folder / "print-guide.pdf") as pdf:
        return " ".join(" ".join(page.extract_text() or "" for page in pdf.pages).split())


def test_the_print_guide_says_whose_offset_moved_the_backs(
    offset_builds: dict[str, Path],
) -> None:
    assert "printer 'office''s saved back offset, X,Y = 1.5,-0.75 mm" in guide_text(
        offset_builds["printer"]
    )
    assert "the given back offset, X,Y = 1.5,-0.75 mm" in guide_text(offset_builds["offset"])
    assert "back offset" not in guide_text(offset_builds["plain"])


def test_an_unknown_printer_is_refused_with_the_saved_names(tmp_path: Path) -> None:
    data = make_game(tmp_path)
    config = tmp_path / "config"
    for name in ("office", "attic"):
        saved = printgen("calibrate", "--save", name, "--offset", "1,0", config=config)
        assert saved.returncode == 0
    out = tmp_path / "out"
    run = printgen("build", "--data", data, "--out", out, "--printer", "ofice", config=config)
    assert run.returncode == 2
    said = "no printer 'ofice' (did you mean 'office'?); saved printers: attic, office"
    assert said in run.stderr
    assert "Traceback" not in run.stderr
    assert not (out / "duo").exists()


def test_none_saved_says_how_to_save_one(tmp_path: Path) -> None:
    run = printgen("calibrate", "--printer", "office", "--out", tmp_path, config=tmp_path / "c")
    assert run.returncode == 2
    assert "no printer is saved yet" in run.stderr
    assert "printgen calibrate --save office --offset X,Y" in run.stderr


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1.5", "expected X,Y in mm"),
        ("1.5,y", "expected two numbers"),
        ("6,0", "back offset X must be between -5 and 5 mm, got 6"),
        ("0,nan", "back offset Y must be between -5 and 5 mm"),
    ],
)
def test_a_bad_offset_is_refused(tmp_path: Path, value: str, message: str) -> None:
    run = printgen("calibrate", "--save", "office", "--offset", value, config=tmp_path / "config")
    assert run.returncode == 2
    assert message in run.stderr and "--offset" in run.stderr
    assert not (tmp_path / "config" / "printers.json").exists()


def test_saving_keeps_other_printers_and_the_same_bytes(tmp_path: Path) -> None:
    config = tmp_path / "config"
    printgen("calibrate", "--save", "b", "--offset", "0.25,1", config=config)
    printgen("calibrate", "--save", "a", "--offset", "-2,0.5", config=config)
    first = (config / "printers.json").read_bytes()
    printgen("calibrate", "--save", "a", "--offset", "-2,0.5", config=config)
    assert (config / "printers.json").read_bytes() == first
    assert first.index(b'"a"') < first.index(b'"b"')
    assert b"[\n        0.25,\n        1.0\n      ]" in first
