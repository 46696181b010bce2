"""A game's own fonts: TTF/OTF files from its `fonts/` folder, made known to fontconfig for
this process only (FcConfigAppFontAddFile), so cairo's toy font API, which cairosvg draws
and CairoMeasure measures with, finds them by family like any installed font. The coverage
check (`printgen.render.fonts`) looks them up here before asking fc-match."""

from __future__ import annotations

import ctypes
import ctypes.util
import io
from functools import cache
from pathlib import Path

from printgen.errors import RenderError
from printgen.files.guarded import read_guarded

REGISTERED: dict[tuple[str, bool, bool], Path] = {}
"""(family, bold, italic) -> file, for every font a design brought."""

_STYLES = {
    "regular": (False, False),
    "bold": (True, False),
    "italic": (False, True),
    "bold_italic": (True, True),
}


@cache
def _fontconfig() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("fontconfig")
    if name is None:
        return None
    library = ctypes.CDLL(name)
    library.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    library.FcConfigAppFontAddFile.restype = ctypes.c_int
    return library


MAX_FONT_BYTES = 50_000_000
"""A whole CJK font is ~20 MB; a font file larger than this is refused before it is read."""


@cache
def family_of(path: Path) -> str:
    """The family name a font file declares (typographic family first). The file is read
    through the guarded reader first (a regular file, within the size limit), so neither
    fontTools nor fontconfig ever opens a FIFO, a device or a huge file."""
    from fontTools.ttLib import TTFont, TTLibError

    data = read_guarded(path, MAX_FONT_BYTES)
    try:
        with TTFont(io.BytesIO(data), lazy=True, fontNumber=0) as font:
            names = font["name"]
            name = names.getDebugName(16) or names.getDebugName(1)
    except (TTLibError, OSError, KeyError) as exc:
        raise RenderError(f"{path}: not a font file printgen can read: {exc}") from None
    if not name:
        raise RenderError(f"{path}: the font declares no family name")
    return str(name)


def register(files: dict[str, Path], where: str) -> str:
    """Make the font `files` (style -> file) known to cairo; return their family."""
    families = {family_of(path) for path in files.values()}
    if len(families) != 1:
        raise RenderError(
            f"{where}: the files of one font must share a family; found {', '.join(families)}"
        )
    family = families.pop()
    for style, path in sorted(files.items()):
        key = (family, *_STYLES[style])
        if key in REGISTERED:
            continue
        library = _fontconfig()
        if library is None or not library.FcConfigAppFontAddFile(None, str(path).encode()):
            raise RenderError(f"{where}: fontconfig could not load {path.name}")
        REGISTERED[key] = path
    return family


def registered_file(family: str, bold: bool, italic: bool) -> Path | None:
    """The design font file cairo uses for this request (falling back to the regular face, as
    fontconfig does when a style is missing)."""
    for key in ((family, bold, italic), (family, bold, False), (family, False, False)):
        if key in REGISTERED:
            return REGISTERED[key]
    return None
