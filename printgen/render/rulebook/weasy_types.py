"""Names for weasyprint's objects, which it ships no type information for.

weasyprint has neither inline types (no py.typed) nor stubs, so mypy sees its objects as `Any`
whatever a signature says. Each kind the rulebook handles is named here once, so a signature
says what it takes (the laid-out document, a box of it, the PDF stream a picture draws on) and
`Any` stays at this one boundary, as `render/draw/cairo_types.py` does for cairo.
"""

from __future__ import annotations

from typing import Any, TypeAlias

Document: TypeAlias = Any  # weasyprint.document.Document, laid out: weasyprint ships no types
Box: TypeAlias = Any  # a weasyprint.formatting_structure.boxes.Box of its laid-out tree: no types
Image: TypeAlias = Any  # a weasyprint.images image (a box's `replacement`): no types either
DrawStream: TypeAlias = Any  # the weasyprint.pdf.stream.Stream a page is drawn on: no types
UrlFetcher: TypeAlias = Any  # a weasyprint.urls.URLFetcher (subclassed in pdf.py): no types
FetchResponse: TypeAlias = Any  # a weasyprint.urls.URLFetcherResponse: no types either
