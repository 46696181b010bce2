"""The rulebook pictures' text floor (issue 16): a drawing told its printed width raises any
smaller text to LABEL_PT there, and a mini card's title too long for one line takes two."""

from __future__ import annotations

import re

import pytest

from printgen.layout.minicard import title_lines
from printgen.layout.svgdraw import LABEL_PT, Svg, legible
from printgen.layout.units import PT_PER_MM


def _sizes(svg: Svg) -> list[float]:
    return [float(v) for v in re.findall(r'font-size="([0-9.]+)"', "".join(svg.parts))]


def test_text_under_the_floor_is_raised_to_it() -> None:
    svg = Svg(100, 40, printed_mm=50)  # half a millimetre a unit
    svg.text(10, 10, "small", size=2)
    svg.text(10, 20, "large", size=6)
    svg.text_row([1, 2, 3], 30, "123", size=1)
    floor = legible(100, 50)
    assert floor * 50 / 100 * PT_PER_MM == pytest.approx(LABEL_PT)
    assert _sizes(svg) == [pytest.approx(floor, abs=1e-3), 6.0, pytest.approx(floor, abs=1e-3)]


def test_a_drawing_without_a_printed_width_keeps_its_sizes() -> None:
    svg = Svg(100, 40)
    svg.text(10, 10, "small", size=2)
    assert _sizes(svg) == [2.0]


def test_a_title_too_wide_for_its_card_goes_on_two_lines() -> None:
    assert title_lines("Echo", 19.0, 4.4) == ["Echo"]
    assert title_lines("Chain Reaction", 19.0, 4.4) == ["Chain", "Reaction"]
    assert title_lines("Almighty", 12.0, 4.4) == ["Almighty"]  # one word cannot be split
