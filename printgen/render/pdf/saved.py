"""PDFs written by qpdf (pikepdf's `save`) the one way printgen writes them: a deterministic
/ID, streams compressed, zlib at `FLATE_LEVEL`.

Why level 1: qpdf deflates only the streams printgen made or changed (a CMYK content stream,
a flattening's patch, a soft proof's picture; streams already deflated are copied as they
are), and at its default level 6 that deflating was most of what a save cost. At level 1 a
build of the five kits with both shops took some 0.4 s less CPU in its card pieces alone, for
shop files 7 % larger (6.82 -> 7.30 MB in all) and home files 2 % larger: a print shop takes
either, and a designer waits for every build. zlib gives the same bytes for the same input at
a level, so a build stays reproducible.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import pikepdf

FLATE_LEVEL: Final = 1
"""zlib's compression level for the streams qpdf compresses (1 fastest, 9 smallest)."""


def saved(
    pdf: pikepdf.Pdf,
    object_streams: pikepdf.ObjectStreamMode | None = None,
    version: str | None = None,
) -> bytes:
    """`pdf` as bytes, its object streams as `object_streams` says (None: kept as they are)
    and its header's version forced to `version` (None: as qpdf finds it)."""
    import pikepdf  # loaded only when a PDF is rewritten

    # qpdf's level is one setting for the whole process: set before each save, so no other
    # code's setting changes what printgen writes
    pikepdf.settings.set_flate_compression_level(FLATE_LEVEL)
    out = io.BytesIO()
    pdf.save(
        out,
        deterministic_id=True,
        compress_streams=True,
        object_stream_mode=(
            pikepdf.ObjectStreamMode.preserve if object_streams is None else object_streams
        ),
        force_version=version or "",
    )
    return out.getvalue()
