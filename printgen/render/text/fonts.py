"""Font coverage: every character the data puts on a card must exist in the font file that
fontconfig resolves for it, because cairo (through cairosvg) has no glyph fallback and draws a
missing character as an empty box.

`printgen.check.fonts` renders every face of a game to SVG (no drawing), reads which font each
piece of text asks for (family, bold, italic, as cairosvg passes them to cairo's toy font API),
resolves that font the way cairo does (`fc-match` with the same pattern) and looks each
character up in the file's character map with fontTools.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from printgen.errors import PrintgenError, RenderError
from printgen.render.text.cmap import read_cmap
from printgen.render.text.typefaces import matched_here, registered_file, shown

SVG = "{http://www.w3.org/2000/svg}"
SHOWN = 6  # missing characters listed in a message, at most


@dataclass(frozen=True, order=True)
class FontRequest:
    """A font as cairo's toy API is asked for it."""

    family: str
    bold: bool = False
    italic: bool = False

    def __str__(self) -> str:
        style = " ".join(s for s, on in (("bold", self.bold), ("italic", self.italic)) if on)
        return f"{shown(self.family)} {style}".strip()

    @property
    def pattern(self) -> str:
        """The fontconfig pattern cairo builds: FC_WEIGHT_BOLD or _MEDIUM, ROMAN or ITALIC."""
        return f"{self.family}:weight={200 if self.bold else 100}:slant={100 if self.italic else 0}"


@dataclass(frozen=True)
class Resolved:
    file: Path
    families: tuple[str, ...]


def text_by_font(svg: str) -> dict[FontRequest, str]:
    """The characters of every <text> (and <tspan>) of `svg`, grouped by the font asked for."""
    return text_in_tree(ET.fromstring(svg))


def text_in_tree(root: ET.Element) -> dict[FontRequest, str]:
    """`text_by_font` of an SVG already parsed (a designer's art, read with defusedxml)."""
    found: dict[FontRequest, list[str]] = defaultdict(list)

    def walk(element: ET.Element, inherited: dict[str, str]) -> None:
        attrs = {
            **inherited,
            **{k: v for k, v in element.attrib.items() if k in FONT_KEYS},
            **_styled(element.attrib.get("style", "")),
        }
        tag = element.tag.removeprefix(SVG)
        if tag in ("text", "tspan", "textPath"):
            found[_request(attrs)].append(element.text or "")
        for child in element:
            walk(child, attrs)
            if tag in ("text", "tspan", "textPath") and child.tail:
                found[_request(attrs)].append(child.tail)

    walk(root, {})
    return {font: "".join(parts) for font, parts in found.items()}


FONT_KEYS = ("font-family", "font-weight", "font-style")


def _styled(style: str) -> dict[str, str]:
    """The font keys of a `style` attribute (`font-family:'DejaVu Sans';font-size:12px`, as
    Inkscape writes them), which cairosvg reads over the element's attributes."""
    found = {}
    for declaration in style.split(";"):
        key, _, value = declaration.partition(":")
        if key.strip() in FONT_KEYS and value.strip():
            found[key.strip()] = value.strip()
    return found


def _request(attrs: dict[str, str]) -> FontRequest:
    family = (attrs.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    weight = attrs.get("font-weight", "normal")
    bold = weight == "bold" or (weight.isdigit() and int(weight) >= 550)
    italic = attrs.get("font-style") in ("italic", "oblique")
    return FontRequest(family, bold, italic)


@cache
def resolve(request: FontRequest) -> Resolved:
    """The font file fontconfig gives cairo for `request` (via `fc-match`), or the file a
    game's design brought for it."""
    own = registered_file(request.family, request.bold, request.italic)
    if isinstance(own, Path):
        return Resolved(own, (request.family,))
    if own is not None:  # a style the design's files lack: the installed family's face
        return resolve(FontRequest(own, request.bold, request.italic))
    here = matched_here(request.pattern)  # a template naming a design font's own family
    if here is not None:
        return Resolved(*here)
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        raise PrintgenError("fc-match (fontconfig) not found: install fontconfig")
    result = subprocess.run(
        [fc_match, "--format=%{file}\n%{family}", request.pattern],
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    lines = result.stdout.splitlines()
    if result.returncode != 0 or not lines or not lines[0]:
        raise PrintgenError(f"fc-match found no font for {request}")
    families = tuple(f.strip() for f in (lines[1] if len(lines) > 1 else "").split(","))
    return Resolved(Path(lines[0]), families)


OBLIQUE_DEGREES = 12.0
"""The slant of a synthesized oblique: what browsers and fontconfig give a font that has no
italic face."""


@cache
def needs_oblique(family: str, bold: bool = False) -> bool:
    """Whether `*italic*` in `family` must be slanted by printgen: cairo draws the italic
    request with the upright file when the family has no italic face (a design's Comfortaa,
    an installed family without one), so italic printed upright. True when the file drawn
    for italic is the upright one's, or a face whose tables say it is upright."""
    try:
        italic = resolve(FontRequest(family, bold, True)).file
        upright = resolve(FontRequest(family, bold, False)).file
    except PrintgenError:
        return False  # no fontconfig: the coverage check says so
    return italic == upright or not _slanted(italic)


EMBOLDEN_EM = 1 / 24
"""How much a synthesized bold thickens each letter, in ems: the glyph's outline stroked with
its fill at this width (half of it each side), and its advance widened by as much, as
FreeType emboldens a face for fontconfig (FT_GlyphSlot_Embolden: an em over 24) and browsers
at card text sizes. At the 6 pt minimum the stroke is 0.25 pt, no print shop's hairline."""


@cache
def needs_bold(family: str, italic: bool = False) -> bool:
    """Whether `**bold**` in `family` must be emboldened by printgen: the design gave one
    file, or the family has no bold face, so cairo draws the bold request with a regular
    one (a PDF embeds it as it is, regular). True when the file drawn for bold has an OS/2
    weight under 600 (semibold); a heavy face named alone (`title: {file: X-Bold.ttf}`, Lato
    Black) is bold already."""
    try:
        bold = resolve(FontRequest(family, True, italic)).file
    except PrintgenError:
        return False  # no fontconfig: the coverage check says so
    return _weight(bold) < 600


@cache
def _weight(path: Path) -> int:
    """The face's weight class (OS/2 usWeightClass; 400 regular, 700 bold), read from the
    table directory by hand: fontTools takes longer to import than a small deck to draw."""
    try:
        data = path.read_bytes()
        start = struct.unpack_from(">I", data, 12)[0] if data[:4] == b"ttcf" else 0
        (tables,) = struct.unpack_from(">H", data, start + 4)
        for i in range(tables):
            tag, _sum, offset, _length = struct.unpack_from(">4sIII", data, start + 12 + 16 * i)
            if tag == b"OS/2":
                return int(struct.unpack_from(">H", data, offset + 4)[0])
    except (OSError, struct.error):
        return 700  # a file that cannot be read: draw it as it is
    return 400


@cache
def _slanted(path: Path) -> bool:
    """The face says it is italic or oblique (post.italicAngle, OS/2 fsSelection, head)."""
    from fontTools.ttLib import TTFont  # fontTools loaded only when a font file is read

    try:
        with TTFont(str(path), lazy=True, fontNumber=0) as font:
            if "post" in font and font["post"].italicAngle:
                return True
            if "OS/2" in font and font["OS/2"].fsSelection & 0b10_0000_0001:
                return True
            return bool(font["head"].macStyle & 0b10)
    except Exception:  # a file fontTools cannot read: draw it as it is
        return True


@cache
def charmap(path: Path) -> frozenset[int]:
    found = read_cmap(path.read_bytes())
    if found is not None:
        return found
    from fontTools.ttLib import TTFont  # a cmap format read_cmap does not know

    with TTFont(str(path), lazy=True, fontNumber=0) as font:
        return frozenset(font.getBestCmap() or {})


def missing_glyphs(font: FontRequest, text: str) -> tuple[str, list[str]] | None:
    """The font file cairo will use for `font` and the characters of `text` it has no glyph
    for; None when that cannot be known here (no fontconfig, an unreadable font file)."""
    try:
        resolved = resolve(font)
        covered = charmap(resolved.file)
    except Exception:  # the check is a help, not a requirement: validate reports why
        return None
    missing = sorted({c for c in text if not c.isspace() and ord(c) not in covered})
    return resolved.file.name, missing


def require_glyphs(svg: str, name: str, extra: dict[FontRequest, str] | None = None) -> None:
    """Refuse to draw `svg` (and the `extra` text drawn beside it) when a character is not in
    the font cairo will use: cairo has no fallback and would print an empty box."""
    try:
        wanted: dict[FontRequest, str] = dict(text_by_font(svg)) if svg else {}
    except ET.ParseError:  # not XML: the renderer says so, naming the drawing
        wanted = {}
    for font, text in (extra or {}).items():
        wanted[font] = wanted.get(font, "") + text
    for font, text in sorted(wanted.items()):
        found = missing_glyphs(font, text)
        if found is None or not found[1]:
            continue
        file_name, missing = found
        listed = ", ".join(f"U+{ord(c):04X} {c!r}" for c in missing[:SHOWN])
        more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
        raise RenderError(
            f"{name}: {file_name} (the font for {font}) has no glyph for {listed}{more}; "
            "it would print as an empty box, so printgen draws nothing (use characters "
            "the font has; `printgen validate` lists every one)"
        )
