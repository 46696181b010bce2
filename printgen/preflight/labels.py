"""Every page's label read at once, as pikepdf's `Page.label` reads it one page at a time.

`Page.label` finds the page's index among the document's pages and looks its label up in the
catalog's /PageLabels number tree: each call walks the pages and the tree again (0.05 s of
CPU for the 1,138 pages of a kit's shop files). The labels printgen writes, a flat /Nums
array from page 0 whose every range has a prefix alone (`/P (fire-1 1/2)`), are read here in
one pass over the array. A tree of any other shape (kids, a numbering style, a start, keys
out of order), or one that cannot be read, is left to `Page.label`, page by page, which
also says on which page a label cannot be read (`tests/shop/test_preflight_labels.py`
compares the two).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf


def prefix_labels(pdf: pikepdf.Pdf) -> list[str] | None:
    """Each page's label, in order, when the file's labels are prefixes alone in a flat
    /Nums array from page 0; None otherwise (then ask `Page.label`)."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    try:
        ranges = _prefix_ranges(pdf.Root.get("/PageLabels"))
    except (pikepdf.PdfError, TypeError, ValueError):
        return None  # `Page.label` says where
    if ranges is None:
        return None
    starts = [start for start, _ in ranges]
    return [ranges[bisect_right(starts, index) - 1][1] for index in range(len(pdf.pages))]


def _prefix_ranges(tree: pikepdf.Object | None) -> list[tuple[int, str]] | None:
    """The ranges (first page's index, prefix) of a flat /Nums array from page 0 whose every
    range has a prefix alone; None for a tree of any other shape."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    if not isinstance(tree, pikepdf.Dictionary) or "/Kids" in tree:
        return None
    nums = tree.get("/Nums")
    if not isinstance(nums, pikepdf.Array) or len(nums) % 2:
        return None
    items = list(nums)
    ranges: list[tuple[int, str]] = []
    for key, label in zip(items[::2], items[1::2], strict=True):
        prefix = label.get("/P") if isinstance(label, pikepdf.Dictionary) else None
        if type(key) is not int or not isinstance(prefix, pikepdf.String) or len(label) != 1:
            return None
        if key <= (ranges[-1][0] if ranges else -1) or (not ranges and key != 0):
            return None  # keys out of order, or a first range after page 0
        ranges.append((key, str(prefix)))
    return ranges or None
