"""Hostile PDFs for `printgen preflight` (issue 40, item 5), by class, a few variants each.

Each maker returns the PDF's bytes, built with pikepdf around a one-page document: a content
stream that inflates to gigabytes (one deflated block repeated after a full flush, as
tests/hardening/workbooks.py makes its zip members), millions of operators, forms painting
forms at slightly different scales many levels deep, and operators whose operands are wrong.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Iterator

import pikepdf

Bomb = tuple[str, bytes, str]
"""A variant's name, the PDF and what preflight's refusal says (or `checked` when it reads
as a PDF printgen checks)."""
CHECKED = "checked"


def deflated(unit: bytes, count: int, prefix: bytes = b"", suffix: bytes = b"") -> bytes:
    """A zlib stream of `prefix + unit * count + suffix`, made in milliseconds whatever its
    inflated size (a ~1 MB block deflated once after a full flush, repeated)."""
    block = unit * max(1, (1 << 20) // len(unit))
    blocks, rest = divmod(count * len(unit), len(block))
    packer = zlib.compressobj(9)
    head = packer.compress(prefix) + packer.flush(zlib.Z_FULL_FLUSH)
    body = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    tail_raw = block[:rest] + suffix
    adler = zlib.adler32(prefix)
    for _ in range(blocks):
        adler = zlib.adler32(block, adler)
    adler = zlib.adler32(tail_raw, adler)
    tail = packer.compress(tail_raw) + packer.flush(zlib.Z_SYNC_FLUSH)
    # the zlib trailer must hold the adler32 of everything: finish the raw deflate by hand
    final = zlib.compressobj(9, zlib.DEFLATED, -15)
    end = final.compress(b"") + final.flush()
    raw = head + body * blocks + tail
    return raw + end + adler.to_bytes(4, "big")


def page_pdf(
    content: bytes, filters: list[str] | None = None, resources: dict | None = None
) -> bytes:
    """A one-page PDF (A6) whose content stream holds `content`, written as it is with
    `filters` (its bytes already encoded by them)."""
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(298, 420))
    stream = pikepdf.Stream(pdf, b"")
    if filters:
        names = [pikepdf.Name(f) for f in filters]
        stream.write(content, filter=names[0] if len(names) == 1 else pikepdf.Array(names))
    else:
        stream.write(content)
    page.obj.Contents = pdf.make_indirect(stream)
    return saved(pdf)


def saved(pdf: pikepdf.Pdf) -> bytes:
    """The PDF's bytes, each stream as it was written (QPDF would otherwise decode a chain of
    filters and deflate the result once)."""
    out = io.BytesIO()
    pdf.save(out, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return out.getvalue()


def font(pdf: pikepdf.Pdf) -> pikepdf.Dictionary:
    return pdf.make_indirect(
        pikepdf.Dictionary(
            Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica
        )
    )


def nested_forms(levels: int, scales: int) -> bytes:
    """Form k paints form k-1 `scales` times, each at a slightly different scale: read one
    scale at a time, scales ** levels paintings of the innermost form."""
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(298, 420))
    inner = pikepdf.Stream(pdf, b"0.5 w 0 0 m 10 10 l S BT /F1 6 Tf (x) Tj ET")
    inner.Type, inner.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
    inner.BBox = pikepdf.Array([0, 0, 20, 20])
    inner.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font(pdf)))
    form = pdf.make_indirect(inner)
    for _level in range(levels):
        paint = b"".join(
            b"q %.6f 0 0 %.6f 0 0 cm /F Do Q " % (1 + i / 1000, 1 + i / 1000) for i in range(scales)
        )
        outer = pikepdf.Stream(pdf, paint)
        outer.Type, outer.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
        outer.BBox = pikepdf.Array([0, 0, 20, 20])
        outer.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(F=form))
        form = pdf.make_indirect(outer)
    page.obj.Contents = pdf.make_indirect(pikepdf.Stream(pdf, b"/F Do"))
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(F=form))
    return saved(pdf)


MALFORMED = (  # each refused naming the page, but a paint of a missing name (viewers skip it)
    b"BT 12 Tf (x) Tj ET",
    b"BT /F1 Tf (x) Tj ET",
    b"BT (big) 12 Tf ET",
    b"/Foo w 0 0 m 1 1 l S",
    b"[1 2] w 0 0 m 1 1 l S",
    b"1 2 3 cm 0 0 m 1 1 l S",
    b"cm",
    b"/a /b /c /d /e /f cm",
    b"1 0 0 1 0 0 0 cm",
    b"BT 1 2 3 Tm (x) Tj ET",
    b"BT (a) (b) Td ET",
    b"BT /F1 1e999 Tf (x) Tj ET",
    b"1e999 w 0 0 m 1 1 l S",
    b"BT 1 Tz TL ET",
    b"12 Do",
    b"42 sh",
    b"BI /W /H /H 2 ID \x00 EI",
    b"q " * 10_001,
)


def pdf_bombs() -> Iterator[Bomb]:
    """Every class of hostile PDF of item 5, each variant with what preflight must say (the
    test reads them with the operator and time budgets lowered, as noted)."""
    bomb = "page 1: its content inflates to over 64000000 bytes"
    for unit, count in ((b" ", 3_000_000_000), (b"0 0 m ", 200_000_000), (b"q Q ", 100_000_000)):
        name = f"{len(unit) * count / 1e9:.1f} GB of {unit.decode().strip() or 'spaces'!r} deflated"
        yield name, page_pdf(deflated(unit, count), ["/FlateDecode"]), bomb
    twice = zlib.compress(deflated(b" ", 1_000_000_000), 9)
    yield "deflated twice to 1 GB", page_pdf(twice, ["/FlateDecode", "/FlateDecode"]), bomb
    hexed = deflated(b"20", 50_000_000)  # hex of 50 MB of spaces, deflated: 100 MB, then 50
    yield "hex in deflate", page_pdf(hexed, ["/FlateDecode", "/ASCIIHexDecode"]), bomb
    over = "page 1: the file's content holds over 2000000 operators"
    for count, said in ((500_000, CHECKED), (1_500_000, over)):
        content = b"q Q " * count  # the budget lowered to 2,000,000 for the test
        yield (
            f"{2 * count} q/Q operators",
            page_pdf(zlib.compress(content, 9), ["/FlateDecode"]),
            said,
        )
    for levels, scales in ((6, 10), (12, 3), (3, 300), (40, 2)):
        yield f"forms {levels} deep, {scales} scales each", nested_forms(levels, scales), CHECKED
    for content in MALFORMED:
        yield f"malformed {content.decode(errors='replace')!r}", page_pdf(content), "page 1: "


def image_page(image: dict[str, object], data: bytes, filters: list[str] | None = None) -> bytes:
    """A one-page PDF painting one image XObject of `image`'s entries whose samples are
    `data` (already encoded by `filters`)."""
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(298, 420))
    stream = pikepdf.Stream(pdf, b"")
    names = [pikepdf.Name(f) for f in filters or []]
    if names:
        stream.write(data, filter=names[0] if len(names) == 1 else pikepdf.Array(names))
    else:
        stream.write(data)
    stream.Type, stream.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
    for key, value in image.items():
        stream[f"/{key}"] = pikepdf.Name(value) if isinstance(value, str) else value
    page.obj.Resources = pikepdf.Dictionary(
        XObject=pikepdf.Dictionary(Im=pdf.make_indirect(stream))
    )
    page.obj.Contents = pdf.make_indirect(pikepdf.Stream(pdf, b"q 200 0 0 200 40 40 cm /Im Do Q"))
    return saved(pdf)


def written(objects: list[bytes], root: int = 1, xref: bool = True) -> bytes:
    """A PDF written byte by byte from its objects' bodies (object n is objects[n - 1]), with a
    right cross-reference table, or a wrong one (every offset off) when `xref` is False."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    start = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % (offset + (0 if xref else 7))
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        root,
        start,
    )
    return bytes(out)


PAGE = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R >>"
CONTENT = b"<< /Length 16 >>\nstream\n0 0 m 9 9 l S\nendstream"


def broken_files() -> Iterator[tuple[str, bytes]]:
    """Files whose structure lies: page trees that loop, cross-references that point amiss,
    truncated bytes. QPDF repairs or refuses them; preflight must end either way with exit
    0, 1 or 2, never a traceback or a hang."""
    catalog = b"<< /Type /Catalog /Pages 2 0 R >>"
    loops = {
        "a page tree whose node is its own kid": b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
        "a page tree with a loop through a page": b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "a page tree counting a billion pages": b"<< /Type /Pages /Kids [3 0 R] /Count 1000000000"
        b" >>",
    }
    for name, pages in loops.items():
        page = (
            PAGE
            if "through" not in name
            else PAGE.replace(b"/Contents", b"/Kids [2 0 R] /Contents")
        )
        yield name, written([catalog, pages, page, CONTENT])
    good = written([catalog, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", PAGE, CONTENT])
    yield (
        "a cross-reference table whose offsets are all wrong",
        written([catalog, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", PAGE, CONTENT], xref=False),
    )
    yield "no cross-reference table", good[: good.index(b"xref")]
    yield "a startxref past the end", good.replace(b"startxref\n", b"startxref\n99999999")
    yield "a /Length of a billion", good.replace(b"/Length 16", b"/Length 1000000000")
    for cut in (0.3, 0.6, 0.9):
        yield f"cut at {cut:.0%}", good[: int(len(good) * cut)]


def image_bombs() -> Iterator[Bomb]:
    """Images whose declared size or whose samples are more than any print file needs."""
    big = "page 1: an image of {} x {} pixels; preflight reads none over 50 megapixels"
    for width, height in ((100_000, 100_000), (8_000, 7_000), (2_147_483_647, 1)):
        entries = {
            "Width": width,
            "Height": height,
            "ColorSpace": "/DeviceRGB",
            "BitsPerComponent": 8,
        }
        yield (
            f"an image of {width} x {height}",
            image_page(entries, b"\0" * 64),
            big.format(width, height),
        )
        inline = b"BI /W %d /H %d /CS /G /BPC 8 ID \0\0\0\0 EI" % (width, height)
        yield f"an inline image of {width} x {height}", page_pdf(inline), big.format(width, height)
    cmyk = {"Width": 1000, "Height": 1000, "ColorSpace": "/DeviceCMYK", "BitsPerComponent": 8}
    samples = "page 1: an image's samples inflates to over 8004096 bytes"
    yield (
        "a CMYK image whose samples inflate to 3 GB",
        image_page(cmyk, deflated(b"\0", 3_000_000_000), ["/FlateDecode"]),
        samples,
    )
    for space in ("/DeviceRGB", "/DeviceGray"):
        entries = {**cmyk, "ColorSpace": space}
        yield (
            f"an {space} image whose samples inflate to 3 GB",
            image_page(entries, deflated(b"\0", 3_000_000_000), ["/FlateDecode"]),
            CHECKED,
        )
    inline = b"BI /W 4 /H 4 /CS /G /BPC 8 /F /Fl ID " + deflated(b"\0", 1_000_000_000) + b" EI"
    yield "an inline image deflated from 1 GB", page_pdf(inline), CHECKED
