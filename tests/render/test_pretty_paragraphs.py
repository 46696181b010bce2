"""A paragraph does not end on a one-word line where its box allows (CSS `text-wrap:
pretty`): it is broken a little narrower, in as many lines (issue 36: CL4SH's Chain
Reaction, Shield and Signal ended on `player.`, `element.`). Worked by hand with half-em
letters (ApproxMeasure: 0.55 em a character, the space included), at size 1."""

from __future__ import annotations

from printgen.render.text.richtext import Layout, fit
from printgen.render.text.textfit import ApproxMeasure


def _lines(text: str, width: float) -> tuple[list[str], int]:
    layout = Layout("Lato", ApproxMeasure())
    block = fit(text, layout, width, 100, 1, 1, leading=1.2, max_lines=None, extents=(0.8, 0.2))
    words = [" ".join(p.piece.text for p in line.pieces) for line in block.lines]
    return words, block.runts


def test_a_one_word_last_line_takes_a_word_from_the_line_above() -> None:
    # greedy at 10.5 em: "aaaa bbbb cccc dddd" (19 x 0.55 = 10.45 em) then "ee" alone;
    # at 97.5 % (10.24 em) "dddd" moves down: two lines, the last of two words
    assert _lines("aaaa bbbb cccc dddd ee", 10.5) == (["aaaa bbbb cccc", "dddd ee"], 0)


def test_a_paragraph_that_fits_one_line_or_ends_well_is_left_alone() -> None:
    assert _lines("aaaa bbbb cccc dddd ee", 20) == (["aaaa bbbb cccc dddd ee"], 0)
    assert _lines("aaaa bbbb cccc dd ee", 8) == (["aaaa bbbb cccc", "dd ee"], 0)


def test_a_runt_no_narrower_setting_avoids_is_counted() -> None:
    # 6 em holds 10 letters (5.5 em): each long word takes a line of its own, "cc" too;
    # a narrower measure would split a word, so the runt stays and validate notes it
    assert _lines("aaaaaaaaaa bbbbbbbbbb cc", 6) == (["aaaaaaaaaa", "bbbbbbbbbb", "cc"], 1)
    # two words on two lines (a title) are no paragraph to mend: not counted
    assert _lines("aaaaaaaaaa bb", 6) == (["aaaaaaaaaa", "bb"], 0)
