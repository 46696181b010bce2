"""Boards, player sheets and small components (issue 5).

- `board_files(game, options)`: a gated grid board's `board.pdf` (page 1 the whole board on
  A3, then the same board tiled across `options.paper`) and `components.pdf` (pawns, aids).
- `sheet_files(game, options)`: an energy-map player sheet's `player-sheet.pdf` and
  `components.pdf` (dice labels, first-player token).

Both return each file's bytes by name; the kit writes them.
"""

from printgen.render.boards.board_render import board_files
from printgen.render.boards.sheet_render import sheet_files

__all__ = ["board_files", "sheet_files"]
