"""Text inside a designer's SVG art, checked for font coverage as card text is: cairosvg draws
an art file's <text> with the font its `font-family` names, resolved by fontconfig (the
game's own fonts included), and with no glyph fallback, so `夜` in a font that lacks it
printed as an empty box while validate said ok. A warning, not an error: the art is the
designer's drawing, and the fix (text to paths, another font) is made in their editor."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

from defusedxml import ElementTree
from defusedxml.common import DefusedXmlException

from printgen.errors import PrintgenError, display_path
from printgen.model import Game
from printgen.render.draw.safety import read_image, url_path
from printgen.render.faces.face import DeckFaces
from printgen.render.text.fonts import SHOWN, missing_glyphs, text_in_tree
from printgen.rules.engine import Check

NAME = "art text fonts"
_SVG_ART = re.compile(r"""<image href=(["'])((?:printgen-)?file:[^"']+?\.svg)\1""", re.IGNORECASE)
"""A face's picture that is an SVG file (printgen.render.faces.draw writes its URL)."""


def art_files(svg: str) -> list[Path]:
    """The SVG files a face draws as pictures."""
    found = (url_path(html.unescape(match.group(2))) for match in _SVG_ART.finditer(svg))
    return [path for path in found if path is not None]


def art_text_check(game: Game, decks: Sequence[DeckFaces]) -> Check | None:
    """One warning listing every SVG art file whose text has a letter its font lacks (the
    file, the first card that prints it, the font, the font file and the letters); an ok
    check when art files hold text and every letter is there; None when none holds text."""
    first: dict[Path, str] = {}  # art file -> the first card (or back) printing it
    for deck in decks:
        for card, face in [*deck.fronts, (None, deck.back)]:
            for path in art_files(face.svg):
                first.setdefault(path, card.where() if card is not None else face.title)
    problems, texts = [], 0
    for path, where in first.items():
        tree = _parsed(path, game.folder)
        if tree is None:
            continue
        for font, text in sorted(text_in_tree(tree).items()):
            found = missing_glyphs(font, text)
            texts += 1
            if found is None or not found[1]:
                continue
            file_name, missing = found
            listed = ", ".join(f"U+{ord(c):04X} {c!r}" for c in missing[:SHOWN])
            more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
            problems.append(
                f"{display_path(path)} (printed first by {where}): its text in {font} is drawn"
                f" with {file_name}, which has no glyph for {listed}{more}"
            )
    if problems:
        return Check(
            NAME,
            False,
            "warning",
            f"{len(problems)} {'texts' if len(problems) > 1 else 'text'} in SVG art would print"
            " letters as empty boxes: "
            + "; ".join(problems)
            + " (name a font that has them in the art, or convert its text to paths)",
        )
    if texts:
        return Check(NAME, True, "warning", "the text in SVG art has every letter in its fonts")
    return None


def _parsed(path: Path, folder: Path) -> ET.Element | None:
    """The art's XML tree, read as the renderer reads it; None when it cannot be read (the
    art's own check says why)."""
    try:
        tree: ET.Element = ElementTree.fromstring(read_image(path, folder))
        return tree
    except (PrintgenError, OSError, ElementTree.ParseError, DefusedXmlException):
        return None
