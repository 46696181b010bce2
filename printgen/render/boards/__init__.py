"""Boards, player sheets and small components (issue 5).

- `build_board(game, options, out_dir)`: The Way's `board.pdf` (page 1 the whole board on A3,
  then the same board tiled across `options.paper`) and `components.pdf` (pawns, player aids).
- `build_sheets(game, options, out_dir)`: Feng Shui Master's `player-sheet.pdf` and
  `components.pdf` (dice labels, first-player token).

Both return the paths written (atomically, through `printgen.render.writer`).
"""

from printgen.render.boards.fsm_render import build_sheets
from printgen.render.boards.way_render import build_board

__all__ = ["build_board", "build_sheets"]
