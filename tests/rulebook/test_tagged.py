"""Tagged PDF/UA rulebooks (pdf.py's PDF_VARIANT), read back with pikepdf: a structure tree,
/Lang from the rulebook's language, the title in the Info and the XMP, every figure with its
alt text and its picture inside its own marked content, headings that never skip a level."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pikepdf
import pytest

from printgen.render.rulebook.text import nest_headings
from tests.rulebook.conftest import RULEBOOKS

TITLES = {
    "mywuxing": "MyWuXing",
    "elementa": "Elementa",
    "the-way": "The Way",
    "cl4sh": "CL4SH",
    "feng-shui-master": "Feng Shui Master",
}


def elements(node: Any) -> list[Any]:
    """Every structure element under `node`, in reading order."""
    kids = node.get("/K")
    if kids is None:
        return []
    found = []
    for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
        if isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
            found.append(kid)
            found.extend(elements(kid))
    return found


def figure_contents(pdf: Any) -> tuple[int, int]:
    """How many `/PictureN Do` of the pages are inside a `/Figure` marked content, and how
    many are not."""
    inside = outside = 0
    for page in pdf.pages:
        stack: list[str] = []
        for operands, operator in pikepdf.parse_content_stream(page):
            op = str(operator)
            if op in ("BDC", "BMC"):
                stack.append(str(operands[0]))
            elif op == "EMC":
                stack.pop()
            elif op == "Do" and str(operands[0]).startswith("/Picture"):
                if "/Figure" in stack:
                    inside += 1
                else:
                    outside += 1
    return inside, outside


@pytest.mark.parametrize(("game_id", "name"), RULEBOOKS)
def test_a_rulebook_is_tagged_pdf_ua(built: Path, game_id: str, name: str) -> None:
    lang = "it" if name == "rules.it.pdf" else "en"
    with pikepdf.open(built / game_id / name) as pdf:
        root = pdf.Root
        assert "/StructTreeRoot" in root
        assert bool(root.MarkInfo.Marked) is True
        assert str(root.Lang) == lang
        assert bool(root.ViewerPreferences.DisplayDocTitle) is True
        assert str(pdf.docinfo.Title) == TITLES[game_id]
        with pdf.open_metadata() as xmp:
            assert xmp.get("dc:title") == TITLES[game_id]
            assert xmp.get("pdfuaid:part") == "1"
        tree = elements(root.StructTreeRoot)
        figures = [e for e in tree if e.S == "/Figure"]
        assert len(figures) > 10  # pictures, diagrams, examples and icons
        for figure in figures:
            assert str(figure.get("/Alt", "")).strip(), figure
        inside, outside = figure_contents(pdf)
        assert inside > 0 and outside == 0
        levels = [int(str(e.S)[2]) for e in tree if re.fullmatch(r"/H[1-6]", str(e.S))]
        assert levels[0] == 1 and levels.count(1) == 1  # the cover's title
        for before, after in itertools.pairwise(levels):
            assert after <= before + 1, levels


def test_alt_texts_say_what_a_diagram_and_a_card_show(built: Path) -> None:
    """The shared diagrams' alt texts are made from what they draw, in the book's language."""
    alts = {}
    for game_id, name in [("elementa", "rules.pdf"), ("elementa", "rules.it.pdf")]:
        with pikepdf.open(built / game_id / name) as pdf:
            alts[name] = [str(e.Alt) for e in elements(pdf.Root.StructTreeRoot) if e.S == "/Figure"]
    assert (
        "Feeding (generating) cycle: Wood → Fire → Earth → Metal → Water → Wood. "
        "Overcoming cycle: Wood → Earth → Water → Fire → Metal → Wood." in alts["rules.pdf"]
    )
    assert any(a.startswith("Ciclo generativo: Legno → Fuoco") for a in alts["rules.it.pdf"])
    anatomy = [a for a in alts["rules.pdf"] if a.startswith("Fire 5: ")]
    assert anatomy and "Base value (in both top corners)" in anatomy[0]


def test_an_example_heading_is_one_level_below_the_heading_it_follows() -> None:
    html = (
        '<h2 id="a">Examples</h2><section><h4 class="example-name">One</h4></section>'
        '<h3 id="b">More</h3><h4 class="example-name">Two</h4><h4>Designer</h4>'
    )
    assert nest_headings(html) == (
        '<h2 id="a">Examples</h2><section><h3 class="example-name">One</h3></section>'
        '<h3 id="b">More</h3><h4 class="example-name">Two</h4><h4>Designer</h4>'
    )
