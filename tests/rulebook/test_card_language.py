"""A rulebook in another language pictures its cards in that language (issue 15)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium


def words(path: Path) -> str:
    """The text as a viewer reads it (pdfium: words told apart by the gaps between letters, as
    in the card pictures, which are drawn a letter at a time), whitespace collapsed."""
    with pdfium.PdfDocument(path) as doc:
        return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in doc)


def test_the_italian_rulebook_pictures_italian_cards(built: Path) -> None:
    """rules.it.pdf's card anatomy shows the card as the Italian kit prints it."""
    italian = words(built / "elementa" / "rules.it.pdf")
    english = words(built / "elementa" / "rules.pdf")
    assert "distrutto da" in italian and "destroyed by" not in italian
    assert "destroyed by" in english and "distrutto da" not in english
