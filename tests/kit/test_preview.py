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
