"""Drawing primitives: SVG text from templates, SVG to cairo, pixels and PNG files.

- `svg`: the sandboxed Jinja2 environment every SVG template renders in.
- `vector`: SVG parsed once into a cairo recording, replayed into PDF pages and bitmaps;
  `svg_plain`: the same recording for plain text and rectangles, faster.
- `raster` and `png`: a recording's pixels (pdfium) and PNG files written directly.
- `images`: a designer's raster art cut to its box; `safety`: what a drawing may read.
- `svgdraw`: a small escaped SVG writer (the rulebook's pictures, the analysis charts).
- `marks`: fallback suit marks; `icon_tint`: a one-colour icon in its place's colour.
- `cairo_ffi` and `pango_ffi`: cairocffi's and Pango's C declarations parsed once a user
  (cairo's installed by `printgen.render`, Pango's by the rulebook before WeasyPrint);
  `ffi_ahead`: both written by a child on a build's first start, while the games load.
"""
