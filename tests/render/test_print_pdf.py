"""cards-print.pdf: one card a page at trim + 1/8 in bleed, TrimBox and BleedBox set, each page
labelled and bookmarked with the card it shows."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from printgen.layout.units import PT_PER_MM
from printgen.model import Game


def test_one_card_a_page_fronts_then_the_back_with_trim_and_bleed_boxes(
    built: Path, mywuxing: Game
) -> None:
    pdf = pikepdf.open(built / "cards-print.pdf")
    assert len(pdf.pages) == 54 + 1
    trim = mywuxing.card_size
    assert trim.name == "poker"
    bleed = 25.4 / 8 * PT_PER_MM
    for page in pdf.pages:
        media = [float(v) for v in page.mediabox]
        assert media == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72], abs=0.01)  # the TGC size
        assert [float(v) for v in page.obj.BleedBox] == pytest.approx(media)
        assert [float(v) for v in page.obj.TrimBox] == pytest.approx(
            [bleed, bleed, media[2] - bleed, media[3] - bleed], abs=0.01
        )
    assert pdf.check_pdf_syntax() == []
    assert "/CreationDate" not in pdf.docinfo
    assert len(pdf.trailer.ID) == 2


def test_fronts_in_data_order_and_the_back_last(built: Path) -> None:
    import pypdf

    pages = pypdf.PdfReader(built / "cards-print.pdf").pages
    assert "Water" in pages[0].extract_text()
    assert "Metal" in pages[39].extract_text()
    assert "Infinite Dragon" in pages[40].extract_text()
    assert pages[54].extract_text().count("MYWUXING") == 2  # the back, title twice


def test_every_page_is_labelled_and_bookmarked_with_its_card(built: Path) -> None:
    pdf = pikepdf.open(built / "cards-print.pdf")
    nums = list(pdf.Root.PageLabels.Nums)
    labels = {int(nums[i]): str(nums[i + 1].P) for i in range(0, len(nums), 2)}
    assert sorted(labels) == list(range(55))
    assert labels[0] == "water 1/8"  # eight Water cards come first in the data
    assert labels[7] == "water 8/8"
    assert labels[54] == "back"
    with pdf.open_outline() as outline:
        (deck,) = outline.root
        assert deck.title == "deck (54 cards)"
        titles = [item.title for item in deck.children]
    assert titles == [labels[i] for i in range(55)]


def test_the_bookmarks_are_the_objects_pikepdfs_outline_editor_writes(built: Path) -> None:
    """label_pages writes the outline's objects itself (issue 18: a 1,000-card deck's 1,002
    bookmarks cost 0.10 s through pikepdf's item model, 0.04 s so); the saved file is the same
    byte for byte as with pikepdf's editor, for two decks, a title outside ASCII, and none."""
    import io

    from printgen.render.pdf.print_pdf import finish_pdf, label_pages

    source = (built / "cards-print.pdf").read_bytes()
    outlines: list[list[tuple[str, list[str]]]] = [
        [("deck (30 cards)", [f"card {i}" for i in range(30)]), ("Élan (25)", ["ü"] * 25)],
        [],
    ]
    for outline in outlines:
        with pikepdf.open(io.BytesIO(source)) as doc:
            label_pages(doc, outline)
            ours = finish_pdf(doc)
        with pikepdf.open(io.BytesIO(source)) as doc:
            nums: list[object] = []
            index = 0
            with doc.open_outline() as tree:
                tree.root.clear()
                for title, labels in outline:
                    deck = pikepdf.OutlineItem(title, index)
                    for label in labels:
                        nums += [index, pikepdf.Dictionary(P=pikepdf.String(label))]
                        deck.children.append(pikepdf.OutlineItem(label, index))
                        index += 1
                    tree.root.append(deck)
            doc.Root.PageLabels = pikepdf.Dictionary(Nums=pikepdf.Array(nums))
            doc.Root.PageMode = pikepdf.Name.UseOutlines
            theirs = finish_pdf(doc)
        assert ours == theirs
