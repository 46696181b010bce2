"""Font coverage: every character the data puts on a card must exist in the font file that
fontconfig resolves for it, because cairo (through cairosvg) has no glyph fallback and draws a
missing character as an empty box.

`font_checks(game)` renders every face of the game to SVG (no drawing), reads which font each
piece of text asks for (family, bold, italic, as cairosvg passes them to cairo's toy font API),
resolves that font the way cairo does (`fc-match` with the same pattern) and looks each
character up in the file's character map with fontTools.
"""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from printgen.errors import PrintgenError, RenderError
from printgen.model import Game
from printgen.rules.checks import Check

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
        return f"{self.family} {style}".strip()

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
    found: dict[FontRequest, list[str]] = defaultdict(list)

    def walk(element: ET.Element, inherited: dict[str, str]) -> None:
        attrs = {
            **inherited,
            **{
                k: v
                for k, v in element.attrib.items()
                if k in ("font-family", "font-weight", "font-style")
            },
        }
        tag = element.tag.removeprefix(SVG)
        if tag in ("text", "tspan", "textPath"):
            found[_request(attrs)].append(element.text or "")
        for child in element:
            walk(child, attrs)
            if tag in ("text", "tspan", "textPath") and child.tail:
                found[_request(attrs)].append(child.tail)

    walk(ET.fromstring(svg), {})
    return {font: "".join(parts) for font, parts in found.items()}


def _request(attrs: dict[str, str]) -> FontRequest:
    family = (attrs.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    weight = attrs.get("font-weight", "normal")
    bold = weight == "bold" or (weight.isdigit() and int(weight) >= 550)
    italic = attrs.get("font-style") in ("italic", "oblique")
    return FontRequest(family, bold, italic)


@cache
def resolve(request: FontRequest) -> Resolved:
    """The font file fontconfig gives cairo for `request` (via `fc-match`)."""
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


@cache
def charmap(path: Path) -> frozenset[int]:
    from fontTools.ttLib import TTFont  # loaded only when a font is checked

    with TTFont(str(path), lazy=True, fontNumber=0) as font:
        return frozenset(font.getBestCmap() or {})


def font_checks(game: Game) -> list[Check]:
    """One check per font the cards of `game` use: every character there is in the font."""
    from printgen.render.faces import game_faces
    from printgen.render.textfit import ApproxMeasure

    try:
        decks = game_faces(game, ApproxMeasure())
    except PrintgenError as exc:
        return [Check("fonts", False, "error", f"cannot render the cards to check: {exc}")]
    where: dict[FontRequest, dict[str, str]] = defaultdict(dict)  # font -> char -> face
    for deck in decks:
        for face in [*(f for _, f in deck.fronts), deck.back]:
            for font, text in text_by_font(face.svg).items():
                for char in text:
                    if not char.isspace():
                        where[font].setdefault(char, face.title)
        for char in f"{game.name} {deck.deck.name} ·":  # the sheet captions of cards.pdf
            if not char.isspace():
                where[FontRequest("Lato")].setdefault(char, "the captions of cards.pdf")
    return [_check(font, chars) for font, chars in sorted(where.items())]


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


def _check(font: FontRequest, chars: dict[str, str]) -> Check:
    name = f"font {font}"
    try:
        resolved = resolve(font)
        covered = charmap(resolved.file)
    except Exception as exc:  # no fc-match, an unreadable font file: say so, do not crash
        return Check(name, False, "error", f"cannot check the font: {exc}")
    missing = [c for c in sorted(chars) if ord(c) not in covered]
    if missing:
        listed = ", ".join(f"U+{ord(c):04X} {c!r} ({chars[c]})" for c in missing[:SHOWN])
        more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
        return Check(
            name,
            False,
            "error",
            f"{resolved.file.name} (what fontconfig gives for {font}) has no glyph "
            f"for {listed}{more}: they would print as empty boxes",
        )
    family = font.family.split()[0].casefold()
    if not any(f.casefold().startswith(family) for f in resolved.families):
        return Check(
            name,
            False,
            "warning",
            f"{font} is not installed; fontconfig substitutes {resolved.file.name}, "
            f"which covers all {len(chars)} characters (install fonts-lato)",
        )
    return Check(
        name, True, "error", f"{resolved.file.name} covers all {len(chars)} characters on the cards"
    )
