"""Sizes in printgen's own words take the kit language's decimal mark: a German kit's dice
heading said "Dreiecke von 12.5 mm" (German writes 12,5: a designer's trial)."""

from __future__ import annotations

from printgen.render.sheets.dice_sheets import label_words
from printgen.render.text.kit_words import KitWords, english_words
from printgen.render.text.labels import label_file
from printgen.rules.parsed import mapped


def _words(lang: str) -> KitWords:
    english = english_words()
    return KitWords(mapped(label_file(lang).get("kit")), english.english, {})


def test_a_d8_s_labels_in_german_and_english() -> None:
    assert label_words(16.0, 8, english_words()) == "triangles of 12.5 mm"
    german = label_words(16.0, 8, _words("de"))
    assert "12,5 mm" in german and "12.5" not in german


def test_whole_sizes_have_no_mark() -> None:
    assert _words("fr").number(16.0) == "16" and _words("fr").number(14.25, ".3g") == "14,2"
