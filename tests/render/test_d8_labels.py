"""Dice labels on their sheets follow their faces: a d8's are triangles, a d10's kites, each
filled with its face's background, its face's text inside, cut round its own outline (a
designer's trial printed 14 mm squares for a 16 mm d8 under 'Labels for 1 blank 16 mm dice
(14 mm each)', then squares for a d10's kites). A d6 beside a d10 keeps six square labels:
the decks' rows share the game's columns, and the d6 once counted the d10's Face 10 too."""

from __future__ import annotations

import io
import math
from typing import Any

import pdfplumber
import pypdfium2
import pytest

from printgen.kit.names import path_of
from printgen.kit.options import BuildOptions
from printgen.kit.pieces import piece_files
from printgen.model import load_game

GAME = """\
id: flows
name: Flows
players: {min: 1, max: 4}
components:
  d8: {file: d8.csv, kind: dice, faces: 8, size: 16mm}
  d10: {file: d10.csv, kind: dice, size: 16mm}
  d6: {file: d6.csv, kind: dice, size: 16mm}
"""
D8 = "id,name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6,Face 7,Face 8\n"
D8 += "flow,Lava Flow,1,N,NE,E,SE,S,SW,W,NW\n"
D10 = "id,name,count," + ",".join(f"Face {n}" for n in range(1, 11)) + "\n"
D10 += "ten,Ten,1," + ",".join(str(n) for n in range(10)) + "\n"
D6 = "id,name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nsix,Six,1,A,B,C,D,E,F\n"
MM = 25.4 / 72


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("dice") / "flows"
    folder.mkdir()
    for name, text in {"game.yaml": GAME, "d8.csv": D8, "d10.csv": D10, "d6.csv": D6}.items():
        (folder / name).write_text(text)
    game = load_game(folder)
    assert [game.components[n].faces for n in ("d8", "d10", "d6")] == [8, 10, 6]
    return {path_of(o): data for o, data in piece_files(game, BuildOptions())}


def cut_outlines(page: Any) -> list[list[tuple[float, float]]]:
    """The stroked closed paths of the labels, in mm from the page's top-left."""
    return [[(x * MM, y * MM) for x, y in c["pts"][:-1]] for c in page.curves if c["stroke"]]


def sides(outline: list[tuple[float, float]]) -> list[float]:
    return [math.dist(a, outline[(k + 1) % len(outline)]) for k, a in enumerate(outline)]


def inside(point: tuple[float, float], outline: list[tuple[float, float]]) -> bool:
    """Inside a convex outline, whichever way round it goes."""
    signs = set()
    for k, (ax, ay) in enumerate(outline):
        bx, by = outline[(k + 1) % len(outline)]
        cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)
        signs.add(cross > 0)
    return len(signs) == 1


def label_chars(page: Any) -> list[tuple[str, tuple[float, float]]]:
    """Each character right of the names' column, above the footer, by its centre in mm."""
    return [
        (c["text"], ((c["x0"] + c["x1"]) / 2 * MM, (c["top"] + c["bottom"]) / 2 * MM))
        for c in page.chars
        if c["x0"] * MM > 32 and 25 < c["top"] * MM < 250
    ]


def pixel(pdf: bytes, at: tuple[float, float], dpi: int = 150) -> tuple[int, ...]:
    page = pypdfium2.PdfDocument(pdf)[0]
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    return tuple(image.getpixel((round(at[0] / 25.4 * dpi), round(at[1] / 25.4 * dpi))))


def first_page(
    pdf: bytes,
) -> tuple[str, list[list[tuple[float, float]]], list[tuple[str, tuple[float, float]]]]:
    """A label sheet's first page: its text, its labels' cut outlines and their characters."""
    with pdfplumber.open(io.BytesIO(pdf)) as opened:
        page = opened.pages[0]
        return page.extract_text(), cut_outlines(page), label_chars(page)


def test_a_d8s_labels_are_triangles_with_their_text_inside(made: dict[str, bytes]) -> None:
    text, outlines, chars = first_page(made["d8.pdf"])
    assert "Labels for 1 blank 16 mm die (triangles of 12.5 mm)" in text, text
    assert len(outlines) == 8 and all(len(o) == 3 for o in outlines)
    for outline in outlines:  # 16 mm less 1 mm each side: 16 - 2·√3
        assert sides(outline) == pytest.approx([16 - 2 * math.sqrt(3)] * 3, abs=0.01)
    assert "".join(c for c, _ in chars) == "NNEESESSWWNW"
    assert all(any(inside(at, o) for o in outlines) for _, at in chars), chars


def test_a_d10s_labels_are_kites_with_their_text_inside(made: dict[str, bytes]) -> None:
    text, outlines, chars = first_page(made["d10.pdf"])
    assert "(kites 14.3 by 7.54 mm)" in text, text
    assert len(outlines) == 10 and all(len(o) == 4 for o in outlines)
    for outline in outlines:  # two long sides and two short, φ² apart (worked in the layout test)
        lengths = sorted(sides(outline))
        assert lengths[2] / lengths[0] == pytest.approx(((1 + math.sqrt(5)) / 2) ** 2, rel=1e-3)
    assert "".join(c for c, _ in chars) == "0123456789"
    for number, (_, at) in enumerate(chars):
        assert inside(at, outlines[number]), (number, at)


def test_a_kite_is_filled_with_its_faces_background_to_its_tip(made: dict[str, bytes]) -> None:
    """Pixels: near the kite's top tip (far outside the square the face is drawn on) the
    label has the colour of its face's background beside the number; just outside the kite,
    between two labels, the paper."""
    with pdfplumber.open(io.BytesIO(made["d10.pdf"])) as pdf:
        page = pdf.pages[0]
        outline = cut_outlines(page)[0]
        number = label_chars(page)[0][1]
    top = min(outline, key=lambda p: p[1])
    bottom = max(outline, key=lambda p: p[1])
    right = max(outline, key=lambda p: p[0])
    near_tip = (top[0], top[1] + 2.5)
    beside_number = (number[0] + 2.2, number[1])
    outside = (right[0] + 0.8, top[1] + 2)
    assert inside(near_tip, outline) and not inside(outside, outline)
    background = pixel(made["d10.pdf"], beside_number)
    assert background != (255, 255, 255)
    assert pixel(made["d10.pdf"], near_tip) == background
    assert pixel(made["d10.pdf"], outside) == (255, 255, 255)
    assert bottom[1] > number[1] > top[1]


def test_a_d6_beside_a_d10_keeps_six_square_labels(made: dict[str, bytes]) -> None:
    with pdfplumber.open(io.BytesIO(made["d6.pdf"])) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        cuts = [r for r in page.rects if r["stroke"] and not r["fill"]]
        pages = len(pdf.pages)
    assert "Labels for 1 blank 16 mm die (14 mm each)" in text, text
    assert pages == 2  # and a six-sided die's net
    assert [(round(r["width"] * MM, 2), round(r["height"] * MM, 2)) for r in cuts] == [
        (14.0, 14.0)
    ] * 6


@pytest.mark.parametrize("deck", ["d8", "d10", "d6"])
def test_the_first_labels_page_has_a_50mm_scale_bar_clear_of_the_labels(
    made: dict[str, bytes], deck: str
) -> None:
    """Labels printed scaled no longer fit their dice: the first page carries the card
    sheets' scale bar, below every label and above the footer; later pages (a d6's nets) none."""
    with pdfplumber.open(io.BytesIO(made[f"{deck}.pdf"])) as pdf:
        first = pdf.pages[0]
        bars = [line for line in first.lines if abs((line["x1"] - line["x0"]) * MM - 50) < 0.05]
        assert len(bars) == 1, [(line["x1"] - line["x0"]) * MM for line in first.lines]
        bar_top = bars[0]["top"] * MM
        outlines = [y for outline in cut_outlines(first) for _, y in outline]
        squares = [r["bottom"] * MM for r in first.rects if r["stroke"]]  # a d6's
        lowest_label = max(outlines + squares)
        assert bar_top > lowest_label + 2
        words = first.extract_words()
        assert any(w["text"] == "50" for w in words)
        footer = [w for w in words if w["text"] == "one-sided"]
        assert footer and footer[0]["top"] * MM > bar_top
        for page in pdf.pages[1:]:
            assert not [
                line for line in page.lines if abs((line["x1"] - line["x0"]) * MM - 50) < 0.05
            ]


@pytest.mark.parametrize(
    ("deck", "said"),
    [
        ("d8", "one label on each face, Face 1 opposite Face 8, Face 2 opposite Face 7 ..."),
        ("d10", "one label on each face, Face 1 opposite Face 10, Face 2 opposite Face 9 ..."),
        ("d6", "stick one block on each die, 1 opposite 6, 2 opposite 5, 3 opposite 4"),
    ],
)
def test_the_heading_says_which_faces_are_opposite(
    made: dict[str, bytes], deck: str, said: str
) -> None:
    """A d8's sheet said nothing of where its eight labels go (a designer's trial)."""
    with pdfplumber.open(io.BytesIO(made[f"{deck}.pdf"])) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert said in text


def test_a_nets_page_says_the_size_of_its_dice(made: dict[str, bytes]) -> None:
    """The nets' pages carry no heading: their footer says what size the cubes fold to."""
    with pdfplumber.open(io.BytesIO(made["d6.pdf"])) as pdf:
        footer = " ".join(pdf.pages[-1].extract_text().split())
    assert "Flows · d6 · nets of 16 mm dice, sheet 1 of 1" in footer


def test_a_dies_name_is_printed_in_the_language_of_its_faces(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """`build --lang fr` printed each die's row as `Wind die` beside its French faces (a
    designer's trial): the row's name is its `name_fr` there."""
    folder = tmp_path_factory.mktemp("lang") / "flows"
    folder.mkdir()
    game_yaml = GAME.replace(
        "players: {min: 1, max: 4}", "players: {min: 1, max: 4}\nlanguages: [en, fr]"
    )
    six = D6.replace("id,name,count,", "id,name,name_fr,count,").replace(
        "six,Six,", "six,Six,Six fr,"
    )
    for name, text in {"game.yaml": game_yaml, "d8.csv": D8, "d10.csv": D10, "d6.csv": six}.items():
        (folder / name).write_text(text)
    game = load_game(folder)
    for lang, name in ((None, "Six"), ("fr", "Six fr")):
        made = {
            path_of(o): data
            for o, data in piece_files(game.in_language(lang), BuildOptions(lang=lang))
        }
        with pdfplumber.open(io.BytesIO(made["d6.pdf"])) as pdf:
            lines = pdf.pages[0].extract_text().splitlines()
        assert name in lines, lines[:8]
