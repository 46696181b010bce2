"""The rulebook pictures' text floor (issue 16): a drawing told its printed width raises any
smaller text to LABEL_PT there, and a mini card's title too long for one line takes two. Their
line floor: placed at its printed width, no stroke of a drawing (an icon's, drawn small inside a
scaled group, included) prints under STROKE_PT, the shops' hairline kept in the booklet."""

from __future__ import annotations

import re

import pytest
from markupsafe import Markup

from printgen.layout.minicard import title_lines
from printgen.layout.units import HAIRLINE_PT, PT_PER_MM
from printgen.render.draw.svgdraw import LABEL_PT, STROKE_PT, Svg, legible


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


def _printed_strokes(markup: str, pt_per_unit: float) -> list[float]:
    """Each stroke-width of `markup` in printed points, through the scale() of the groups
    around it (the only transform these drawings nest strokes in)."""
    widths, scales = [], [1.0]
    for closing, body, alone in re.findall(r"<(/?)(?:[\w-]+)([^<>]*?)(/?)>", markup):
        if closing:
            scales.pop()
            continue
        scale = scales[-1]
        found = re.search(r"scale\(([0-9.]+)\)", body)
        if found:
            scale *= float(found.group(1))
        width = re.search(r'stroke-width="([0-9.]+)"', body)
        if width and 'stroke="none"' not in body:
            widths.append(float(width.group(1)) * scale * pt_per_unit)
        if not alone:
            scales.append(scale)
    return widths


def test_no_stroke_of_a_placed_drawing_prints_under_a_shops_hairline() -> None:
    # The Way's crowded Void: an air icon 2.5 units wide, its swirl 8 % of that, printed a
    # 0.24 pt line (a unit was 1.22 pt there); here a unit is 0.94 pt: a 0.19 pt line
    svg = Svg(180, 100)
    swirl = '<path d="M6,40H58" fill="none" stroke="#000" stroke-width="8"/>'
    svg.raw(Markup(f'<g transform="translate(10 10) scale(0.025)">{swirl}</g>'))
    svg.el("circle", cx=5, cy=5, r=2, fill="#fff", stroke="#fff", stroke_width=0.1)
    svg.el("rect", x=1, y=1, width=9, height=9, stroke="#000", stroke_width=0.7)
    svg.el("path", d="M0,0H9", stroke="none", stroke_width=0.01)
    pt_per_unit = 60 * PT_PER_MM / 180
    widths = _printed_strokes(str(svg.markup(60)), pt_per_unit)
    assert STROKE_PT * 0.91 >= HAIRLINE_PT  # the booklet prints the A5 page at 91 % or more
    assert widths[:2] == [pytest.approx(STROKE_PT, abs=1e-3)] * 2
    assert widths[2] == pytest.approx(0.7 * pt_per_unit)  # wide enough: left as drawn
    assert 'stroke="none" stroke-width="0.01"' in str(svg.markup(60))  # draws no line


def test_the_same_drawing_shown_larger_keeps_its_strokes() -> None:
    svg = Svg(180, 100)
    svg.el("path", d="M0,0H9", stroke="#000", stroke_width=0.25)
    assert 'stroke-width="0.25"' in str(svg.markup(300))  # 0.25 units print at 1.2 pt
    assert 'stroke-width="0.25"' not in str(svg.markup(60))  # and at 0.24 pt: raised
