"""The rulebook's pictures drawn by cairo and laid over the typeset pages (pictures.py): each
lands where weasyprint laid it out, once a file however often it appears, and a picture cairo
cannot draw (a character its font lacks) is left to weasyprint."""

from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest

from printgen.render.rulebook import pdf as pdf_module
from printgen.render.rulebook.diagrams.anatomy import at_origin
from printgen.render.rulebook.pdf import render_pdf
from printgen.render.rulebook.pictures import Pictures, stand_ins

ROOT = Path(__file__).resolve().parents[2]
CSS = "@page { size: 100mm 100mm; margin: 10mm; } body { margin: 0; } img { display: block; }"
SQUARE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20mm" height="20mm">'
    '<rect width="20" height="10" fill="#ff0000"/><rect y="10" width="20" height="10" '
    'fill="#0000ff"/></svg>'
)


def img(svg: str, width_mm: float) -> str:
    data = base64.b64encode(svg.encode()).decode("ascii")
    return (
        f'<img class="svg" src="data:image/svg+xml;base64,{data}" style="width: {width_mm}mm" '
        'alt="A red and a blue square">'
    )


def typeset(body: str) -> bytes:
    html = f'<html lang="en"><body>{body}</body></html>'
    return render_pdf(lambda _: html, CSS, base=ROOT, roots=[ROOT], where="test")


def render(pdf: bytes, page: int = 0) -> Any:
    """The page at 200 dpi, as an array of RGB pixels."""
    with pdfium.PdfDocument(pdf) as doc:
        return np.asarray(doc[page].render(scale=200 / 72).to_pil().convert("RGB")).astype(int)


def pixel(pdf: bytes, x_mm: float, y_mm: float) -> tuple[int, ...]:
    """The colour at (x, y) mm from the first page's top left."""
    return tuple(render(pdf)[round(y_mm / 25.4 * 200), round(x_mm / 25.4 * 200)])


def spans(image: Any) -> list[tuple[int, int, int, int]]:
    """The bounding boxes (left, top, right, bottom, in pixels) of the red and the blue."""
    boxes = []
    for mask in (
        (image[..., 0] > 200) & (image[..., 2] < 60),
        (image[..., 2] > 200) & (image[..., 0] < 60),
    ):
        ys, xs = np.nonzero(mask)
        boxes.append((xs.min(), ys.min(), xs.max(), ys.max()))
    return boxes


def page_text(pdf: bytes) -> str:
    with pdfium.PdfDocument(pdf) as doc:
        return str(doc[0].get_textpage().get_text_range())


def uses(pdf: bytes, name: str) -> int:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return sum(page.Contents.read_bytes().count(f"/{name} Do".encode()) for page in doc.pages)


def forms(pdf: bytes) -> int:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return sum(
            1
            for obj in doc.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"
        )


def weasyprint_draws_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pictures left to weasyprint: neither stood in for nor taken out."""
    monkeypatch.setattr(pdf_module, "stand_ins", lambda html, originals: html)
    monkeypatch.setattr(pdf_module, "take_pictures", lambda document, originals: Pictures([], []))


def test_a_picture_is_sized_by_a_stand_in_and_drawn_from_its_svg() -> None:
    """weasyprint gets an empty SVG of the same root element (so the same size) in place of
    each picture; the picture's own SVG is what is drawn, and one picture seen twice has one
    stand-in."""
    html = "<p>a</p>" + img(SQUARE, 40) + icon(SQUARE) + img(SQUARE, 40)
    originals: dict[str, str] = {}
    swapped = stand_ins(html, originals)
    assert list(originals.values()) == [SQUARE]
    (url,) = originals
    assert swapped.count(url) == 3 and "<rect" not in swapped
    empty = base64.b64decode(url[len("data:image/svg+xml;base64,") :]).decode()
    head = SQUARE[: SQUARE.index(">") + 1]
    assert empty.startswith(head) and empty.endswith("</svg>") and "<rect" not in empty


def test_a_picture_lands_where_weasyprint_would_draw_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Between two paragraphs, twice its own size: the same boxes of colour to a pixel as when
    weasyprint draws it, and the text around it in place."""
    body = "<p>Before</p>" + img(SQUARE, 40) + "<p>After</p>"
    laid = typeset(body)
    weasyprint_draws_them(monkeypatch)
    drawn = typeset(body)
    assert uses(laid, "Picture1") == 1 and uses(drawn, "Picture1") == 0
    for a, b in zip(spans(render(laid)), spans(render(drawn)), strict=True):
        assert max(abs(p - q) for p, q in zip(a, b, strict=True)) <= 1, (a, b)
    assert spans(render(laid))[0][2] - spans(render(laid))[0][0] == pytest.approx(315, abs=2)
    texts = [page_text(pdf) for pdf in (laid, drawn)]
    assert texts[0] == texts[1] and "After" in texts[0]


def test_a_picture_shown_twice_is_one_form_drawn_twice() -> None:
    once = typeset(img(SQUARE, 20))
    twice = typeset(img(SQUARE, 20) + img(SQUARE, 30))
    assert uses(twice, "Picture1") == 2
    assert forms(twice) == forms(once)


def test_a_picture_with_a_character_the_font_lacks_is_left_to_weasyprint() -> None:
    star = SQUARE.replace(
        "</svg>", '<text x="2" y="8" font-family="Lato" font-size="5">\u2736 Star</text></svg>'
    )
    pdf = typeset(img(star, 20))
    assert forms(pdf) == 0 and uses(pdf, "Picture1") == 0  # weasyprint drew it into the page
    with pdfium.PdfDocument(pdf) as doc:
        assert "\u2736 Star" in doc[0].get_textpage().get_text_range()


def test_the_same_pictures_give_the_same_bytes() -> None:
    body = "<p>Text</p>" + img(SQUARE, 20) + img(SQUARE, 25)
    assert typeset(body) == typeset(body)


def test_a_nested_face_keeps_its_place_when_its_view_box_starts_off_the_origin() -> None:
    face = SQUARE.replace('viewBox="0 0 20 20"', 'viewBox="-5 -5 30 30"').replace(
        'width="20mm" height="20mm"', 'width="30mm" height="30mm"'
    )
    moved = at_origin(face)
    assert 'viewBox="0 0 30 30"' in moved and 'transform="translate(5 5)"' in moved
    uri = "data:image/svg+xml;base64," + base64.b64encode(moved.encode()).decode("ascii")
    outer = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 30" width="30mm" '
        f'height="30mm"><image x="0" y="0" width="30" height="30" href="{uri}" '
        'preserveAspectRatio="none"/></svg>'
    )
    pdf = typeset(img(outer, 30))
    # the red half spans 5-15 mm of the face, the blue one 15-25 mm; the margin is blank
    assert pixel(pdf, 10 + 15, 10 + 8)[0] > 200
    assert pixel(pdf, 10 + 15, 10 + 22)[2] > 200
    assert pixel(pdf, 10 + 2, 10 + 2) == (255, 255, 255)


@pytest.mark.parametrize("svg", ["<svg/>", "<g/>", '<svg viewBox="0 0 1 1"></svg>'])
def test_at_origin_leaves_a_face_already_at_the_origin_or_without_a_view_box(svg: str) -> None:
    assert at_origin(svg) == svg


def icon(svg: str) -> str:
    data = base64.b64encode(svg.encode()).decode("ascii")
    return f'<img class="icon" src="data:image/svg+xml;base64,{data}" style="width: 8mm" alt="X">'


def test_an_icon_in_running_text_is_a_picture_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """An icon (`Icons.inline`) in a line of text: one form however often it appears, the
    same boxes of colour as when weasyprint draws it, the words around it in place."""
    body = f"<p>Take {icon(SQUARE)} then {icon(SQUARE)} again</p>"
    laid = typeset(body)
    weasyprint_draws_them(monkeypatch)
    drawn = typeset(body)
    assert uses(laid, "Picture1") == 2 and uses(laid, "Picture2") == 0
    assert uses(drawn, "Picture1") == 0
    for a, b in zip(spans(render(laid)), spans(render(drawn)), strict=True):
        assert max(abs(p - q) for p, q in zip(a, b, strict=True)) <= 1, (a, b)
    assert page_text(laid) == page_text(drawn)


def test_figures_are_numbered_before_icons() -> None:
    """The first figure is the pictures' first page (cairo clips the others to whole points)
    even when an icon comes before it."""
    other = SQUARE.replace('width="20mm" height="20mm"', 'width="10mm" height="10mm"')
    pdf = typeset(f"<p>{icon(other)} first</p>" + img(SQUARE, 20))
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        names = doc.pages[0].Resources.XObject
        # each form maps its picture's width onto the unit square: 1 / Matrix[0] is the width
        assert 1 / float(names["/Picture1"].Matrix[0]) == pytest.approx(20 * 72 / 25.4, abs=0.01)
        assert 1 / float(names["/Picture2"].Matrix[0]) == pytest.approx(10 * 72 / 25.4, abs=0.01)
        assert float(names["/Picture1"].BBox[2]) == pytest.approx(20 * 72 / 25.4, abs=0.01)
