"""Text and fonts: which font file draws each character, how card text is marked up, broken
into lines and fitted, and the lettering printgen sets around a game's pieces.

- `fonts`: coverage (cairo has no glyph fallback), `cmap`: the characters a font file has.
- `typefaces`: a game's own font files, made known to fontconfig and cairo.
- `markup` and `richtext`: `**bold**`, `*italic*`, `:icon:` and line breaks, set in a box.
- `textfit`: line breaking and fitting with a `Measure` (the one cairo draws with).
- `lettering`: the letters around the cards (captions, footers, print guide).
"""
