"""Player sheets and their small components (issue 5): `kit: [player-sheet]`.

- `sheet_files(game, options)`: an energy-map player sheet and its components (dice labels,
  first-player token).

(A board is a part now: game.yaml `parts:`, drawn by printgen.render.parts.)

Both return each output's bytes by what it is (`printgen.render.outputs`); the kit names the
files (`board.pdf`, `player-sheet.pdf`, `components.pdf`) and writes them.
"""

from printgen.render.boards.sheet_render import sheet_files

__all__ = ["sheet_files"]
