"""A face painted at any fraction of a point stays vectors, in the right place.

cairo 1.16 moves a recording's clips by the whole part of a translation only, so a thin line
inside a clip (an SVG icon's stroke, here) seemed to vanish at some fractional offsets and the
PDF surface printed the whole card as a broken raster image. A designer's bridge-size game
with a 2 mm gutter lost a column of cards that way."""

from __future__ import annotations

import io

import pdfplumber
import pikepdf
import pytest

from printgen.layout.sizes import CARD_SIZES
from printgen.layout.units import PT_PER_MM
from printgen.render.draw import vector
from printgen.render.sheets.card_sheets import _place, deck_sheet

LINE_X_MM = 6.169
"""The line's place in the card (trim at 0): with the offsets below, one that cairo 1.16
turned into a raster image (found by a scan of offsets)."""

FACE = f"""<svg xmlns="http://www.w3.org/2000/svg" width="63.5mm" height="95.25mm"
 viewBox="-3.175 -3.175 63.5 95.25">
<rect x="-3.175" y="-3.175" width="63.5" height="95.25" fill="#708090"/>
<clipPath id="c"><rect x="{LINE_X_MM - 1}" y="81.5" width="2.3" height="2.3"/></clipPath>
<g clip-path="url(#c)"><line x1="{LINE_X_MM}" y1="82" x2="{LINE_X_MM}" y2="84"
 stroke="#000" stroke-width="0.2"/></g>
</svg>"""


def _page(paint: object) -> bytes:
    out = io.BytesIO()
    surface = vector.pdf_surface(out, 210, 297, "test")
    context = vector.mm_context(surface)
    paint(context)  # type: ignore[operator]
    surface.show_page()
    surface.finish()
    return out.getvalue()


def _images(pdf: bytes) -> int:
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return sum(
            1
            for obj in document.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
        )


@pytest.fixture(scope="module")
def face(tmp_path_factory: pytest.TempPathFactory) -> vector.Recorded:
    return vector.record_svg(FACE, [tmp_path_factory.mktemp("game")], "test face")


@pytest.mark.parametrize("sixteenths", range(16))
def test_a_face_at_any_fraction_of_a_point_is_painted_as_vectors(
    face: vector.Recorded, sixteenths: int
) -> None:
    left_pt = 39 + sixteenths / 16  # 39 7/8 pt was turned into an image
    left_mm, top_mm = left_pt / PT_PER_MM, 10.0

    pdf = _page(lambda context: vector.paint(context, face, left_mm, top_mm))

    assert _images(pdf) == 0
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        (line,) = document.pages[0].lines
    expected_x = (left_mm + 3.175 + LINE_X_MM) * PT_PER_MM
    assert line["x0"] == pytest.approx(expected_x, abs=0.01)


def test_a_bridge_sheet_with_a_gutter_keeps_every_card_as_vectors(
    face: vector.Recorded,
) -> None:
    sheet = deck_sheet(CARD_SIZES["bridge"], "a4", 2)

    def paint_all(context: object) -> None:
        for slot in sheet.slots:
            _place(context, sheet.paper, sheet.card_bleed, slot, face)

    pdf = _page(paint_all)

    assert len(sheet.slots) == 9
    assert _images(pdf) == 0
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        filled = [r for r in page.rects if r["non_stroking_color"] not in (None, (1,), (1, 1, 1))]
        lines = page.lines
    assert len(lines) == 9  # each card's line drawn, none lost to a raster
    assert len(filled) >= 9
