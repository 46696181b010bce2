"""The game's own fonts in its rulebook: the card design's `body` and `title` roles.

A designer who sets the cards in their own face (`fonts:` in design.yaml, files in `fonts/` or
an installed family) sees the rulebook in it too: the body text in the `body` role, the cover
title and headings in the `title` role, each with Lato behind it for any character the face
lacks (the glyph check reads Lato and DejaVu, so that coverage stays true). A game with no
such role keeps Lato, and its stylesheet is the same text as before.

A face the design leaves out is the regular one, as on the cards (`bold:` missing: the
regular file prints at every weight, never a smeared synthetic bold); the files are read by
`file:` URLs inside the game's folder (the typesetter's fetcher allows no other), and each
file's hash is written beside it, so a changed font makes another stylesheet and so another
typesetting of the remembered PDF.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from printgen.files.hashing import file_hash
from printgen.render.faces.render import DEFAULT_FAMILIES, design_of

if TYPE_CHECKING:
    from pathlib import Path

    from printgen.model import Game
    from printgen.render.faces.spec import FontSpec

FALLBACK = "Lato, sans-serif"
_SAFE_FAMILY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,63}$")
_STYLES = {"regular": ("normal", False), "bold": ("normal", True)}
_STYLES |= {"italic": ("italic", False), "bold_italic": ("italic", True)}


@dataclass(frozen=True)
class RulebookFonts:
    """CSS for the rulebook's stylesheet: `@font-face` rules and two font-family lists."""

    faces: str = ""
    body: str = FALLBACK
    title: str = ""  # empty: the stylesheet's own (Lato), as for a game without a title role


def rulebook_fonts(game: Game) -> RulebookFonts:
    """The design's body and title roles as CSS (the defaults when it names neither)."""
    fonts = design_of(game).fonts
    faces: list[str] = []
    stacks: dict[str, str] = {}
    for role in ("body", "title"):
        spec = fonts.get(role)
        if spec is None or (not spec.files and spec.family == DEFAULT_FAMILIES[role]):
            continue  # the default design's Lato: the stylesheet's own
        stack = _stack(spec, f"printgen-{role}", faces)
        if stack:
            stacks[role] = stack
    if not stacks:
        return RulebookFonts()
    return RulebookFonts("".join(faces), stacks.get("body", FALLBACK), stacks.get("title", ""))


def _stack(spec: FontSpec, alias: str, faces: list[str]) -> str:
    """The role's font-family list, adding its files' `@font-face` rules to `faces`."""
    if spec.files:
        faces += _face_rules(alias, spec.files)
        first = f'"{alias}"'
    elif spec.family and _SAFE_FAMILY.match(spec.family):
        first = f'"{spec.family}"'
    else:
        return ""
    return f"{first}, {FALLBACK}"


def _face_rules(alias: str, files: dict[str, Path]) -> list[str]:
    """One rule a face and its weights: the regular file at every weight the bold file does
    not take, in each style the design gives (an upright face stands in for no italic)."""
    rules = []
    for face, path in files.items():
        if face not in _STYLES:
            continue
        style, bold = _STYLES[face]
        paired = "bold" if style == "normal" else "bold_italic"
        if bold:
            weights = "600 900"
        elif paired in files:
            weights = "100 500"
        else:
            weights = "100 900"
        rules.append(
            f'@font-face {{ font-family: "{alias}"; src: url("{path.resolve().as_uri()}"); '
            f"font-style: {style}; font-weight: {weights}; }} /* {file_hash(path)} */\n"
        )
    return rules
