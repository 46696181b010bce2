"""A rulebook in another language pictures its cards in that language (issue 15)."""

from __future__ import annotations


def test_the_italian_rulebook_pictures_italian_cards(texts: dict[tuple[str, str], str]) -> None:
    """rules.it.pdf's card anatomy shows the card as the Italian kit prints it."""
    italian, english = texts[("elementa", "rules.it.pdf")], texts[("elementa", "rules.pdf")]
    assert "distrutto da" in italian and "destroyed by" not in italian
    assert "destroyed by" in english and "distrutto da" not in english
