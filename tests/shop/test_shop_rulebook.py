"""The shop rulebook is a print file (issue 32): a multiple of 4 pages for saddle stitching,
no links or other annotations, and the design's own cover even when the home kit is built
with --ink-saver."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pikepdf

from printgen.commands.build import BuildOptions
from printgen.model import Game
from printgen.render.outputs import Kind, Output
from printgen.render.rulebook.build import rule_files
from printgen.render.shop.rules import for_print


def test_the_shop_rulebook_is_padded_to_4_and_has_no_annotations(shops: Path) -> None:
    """... and no tags: the reading copy is the tagged PDF/UA one (shop/rules.py says why)."""
    with pikepdf.open(shops / "rules.pdf") as reading:
        pages = len(reading.pages)
        links = sum(len(p.obj.get("/Annots", [])) for p in reading.pages)
        size = [float(v) for v in reading.pages[-1].mediabox]
        assert "/StructTreeRoot" in reading.Root and "/StructParents" in reading.pages[0].obj
    assert links > 0  # the reading copy keeps its links
    with pikepdf.open(shops / "shop" / "print" / "rules.pdf") as shop:
        assert not {"/StructTreeRoot", "/MarkInfo"} & set(shop.Root.keys())
        assert all("/StructParents" not in p.obj for p in shop.pages)
        assert len(shop.pages) % 4 == 0
        assert pages <= len(shop.pages) < pages + 4
        assert all("/Annots" not in p.obj for p in shop.pages)
        for page in list(shop.pages)[pages:]:  # the added pages: blank, of the same trim
            assert [float(v) for v in page.obj.TrimBox] == size
            painted = [str(op) for _, op in pikepdf.parse_content_stream(page)]
            assert not {"Tj", "TJ", "f", "Do"} & set(painted), painted


def test_for_print_pads_with_blank_pages_of_the_last_pages_size() -> None:
    pdf = pikepdf.new()
    for _ in range(5):
        pdf.add_blank_page(page_size=(420, 595))
    pdf.pages[0].obj.Annots = pdf.make_indirect(
        pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(Subtype=pikepdf.Name.Link))])
    )
    data = io.BytesIO()
    pdf.save(data)
    with pikepdf.open(io.BytesIO(for_print(data.getvalue()))) as made:
        assert len(made.pages) == 8
        assert [float(v) for v in made.pages[7].mediabox] == [0, 0, 420, 595]
        assert "/Annots" not in made.pages[0].obj


def test_ink_saver_leaves_the_shop_rulebook_as_designed(shops: Path, mywuxing: Game) -> None:
    options = replace(BuildOptions(), ink_saver=True, shops=("print",))
    files = rule_files(mywuxing, options, None)
    saved = files[Output(Kind.RULEBOOK)]
    assert saved != (shops / "rules.pdf").read_bytes()  # the home copy has the light cover
    made = files[Output(Kind.RULEBOOK, "", "print")]
    assert made == (shops / "shop" / "print" / "rules.pdf").read_bytes()


def test_edge_rectangles_are_stretched_on_the_bytes_as_the_full_parser_does() -> None:
    """The bleed's byte scan (`_stretched_bytes`) grows the rectangles at the page's edges as
    the full parser's path (`_stretch_edges`) does, worked by hand on a 100 x 200 pt page
    with 5 pt of bleed; a rectangle inside the page, one under a turned CTM and a string
    holding `re` are left as they were."""
    from printgen.render.shop.bleed import _stretch_edges, _stretched_bytes

    stream = (
        b"q 0 0 100 200 re f Q\n"  # the whole page: out by 5 on every side
        b"q 2 0 0 -2 0 200 cm 0 0 50 20 re W n 10 10 20 20 re f Q\n"  # flipped: top band
        b"q 0 1 -1 0 100 0 cm 0 0 200 100 re f Q\n"  # turned: left as it is
        b"BT /F1 9 Tf (0 0 100 200 re) Tj ET 50 0 50 30 re f"  # bottom right corner
    )
    by_bytes = _stretched_bytes(stream, (0.0, 0.0, 100.0, 200.0), 5.0)
    assert _rects(by_bytes) == [
        [-5.0, -5.0, 110.0, 210.0],
        [-2.5, -2.5, 55.0, 22.5],  # device x -5..105, y 160..205: halved and flipped
        [10.0, 10.0, 20.0, 20.0],
        [0.0, 0.0, 200.0, 100.0],
        [50.0, -5.0, 55.0, 35.0],
    ]
    assert b"(0 0 100 200 re) Tj" in by_bytes and b"10 10 20 20 re" in by_bytes
    pdf = pikepdf.new()
    by_parser = _stretch_edges(pdf.make_stream(stream), (0.0, 0.0, 100.0, 200.0), 5.0)
    assert _rects(by_bytes) == _rects(by_parser)


def _rects(data: bytes) -> list[list[float]]:
    pdf = pikepdf.new()
    return [
        [float(v) for v in operands]
        for operands, op in pikepdf.parse_content_stream(pdf.make_stream(data))
        if str(op) == "re"
    ]
