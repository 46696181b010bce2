"""`letter_spacing:` on a design text box: each character is followed by the spacing (as
CSS's letter-spacing), and the line is measured with it, so a right-aligned line's last
letter plus its spacing ends at the box's right edge (measured == drawn). Read back from the
PDF against the same word unspaced: the i-th letter sits i spacings further on (`0.3em` of
the size or `0.8mm`; kerning kept), with the family's bold face and with a bold printgen
emboldens (whose stroke spaces the letters by 1/24 em more, as before)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from printgen.layout.units import PT_PER_MM
from printgen.model import load_game
from tests.conftest import edit
from tests.render.conftest import ROOT, build

WORD = "SPACED"
BOXES = """front:
  boxes:
    spaced: {{text: "{word}", size: 8pt, bold: {bold}, letter_spacing: {spacing}, align: right,
             left: 0, right: 0, top: 0, height: 5mm, lines: 1}}
    spaced_box: {{shape: rect, stroke: "#ff0000", stroke_width: 0.1mm, left: 0, right: 0, top: 0,
                 height: 5mm}}
"""
ONE_FILE = "body: {file: fonts/Comfortaa-Regular.ttf}"
FONTS = "body: {file: fonts/Comfortaa-Regular.ttf, bold: fonts/Comfortaa-Bold.ttf}"


def letters_and_edge(tmp_path: Path, spacing: str, bold: bool, one_file: bool):
    game = tmp_path / spacing / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", game)
    boxes = BOXES.format(word=WORD, bold=str(bold).lower(), spacing=spacing)
    edit(game / "design.yaml", "front:\n  boxes:\n", boxes)
    if one_file:
        edit(game / "design.yaml", FONTS, ONE_FILE)
    out = build(load_game(game), game.parent / "out", outputs=("cards-print.pdf",))
    with pdfplumber.open(out / "cards-print.pdf") as pdf:
        page = pdf.pages[0]
        text = "".join(c["text"] for c in page.chars)
        start = text.index(WORD)
        letters = page.chars[start : start + len(WORD)]
        red = [r for r in page.rects if r.get("stroking_color") == (1, 0, 0)]
        frame = min(red, key=lambda r: abs(r["top"] - letters[0]["top"]))
        return letters, frame


@pytest.mark.parametrize(
    ("spacing", "bold", "one_file", "fonts"),
    [
        ("0.3em", False, False, {"Comfortaa-Regular"}),
        ("0.8mm", True, False, {"Comfortaa-Bold"}),
        ("0.8mm", True, True, {"Comfortaa-Regular"}),  # emboldened: its stroke adds 1/24 em
    ],
)
def test_letters_are_spaced_as_measured(
    tmp_path: Path, spacing: str, bold: bool, one_file: bool, fonts: set[str]
) -> None:
    letters, frame = letters_and_edge(tmp_path, spacing, bold, one_file)
    plain, _ = letters_and_edge(tmp_path, "0mm", bold, one_file)
    assert {c["fontname"].split("+")[-1] for c in letters} == fonts
    size = letters[0]["size"]
    assert plain[0]["size"] == size
    gap = 0.3 * size if spacing.endswith("em") else 0.8 * PT_PER_MM
    for i, (a, b) in enumerate(zip(letters, plain, strict=True)):
        moved = (a["x0"] - letters[0]["x0"]) - (b["x0"] - plain[0]["x0"])
        assert abs(moved - i * gap) < 0.01, (a["text"], moved, i * gap)
    # measured with its spacing: the last letter's spacing ends where the unspaced one ended
    stroke = size / 24 if one_file else 0.0
    assert abs(letters[-1]["x1"] + gap + stroke / 2 - frame["x1"]) < 0.05
    assert abs(plain[-1]["x1"] + stroke / 2 - frame["x1"]) < 0.05


def test_a_bad_spacing_is_named_at_its_line(tmp_path: Path) -> None:
    from printgen.errors import DataError

    game = tmp_path / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", game)
    boxes = BOXES.format(word=WORD, bold="false", spacing="-1mm")
    edit(game / "design.yaml", "front:\n  boxes:\n", boxes)
    with pytest.raises(DataError) as caught:
        build(load_game(game), tmp_path / "out", outputs=("cards-print.pdf",))
    message = str(caught.value)
    assert "design.yaml:23" in message and "spaced.letter_spacing" in message, message
    assert "0.2em" in message
