"""Refuse a rulebook whose text has a character no font we ship can draw.

weasyprint (through pango) falls back from Lato to any installed font and, when none has the
character, draws an empty box without a word. The fonts printgen installs are Lato and DejaVu
Sans (with its mono face for code); a character none of them covers is refused with its code
point and the file, instead of printing a box.
"""

from __future__ import annotations

from html.parser import HTMLParser

from printgen.errors import RenderError
from printgen.render.text.fonts import FontRequest, charmap, resolve

FAMILIES = ("Lato", "DejaVu Sans", "DejaVu Sans Mono")
SHOWN = 6


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chars: set[str] = set()
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script", "svg"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script", "svg") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.chars.update(data)


def check_glyphs(html: str, where: str) -> None:
    """Raise RenderError naming every character of the page's text no shipped font has."""
    parser = _Text()
    parser.feed(html)
    covered: set[int] = set()
    for family in FAMILIES:
        resolved = resolve(FontRequest(family))
        if family in resolved.families:
            covered |= charmap(resolved.file)
    missing = sorted(
        c for c in parser.chars if c.isprintable() and not c.isspace() and ord(c) not in covered
    )
    if missing:
        shown = ", ".join(f"U+{ord(c):04X} {c!r}" for c in missing[:SHOWN])
        more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
        raise RenderError(
            f"{where}: no installed font ({', '.join(FAMILIES)}) has a glyph "
            f"for {shown}{more}; it would print as an empty box"
        )
