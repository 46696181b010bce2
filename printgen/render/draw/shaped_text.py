"""Shaped text drawn through cairo: the glyphs HarfBuzz chose (`printgen.render.text.shaping`),
each at the place it was measured, in the very font file it was shaped with.

cairo's toy font API picks a file by family through fontconfig and draws characters, not
glyphs; here each file is opened as a cairo FreeType face from its path
(`cairo_ft_font_face_create_for_pattern` with the file and face index alone), so the glyph
ids HarfBuzz returns are that face's. The glyphs are shown with their text and clusters
(`cairo_show_text_glyphs`), so a PDF gives back the words (a ligature `fi` as "fi", an
Arabic word in its letters) when its text is copied or searched.
"""

from __future__ import annotations

import ctypes.util
from functools import cache

import cairocffi as cairo

from printgen.errors import RenderError
from printgen.render.draw.cairo_types import CairoContext, CairoFontFace
from printgen.render.text.shaping import FontFile, Shaped, font_file, shape
from printgen.render.text.textfit import Font

Glyphs = list[tuple[int, float, float]]


@cache
def _libraries() -> tuple[ctypes.CDLL, ctypes.CDLL]:
    """cairo's and fontconfig's libraries, through ctypes: four functions do not need
    cffi's C parser (pycparser, a tenth of a second to import)."""
    names = ctypes.util.find_library("cairo"), ctypes.util.find_library("fontconfig")
    if names[0] is None or names[1] is None:
        raise RenderError("cairo and fontconfig are needed to draw text: install them")
    cairo_lib, fontconfig = ctypes.CDLL(names[0]), ctypes.CDLL(names[1])
    fontconfig.FcPatternCreate.restype = ctypes.c_void_p
    fontconfig.FcPatternAddString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
    fontconfig.FcPatternAddInteger.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    fontconfig.FcPatternDestroy.argtypes = [ctypes.c_void_p]
    cairo_lib.cairo_ft_font_face_create_for_pattern.argtypes = [ctypes.c_void_p]
    cairo_lib.cairo_ft_font_face_create_for_pattern.restype = ctypes.c_void_p
    return cairo_lib, fontconfig


_FACES: dict[FontFile, CairoFontFace] = {}
"""Every face opened in this process, kept alive (cairo then keeps its glyphs cached)."""


def face_of(file: FontFile) -> CairoFontFace:
    """The cairo font face that draws `file` (its face `index`), and no other file."""
    face = _FACES.get(file)
    if face is not None:
        return face
    cairo_lib, fontconfig = _libraries()
    pattern = fontconfig.FcPatternCreate()
    try:
        fontconfig.FcPatternAddString(pattern, b"file", str(file.path).encode())
        fontconfig.FcPatternAddInteger(pattern, b"index", file.index)
        pointer = cairo_lib.cairo_ft_font_face_create_for_pattern(pattern)
    finally:
        fontconfig.FcPatternDestroy(pattern)
    face = cairo.FontFace._from_pointer(
        cairo.ffi.cast("cairo_font_face_t *", pointer), incref=False
    )
    _FACES[file] = face
    return face


def show(
    context: CairoContext,
    text: str,
    font: Font,
    size: float,
    x: float,
    y: float,
    spacing: float = 0.0,
    outline: bool = False,
) -> float:
    """Draw `text` shaped in `font` at `size`, its start at (`x`, `y`) on the baseline, in
    the context's source; `spacing` is added after each character (CSS letter-spacing).
    With `outline` the glyphs' outlines are added to the path instead (to be stroked).
    Returns the width drawn: the measured advance, and `spacing` for each character."""
    run = shape(text, font)
    context.set_font_face(face_of(font_file(font)))
    context.set_font_size(size)
    before = 0  # characters drawn to the left so far (for letter-spacing)
    for start, shaped, at in run.pieces:
        piece = text[start : start + shaped.chars]
        glyphs = _glyphs(shaped, size, x + at * size + spacing * before, y, spacing)
        before += shaped.chars
        clusters = _clusters(piece, shaped)
        if piece.isspace():
            continue  # a space draws nothing (and pdf text extraction adds its own)
        if outline:
            context.glyph_path(glyphs)
            continue
        inked, clusters = _inked(piece, shaped, glyphs, clusters)
        flags = cairo.TEXT_CLUSTER_FLAG_BACKWARD if shaped.rtl else 0
        context.show_text_glyphs(piece, inked, clusters, flags)
    return float(run.advance * size + spacing * len(text))


def _inked(
    piece: str, shaped: Shaped, glyphs: Glyphs, clusters: list[tuple[int, int]]
) -> tuple[Glyphs, list[tuple[int, int]]]:
    """The glyphs without those of spaces (which draw nothing), and the clusters that say
    so: a space stays in the text the PDF gives back, as a cluster of no glyph."""
    spaces = {value for value in shaped.clusters if piece[value].isspace()}
    if not spaces:
        return glyphs, clusters
    inked = [g for g, value in zip(glyphs, shaped.clusters, strict=True) if value not in spaces]
    values = _cluster_values(shaped.clusters)
    kept = [
        (size, 0 if value in spaces else count)
        for (size, count), value in zip(clusters, values, strict=True)
    ]
    return inked, kept


def _cluster_values(values: tuple[int, ...]) -> list[int]:
    """Each run of equal cluster values, once, in glyph order."""
    return [value for i, value in enumerate(values) if i == 0 or values[i - 1] != value]


def _glyphs(shaped: Shaped, size: float, x: float, y: float, spacing: float) -> Glyphs:
    """cairo's glyphs (id, x, y) of one shaped piece drawn from `x`: each character spaced
    by `spacing` from the one before it on the line (right to left: from its end)."""
    glyphs: Glyphs = []
    for gid, gx, gy, cluster in zip(
        shaped.glyphs, shaped.xs, shaped.ys, shaped.clusters, strict=True
    ):
        left = shaped.chars - 1 - cluster if shaped.rtl else cluster
        glyphs.append((gid, x + gx * size + spacing * left, y - gy * size))
    return glyphs


def _clusters(piece: str, shaped: Shaped) -> list[tuple[int, int]]:
    """cairo's clusters (UTF-8 bytes, glyphs) of one shaped piece, in HarfBuzz's glyph order
    (a right-to-left piece's from its end: cairo's backward flag): each run of glyphs of
    one cluster value and the characters it stands for."""
    values = shaped.clusters
    starts = sorted(set(values))
    span = dict(zip(starts, [*starts[1:], shaped.chars], strict=True))
    found: list[tuple[int, int]] = []
    i = 0
    while i < len(values):
        j = i
        while j < len(values) and values[j] == values[i]:
            j += 1
        chars = piece[values[i] : span[values[i]]]
        found.append((len(chars.encode("utf-8")), j - i))
        i = j
    return found
