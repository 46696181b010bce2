"""Card designs as data: one renderer draws every game's faces from the design that lives in
its folder (`design.yaml`, `palette.yaml`, `fonts/`, `icons/`, `templates/`), merged over the
shared default in `templates/common/design.yaml`. No module here knows any one game.

- `spec`: read and check a design (every mistake with its file and line).
- `geometry`: lengths and the rectangle of a box on a card of any size.
- `richtext`: `**bold**`, `*italic*`, `:icon:` and line breaks, wrapped, hyphenated and shrunk.
- `colours`: palette names, suit tones and the colour-blind-safe default cycle;
  `game_palette`: the same colours for the rest of the kit (board, sheets, rulebook).
- `typefaces`: a game's own font files, made known to cairo.
- `draw`: one face's boxes as SVG; `render`: every face of a game.
"""
