"""`build --cutter silhouette|cricut` (issue 33): cards-cut.pdf holds the cards inside the
cutter's registration marks, cards-cut.svg and .dxf one closed cut line a card, in the same
coordinates. Read back: the marks and the cards' places from the PDF's drawing operations,
the cut lines from the SVG's path data and the DXF's polylines."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pdfplumber
import pikepdf
import pytest

from tests.printer.conftest import make_game, printgen

PT = 72 / 25.4
POKER = (63.5, 88.9)
RADIUS = 2.5  # the design's corner_radius below (the default is 3 mm)


@pytest.fixture(scope="module")
def cut_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("cut")
    data = make_game(work)
    (data / "duo" / "design.yaml").write_text(f"corner_radius: {RADIUS}mm\n")
    found = {}
    for cutter in ("silhouette", "cricut"):
        out = work / cutter
        run = printgen(
            "build", "--data", data, "--out", out, "--cutter", cutter, config=work / "config"
        )
        assert run.returncode == 0, run.stderr
        found[cutter] = out / "duo"
    return found


def svg_paths(path: Path) -> tuple[tuple[float, float], list[str]]:
    text = path.read_text()
    size = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', text)
    assert size is not None
    return (float(size[1]), float(size[2])), re.findall(r'<path [^>]*d="([^"]+)"', text)


def path_geometry(d: str) -> tuple[float, float, float, float, set[float]]:
    """(left, top, right, bottom) in mm, y down, of a closed path of M, L, A and Z, and the
    radii of its arcs; fails unless it ends with Z where it started."""
    tokens = d.split()
    assert tokens[0] == "M" and tokens[-1] == "Z"
    start = (float(tokens[1]), float(tokens[2]))
    points, radii, i = [start], set(), 3
    while tokens[i] != "Z":
        if tokens[i] == "L":
            points.append((float(tokens[i + 1]), float(tokens[i + 2])))
            i += 3
        else:
            assert tokens[i] == "A"
            radii.add(float(tokens[i + 1]))
            points.append((float(tokens[i + 6]), float(tokens[i + 7])))
            i += 8
    assert points[-1] == start, "the path is not closed"
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys), radii


def card_places(pdf: Path, page: int = 0) -> list[tuple[float, float, float, float]]:
    """Each card's trim (left, top, right, bottom, mm, y down) as placed on the page: the
    form drawn for it, its box moved by the drawing's matrices, less the bleed round the card
    (the form is the card centred in its bleed)."""
    found = []
    with pikepdf.open(pdf) as document:
        the_page = document.pages[page]
        height = float(the_page.mediabox[3])
        ctm, stack = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], []
        for operands, op in pikepdf.parse_content_stream(the_page):
            name = str(op)
            if name == "q":
                stack.append(ctm)
            elif name == "Q":
                ctm = stack.pop()
            elif name == "cm":
                ctm = _multiply([float(v) for v in operands], ctm)
            elif name == "Do":
                form = the_page.Resources.XObject[operands[0]]
                x0, y0, x1, y1 = (float(v) for v in form.BBox)
                corners = [_apply(ctm, x, y) for x in (x0, x1) for y in (y0, y1)]
                left, right = min(c[0] for c in corners), max(c[0] for c in corners)
                low, high = min(c[1] for c in corners), max(c[1] for c in corners)
                bleed_x = ((right - left) / PT - POKER[0]) / 2
                bleed_y = ((high - low) / PT - POKER[1]) / 2
                found.append(
                    (
                        left / PT + bleed_x,
                        (height - high) / PT + bleed_y,
                        right / PT - bleed_x,
                        (height - low) / PT - bleed_y,
                    )
                )
    return found


def _multiply(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return [
        a * p + b * r,
        a * q + b * s,
        c * p + d * r,
        c * q + d * s,
        e * p + f * r + t,
        e * q + f * s + u,
    ]


def _apply(m: list[float], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def marks(pdf: Path, page: int = 0) -> list[tuple[float, float, float, float]]:
    """The small black filled rectangles of a page (mm, y down): the registration marks."""
    with pdfplumber.open(pdf) as document:
        rects = document.pages[page].rects
    return sorted(
        (
            round(r["x0"] / PT, 2),
            round(r["top"] / PT, 2),
            round(r["x1"] / PT, 2),
            round(r["bottom"] / PT, 2),
        )
        for r in rects
        if r["fill"]
        and r["non_stroking_color"] in ((0,), (0, 0, 0), [0], [0, 0, 0])
        and max(r["width"], r["height"]) <= 20.1 * PT
    )


def test_silhouette_marks_sit_where_silhouette_studio_looks(cut_builds: dict[str, Path]) -> None:
    pdf = cut_builds["silhouette"] / "cards-cut.pdf"
    with pikepdf.open(pdf) as document:
        box = [float(v) / PT for v in document.pages[0].mediabox]
    width, height = box[2], box[3]
    assert (round(width, 2), round(height, 2)) == (210.0, 297.0)  # A4, as built
    # Type 1 at its defaults: a 5 mm square 10 mm in from the top-left corner, an L of
    # 20 mm arms 0.5 mm thick 10 mm in from the top-right and bottom-left corners
    assert marks(pdf) == sorted(
        [
            (10.0, 10.0, 15.0, 15.0),
            (180.0, 10.0, 200.0, 10.5),
            (199.5, 10.0, 200.0, 30.0),
            (10.0, 286.5, 30.0, 287.0),
            (10.0, 267.0, 10.5, 287.0),
        ]
    )


@pytest.mark.parametrize("cutter", ["silhouette", "cricut"])
def test_one_closed_cut_line_a_card_where_the_card_is(
    cut_builds: dict[str, Path], cutter: str
) -> None:
    folder = cut_builds[cutter]
    (width, height), paths = svg_paths(folder / "cards-cut.svg")
    with pikepdf.open(folder / "cards-cut.pdf") as document:
        box = [float(v) / PT for v in document.pages[0].mediabox]
    assert (width, height) == pytest.approx((box[2], box[3]), abs=0.01)
    places = card_places(folder / "cards-cut.pdf")
    assert len(paths) == len(places) == 4  # a full page: the deck's four cards
    for d, place in zip(paths, places, strict=True):
        left, top, right, bottom, radii = path_geometry(d)
        assert (right - left, bottom - top) == pytest.approx(POKER, abs=0.05)
        assert radii == {RADIUS}
        assert (left, top, right, bottom) == pytest.approx(place, abs=0.05)
    inside = (
        (16.0, 16.0, width - 16.0, height - 16.0)
        if cutter == "silhouette"
        else (0, 0, width, height)
    )
    for left, top, right, bottom in places:  # clear of the marks and their band
        assert left >= inside[0] and top >= inside[1] and right <= inside[2] and bottom <= inside[3]


def test_cricut_takes_print_then_cuts_page_fronts_then_backs(cut_builds: dict[str, Path]) -> None:
    pdf = cut_builds["cricut"] / "cards-cut.pdf"
    with pikepdf.open(pdf) as document:
        boxes = {tuple(round(float(v) / 72, 3) for v in page.mediabox) for page in document.pages}
        pages = len(document.pages)
    assert boxes == {(0, 0, 6.75, 9.25)}
    # the deck's 4 cards, 4 a page, then their backs (Print Then Cut prints one side: the
    # backs are cut apart with the same contour and glued on; they had none)
    assert pages == 2
    assert marks(pdf) == []  # Design Space prints its own


def test_cricuts_backs_sit_where_their_fronts_are(cut_builds: dict[str, Path]) -> None:
    """Cut apart with the one contour and glued on: each back at its front's place, not
    mirrored as a duplex page's are."""
    pdf = cut_builds["cricut"] / "cards-cut.pdf"
    fronts, backs = card_places(pdf, 0), card_places(pdf, 1)
    assert len(fronts) == len(backs) == 4
    for back, front in zip(sorted(backs), sorted(fronts), strict=True):
        assert back == pytest.approx(front, abs=0.01)


def test_the_dxf_holds_the_same_cut_lines(cut_builds: dict[str, Path]) -> None:
    folder = cut_builds["silhouette"]
    _, paths = svg_paths(folder / "cards-cut.svg")
    lines = (folder / "cards-cut.dxf").read_text().split("\n")
    pairs = list(zip(lines[0::2], lines[1::2], strict=False))
    polylines = [i for i, pair in enumerate(pairs) if pair == ("0", "POLYLINE")]
    assert len(polylines) == len(paths)
    bulges = [float(v) for code, v in pairs if code == "42"]
    assert bulges == pytest.approx([math.tan(math.pi / 8)] * 4 * len(paths))
    xs = [float(v) for code, v in pairs if code == "10"]
    ys = [float(v) for code, v in pairs if code == "20"]
    assert max(xs) - min(xs) == pytest.approx(
        max(path_geometry(d)[2] for d in paths) - min(path_geometry(d)[0] for d in paths), abs=1e-3
    )
    assert len(xs) == len(ys) == 8 * len(paths)


def test_the_backs_page_follows_each_silhouette_page(cut_builds: dict[str, Path]) -> None:
    pdf = cut_builds["silhouette"] / "cards-cut.pdf"
    with pdfplumber.open(pdf) as document:
        assert len(document.pages) == 2
    assert marks(pdf, 1) == []  # the cutter reads the front


def test_a_bad_corner_radius_names_its_line(tmp_path: Path) -> None:
    data = make_game(tmp_path)
    (data / "duo" / "design.yaml").write_text("# the cards\ncorner_radius: big\n")
    run = printgen(
        "build", "--data", data, "--out", tmp_path / "out", "--cutter", "cricut", config=tmp_path
    )
    assert run.returncode == 2, run.stderr
    assert "design.yaml:2: corner_radius: expected a length such as 3mm, got 'big'" in run.stderr


def test_each_card_contour_rounds_its_corners_outwards(cut_builds: dict[str, Path]) -> None:
    """Followed as the cutter follows it (SVG's arc flags), every point of a card's cut line
    lies within 0.05 mm of the card's trim with corners of RADIUS: a corner bowed inwards
    strays 2 (sqrt 2 - 1) RADIUS from it."""
    from tests.printer.svgpath import contours

    folder = cut_builds["silhouette"]
    height, paths = contours(folder / "cards-cut.svg")
    places = card_places(folder / "cards-cut.pdf")
    w, h, r = POKER[0] / 2, POKER[1] / 2, RADIUS
    for points, (left, top, right, bottom) in zip(paths, places, strict=True):
        cx, cy = (left + right) / 2, height - (top + bottom) / 2
        for x, y in points:
            dx, dy = abs(x - cx), abs(y - cy)
            if dx > w - r and dy > h - r:
                off = abs(math.hypot(dx - (w - r), dy - (h - r)) - r)
            else:
                off = min(abs(dx - w), abs(dy - h))
            assert off <= 0.05, f"a card's cut line strays {off:.3f} mm at ({x:.2f}, {y:.2f})"
