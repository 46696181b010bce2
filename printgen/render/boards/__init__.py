"""Boards, player sheets and small components (issue 5).

- `board_files(game, options)`: a gated grid board (page 1 the whole board on A3, then the
  same board tiled across `options.paper`) and its components (pawns, aids).
- `sheet_files(game, options)`: an energy-map player sheet and its components (dice labels,
  first-player token).

Both return each output's bytes by what it is (`printgen.render.outputs`); the kit names the
files (`board.pdf`, `player-sheet.pdf`, `components.pdf`) and writes them.
"""

from printgen.render.boards.board_render import board_files
from printgen.render.boards.sheet_render import sheet_files

__all__ = ["board_files", "sheet_files"]
