"""The soft proof: a shop's CMYK file seen back through its output profile, as an RGB PDF a
designer opens on screen to see what will print (`shop/<name>/proof/<file>.pdf`), and the
palette's colours with their CIEDE2000 difference between design and print
(`shop/<name>/proof/colours.csv`).

The proof is the CMYK file itself with every CMYK colour replaced by what the profile says
it prints as (`Converter.proof_rgb`, relative colorimetric with black point compensation)
and every CMYK picture converted the same way, pixel by pixel: the same pages, text and
vectors, no rendering. Overprint is not simulated: the only overprint printgen writes is
K 100 % text and lines, which print black over any colour as they show here.
"""

from __future__ import annotations

import csv
import hashlib
import io

import pikepdf
from PIL import Image

from printgen.render.pdf.saved import saved
from printgen.render.shop.colour import Converter, converter, total_ink
from printgen.render.shop.presets import PdfSettings
from printgen.render.shop.tokens import Unfollowed, number, numbers_before, operator_scan

CMYK_OPS = {"k": "rg", "K": "RG"}
_CMYK_SCAN = operator_scan("k|K|BI")


def proof_pdf(data: bytes, settings: PdfSettings) -> bytes:
    """`data` (a CMYK PDF/X printgen made) as the RGB soft proof."""
    colours = converter(settings.profile.file, settings.ink_limit)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        written: dict[tuple[float, ...], bytes] = {}
        for stream in _content_streams(pdf):
            _recolour(stream, colours, written)
        seen: dict[bytes, bytes] = {}
        for obj in list(pdf.objects):
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                _proof_image(obj, colours, seen)
            elif isinstance(obj, pikepdf.Dictionary) and obj.get("/CS") == "/DeviceCMYK":
                obj.CS = pikepdf.Name.DeviceRGB  # a transparency group blends in RGB now
        for key in ("/OutputIntents", "/Metadata"):
            if key in pdf.Root:
                del pdf.Root[key]
        for key in ("/GTS_PDFXVersion", "/GTS_PDFXConformance"):
            if key in pdf.docinfo:
                del pdf.docinfo[key]
        pdf.docinfo.Title = pikepdf.String(f"{pdf.docinfo.get('/Title', '')} (soft proof)")
        return saved(pdf)


def _content_streams(pdf: pikepdf.Pdf) -> list[pikepdf.Object]:
    streams: list[pikepdf.Object] = []
    for page in pdf.pages:
        contents = page.obj.get("/Contents")
        if isinstance(contents, pikepdf.Array):
            streams += list(contents)
        elif contents is not None:
            streams.append(contents)
    streams += [
        obj
        for obj in pdf.objects
        if isinstance(obj, pikepdf.Stream)
        and (obj.get("/Subtype") == "/Form" or obj.get("/PatternType") == 1)
    ]
    return streams


def _recolour(
    stream: pikepdf.Object, colours: Converter, written: dict[tuple[float, ...], bytes]
) -> None:
    """Each `k`/`K` of the stream as the `rg`/`RG` of its proof: on its bytes (`tokens`), or
    through the full parser where those scans cannot follow it; a stream with neither is left
    as stored (not decoded and encoded again by the save). `written`: each colour operator's
    proof as written, by its numbers and operator (a file uses a few hundred)."""
    data = stream.read_bytes()
    try:
        recoloured = _recoloured_bytes(data, colours, written)
    except Unfollowed:
        recoloured = _recoloured(stream, colours)
    if recoloured != data:
        stream.write(recoloured)


def _recoloured_bytes(
    data: bytes, colours: Converter, written: dict[tuple[float, ...], bytes]
) -> bytes:
    """`data` with each `k`/`K` and its four numbers replaced by its proof's `rg`/`RG`; the
    rest copied as it was. A comment or an inline image (whose bytes may read as anything)
    is left to the full parser."""
    if b"%" in data:
        raise Unfollowed
    out: list[bytes] = []
    done = 0
    for match in _CMYK_SCAN.finditer(data):
        op = match.group(1)
        if op is None:
            continue  # a string
        if op == b"BI":
            raise Unfollowed
        values, start = numbers_before(data, done, match.start(), 4)
        key = (*values, op == b"k")
        if key not in written:
            written[key] = _proof_operator(colours, key)
        out += [data[done:start], written[key]]
        done = match.end()
    out.append(data[done:])
    return b"".join(out)


def _proof_operator(colours: Converter, key: tuple[float, ...]) -> bytes:
    """`r g b rg` for `key`'s CMYK, `RG` when it was a stroke's (`K`: key's last is False)."""
    rgb = colours.proof_rgb((key[0], key[1], key[2], key[3]))
    return " ".join(number(v) for v in rgb).encode() + (b" rg" if key[4] else b" RG")


def _recoloured(stream: pikepdf.Object, colours: Converter) -> bytes:
    """The stream with each `k`/`K` as the `rg`/`RG` of its proof, through the full parser."""
    items: list[pikepdf.ContentStreamInstruction | pikepdf.ContentStreamInlineImage] = []
    for item in pikepdf.parse_content_stream(stream):
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            items.append(item)
            continue
        operands, name = item.operands, str(item.operator)
        if name in CMYK_OPS and len(operands) == 4:
            cmyk = (float(operands[0]), float(operands[1]), float(operands[2]), float(operands[3]))
            rgb = colours.proof_rgb(cmyk)
            operator = pikepdf.Operator(CMYK_OPS[name])
            items.append(pikepdf.ContentStreamInstruction([round(v, 4) for v in rgb], operator))
        else:
            items.append(item)
    return pikepdf.unparse_content_stream(items)


def _proof_image(image: pikepdf.Stream, colours: Converter, seen: dict[bytes, bytes]) -> None:
    """A CMYK picture as its proof in RGB; `seen`: the proofs' samples by what they were made
    from (`_image_key`), as a deck's flattening patches repeat on its cards."""
    if image.get("/ColorSpace") != "/DeviceCMYK" or image.get("/ImageMask"):
        return
    key = _image_key(image)
    if key not in seen:
        proof = _proof_samples(image, colours)
        if proof is None:
            return
        seen[key] = proof
    image.write(seen[key])  # raw samples: the save compresses them
    image.ColorSpace = pikepdf.Name.DeviceRGB
    for key_name in ("/Decode", "/DecodeParms"):
        if key_name in image:
            del image[key_name]


def _image_key(image: pikepdf.Stream) -> bytes:
    """What a picture's proof depends on, digested: its stream as stored (encoded: no need
    to decode it to tell two apart) and the entries that say how to read it."""
    digest = hashlib.sha256(image.read_raw_bytes())
    for name in ("/Width", "/Height", "/BitsPerComponent", "/Filter", "/DecodeParms", "/Decode"):
        digest.update(f"{name} {image.get(name)!r};".encode())
    return digest.digest()


def _proof_samples(image: pikepdf.Stream, colours: Converter) -> bytes | None:
    """The picture's RGB samples through the profile; None when it is not read as CMYK."""
    size = (int(image.Width), int(image.Height))
    if int(image.get("/BitsPerComponent", 8)) == 8 and image.get("/Filter") != "/DCTDecode":
        raw = image.read_bytes()  # the samples as printgen writes them (a mask left aside)
        if len(raw) < size[0] * size[1] * 4:
            return None
        pixels = Image.frombytes("CMYK", size, raw[: size[0] * size[1] * 4])
    else:
        pixels = pikepdf.PdfImage(image).as_pil_image()
        if pixels.mode != "CMYK":
            return None
    proof = colours.proof_image(pixels)
    assert isinstance(proof, Image.Image)
    return proof.tobytes()


def palette_csv(named: dict[str, str], settings: PdfSettings) -> bytes:
    """Each palette colour (`name -> #rrggbb`) as printed for an area: its CMYK, total ink,
    proof and CIEDE2000 from the design (about 1: the least an eye sees side by side; over 5:
    another colour)."""
    colours = converter(settings.profile.file, settings.ink_limit)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("colour", "design", "cmyk", "total_ink", "proof", "delta_e"))
    for name, hex_colour in named.items():
        rgb = tuple(int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        design = (rgb[0], rgb[1], rgb[2])
        cmyk = colours.ink(design).cmyk
        proof = colours.proof_rgb(cmyk)
        writer.writerow(
            (
                name,
                hex_colour.lower(),
                " ".join(f"{round(v * 100)}" for v in cmyk),
                f"{total_ink(cmyk):.0f}",
                "#" + "".join(f"{round(v * 255):02x}" for v in proof),
                f"{colours.delta_e(design):.1f}",
            )
        )
    return out.getvalue().encode("utf-8")
