"""game.yaml's `url:` on the tuck box: a vector QR code on its back panel, read back from the
PDF as the modules the printer gets (each row of dark modules a stroke one module wide) and
compared with segno's own matrix of the url; inside the panel's safe zone, clear of the deck's
name; moved or dropped by the design's `tuck_qr:`; and the version stamp on the panel too."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import segno

from printgen.commands.build import BuildOptions
from printgen.model import load_game
from printgen.render.parts import check_parts, part_files
from tests.render.pdfpaths import Drawn, Rect, read_pages
from tests.versions.conftest import tiny_game

URL = "https://example.org/meadow"
SAFE_MM = 3.0
CARD_H = 88.9 + 1.0  # poker cards and the box's 1 mm clearance: the panels' height
BOX = "parts:\n  deck-box: {tuck_box: market}\n"


def box_pdf(tmp_path: Path, extra: str = "", design: str = "") -> Drawn:
    """The tuck box's page for a 54-card poker deck, game.yaml given `extra` lines."""
    lines = f"date: 2026-11-29\n{BOX}{extra}"
    folder = tiny_game(tmp_path / "meadow", lines, "name,count\nFox,20\nHare,34\n", design)
    ((_, pdf),) = part_files(load_game(folder), BuildOptions(paper="a4"))
    (tmp_path / "deck-box.pdf").write_bytes(pdf)
    (page,) = read_pages(tmp_path / "deck-box.pdf")
    return page


def back_panel(page: Drawn) -> Rect:
    """The back panel, between the second and third of the net's four upright folds."""
    folds = sorted(
        (line[0][0], min(line[0][1], line[1][1]))
        for path in page.paths
        if not path.filled
        for line in path.outline
        if len(line) == 2
        and abs(line[0][0] - line[1][0]) < 1e-6
        and abs(abs(line[1][1] - line[0][1]) - CARD_H) < 0.05
    )
    assert len(folds) == 4
    (x0, top), (x1, _) = folds[1], folds[2]
    return x0, top, x1, top + CARD_H


def qr_modules(page: Drawn) -> tuple[set[tuple[int, int]], Rect]:
    """The dark modules of the QR code the page draws, as (row, column) from the code's
    top-left dark module, and the code's box with its 4-module quiet zone (mm). segno draws
    each run of dark modules in a row as a horizontal stroke a module wide: the page's only
    strokes of one width, more than 20 of them, all flat."""
    flat = [
        (p.width, p.outline[0])
        for p in page.paths
        if p.width > 0
        and len(p.outline) == 1
        and len(p.outline[0]) == 2
        and abs(p.outline[0][0][1] - p.outline[0][1][1]) < 1e-6
    ]
    widths = Counter(width for width, _ in flat)
    runs = [(w, line) for w, line in flat if widths[w] > 20]
    if not runs:
        return set(), (0.0, 0.0, 0.0, 0.0)
    assert len({w for w, _ in runs}) == 1, "one QR code"
    side = runs[0][0]
    x0 = min(min(a[0], b[0]) for _, (a, b) in runs)
    y0 = min(a[1] for _, (a, _) in runs) - side / 2
    dark = set()
    for _, (a, b) in runs:
        row = round((a[1] - side / 2 - y0) / side)
        first, last = sorted((round((a[0] - x0) / side), round((b[0] - x0) / side)))
        dark |= {(row, column) for column in range(first, last)}
    columns = 1 + max(column for _, column in dark)
    quiet = 4 * side
    return dark, (x0 - quiet, y0 - quiet, x0 + columns * side + quiet, y0 + columns * side + quiet)


def segno_modules(url: str) -> set[tuple[int, int]]:
    code = segno.make(url, error="m", micro=False)
    return {
        (r, c)
        for r, row in enumerate(code.matrix_iter(scale=1, border=0))
        for c, on in enumerate(row)
        if on
    }


def inside(box: Rect, area: Rect, margin: float = 0.0) -> bool:
    return (
        box[0] >= area[0] + margin - 1e-3
        and box[1] >= area[1] + margin - 1e-3
        and box[2] <= area[2] - margin + 1e-3
        and box[3] <= area[3] - margin + 1e-3
    )


def test_the_url_prints_as_a_qr_code_in_the_back_panels_safe_zone(tmp_path: Path) -> None:
    page = box_pdf(tmp_path, f"url: {URL}\n")
    modules, box = qr_modules(page)
    assert modules == segno_modules(URL)  # the code scans as the url, module for module
    panel = back_panel(page)
    assert inside(box, panel, SAFE_MM)  # quiet zone included, 3 mm clear of every fold
    assert box[1] == pytest.approx(panel[1] + SAFE_MM, abs=0.01)  # at the panel's top
    side = box[2] - box[0]
    assert side == pytest.approx((CARD_H - 2 * SAFE_MM) / 5, abs=0.01)  # a fifth of its height
    centre = (box[0] + box[2]) / 2
    assert centre == pytest.approx((panel[0] + panel[2]) / 2, abs=0.01)
    title = [c.box for c in page.chars if inside(c.box, panel) and c.text.strip()]
    assert "".join(c.text for c in page.chars if inside(c.box, panel)).startswith("Market")
    assert all(letter[1] > box[3] for letter in title)  # the deck's name below the code


def test_the_design_moves_or_drops_the_code(tmp_path: Path) -> None:
    moved = box_pdf(tmp_path / "moved", f"url: {URL}\n", "tuck_qr: {bottom: 0}\n")
    modules, box = qr_modules(moved)
    panel = back_panel(moved)
    assert modules == segno_modules(URL)
    assert box[3] == pytest.approx(panel[3] - SAFE_MM, abs=0.01)  # at the safe zone's foot
    dropped = box_pdf(tmp_path / "dropped", f"url: {URL}\n", "tuck_qr: null\n")
    assert qr_modules(dropped)[0] == set()


def test_no_url_no_code_and_the_stamp_on_the_back_panel(tmp_path: Path) -> None:
    page = box_pdf(tmp_path, "version: 2\n")
    assert qr_modules(page)[0] == set()
    panel = back_panel(page)
    chars = [c for c in page.chars if inside(c.box, panel)]
    stamp = "v2\u00b72026-11-29"  # spaces are not read
    assert "".join(c.text for c in chars).startswith(stamp)  # drawn first, under the words
    foot = panel[3] - SAFE_MM - 2.4  # the default stamp box: 2.4 mm at the safe zone's foot
    assert all(c.box[1] >= foot - 0.01 and c.box[3] <= panel[3] - SAFE_MM for c in chars[:10])


def test_validate_reports_the_back_panels_boxes(tmp_path: Path) -> None:
    """A stamp too pale on the back panel is a contrast warning naming the part and the
    panel, as on every other face; the default one is not."""
    pale = 'stamp: {colour: "#e4e4e4"}\n'
    folder = tiny_game(tmp_path / "pale" / "meadow", "version: 2\n" + BOX, design=pale)
    (faint,) = [line for line in check_parts(load_game(folder)).faint if "back panel" in line]
    assert "part deck-box, back panel: box 'stamp'" in faint and "#e4e4e4 on #ffffff" in faint
    plain = tiny_game(tmp_path / "plain" / "meadow", f"version: 2\nurl: {URL}\n" + BOX)
    assert check_parts(load_game(plain)).faint == []
