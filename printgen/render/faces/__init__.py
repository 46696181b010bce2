"""Card and piece faces: the design engine. One renderer draws every game's faces from the
design that lives in its folder (`design.yaml`, `palette.yaml`, `fonts/`, `icons/`,
`templates/`), merged over the shared default in `templates/common/design.yaml`. No module
here knows any one game.

- `spec`: read and check a design (every mistake with its file and line).
- `geometry`: lengths and the rectangle of a box on a card of any size.
- `palette`: the shared palette; `colours`: palette names, suit tones and the
  colour-blind-safe default cycle; `game_palette`: the same colours for the rest of the kit
  (board, sheets, rulebook).
- `draw`: one face's boxes as SVG (text set by `printgen.render.text`); `render`: every face
  of a game; `cover`, `drawn_text`, `shapes`, `turned`: what `draw` checks and draws with.
- `face`: a face (its SVG, drawn lazily) and a deck's faces; `game_faces`: every face of a
  game; `face_keys`: what a front's pictures are kept by in the build store.
- `game_lettering`: the body font a game's design names, for the letters around its cards.
- `ink_saver`: the ink-saving backs of `build --ink-saver`.
- `templates_read`: which template files of a game's folder its design reads.
"""
