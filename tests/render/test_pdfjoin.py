"""Joining cairo's PDFs by copying their objects (printgen.render.pdf.join, pdfpieces): the joined
file shows the pieces' pages as pikepdf's join does, pixel for pixel, with cards-print.pdf's
boxes, labels and bookmarks, and takes no PDF library for cairo's files."""

from __future__ import annotations

import io

import pikepdf
import pytest

from printgen.render.draw import vector
from printgen.render.pdf.fix import set_viewer_preferences, tidy_cairo_pdf
from printgen.render.pdf.join import _join_with_pikepdf, join_pdfs
from printgen.render.pdf.pieces import Unsupported, read_piece
from printgen.render.pdf.print_pdf import finish_pdf


def cairo_piece(first: int, pages: int) -> bytes:
    """A PDF as the card files' windows are written: cairo's, tidied, with viewer
    preferences appended; each page shows its number in text and a coloured square."""
    out = io.BytesIO()
    surface = vector.pdf_surface(out, 60, 80, "Join test: cards")
    context = vector.mm_context(surface)
    for number in range(first, first + pages):
        context.set_source_rgb(number % 3 / 2, 0.2, 0.6)
        context.rectangle(5, 5, 20 + number, 30)
        context.fill()
        context.set_source_rgb(0, 0, 0)
        context.set_font_size(6)
        context.move_to(8, 50)
        context.show_text(f"Page {number} (1 0 R) %")
        surface.show_page()
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=True)


def pixels(pdf: bytes) -> list[bytes]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return [bytes(page.render(scale=0.5).to_pil().tobytes()) for page in document]
    finally:
        document.close()


def structure(pdf: bytes) -> dict[str, object]:
    """What a reader sees of the joined file beyond its pixels."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        assert doc.check_pdf_syntax() == []
        seen: dict[str, object] = {
            "pages": len(doc.pages),
            "info": {key: str(value) for key, value in doc.docinfo.items()},
            "preferences": {k: str(v) for k, v in doc.Root.ViewerPreferences.items()},
            "boxes": [
                [[float(v) for v in page.obj.get(box, [])] for box in ("/BleedBox", "/TrimBox")]
                for page in doc.pages
            ],
            "mode": str(doc.Root.get("/PageMode")),
        }
        if "/PageLabels" in doc.Root:
            nums = list(doc.Root.PageLabels.Nums)
            seen["labels"] = [(int(nums[i]), str(nums[i + 1].P)) for i in range(0, len(nums), 2)]
            with doc.open_outline() as outline:
                seen["outline"] = [
                    (
                        item.title,
                        doc.pages.index(pikepdf.Page(item.destination[0])),
                        [
                            (child.title, doc.pages.index(pikepdf.Page(child.destination[0])))
                            for child in item.children
                        ],
                    )
                    for item in outline.root
                ]
        return seen


PIECES = [(1, 3), (4, 1), (5, 4)]
OUTLINE = [
    ("deck (5 cards)", ["a 1/2", "a 2/2", "b (x)", "c\\d", "back"]),
    ("Élan (3)", ["ü", "å", "ø"]),
]


@pytest.mark.parametrize("bleed, outline", [(None, []), (3.175, OUTLINE)])
def test_the_joined_file_shows_what_pikepdfs_join_shows(bleed, outline) -> None:
    pieces = [cairo_piece(first, pages) for first, pages in PIECES]
    ours = join_pdfs(pieces, bleed, outline)
    theirs = _join_with_pikepdf(pieces, bleed, outline)
    assert structure(ours) == structure(theirs)
    assert pixels(ours) == pixels(theirs)
    assert ours == join_pdfs(pieces, bleed, outline)  # the same pieces, the same bytes
    with pikepdf.open(io.BytesIO(ours)) as doc:
        assert len(doc.trailer.ID) == 2
        assert "/CreationDate" not in doc.docinfo


def test_cairos_pieces_are_joined_without_pikepdf(monkeypatch: pytest.MonkeyPatch) -> None:
    """Copying the pieces' objects as they are: no PDF library parses and writes them again
    (pikepdf took some 0.3 s for a 1,000-card deck's cards-print.pdf, on every one-card
    edit)."""
    pieces = [cairo_piece(first, pages) for first, pages in PIECES]

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("pikepdf opened a piece")

    monkeypatch.setattr(pikepdf, "open", refused)
    joined = join_pdfs(pieces, 3.175, OUTLINE)
    monkeypatch.undo()
    assert structure(joined)["pages"] == 8
    stored = {obj.data for piece in pieces for obj in read_piece(piece).objects.values()}
    with pikepdf.open(io.BytesIO(joined)) as doc:  # every stream's bytes taken over as they are
        for page in doc.pages:
            assert page.obj.Contents.read_raw_bytes() in stored


def test_a_piece_cairo_did_not_write_is_joined_by_pikepdf() -> None:
    """A file with object streams (saved by pikepdf) is not one pdfpieces reads: the join
    falls back to pikepdf and shows the same pages."""
    pieces = [cairo_piece(first, pages) for first, pages in PIECES]
    with pikepdf.open(io.BytesIO(pieces[1])) as doc:
        pieces[1] = finish_pdf(doc)
    with pytest.raises(Unsupported):
        read_piece(pieces[1])
    joined = join_pdfs(pieces, 3.175, OUTLINE)
    assert structure(joined) == structure(_join_with_pikepdf(pieces, 3.175, OUTLINE))
    assert pixels(joined) == pixels(_join_with_pikepdf(pieces, 3.175, OUTLINE))


def test_a_string_holding_a_reference_or_a_percent_sign_is_left_as_it_is() -> None:
    """A string is text: a '1 0 R' in it is not renumbered, a '%' in it starts no comment,
    and its nested parentheses do not end it (a link's address, here)."""
    address = "https://example.org/a (1 0 R) %41"
    out = io.BytesIO()
    surface = vector.pdf_surface(out, 60, 80, "Join test: a link")
    context = vector.mm_context(surface)
    context.tag_begin("Link", f"uri='{address}'")
    context.rectangle(5, 5, 10, 10)
    context.fill()
    context.tag_end("Link")
    surface.show_page()
    surface.finish()
    linked = tidy_cairo_pdf(out.getvalue())
    read_piece(linked)  # read as cairo's, not handed to pikepdf
    joined = join_pdfs([cairo_piece(1, 2), linked])
    with pikepdf.open(io.BytesIO(joined)) as doc:
        assert doc.check_pdf_syntax() == []
        assert str(doc.pages[2].obj.Annots[0].A.URI) == address


def test_a_window_read_once_is_read_from_the_build_store(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    """After one card's edit every window but that card's is the same: its objects are taken
    from the build store (printgen.files.memo) instead of being read from the PDF again; an
    entry the store holds in another form is read from the window, to the same bytes."""
    from printgen.files import memo
    from printgen.render.pdf import join as pdfjoin

    pieces = [cairo_piece(first, pages) for first, pages in PIECES]
    memo.configure(tmp_path / "store")
    try:
        first = join_pdfs(pieces, 3.175, OUTLINE)
        monkeypatch.setattr(pdfjoin, "read_piece", lambda data: pytest.fail("read again"))
        assert join_pdfs(pieces, 3.175, OUTLINE) == first
        monkeypatch.undo()
        for entry in (tmp_path / "store" / "pdf-piece").iterdir():
            entry.write_bytes(memo.seal(b"something else"))
        assert join_pdfs(pieces, 3.175, OUTLINE) == first
    finally:
        memo.configure(None)
