"""A sheet's footer stays inside the kept 5 mm whatever the game's title: a long title is
shortened with an ellipsis, and how to print and which sheet it is still read in full."""

from __future__ import annotations

import io

import pdfplumber

from printgen.layout.geometry import Rect
from printgen.layout.notes import FOOTER_DEPTH_MM, Band
from printgen.layout.sizes import Size
from printgen.layout.units import PT_PER_MM
from printgen.render.draw import vector
from printgen.render.sheets.card_sheets import DUPLEX_NOTE
from printgen.render.sheets.notes import draw_footer, fit_note

A4 = Size(210.0, 297.0, "a4")
LONG = (
    "The Tidewrack Conservatory of Drowned Bells, Salt-Stained Lanterns and the Forgotten "
    "Keepers of the Northern Lighthouses"
)


def _footer_chars(text: str) -> tuple[str, list[dict[str, float]]]:
    out = io.BytesIO()
    surface = vector.pdf_surface(out, A4.width, A4.height, "footer")
    context = vector.mm_context(surface)
    band = Band("bottom", Rect(5.0, 5.0, A4.width - 5.0, 5.0 + FOOTER_DEPTH_MM))
    draw_footer(context, A4, band, text)
    surface.show_page()
    surface.finish()
    with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
        page = pdf.pages[0]
        return page.extract_text(), list(page.chars)


def test_a_long_title_is_shortened_and_the_footer_stays_inside_the_kept_5_mm() -> None:
    text, chars = _footer_chars(f"{DUPLEX_NOTE} · {LONG} · relics · sheet 12 of 30 · fronts")
    assert min(c["x0"] for c in chars) >= 5 * PT_PER_MM
    assert max(c["x1"] for c in chars) <= (A4.width - 5) * PT_PER_MM
    assert text.startswith(DUPLEX_NOTE)
    assert text.endswith("relics · sheet 12 of 30 · fronts")
    assert "The Tidewrack Conservatory" in text and "\u2026" in text


def test_a_footer_that_fits_is_printed_as_written() -> None:
    note = f"{DUPLEX_NOTE} · Short Game · deck · sheet 1 of 1 · backs"
    text, _ = _footer_chars(note)
    assert text == note


def test_fit_note_shortens_the_longest_part_to_the_room() -> None:
    fitted = fit_note("ab · " + "x" * 40 + " · cd", 30, len)
    assert len(fitted) <= 30
    assert fitted.startswith("ab · xx") and fitted.endswith("\u2026 · cd")
    assert fit_note("ab · cd", 30, len) == "ab · cd"


def test_the_names_are_shortened_before_an_instruction() -> None:
    """A Silhouette page's long instruction was the part cut ("open counters-cut.svg (or
    .dxf) at th…"), and a card sheet's cutting order in Italian, while the game's and deck's
    names printed whole (designers' trials): where shortening the names given (down to
    eight letters) is enough, only they are; where it is not, the longest part is, as
    before (the instruction loses its end, not the game its name as well)."""
    how = "cut: top-to-bottom marks first, card edge to card edge only"
    note = f"print · Border Reach · counters · {how}"
    assert len(note) == 93
    fitted = fit_note(note, 91, len, names=("Border Reach", "counters"))
    assert fitted == f"print · Border Re\u2026 · counters · {how}", fitted
    assert fit_note(note, 91, len).endswith("\u2026")  # without names: the longest, as before
    squeezed = fit_note(note, 60, len, names=("Border Reach", "counters"))
    assert squeezed == fit_note(note, 60, len), squeezed  # names alone cannot make room
    assert squeezed.startswith("print · Border Reach · counters · cut:") and len(squeezed) <= 60
