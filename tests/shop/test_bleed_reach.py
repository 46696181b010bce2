"""The bleed check (`printgen.preflight.bleed_reach`) side by side, on one-page PDFs made here
(no build): art over the whole bleed passes; art that stops at the trim on one side is found
on that side alone, whatever side; a white bleed along a fifth of a side or more fails, a
tenth passes (SHORT_SHARE); a page with no bleed is not asked. The check renders only the
strips it reads (issue 32's speed), so each side's strip is covered here on its own."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from printgen.preflight.bleed_reach import short_art
from printgen.preflight.scan import scan

MEDIA = (0.0, 0.0, 200.0, 280.0)
BLEED = 9.0  # 3.2 mm
TRIM = (BLEED, BLEED, MEDIA[2] - BLEED, MEDIA[3] - BLEED)
ART = b"0.2 0.4 0.6 rg 0 0 200 280 re f "


def white(side: str, share: float = 1.0) -> bytes:
    """Paper white over one side's bleed, along `share` of the trim's length (from its start)."""
    x0, y0, x1, y1 = TRIM
    along = {"left": y1 - y0, "right": y1 - y0, "bottom": x1 - x0, "top": x1 - x0}[side] * share
    rect = {
        "left": (0, y0, BLEED, along),
        "right": (MEDIA[2] - BLEED, y0, BLEED, along),
        "bottom": (x0, 0, along, BLEED),
        "top": (x0, MEDIA[3] - BLEED, along, BLEED),
    }[side]
    return b"1 1 1 rg %.2f %.2f %.2f %.2f re f " % rect


def page_file(folder: Path, content: bytes, trim: tuple[float, ...] | None = TRIM) -> Path:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=MEDIA[2:])
    if trim is not None:
        page.obj.TrimBox = pikepdf.Array(trim)
        page.obj.BleedBox = pikepdf.Array(MEDIA)
    page.obj.Contents = pdf.make_stream(content)
    path = folder / f"page{len(list(folder.iterdir()))}.pdf"
    pdf.save(path)
    return path


def short(path: Path) -> dict[int, list[str]]:
    return short_art(path, scan(path).pages)


def test_art_over_the_whole_bleed_passes(tmp_path: Path) -> None:
    assert short(page_file(tmp_path, ART)) == {}


@pytest.mark.parametrize("side", ["left", "bottom", "right", "top"])
def test_art_stopping_at_the_trim_fails_on_that_side_alone(tmp_path: Path, side: str) -> None:
    assert short(page_file(tmp_path, ART + white(side))) == {1: [side]}


def test_every_side_is_named_when_the_art_stops_at_the_trim_all_round(tmp_path: Path) -> None:
    allround = ART + b"".join(white(s) for s in ("left", "bottom", "right", "top"))
    assert short(page_file(tmp_path, allround)) == {1: ["left", "bottom", "right", "top"]}


@pytest.mark.parametrize(("share", "fails"), [(0.3, True), (0.1, False)])
def test_a_short_stretch_fails_from_a_fifth_of_the_side(
    tmp_path: Path, share: float, fails: bool
) -> None:
    found = short(page_file(tmp_path, ART + white("top", share)))
    assert found == ({1: ["top"]} if fails else {})


def short_of_the_edge(folder: Path, side: str, mm: float) -> Path:
    """Art over the page but for a band `mm` wide along `side`'s bleed edge, left paper."""
    gap = mm * 72 / 25.4
    x0, y0, x1, y1 = {
        "left": (gap, 0, MEDIA[2], MEDIA[3]),
        "right": (0, 0, MEDIA[2] - gap, MEDIA[3]),
        "bottom": (0, gap, MEDIA[2], MEDIA[3]),
        "top": (0, 0, MEDIA[2], MEDIA[3] - gap),
    }[side]
    return page_file(
        folder, b"0.2 0.4 0.6 rg %.4f %.4f %.4f %.4f re f" % (x0, y0, x1 - x0, y1 - y0)
    )


@pytest.mark.parametrize("side", ["left", "bottom", "right", "top"])
def test_art_half_a_millimetre_short_of_the_bleed_edge_fails_on_that_side(
    tmp_path: Path, side: str
) -> None:
    """2.7 mm of the 3.2 mm bleed inked, the outer 0.5 mm paper: a sliver when the cut strays."""
    assert short(short_of_the_edge(tmp_path, side, 0.5)) == {1: [side]}


@pytest.mark.parametrize("side", ["left", "bottom", "right", "top"])
def test_art_a_sixth_of_a_millimetre_short_passes(tmp_path: Path, side: str) -> None:
    """Art made with a 3 mm bleed in a 1/8 in (3.175 mm) bleed box: under a quarter of a
    millimetre short is let through (the strips' pixel is 0.25 mm)."""
    assert short(short_of_the_edge(tmp_path, side, 3.175 - 3.0)) == {}


def test_a_white_page_is_not_art_stopping_short(tmp_path: Path) -> None:
    assert short(page_file(tmp_path, b"1 1 1 rg 0 0 200 280 re f")) == {}


def test_a_page_without_a_trim_box_is_not_asked(tmp_path: Path) -> None:
    assert short(page_file(tmp_path, b"0 0 0 rg 20 20 160 240 re f", trim=None)) == {}


# A shop rulebook's page: an A5 trim at the origin, a 3 mm bleed around it, so the boxes are
# not whole points and the bleed box starts below zero (pdfium reads boxes as 32-bit floats).
A5_TRIM = (0.0, 0.0, 419.527559, 595.275591)
MM3 = 8.503937
A5_MEDIA = (-MM3, -MM3, A5_TRIM[2] + MM3, A5_TRIM[3] + MM3)


def a5_file(folder: Path, white_side: str | None) -> Path:
    """Art over the whole A5 bleed, but paper white over `white_side`'s bleed; a grey ring
    round the trim, text and a small picture, so the strips cross more than one fill."""
    x0, y0, x1, y1 = A5_MEDIA
    content = b"0.7 0.2 0.1 rg %f %f %f %f re f " % (x0, y0, x1 - x0, y1 - y0)
    content += b"0.5 g 2 w 1 1 417.5 593.3 re S BT /F1 9 Tf 3 300 Td (edge) Tj ET "
    if white_side is not None:
        content += {
            "left": b"1 g %f 0 %f 595.275591 re f " % (x0, MM3),
            "right": b"1 g 419.527559 0 %f 595.275591 re f " % MM3,
            "bottom": b"1 g 0 %f 419.527559 %f re f " % (y0, MM3),
            "top": b"1 g 0 595.275591 419.527559 %f re f " % MM3,
        }[white_side]
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(A5_TRIM[2], A5_TRIM[3]))
    page.obj.MediaBox = pikepdf.Array(A5_MEDIA)
    page.obj.BleedBox = pikepdf.Array(A5_MEDIA)
    page.obj.TrimBox = pikepdf.Array(A5_TRIM)
    font = pdf.make_indirect(
        pikepdf.Dictionary(
            Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica
        )
    )
    page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
    page.obj.Contents = pdf.make_stream(content)
    path = folder / f"a5-{white_side}.pdf"
    pdf.save(path)
    return path


@pytest.mark.parametrize("side", [None, "left", "bottom", "right", "top"])
def test_a_page_with_boxes_off_whole_points_is_read_on_each_side(
    tmp_path: Path, side: str | None
) -> None:
    assert short(a5_file(tmp_path, side)) == ({} if side is None else {1: [side]})


def test_each_strip_holds_the_pixels_the_whole_page_has_there(tmp_path: Path) -> None:
    """The check renders only the strips it reads: each is the same pixels, at the same
    places, as a render of the whole page (a strip off by a pixel would differ at the ring)."""
    import pypdfium2 as pdfium

    from printgen.preflight import bleed_reach

    path = a5_file(tmp_path, "left")
    boxes = scan(path).pages[0]
    assert boxes.trim is not None and boxes.bleed is not None
    document = pdfium.PdfDocument(str(path))
    page = document[0]
    grid = bleed_reach._Grid.of(page, bleed_reach.DPI / 72)
    whole = bleed_reach._rendered(page, grid, grid.whole)
    assert whole.shape[:2] == (grid.height, grid.width) == (851, 607)  # at 100 dpi, rounded up
    for side in bleed_reach.SIDES:
        region = bleed_reach._strip(side, boxes.trim, boxes.bleed)
        window = grid.window(region)
        assert (window.right - window.left) * (window.bottom - window.top) < whole.size / 3 / 10
        strip = bleed_reach._rendered(page, grid, window)
        assert (strip == whole[window.top : window.bottom, window.left : window.right]).all()
    page.close()
    document.close()


def forms_file(folder: Path, arts: list[bytes]) -> Path:
    """One page a form (each page's own content stream, the same bytes on every page: `/Fm
    Do`), each form painting `arts[i]`; pages whose forms are one object share it."""
    pdf = pikepdf.new()
    forms: dict[bytes, pikepdf.Object] = {}
    for art in arts:
        if art not in forms:
            forms[art] = pdf.make_stream(art, Type=pikepdf.Name.XObject, BBox=list(MEDIA))
            forms[art].Subtype = pikepdf.Name.Form
        page = pdf.add_blank_page(page_size=MEDIA[2:])
        page.obj.TrimBox = pikepdf.Array(TRIM)
        page.obj.BleedBox = pikepdf.Array(MEDIA)
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fm=forms[art]))
        page.obj.Contents = pdf.make_stream(b"q /Fm Do Q")
    path = folder / f"forms{len(list(folder.iterdir()))}.pdf"
    pdf.save(path)
    return path


def test_pages_drawn_alike_are_read_once_and_each_reported(tmp_path: Path) -> None:
    """A deck's backs: pages with the same content and resources are rendered once, and each
    is reported; a page with the same content bytes painting another form is read apart."""
    from printgen.preflight import bleed_reach

    short_top = ART + white("top")
    path = forms_file(tmp_path, [short_top, ART, short_top, ART, short_top])
    pages = scan(path).pages
    assert len({p.drawn for p in pages}) == 2 and all(p.drawn for p in pages)
    read: list[int] = []
    real = bleed_reach._short_sides

    def counted(document: object, number: int, *rest: tuple[float, ...]) -> list[str]:
        read.append(number)
        return real(document, number, *rest)  # type: ignore[arg-type]

    bleed_reach._short_sides = counted  # type: ignore[assignment]
    try:
        found = short_art(path, pages)
    finally:
        bleed_reach._short_sides = real  # type: ignore[assignment]
    assert found == {1: ["top"], 3: ["top"], 5: ["top"]}
    assert read == [1, 2]


def test_what_a_page_inherits_tells_it_apart() -> None:
    """Pages alike in their own dictionaries and content but inheriting other resources or
    turns from the page tree are drawn differently: their digests differ. One whose content
    is no stream is not told apart at all (it is always read)."""
    from printgen.preflight.drawn import PageDigests

    kept: list[pikepdf.Pdf] = []  # a page lives as long as its document

    def page_under(**tree: object) -> pikepdf.Object:
        pdf = pikepdf.new()
        kept.append(pdf)
        page = pdf.add_blank_page(page_size=MEDIA[2:])
        del page.obj["/Resources"]
        page.obj.Contents = pdf.make_stream(b"q /Fm Do Q")
        for key, value in tree.items():
            pdf.Root.Pages[f"/{key}"] = value
        return page.obj

    plain = PageDigests().of(page_under())
    assert plain and plain == PageDigests().of(page_under())
    assert PageDigests().of(page_under(Rotate=90)) not in (plain, b"")
    xobjects = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fm=pikepdf.Dictionary()))
    assert PageDigests().of(page_under(Resources=xobjects)) not in (plain, b"")
    no_stream = page_under()
    no_stream.Contents = pikepdf.Array([pikepdf.Dictionary()])
    assert PageDigests().of(no_stream) == b""


def test_what_pages_share_is_digested_once(tmp_path: Path) -> None:
    """Anyone's file may share one large resource dictionary and content stream among many
    pages: each is digested once a file (else the digests alone would cost pages times
    their size, past what preflight's budget counts)."""
    from printgen.preflight import drawn

    pdf = pikepdf.new()
    fonts = pikepdf.Dictionary({f"/F{i}": pikepdf.Dictionary() for i in range(50)})
    shared = pdf.make_indirect(pikepdf.Dictionary(Font=fonts))
    content = pdf.make_stream(b"0 0 200 280 re f")
    for _ in range(30):
        page = pdf.add_blank_page(page_size=MEDIA[2:])
        page.obj.Resources = shared
        page.obj.Contents = pikepdf.Array([content, content])
    path = tmp_path / "shared.pdf"
    pdf.save(path)
    made: list[bool] = []  # each value digested: is it the shared resources?
    real = drawn._text_digest

    def counted(value: object) -> bytes:
        made.append(isinstance(value, pikepdf.Dictionary) and "/Font" in value)
        return real(value)

    drawn._text_digest = counted  # type: ignore[assignment]
    try:
        pages = scan(path).pages
    finally:
        drawn._text_digest = real  # type: ignore[assignment]
    assert len({p.drawn for p in pages}) == 1 and pages[0].drawn
    assert made.count(True) == 1
    assert len(made) < 30 * 3  # per page: MediaBox and Type; the shared ones once
