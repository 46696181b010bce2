"""`**bold**` in a font with no bold face prints emboldened: printgen strokes the regular
face's outlines in the text's colour, 1/24 em thick (as FreeType emboldens for fontconfig),
and spaces its letters apart by as much, where cairo printed the regular face, silently
(found by the issue 13 audit: `body: {file: DejaVuSerif.ttf}` printed `**Grow:**`
regular). Read back from the PDF: the letters are the regular face's, each with a stroke of
1/24 em of its size in its colour over it, each the stroke's width further on than its
advance (measured == drawn); with the bold file given, the bold face and no stroke."""

from __future__ import annotations

import shutil
from itertools import pairwise
from pathlib import Path

import pdfplumber

from printgen.model import load_game
from tests.conftest import edit
from tests.render.conftest import ROOT, build

FONTS = "body: {file: fonts/Comfortaa-Regular.ttf, bold: fonts/Comfortaa-Bold.ttf}"


def bonus(tmp_path: Path, one_file: bool) -> tuple[list[dict], list[dict]]:
    """The Bolt of Silk's `**Bonus:**` letters and the page's stroked paths."""
    game = tmp_path / ("one" if one_file else "two") / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", game)
    if one_file:
        edit(game / "design.yaml", FONTS, "body: {file: fonts/Comfortaa-Regular.ttf}")
    out = build(load_game(game), game.parent / "out", outputs=("cards-print.pdf",))
    with pdfplumber.open(out / "cards-print.pdf") as pdf:
        page = next(p for p in pdf.pages if "Bonus" in (p.extract_text() or ""))
        text = "".join(c["text"] for c in page.chars)
        start = text.index("Bonus:")
        letters = page.chars[start : start + len("Bonus:")]
        strokes = [c for c in [*page.curves, *page.rects] if c.get("stroke")]
        return letters, strokes


def test_bold_without_a_bold_face_is_emboldened_where_it_was_measured(tmp_path: Path) -> None:
    letters, strokes = bonus(tmp_path, one_file=True)
    assert {c["fontname"].split("+")[-1] for c in letters} == {"Comfortaa-Regular"}
    size = letters[0]["size"]
    width = size / 24
    for a, b in pairwise(letters):  # the advance plus the stroke
        assert abs((b["x0"] - a["x1"]) - width) < 0.01, (a["text"], b["text"])
    colour = letters[0]["non_stroking_color"]
    over = [
        s
        for s in strokes
        if abs(s["linewidth"] - width) < 0.005
        and s["x0"] < letters[-1]["x1"]
        and s["x1"] > letters[0]["x0"]
        and abs(s["top"] - letters[0]["top"]) < size
    ]
    assert over and all(s["stroking_color"] == colour for s in over)


def test_a_bold_face_is_drawn_as_it_is(tmp_path: Path) -> None:
    letters, strokes = bonus(tmp_path, one_file=False)
    assert {c["fontname"].split("+")[-1] for c in letters} == {"Comfortaa-Bold"}
    for a, b in pairwise(letters):
        assert abs(b["x0"] - a["x1"]) < 0.01
    size = letters[0]["size"]
    assert not [s for s in strokes if abs(s["linewidth"] - size / 24) < 0.005]
