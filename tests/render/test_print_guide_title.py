"""The print guide's title wraps: a designer's long game name stays on the page, whole."""

from __future__ import annotations

import io

import pdfplumber

from printgen.layout.sizes import Size
from printgen.layout.units import PT_PER_MM
from printgen.render.sheets.print_guide import MARGIN_MM, PrintGuide, PrintItem, print_guide_pdf

A4 = Size(210.0, 297.0, "a4")
LONG = (
    "The Tidewrack Conservatory of Drowned Bells, Salt-Stained Lanterns and the Forgotten "
    "Keepers of the Northern Lighthouses"
)


def _guide(game: str) -> PrintGuide:
    item = PrintItem("cards.pdf", 5, "Card stock", "Two-sided, flip on the long edge.")
    return PrintGuide(game, "A4", (item,), ("Cut along the marks.",), "Measure the bar.")


def _lines(game: str) -> tuple[list[str], list[dict[str, float]]]:
    with pdfplumber.open(io.BytesIO(print_guide_pdf(_guide(game), A4))) as pdf:
        page = pdf.pages[0]
        return page.extract_text().splitlines(), list(page.chars)


def test_a_long_title_wraps_inside_the_margins_and_is_printed_whole() -> None:
    lines, chars = _lines(LONG)
    assert max(c["x1"] for c in chars) <= (A4.width - MARGIN_MM) * PT_PER_MM
    title = " ".join(lines[: next(i for i, t in enumerate(lines) if "home" in t) + 1])
    assert title == f"{LONG}: printing the kit at home"


def test_a_short_title_keeps_one_line() -> None:
    lines, _ = _lines("Short Game")
    assert lines[0] == "Short Game: printing the kit at home"
    assert lines[1].startswith("Everything is laid out for A4 paper.")


def test_no_heading_is_left_alone_at_a_pages_foot() -> None:
    """A heading goes to the next page with what it heads (the 'Scale check' heading stood
    alone at the foot of page 1 in a designer's trial): however long the cutting order, no
    page's last line is a heading."""
    headings = {"What to print", "Cutting order", "Scale check"}
    item = PrintItem("cards.pdf", 5, "Card stock", "Two-sided, flip on the long edge.")
    ended = set()
    for steps in range(40, 80):
        cutting = tuple(f"Step {n}: cut the sheet along its marks." for n in range(steps))
        guide = PrintGuide("Game", "A4", (item,), cutting, "Measure the bar.")
        with pdfplumber.open(io.BytesIO(print_guide_pdf(guide, A4))) as pdf:
            for page in pdf.pages:
                last = page.extract_text().splitlines()[-1]
                ended.add(last)
                assert last not in headings, (steps, last)
    assert len(ended) > 3  # the cutting order ran to a page's foot in several ways
