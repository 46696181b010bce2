"""`--ink-saver` backs of a game with several decks say which deck they are: the design's
back title (or the deck's name) in large letters, and the back's colour as a frame; read
back from cards.pdf's back sheets. The sample game has two decks: `market` (back: colour
#1d3557, title Market) and `patrons` (back: a template, no title)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "lantern-market"
LARGE_PT = 18.0


@pytest.fixture(scope="module")
def saver_sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from printgen.commands.build import BuildOptions
    from printgen.kit.cards import card_files
    from printgen.kit.names import card_outputs
    from printgen.kit.write import build_part
    from printgen.model import load_game
    from tests.shared_builds import shared_folder

    options = replace(BuildOptions(), ink_saver=True)

    def make(out: Path) -> None:
        out.mkdir(parents=True)
        build_part(card_files, load_game(SAMPLE), options, out, card_outputs(("cards.pdf",)))

    return shared_folder(tmp_path_factory, "ink-saver", make) / "lantern-market" / "cards.pdf"


def large_words(pdf: Path) -> dict[int, set[str]]:
    """The words set at LARGE_PT or more on each back sheet (the even pages), by page."""
    import pdfplumber

    found: dict[int, set[str]] = defaultdict(set)
    with pdfplumber.open(pdf) as document:
        for number, page in enumerate(document.pages, 1):
            if number % 2:
                continue
            words = page.extract_words(extra_attrs=["size"])
            found[number] |= {w["text"] for w in words if w["size"] >= LARGE_PT}
    return found


def test_each_decks_back_names_its_deck_in_large_letters(saver_sheets: Path) -> None:
    by_page = large_words(saver_sheets)
    assert by_page, "no back sheets"
    titles = {frozenset(words) for words in by_page.values()}
    assert titles == {frozenset({"MARKET"}), frozenset({"PATRONS"})}, by_page


def test_a_deck_with_a_back_colour_gets_a_frame_in_it(saver_sheets: Path) -> None:
    """#1d3557 as a stroke colour on the market's back sheets (0.114 0.208 0.341 RG), in
    none of the patrons' (which name no colour)."""
    market = (0x1D / 255, 0x35 / 255, 0x57 / 255)
    pages_with = set()
    with pikepdf.open(saver_sheets) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            if number % 2:
                continue
            if any(_strokes(page.obj, market)):
                pages_with.add(number)
    large = large_words(saver_sheets)
    market_pages = {n for n, words in large.items() if "MARKET" in words}
    assert pages_with == market_pages


def _strokes(holder: pikepdf.Object, colour: tuple[float, float, float]) -> list[bool]:
    found = []
    resources = holder.get("/Resources")
    forms = resources.get("/XObject", {}) if resources is not None else {}
    for operands, op in pikepdf.parse_content_stream(holder):
        if str(op) == "RG":
            values = [float(v) for v in operands]
            found.append(all(abs(a - b) < 0.003 for a, b in zip(values, colour, strict=True)))
        elif str(op) == "Do":
            form = forms.get(str(operands[0]))
            if form is not None and form.get("/Subtype") == "/Form":
                found += _strokes(form, colour)
    return [f for f in found if f]
