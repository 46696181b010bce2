"""Names for weasyprint's objects, which it ships no type information for.

weasyprint has neither inline types (no py.typed) nor stubs, so mypy sees its objects as `Any`
whatever a signature says. Each kind the rulebook handles is named here once. Those it only
calls a method or two of (a picture's image, the PDF stream a picture draws on, the URL
fetcher and its response) are Protocols of what is called, checked by mypy; the laid-out
document and its boxes, whose trees the rulebook walks attribute by attribute (pages, page
boxes, children, elements, positions and sizes), stay `Any`, this one boundary, as
`render/draw/cairo_types.py` does for cairo.
"""

from __future__ import annotations

from email.message import EmailMessage
from typing import Any, Protocol, TypeAlias

Document: TypeAlias = Any  # weasyprint.document.Document, laid out: weasyprint ships no types
Box: TypeAlias = Any  # a weasyprint.formatting_structure.boxes.Box of its laid-out tree: no types


class Image(Protocol):
    """A weasyprint.images image (a replaced box's `replacement`), as the layout sizes it."""

    def get_intrinsic_size(
        self, resolution: float, font_size: float
    ) -> tuple[float | None, float | None, float | None]: ...  # width, height, ratio


class DrawStream(Protocol):
    """The weasyprint.pdf.stream.Stream a page is drawn on (a pydyf.Stream)."""

    def transform(
        self,
        a: float = 1,
        b: float = 0,
        c: float = 0,
        d: float = 1,
        e: float = 0,
        f: float = 0,
    ) -> None: ...

    def draw_x_object(self, reference: str) -> None: ...


class FetchResponse(Protocol):
    """A weasyprint.urls.URLFetcherResponse: what weasyprint reads of a fetched URL."""

    url: str
    status: int
    headers: EmailMessage


class UrlFetcher(Protocol):
    """A weasyprint.urls.URLFetcher (subclassed in pdf.py): it fetches one URL."""

    def fetch(self, url: str, headers: object = None) -> FetchResponse: ...
