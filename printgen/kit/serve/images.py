"""The pictures the live pages show, drawn when a page asks for them and kept in memory (the
newest KEPT_BYTES): card, tile and token faces at screen size, and the pages of a kit's PDFs
(a rulebook read page by page in the browser).

A face's picture is kept by what it is drawn from (its SVG, the game's images and fonts, its
shape), so after a save only the cards that changed are drawn again. A PDF page's is kept
by the file's size and time, so a rebuilt PDF is drawn anew. pdfium and cairo are not
thread-safe: every picture is drawn under the server's one drawing lock.
"""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from contextlib import AbstractContextManager
from pathlib import Path

from printgen.kit.card_faces import assets_of, recordings
from printgen.layout.shapes import ORIGIN, Shape
from printgen.layout.sizes import Size
from printgen.model import Game
from printgen.render.draw import png
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.exports.pieces import piece_png
from printgen.render.exports.pngs import bleed_png
from printgen.render.faces.face import RECORD_BLEED_MM, Face

KEPT_BYTES = 64 * 1024 * 1024
FACE_LONG_SIDE_PX = 1100
"""A face's longer side in pixels: twice the size a page shows it at, sharp on a HiDPI
screen (about 280 dpi for a poker card)."""
PDF_PAGE_WIDTH_PX = 1000
PART_LONG_SIDE_PX = 1600
"""A part's longer side in pixels: a board shown large, its squares' words readable."""


class Pictures:
    def __init__(self, drawing: AbstractContextManager[object]) -> None:
        self.drawing = drawing
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def face(self, game: Game, face: Face, shape: Shape) -> bytes:
        """`face` as a PNG with the bleed it is drawn with (the print shops' 1/8 in): a card
        as its PNG in the kit, a tile or token cut to its outline grown by the bleed."""
        with self.drawing:
            key = _key("face", face.svg, assets_of(game), repr(shape))
            found = self._found(key)
            if found is not None:
                return found
            grown = shape.outline(ORIGIN, RECORD_BLEED_MM).bounds
            long_side_mm = max(grown.width, grown.height)
            dpi = max(72, min(300, round(FACE_LONG_SIDE_PX / long_side_mm * 25.4)))
            drawing = recordings(game, [face])[face.svg]
            if shape.kind == "rect":
                size = Size(shape.width, shape.height)
                return self._keep(key, bleed_png(drawing, size, RECORD_BLEED_MM, dpi))
            return self._keep(key, piece_png(drawing, shape, RECORD_BLEED_MM, dpi))

    def part(self, game: Game, face: Face, size: Size) -> bytes:
        """A part's face as a PNG of its trim (a part has no bleed), its longer side
        `PART_LONG_SIDE_PX` (at most 300 dpi)."""
        # start-up: cairo, PIL and pdfium load when the first part is drawn, not with serve
        from printgen.render.draw import vector
        from printgen.render.draw.raster import draw_bitmaps  # cairo, PIL, pdfium

        with self.drawing:
            key = _key("part", face.svg, assets_of(game), repr(size))
            found = self._found(key)
            if found is not None:
                return found
            dpi = max(36, min(300, round(PART_LONG_SIDE_PX / max(size.width, size.height) * 25.4)))
            drawing = recordings(game, [face])[face.svg]
            width, height = round(size.width / 25.4 * dpi), round(size.height / 25.4 * dpi)

            def draw(context: CairoContext) -> None:
                context.scale(dpi / 25.4, dpi / 25.4)
                vector.paint(context, drawing, 0.0, 0.0)

            rows = next(iter(draw_bitmaps(width, height, [draw])))
            return self._keep(key, png.encode(rows, dpi))

    def pdf_pages(self, path: Path) -> int:
        """How many pages the PDF has (0 when pdfium cannot read it)."""
        import pypdfium2 as pdfium  # start-up: when a PDF's page is first shown

        with self.drawing:
            try:
                document = pdfium.PdfDocument(str(path))
            except pdfium.PdfiumError:
                return 0
            try:
                return len(document)
            finally:
                document.close()

    def pdf_page(self, path: Path, index: int) -> bytes | None:
        """Page `index` (from 0) of the PDF as a PNG; None when it has no such page."""
        import pypdfium2 as pdfium  # start-up: when a PDF's page is first shown

        info = path.stat()
        key = _key("pdf", str(path), str(info.st_size), str(info.st_mtime_ns), str(index))
        with self.drawing:
            found = self._found(key)
            if found is not None:
                return found
            try:
                document = pdfium.PdfDocument(str(path))
            except pdfium.PdfiumError:
                return None
            try:
                if not 0 <= index < len(document):
                    return None
                page = document[index]
                image = page.render(scale=PDF_PAGE_WIDTH_PX / page.get_width()).to_pil()
                page.close()
            finally:
                document.close()
        buffer = io.BytesIO()
        image.convert("RGB").save(buffer, format="PNG")
        return self._keep(key, buffer.getvalue())

    def _found(self, key: str) -> bytes | None:
        with self._lock:
            data = self._kept.get(key)
            if data is not None:
                self._kept.move_to_end(key)
            return data

    def _keep(self, key: str, data: bytes) -> bytes:
        with self._lock:
            if key not in self._kept:
                self._kept[key] = data
                self._size += len(data)
            while self._size > KEPT_BYTES and len(self._kept) > 1:
                _, old = self._kept.popitem(last=False)
                self._size -= len(old)
        return data


def _key(*pieces: str) -> str:
    digest = hashlib.sha256()
    for piece in pieces:
        digest.update(hashlib.sha256(piece.encode("utf-8")).digest())
    return digest.hexdigest()
