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
