"""Gallery previews (kit/preview.py): drawn from a PDF's first page, kept while the PDF and
the way previews are written stay the same, redrawn when either changes."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from printgen.kit.preview import ENCODING, PREVIEW_WIDTH_PX, make_preview, preview_files


def _pdf(path: Path, colour: str) -> Path:
    import pikepdf

    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(200, 100))
    page.Contents = pdf.make_stream(f"{colour} rg 0 0 200 100 re f".encode())
    pdf.save(path)
    return path


def test_drawn_kept_and_redrawn(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path / "board.pdf", "1 0 0")
    picture, record = preview_files(pdf)
    assert make_preview(pdf, tmp_path) == picture
    image = Image.open(io.BytesIO(picture.read_bytes()))
    assert image.size == (PREVIEW_WIDTH_PX, PREVIEW_WIDTH_PX // 2)
    assert image.convert("RGB").getpixel((10, 10)) == (255, 0, 0)
    assert record.read_text().endswith(ENCODING)

    picture.write_bytes(b"kept")  # an unchanged PDF: the preview is not drawn again
    make_preview(pdf, tmp_path)
    assert picture.read_bytes() == b"kept"

    record.write_text(record.read_text().removesuffix(f" {ENCODING}"))  # written another way
    make_preview(pdf, tmp_path)
    assert picture.read_bytes().startswith(b"\x89PNG")

    _pdf(pdf, "0 0 1")  # a changed PDF
    make_preview(pdf, tmp_path)
    blue = Image.open(io.BytesIO(picture.read_bytes())).convert("RGB")
    assert blue.getpixel((10, 10)) == (0, 0, 255)


def test_written_as_the_card_pngs_are_rows_unfiltered(tmp_path: Path) -> None:
    """A preview is written by printgen's own PNG writer (`png.encode`): one IDAT chunk whose
    rows each start with filter byte 0 (none), as wide as PREVIEW_WIDTH_PX pixels of RGB."""
    import struct
    import zlib

    pdf = _pdf(tmp_path / "sheet.pdf", "0 0.5 1")
    data = make_preview(pdf, tmp_path).read_bytes()
    chunks, at = {}, 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        chunks[kind] = chunks.get(kind, b"") + data[at + 8 : at + 8 + length]
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (width, height, depth, colour) == (PREVIEW_WIDTH_PX, PREVIEW_WIDTH_PX // 2, 8, 2)
    rows = zlib.decompress(chunks[b"IDAT"])
    stride = 1 + 3 * width
    assert len(rows) == stride * height
    assert set(rows[::stride]) == {0}  # no row filtered
