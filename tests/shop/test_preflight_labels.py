"""Page labels read at once (`preflight.labels.prefix_labels`) are the labels pikepdf's
`Page.label` reads page by page: on a shop file of ours, and on label trees of every shape
(prefixes alone from page 0: read at once; anything else: left to `Page.label`)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from printgen.preflight.labels import prefix_labels
from printgen.preflight.scan import scan


def _labelled(nums: list[object], pages: int = 5, kids: bool = False) -> pikepdf.Pdf:
    pdf = pikepdf.new()
    for _ in range(pages):
        pdf.add_blank_page(page_size=(100, 100))
    tree = pikepdf.Dictionary(Nums=pikepdf.Array(nums))
    if kids:
        tree.Kids = pikepdf.Array([])
    pdf.Root.PageLabels = pdf.make_indirect(tree)
    return pdf


def _prefix(text: str) -> pikepdf.Dictionary:
    return pikepdf.Dictionary(P=pikepdf.String(text))


def test_a_shop_file_s_labels_are_read_at_once_as_pikepdf_reads_them(shops: Path) -> None:
    with pikepdf.open(shops / "shop" / "dtc" / "deck.pdf") as pdf:
        fast = prefix_labels(pdf)
        assert fast is not None and len(set(fast)) > 1
        assert fast == [str(page.label) for page in pdf.pages]


def test_prefix_ranges_cover_the_pages_after_them() -> None:
    pdf = _labelled([0, _prefix("front"), 2, _prefix("back"), 4, _prefix("é")])
    assert prefix_labels(pdf) == ["front", "front", "back", "back", "é"]
    assert prefix_labels(pdf) == [str(page.label) for page in pdf.pages]


@pytest.mark.parametrize(
    ("nums", "kids"),
    [
        ([0, pikepdf.Dictionary(S=pikepdf.Name.D)], False),  # a numbering style
        ([0, pikepdf.Dictionary(P=pikepdf.String("x"), St=3)], False),  # a start
        ([1, _prefix("late")], False),  # the first range after page 0
        ([0, _prefix("a"), 3, _prefix("b"), 2, _prefix("c")], False),  # out of order
        ([0, _prefix("a"), 0, _prefix("b")], False),  # a key twice
        ([0, _prefix("a")], True),  # kids
        ([0, pikepdf.Dictionary(P=pikepdf.Name("/x"))], False),  # a prefix not a string
        ([0, _prefix("a"), 2], False),  # a key without its label
        ([], False),
    ],
)
def test_other_trees_are_left_to_pikepdf(nums: list[object], kids: bool) -> None:
    pdf = _labelled(nums, kids=kids)
    assert prefix_labels(pdf) is None


def test_the_scan_names_pages_as_pikepdf_does_either_way(tmp_path: Path) -> None:
    for nums in ([0, _prefix("a"), 3, _prefix("b")], [0, pikepdf.Dictionary(S=pikepdf.Name.r)]):
        pdf = _labelled(nums)
        want = [str(page.label) for page in pdf.pages]
        pdf.save(tmp_path / "labelled.pdf")
        assert [p.label for p in scan(tmp_path / "labelled.pdf").pages] == want
