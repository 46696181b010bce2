"""`*italic*` in a font with no italic face prints slanted: printgen draws a synthesized
oblique (a 12 degree skew about the baseline, as browsers and fontconfig do) where cairo
printed the upright face (the sample's Comfortaa has no italic; found by an audit). Read back
from the PDF: the flavour's letters carry the skew in their text matrix and sit exactly
where the same text printed upright sits, so what was measured is what is drawn."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pdfplumber

from printgen.model import load_game
from printgen.render.text.fonts import needs_oblique
from tests.conftest import edit
from tests.render.conftest import ROOT, build

FLAVOUR_PT = 7.0  # the sample's flavour box: size 7pt, the only text of that size


def flavour(tmp_path: Path, upright: bool) -> list[tuple[str, tuple[float, ...]]]:
    """Each letter of the Bolt of Silk's flavour line with its text matrix (points)."""
    game = tmp_path / ("upright" if upright else "italic") / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", game)
    if upright:
        edit(game / "design.yaml", 'text: "*{{ flavour }}*"', 'text: "{{ flavour }}"')
    out = build(load_game(game), game.parent / "out", outputs=("cards-print.pdf",))
    with pdfplumber.open(out / "cards-print.pdf") as pdf:
        page = next(p for p in pdf.pages if "Spun" in (p.extract_text() or ""))
        return [
            (c["text"], tuple(c["matrix"]))
            for c in page.chars
            if abs(c["size"] - FLAVOUR_PT) < 0.05
        ]


def test_italic_without_an_italic_face_is_slanted_where_it_was_measured(tmp_path: Path) -> None:
    slanted, upright = flavour(tmp_path, upright=False), flavour(tmp_path, upright=True)
    assert "".join(t for t, _ in slanted) == "Spunontheriverterraces."
    assert [t for t, _ in slanted] == [t for t, _ in upright]
    for (_, (a, b, c, d, e, f)), (_, plain) in zip(slanted, upright, strict=True):
        assert b == 0 and a == d and abs(c / a - math.tan(math.radians(12))) < 1e-3
        assert plain[2] == 0  # the same words, drawn upright, have no skew
        assert abs(e - plain[4]) < 0.01 and abs(f - plain[5]) < 0.01  # each letter's place


def test_only_a_family_without_an_italic_face_is_slanted() -> None:
    assert not needs_oblique("Lato")  # Lato Italic is installed: drawn as it is
    assert not needs_oblique("Lato", bold=True)
    from printgen.render.text.typefaces import register

    fonts = ROOT / "examples" / "lantern-market" / "fonts"
    comfortaa = register(
        {"regular": fonts / "Comfortaa-Regular.ttf", "bold": fonts / "Comfortaa-Bold.ttf"},
        "design.yaml:10",
    )
    assert needs_oblique(comfortaa) and needs_oblique(comfortaa, bold=True)
