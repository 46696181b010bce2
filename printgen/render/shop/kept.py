"""A shop's conversions kept in the user's cache (printgen.files.usercache): the PDF/X of a
deck, its soft proof and the shop's rulebook are each made once from the same bytes, then
read back. Each is keyed by what it is made from: the RGB file's bytes, the shop's settings
(its preset, written out) and the ICC profile's bytes, as well as printgen's code and the
libraries that convert (pikepdf with its qpdf, Pillow with its littleCMS, pypdfium2 that
renders what the flattening needs, numpy).

The conversions themselves (printgen.render.shop.pdfx, .proof, .rules) know nothing of this:
they are what the tests call.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from printgen.files.usercache import remembered
from printgen.render.shop.presets import PdfSettings, load_preset

KIND = "shop"
LIBRARIES = ("pikepdf", "pillow", "pypdfium2", "numpy")
BYTES_KEPT = 512 << 20
"""At most this much is kept (the five games' shop files are some 8 MB in all)."""


def pdfx(data: bytes, settings: PdfSettings, title: str) -> bytes:
    """`pdfx.to_pdfx(data, settings, title)`, kept."""
    from printgen.render.shop.pdfx import to_pdfx  # pikepdf: not when the file is kept

    made_from = ("pdfx", *_settings(settings), title, data)
    return remembered(
        KIND, made_from, lambda: to_pdfx(data, settings, title), LIBRARIES, BYTES_KEPT
    )


def proof(data: bytes, settings: PdfSettings) -> bytes:
    """`proof.proof_pdf(data, settings)`, kept."""
    from printgen.render.shop.proof import proof_pdf  # pikepdf: not when the file is kept

    made_from = ("proof", *_settings(settings), data)
    return remembered(KIND, made_from, lambda: proof_pdf(data, settings), LIBRARIES, BYTES_KEPT)


def rules(data: bytes, shop: str, title: str) -> bytes | None:
    """`rules.shop_rules(data, shop, title)`, kept."""
    preset = load_preset(shop)
    if preset.rules_bleed_mm is None:
        return None
    from printgen.render.shop.rules import shop_rules  # pikepdf: not when the file is kept

    def made() -> bytes:
        made = shop_rules(data, shop, title)
        assert made is not None  # the preset takes a rulebook (above)
        return made

    settings = () if preset.pdf is None else _settings(preset.pdf)
    made_from = ("rules", repr(preset), *settings, title, data)
    return remembered(KIND, made_from, made, LIBRARIES, BYTES_KEPT)


def _settings(settings: PdfSettings) -> tuple[str, str, str]:
    return repr(settings), _profile_hash(settings.profile.file), _native_versions()


def _profile_hash(path: Path) -> str:
    """The profile's bytes, read each time (a profile installed or changed while `serve`
    runs is another key); a missing one: the conversion says so, and nothing is kept."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "missing"


@cache
def _native_versions() -> str:
    """The C libraries that convert, whose versions a Python package's need not tell (a
    distribution's own build of Pillow or pikepdf takes the system's)."""
    import pikepdf  # loaded already: the PDFs of every part
    import pypdfium2.version  # as pikepdf: the previews of every part
    from PIL import ImageCms  # the shop's colour conversion loads it

    lcms = ImageCms.core.littlecms_version
    return f"qpdf {pikepdf.__libqpdf_version__}, lcms {lcms}, {pypdfium2.version.PDFIUM_INFO}"
