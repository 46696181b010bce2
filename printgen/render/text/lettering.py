"""The letters printgen sets around a game's cards (the captions of cards.pdf and
cards-fold.pdf, the rulebook booklet's footers, the print guide, the ink-saving backs): in
the body font the game's cards use, so a game whose name is Georgian, Armenian or Chinese
prints it in the font the designer brought for it, and the sample's backs in its own
Comfortaa rather than Lato.

cairo has no glyph fallback (printgen.render.text.fonts), so the fallback is made here, one
character at a time: a character the game's font lacks is set in Lato, the shared font
(a Latin design font without `·` or `…` still prints the captions' separators). A character
neither has stays in the game's font, so the coverage check names that font, the text and
where it came from, and nothing prints as an empty box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from printgen.render.text.fonts import FontRequest, charmap, resolve

FALLBACK = "Lato"
"""The shared font: what the kit's own words are set in when the game's font lacks them."""


@dataclass(frozen=True)
class Lettering:
    """The families text around the cards is drawn in, the game's first, then FALLBACK."""

    families: tuple[str, ...] = (FALLBACK,)

    def runs(self, text: str, bold: bool = False) -> list[tuple[str, str]]:
        """`text` as (family, piece) runs: each character in the first family that has it
        (a space in the run it is in), one none has in the first family."""
        return list(_runs(self.families, text, bold))

    def upper(self, text: str, bold: bool = False) -> str:
        """`text` in capitals where a family has them: Georgian's capitals (Mtavruli, U+1C90)
        are in few fonts, so `მთვარის` stays as written rather than print as empty boxes."""
        return "".join(
            upper if all(self._has(c, bold) for c in upper if not c.isspace()) else char
            for char in text
            for upper in (char.upper(),)
        )

    def _has(self, char: str, bold: bool) -> bool:
        for family in self.families:
            covered = _covered(FontRequest(family, bold))
            if covered is None or ord(char) in covered:
                return True
        return False

    def requests(self, text: str, bold: bool = False) -> dict[FontRequest, str]:
        """The text each font is asked to draw (for printgen.render.text.fonts.require_glyphs)."""
        wanted: dict[FontRequest, str] = {}
        for family, piece in self.runs(text, bold):
            request = FontRequest(family, bold)
            wanted[request] = wanted.get(request, "") + piece
        return wanted


@lru_cache(maxsize=4096)
def _runs(families: tuple[str, ...], text: str, bold: bool) -> tuple[tuple[str, str], ...]:
    """`Lettering.runs`, remembered: a line the print guide draws was measured while it was
    wrapped, and its fonts are checked, with the same runs."""
    runs: list[tuple[str, str]] = []
    for char in text:
        family = runs[-1][0] if char.isspace() and runs else _family_for(families, char, bold)
        if runs and runs[-1][0] == family:
            runs[-1] = (family, runs[-1][1] + char)
        else:
            runs.append((family, char))
    return tuple(runs)


@cache
def _family_for(families: tuple[str, ...], char: str, bold: bool) -> str:
    """The first of `families` that has `char`, remembered: wrapping a paragraph measures each
    growing line, some 100,000 characters for a build's guides, of a few dozen distinct."""
    for family in families:
        covered = _covered(FontRequest(family, bold))
        if covered is None or ord(char) in covered:
            return family
    return families[0]  # none has it: the coverage check names the first


def _covered(request: FontRequest) -> frozenset[int] | None:
    """The characters the font drawn for `request` has; None when that cannot be known here
    (no fontconfig, an unreadable file: then the first family draws, as before)."""
    try:
        return charmap(resolve(request).file)
    except Exception:
        return None
