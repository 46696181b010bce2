"""A game's own fonts: TTF/OTF files from its `fonts/` folder, made known to fontconfig for
this process only (FcConfigAppFontAddFile), so cairo's toy font API, which cairosvg draws
and CairoMeasure measures with, can draw them. The coverage check (`printgen.render.text.fonts`)
looks them up here before asking fc-match.

A font role is not asked for by the files' family: an installed face of the same family
would win (`title: {file: DejaVuSansCondensed-Bold.ttf}` asked for as "DejaVu Sans" at normal
weight printed the installed DejaVu Sans Book). Each role gets a private family name instead
(`alias`), and a fontconfig rule for that name sets the pattern's `file` to the file the
design names for the weight and slant asked; fontconfig ranks a font's file above every
other property, so the designer's file is the face drawn, measured and embedded, whatever
is installed."""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import io
import os
from functools import cache
from pathlib import Path

from printgen.errors import RenderError
from printgen.files.guarded import read_guarded
from printgen.render.text.xml_text import escape

REGISTERED: dict[tuple[str, bool, bool], Path] = {}
"""(alias, bold, italic) -> file, for every font a design brought."""
INSTALLED: dict[tuple[str, bool, bool], str] = {}
"""(alias, bold, italic) -> the installed family drawn for a style the design's files lack."""
ADDED: set[Path] = set()
"""Font files given to fontconfig in this process."""
SHOWN_AS: dict[str, str] = {}
"""alias -> the family and files it stands for, as messages name it."""

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
    library.FcConfigGetCurrent.argtypes = []
    library.FcConfigGetCurrent.restype = ctypes.c_void_p
    library.FcConfigParseAndLoadFromMemory.argtypes = [
        ctypes.c_void_p,
        ctypes.c_char_p,
        ctypes.c_int,
    ]
    library.FcConfigParseAndLoadFromMemory.restype = ctypes.c_int
    return library


MAX_FONT_BYTES = 50_000_000
"""A whole CJK font is ~20 MB; a font file larger than this is refused before it is read."""


@cache
def family_of(path: Path) -> str:
    """The family name a font file declares (typographic family first). The file is read
    through the guarded reader first (a regular file, within the size limit), so neither
    fontTools nor fontconfig ever opens a FIFO, a device or a huge file."""
    from fontTools.ttLib import TTFont, TTLibError  # fontTools loaded only when a font file is read

    data = read_guarded(path, MAX_FONT_BYTES)
    try:
        with TTFont(io.BytesIO(data), lazy=True, fontNumber=0) as font:
            names = font["name"]
            name = names.getDebugName(16) or names.getDebugName(1)
    except (TTLibError, OSError, KeyError) as exc:
        raise UnreadableFont(path, f"not a font file printgen can read: {exc}") from None
    if not name:
        raise UnreadableFont(path, "the font declares no family name")
    return str(name)


class UnreadableFont(RenderError):
    """A font file printgen cannot take: `reason` says why, without the file's path (the
    caller names the file as the design writes it)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path, self.reason = path, reason


def shown_in(path: Path, folder: Path | None) -> str:
    """A font file's path as a message shows it: relative to the game's folder, where the
    design's files are (`fonts/Face.ttf`), never the absolute path of the user's disk."""
    if folder is not None:
        try:
            return path.relative_to(folder.resolve()).as_posix()
        except ValueError:
            pass
    return path.name


def register(
    files: dict[str, Path], where: str, installed: str | None = None, folder: Path | None = None
) -> str:
    """Make the font `files` (style -> file) known to cairo; return the private family name
    that draws exactly these files (see the module's docstring). A style with no file of its
    own (and no regular one to fall back on) is the `installed` family's, if the design
    names one, else the files' family as fontconfig finds it. A file that cannot be read is
    named relative to the game's `folder`, at the design's line `where`."""
    family = _family_of_files(files, where, folder)
    alias = _alias(family, files, installed)
    if alias in SHOWN_AS:
        return alias
    library = _fontconfig()
    _add_files(library, files, where, folder)
    chosen = {style: _chosen(files, *style) for style in _STYLES.values()}
    rules = _rules(alias, chosen, installed or family)
    if library is None or not library.FcConfigParseAndLoadFromMemory(
        library.FcConfigGetCurrent(), rules.encode(), 1
    ):
        raise RenderError(f"{where}: fontconfig could not select {family} by its files")
    for (bold, italic), path in chosen.items():
        if path is not None:
            REGISTERED[(alias, bold, italic)] = path
        else:
            INSTALLED[(alias, bold, italic)] = installed or family
    SHOWN_AS[alias] = f"{family} ({', '.join(sorted({p.name for p in files.values()}))})"
    return alias


def _family_of_files(files: dict[str, Path], where: str, folder: Path | None) -> str:
    """The one family the font `files` declare (a RenderError when a file cannot be read or
    they declare several)."""
    try:
        families = {family_of(path) for path in files.values()}
    except UnreadableFont as exc:
        raise RenderError(
            f"{where}: font file {shown_in(exc.path, folder)!r}: {exc.reason}"
        ) from None
    if len(families) != 1:
        raise RenderError(
            f"{where}: the files of one font must share a family; found {', '.join(families)}"
        )
    return families.pop()


def _add_files(
    library: ctypes.CDLL | None, files: dict[str, Path], where: str, folder: Path | None
) -> None:
    """Give fontconfig each of `files` it was not given before in this process."""
    for added in sorted(set(files.values()) - ADDED):
        if library is None or not library.FcConfigAppFontAddFile(None, str(added).encode()):
            raise RenderError(f"{where}: fontconfig could not load {shown_in(added, folder)!r}")
        ADDED.add(added)


def _alias(family: str, files: dict[str, Path], installed: str | None) -> str:
    """A family name no installed font has, the same for the same files' bytes in every
    process and folder (so a face drawn with it is the same whoever draws it)."""
    digest = hashlib.sha256(f"{installed}\0".encode())
    for style, path in sorted(files.items()):
        digest.update(style.encode() + b"\0" + _digest(path).encode() + b"\0")
    return f"{family} printgen-{digest.hexdigest()[:16]}"


@cache
def _digest(path: Path) -> str:
    return hashlib.sha256(read_guarded(path, MAX_FONT_BYTES)).hexdigest()


def _chosen(files: dict[str, Path], bold: bool, italic: bool) -> Path | None:
    """The file drawn for a request: the style asked for, else bold or italic alone, else
    the regular face (fontconfig then slants or emboldens it, as it does an installed font
    that lacks the style); None when none of these is there."""
    for style in ((bold, italic), (bold, False), (False, italic), (False, False)):
        for name, flags in _STYLES.items():
            if flags == style and name in files:
                return files[name]
    return None


def _rules(alias: str, chosen: dict[tuple[bool, bool], Path | None], installed: str) -> str:
    """fontconfig rules: a pattern asking for `alias` gets the file chosen for its weight
    (bold from semibold up, as cairo asks for bold) and slant (italic or oblique), or the
    `installed` family for a style the files lack."""
    rules = []
    for (bold, italic), path in sorted(chosen.items(), key=lambda item: item[0]):
        weight = "more_eq" if bold else "less"
        slant = "more_eq" if italic else "less"
        edit = (
            f'<edit name="family" mode="assign" binding="strong"><string>{escape(installed)}'
            if path is None
            else f'<edit name="file" mode="assign" binding="strong"><string>{escape(str(path))}'
        )
        rules.append(
            f'<match target="pattern"><test name="family"><string>{escape(alias)}</string>'
            f'</test><test name="weight" compare="{weight}"><const>semibold</const></test>'
            f'<test name="slant" compare="{slant}"><const>italic</const></test>'
            f"{edit}</string></edit></match>"
        )
    return (
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">'
        f"<fontconfig>{''.join(rules)}</fontconfig>"
    )


def registered_file(family: str, bold: bool, italic: bool) -> Path | str | None:
    """The design font file cairo uses for this request, or the installed family it uses
    instead (a style the design's files lack), None for a family no design brought."""
    key = (family, bold, italic)
    return REGISTERED.get(key) or INSTALLED.get(key)


def matched_here(pattern: str) -> tuple[Path, tuple[str, ...]] | None:
    """The file and families this process's fontconfig gives cairo for `pattern`. Once a
    design has added its files (FcConfigAppFontAddFile), a template's plain
    `font-family="Comfortaa"` is drawn from them, which an outside `fc-match` cannot see;
    None when nothing was added or fontconfig cannot say."""
    library = _fontconfig()
    if not ADDED or library is None:
        return None
    _declare_match(library)
    config = library.FcConfigGetCurrent()
    request = library.FcNameParse(pattern.encode())
    if not request:
        return None
    try:
        library.FcConfigSubstitute(config, request, 0)  # FcMatchPattern
        library.FcDefaultSubstitute(request)
        result = ctypes.c_int(0)
        found = library.FcFontMatch(config, request, ctypes.byref(result))
        if not found:
            return None
        try:
            file = _strings(library, found, b"file")
            families = _strings(library, found, b"family")
        finally:
            library.FcPatternDestroy(found)
    finally:
        library.FcPatternDestroy(request)
    return (Path(file[0]), tuple(families)) if file else None


def _strings(library: ctypes.CDLL, pattern: int, name: bytes) -> list[str]:
    values: list[str] = []
    value = ctypes.c_char_p()
    while library.FcPatternGetString(pattern, name, len(values), ctypes.byref(value)) == 0:
        values.append(os.fsdecode(value.value or b""))
    return values


@cache
def _declare_match(library: ctypes.CDLL) -> None:
    library.FcNameParse.argtypes = [ctypes.c_char_p]
    library.FcNameParse.restype = ctypes.c_void_p
    library.FcConfigSubstitute.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    library.FcDefaultSubstitute.argtypes = [ctypes.c_void_p]
    library.FcFontMatch.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    library.FcFontMatch.restype = ctypes.c_void_p
    library.FcPatternGetString.argtypes = [
        ctypes.c_void_p,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.POINTER(ctypes.c_char_p),
    ]
    library.FcPatternGetString.restype = ctypes.c_int
    library.FcPatternDestroy.argtypes = [ctypes.c_void_p]


def shown(family: str) -> str:
    """How a message names a family: a design's private one by its family and files."""
    return SHOWN_AS.get(family, family)
