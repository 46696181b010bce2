"""A compound written with a hyphen breaks after it at a line's end, and its long parts where
the dictionary hyphenates them: `Windsbraut-Überwachungsstation` was never broken at all (a
word with a hyphen in it was no word to hyphenate), so it went whole to the next line and
left half a line empty in a designer's card text (found by a designer's trial). Measured
with the font cairo draws with."""

from __future__ import annotations

from printgen.render.draw.vector import CairoMeasure
from printgen.render.text.richtext import Layout, _hyphen_points, parse

SIZE = 3.0  # mm, about 8.5 pt
WIDTH = 50.0


def _lines(text: str) -> list[str]:
    layout = Layout("Lato", CairoMeasure())
    lines, forced = layout.lines(parse(text), WIDTH, SIZE, False)
    assert not forced
    return [
        "".join((" " if p.after_space else "") + p.piece.text for p in line.pieces)
        for line in lines
    ]


def test_a_compound_breaks_after_its_own_hyphen() -> None:
    lines = _lines("then the Windsbraut-Überwachungsstation player")
    # before: ['then the', 'Windsbraut-Überwachungsstation', 'player']
    assert len(lines) == 2, lines
    assert lines[0].startswith("then the Windsbraut-") and lines[0].endswith("-"), lines
    assert lines[1].endswith("wachungsstation player"), lines


def test_the_break_points_of_a_compound() -> None:
    points = _hyphen_points("en", "meteorologically-minded")
    assert points[0] == ("meteorologically-", "minded")  # the longest start first
    assert ("meteor-", "ologically-minded") in points  # a part hyphenated by the dictionary
    assert _hyphen_points("en", "well-") == []  # nothing after the hyphen: no break
    assert _hyphen_points("en", "-minded") == []


def test_a_plain_long_word_hyphenates_as_before() -> None:
    assert _hyphen_points("en", "incomprehensibly")[0] == ("incomprehens-", "ibly")


def test_a_break_carries_three_letters_at_least() -> None:
    """A score pad's heading broke `Extraordinairi-` / `té` (a designer's trial): the line
    after a break starts with three letters at least, the one before keeps two."""
    points = _hyphen_points("fr", "Extraordinairité")
    assert points and all(len(rest) >= 3 and len(start) - 1 >= 2 for start, rest in points)
    assert ("Extraordinai-", "rité") in points


def test_german_keeps_breaking_two_letters_from_a_words_end() -> None:
    """Three letters after a break is English and French; German, as TeX sets it, carries
    two (`Würfelspie-` / `le`)."""
    assert any(len(rest) == 2 for _, rest in _hyphen_points("de", "Würfelspiele"))
