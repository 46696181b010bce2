"""The backdrops PDF/X-1a flattening renders: a patch's two pictures (the page without and
with a translucent paint), made together in one file, are those made one at a time."""

from __future__ import annotations

import io

import pikepdf

from printgen.render.shop.backdrop import Backdrops, Trail

PLACE = (100.0, 0.0, 0.0, 100.0, 50.0, 50.0)
"""A 100 pt square over both rectangles' corner, in page space."""


def _page_with_a_translucent_square() -> tuple[bytes, Trail]:
    """A red square, a half-transparent blue one over its corner; the trail to the blue fill."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    page = pdf.pages[0].obj
    page.Resources = pikepdf.Dictionary(
        ExtGState=pikepdf.Dictionary(Half=pikepdf.Dictionary(ca=0.5, CA=0.5))
    )
    content = b"1 0 0 rg 0 0 100 100 re f /Half gs 0 0 1 rg 50 50 100 100 re f"
    page.Contents = pdf.make_stream(content)
    out = io.BytesIO()
    pdf.save(out, static_id=True)
    data = out.getvalue()
    with pikepdf.open(io.BytesIO(data)) as saved:
        first = saved.pages[0].obj
        operators = [str(item.operator) for item in pikepdf.parse_content_stream(first)]
        trail: Trail = ((first.objgen, len(operators) - 1),)
    return data, trail


def test_before_and_after_are_the_pictures_under_draws_one_at_a_time() -> None:
    data, trail = _page_with_a_translucent_square()
    one_at_a_time = Backdrops(data)
    together = Backdrops(data)
    try:
        before = one_at_a_time.under(trail, PLACE, (40, 40))
        after = one_at_a_time.under(trail, PLACE, (40, 40), after=True)
        both = together.before_and_after(trail, PLACE, (40, 40))
    finally:
        one_at_a_time.close()
        together.close()
    assert before is not None and after is not None
    assert both[0] is not None and both[1] is not None
    assert both[0].tobytes() == before.tobytes()
    assert both[1].tobytes() == after.tobytes()
    # the blue square shows only in the second, blended with the red under its corner
    assert before.getpixel((5, 35)) == (255, 0, 0)
    red, green, blue = after.getpixel((5, 35))
    assert 100 < red < 160 and green < 20 and 100 < blue < 160
    assert after.getpixel((35, 5)) != before.getpixel((35, 5))
