"""Small PNG previews of a kit's PDFs for the gallery (first page), via pdfium.

A preview is redrawn only when its PDF changed: its name carries the PDF's hash prefix in a
sidecar record, so a second build with nothing changed draws nothing.
"""

from __future__ import annotations

from pathlib import Path

from printgen.files.atomic import write_atomic
from printgen.kit.cache import file_hash

PREVIEW_WIDTH_PX = 360
ENCODING = "png rows libdeflate-1"
"""How previews are written, kept in each preview's record beside its PDF's hash: a preview
written another way (an earlier printgen's) is redrawn, so a kept output folder and a new
one hold the same bytes."""


def preview_path(pdf: Path) -> Path:
    return pdf.parent / "preview" / f"{pdf.stem}.png"


def preview_files(pdf: Path) -> tuple[Path, Path]:
    """The preview of `pdf` and its sidecar record: deleted with the PDF."""
    target = preview_path(pdf)
    return target, target.with_suffix(".source")


def make_preview(pdf: Path, root: Path) -> Path:
    """Write (or keep) the preview of `pdf`'s first page; return its path. `root` is the
    output folder, inside which no symbolic link is followed."""
    target = preview_path(pdf)
    stamp = target.with_suffix(".source")
    digest = f"{file_hash(pdf)} {ENCODING}"
    if target.is_file() and stamp.is_file() and stamp.read_text() == digest:
        return target
    from printgen.render.draw.png import encode  # loaded only when previews are drawn
    from printgen.render.draw.raster import rasterise_to_width  # (pdfium, cairo): as above

    drawn = rasterise_to_width(pdf.read_bytes(), PREVIEW_WIDTH_PX)
    # written as the card PNGs are (`png.encode`: rows unfiltered, libdeflate at level 1):
    # a five-kit build's 60 previews with both shops took 0.08 s instead of Pillow's 0.28 s
    # (zlib at level 6, every filter tried on every row), and 1.57 MB instead of 1.77 MB
    write_atomic(target, encode(drawn), root)
    write_atomic(stamp, digest.encode(), root)
    return target
