"""HTML to PDF with weasyprint: restricted fetching, table of contents, reproducible bytes.

weasyprint is imported here only, when a rulebook is built (never at printgen's import time).
- URLs go through `urls.allowed_file`: a refused URL stops the build with its RenderError.
- A table of contents is kept only for rulebooks longer than four pages (without it).
- Same input, same bytes: no dates in the metadata, a content-derived /ID.
- Each PDF object is serialised once (`written.serialise_once`): pydyf would do it again,
  streams recompressed, to hash the /ID.
- The garbage collector makes one pass a rulebook (`_collected_once`), when typesetting ends:
  weasyprint makes so many objects that the collector ran 150-300 passes a book, a few of
  them full ones, each walking the laid-out document, which lives until the end anyway
  (0.08-0.11 s CPU a book). The objects alive before typesetting are frozen out of that
  pass's sight (`gc.freeze`): it walks only typesetting's own objects, and frees the
  laid-out document (garbage by then) at once, so nothing piles up from book to book. What
  typesetting leaves unreachable meanwhile (reference cycles refcounting cannot free) waits
  for that pass: the peak grows by a few megabytes (151 -> 156 MB for the six bundled
  books in one process). No output byte changes.
- Tagged PDF/UA-1 (`PDF_VARIANT`): a structure tree (headings H1..H6, paragraphs, lists,
  tables, figures with their alt text), /Lang from the page's `lang`, the title in XMP and
  shown as the window's title. A picture without alt text stops the build (weasyprint's error).

weasyprint ships no type information (no py.typed): its fetcher, fetch response and rendered
document are named in printgen.render.rulebook.weasy_types (the fetcher and its response as
Protocols; the document `Any`, with the reason).
"""

from __future__ import annotations

import contextlib
import gc
import logging
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from printgen.errors import RenderError
from printgen.render.draw import pango_ffi
from printgen.render.draw.safety import data_url, read_image
from printgen.render.rulebook.overflow import Overflow, overflows
from printgen.render.rulebook.pictures import (
    draw_pictures,
    lay_pictures,
    stand_ins,
    take_pictures,
)
from printgen.render.rulebook.urls import allowed_file, mime_type
from printgen.render.rulebook.weasy_types import Document, FetchResponse, UrlFetcher
from printgen.render.rulebook.written import serialise_once

TOC_MIN_PAGES = 5  # a rulebook of more than four pages gets a table of contents
PDF_VARIANT = "pdf/ua-1"  # tagged, for screen readers and reflow; PDF/X shop copies keep it
_DATA_URL = re.compile(r"data:([a-z+/.-]+)[;,][^\"\s]{40,}")


class _Errors(logging.Handler):
    """Collects weasyprint's error records (a picture it could not draw, say): those are
    turned into a RenderError instead of a rulebook with a hole in it."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def fetcher(roots: Sequence[Path]) -> UrlFetcher:
    """A weasyprint URL fetcher that reads only `data:` URLs and files inside `roots`."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse  # only when typesetting

    class RestrictedFetcher(URLFetcher):
        def fetch(self, url: str, headers: object = None) -> FetchResponse:
            path = allowed_file(url, roots)
            if path is None:  # a data: URL, within the pixel budget as a file is
                kind = url[5:].split(",", 1)[0].split(";", 1)[0] or "text/plain"
                return URLFetcherResponse(url, data_url(url), {"Content-Type": kind})
            return URLFetcherResponse(
                path.as_uri(), read_image(path), {"Content-Type": mime_type(path)}
            )

    return RestrictedFetcher(fail_on_errors=True, allowed_protocols=("data", "file"))


@contextlib.contextmanager
def _collected_once() -> Iterator[None]:
    """No garbage collector pass while the block runs, then one that walks only the objects
    the block made (those alive before are frozen out of its sight, then handed back to the
    oldest generation) and frees those now unreachable. A collector that was off stays off."""
    enabled = gc.isenabled()
    gc.freeze()
    gc.disable()
    try:
        yield
        gc.collect()  # walks only the block's objects: the laid-out document, now garbage
    finally:
        if enabled:
            gc.enable()
        gc.unfreeze()


def render_pdf(
    page: Callable[[bool], str], css: str, base: Path, roots: Sequence[Path], where: str
) -> bytes:
    """The PDF of `page(with_toc)`; the table of contents is dropped for short rulebooks."""
    return typeset(page, css, base, roots, where)[0]


def typeset(
    page: Callable[[bool], str], css: str, base: Path, roots: Sequence[Path], where: str
) -> tuple[bytes, list[Overflow]]:
    """`render_pdf`'s PDF, and what its pages hold past their text area."""
    with _collected_once():
        return _typeset(page, css, base, roots, where)


def _typeset(
    page: Callable[[bool], str], css: str, base: Path, roots: Sequence[Path], where: str
) -> tuple[bytes, list[Overflow]]:
    pango_ffi.install()  # weasyprint, imported next, loads its C declarations cached
    import weasyprint  # loaded only when a rulebook is typeset, never at import
    from weasyprint.text.fonts import FontConfiguration  # only when typesetting
    from weasyprint.urls import FatalURLFetchingError  # only when typesetting

    fonts = FontConfiguration()
    fetch = fetcher(roots)
    log = logging.getLogger("weasyprint")
    errors = _Errors()
    log.addHandler(errors)
    try:
        style = weasyprint.CSS(string=css, font_config=fonts, url_fetcher=fetch)

        originals: dict[str, str] = {}  # a picture's stand-in -> its SVG (pictures.py)

        def render(with_toc: bool) -> Document:
            html = weasyprint.HTML(
                string=stand_ins(page(with_toc), originals),
                base_url=base.resolve().as_uri() + "/",
                url_fetcher=fetch,
            )
            return html.render(stylesheets=[style], font_config=fonts)

        document = render(True)
        if len(document.pages) <= TOC_MIN_PAGES + 1:
            short = render(False)
            if len(short.pages) < TOC_MIN_PAGES:
                document = short
        past = overflows(document)
        pictures = take_pictures(document, originals)
        data = bytes(
            document.write_pdf(
                pdf_identifier=True, pdf_variant=PDF_VARIANT, finisher=serialise_once
            )
        )
    except FatalURLFetchingError as exc:
        cause = exc.__cause__
        if isinstance(cause, RenderError):
            raise RenderError(f"{where}: {cause}") from None
        raise RenderError(f"{where}: {exc}") from None
    finally:
        log.removeHandler(errors)
    if errors.messages:
        said = "; ".join(_DATA_URL.sub(r"data:\1,…", message) for message in errors.messages)
        raise RenderError(f"{where}: weasyprint: {said}")
    drawn, sizes = draw_pictures(pictures.svgs, roots, where)
    return lay_pictures(data, pictures, drawn, sizes), past
