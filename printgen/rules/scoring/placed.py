"""`placed:` in a worked example: the pieces each player laid on the board, read and checked.

`placed: {PLAYER: [{piece: ID, at: CELL, side: front|back}]}` (side defaults to front). The
cells are named as the game's board prints them: the grid of a part's box in design.yaml
(`parts: {board: {boxes: {map: {grid: ...}}}}`). A game with several grids places its pieces on
its first hex grid, else on its first grid (a score pad's table is a grid too, and a board is
the one with hexes, or the first drawn).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from printgen.errors import PrintgenError, SituationError
from printgen.model import Game
from printgen.model.schema import did_you_mean
from printgen.model.scoring import Board, CardTable, piece
from printgen.model.scoring.cards import SIDES
from printgen.model.scoring.views import CardView
from printgen.model.sources import load_yaml_value
from printgen.model.yaml_value import YamlMapping, YamlScalar, YamlValue
from printgen.rules.per_game import per_game

PIECE_KEYS = ("piece", "at", "side")
MAX_PLACED = 10_000
"""The most pieces one player may have laid in an example (more than any board holds)."""


@per_game
def board_of(game: Game) -> Board | None:
    """The grid pieces are placed on (design.yaml's parts), or None when the game has none."""
    path = game.folder / "design.yaml"
    if not path.is_file():
        return None
    try:
        design, _ = load_yaml_value(path)
    except PrintgenError:
        return None  # validate names the design's own mistakes
    grids = [grid for grid in _grids(design) if _whole(grid.get("columns"))]
    if not grids:
        return None
    grid = next((g for g in grids if g.get("shape") == "hex"), grids[0])
    return Board(
        "hex" if grid.get("shape") == "hex" else "square",
        _whole(grid["columns"]),
        _whole(grid.get("rows")) or 1,
        grid.get("corner_up") is True,
    )


def _whole(value: YamlValue) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _grids(design: YamlValue) -> list[YamlMapping]:
    parts = design.get("parts") if isinstance(design, dict) else None
    found = []
    for part in (parts or {}).values() if isinstance(parts, dict) else ():
        boxes = part.get("boxes") if isinstance(part, dict) else None
        for box in boxes.values() if isinstance(boxes, dict) else ():
            grid = box.get("grid") if isinstance(box, dict) else None
            if isinstance(grid, dict):
                found.append(grid)
    return found


def placed_pieces(
    game: Game, table: CardTable, placed: YamlValue, used: Counter[str]
) -> dict[str, list[CardView]]:
    """Each player's pieces on the board, checked: known ids, cells on the board, a side the
    piece has, one piece of a deck to a cell, no more copies than the game has (`used` counts
    the cards `holds:` gave out already, and these are added)."""
    if not isinstance(placed, Mapping):
        raise SituationError(("placed",), "expected {PLAYER: [{piece: ID, at: CELL}]}")
    board = board_of(game)
    if board is None:
        raise SituationError(
            ("placed",),
            "the game has no board to place pieces on: give a part's box a grid: in design.yaml",
        )
    taken: dict[tuple[str, tuple[int, int]], str] = {}
    pieces: dict[str, list[CardView]] = {}
    for player, items in placed.items():
        if not isinstance(items, list) or len(items) > MAX_PLACED:
            raise SituationError(
                ("placed", player),
                f"expected a list of at most {MAX_PLACED} pieces, each {{piece: ID, at: CELL}}",
            )
        pieces[str(player)] = [
            _piece(game, table, board, (player, index), item, used, taken)
            for index, item in enumerate(items)
        ]
    return pieces


def _piece(
    game: Game,
    table: CardTable,
    board: Board,
    path: tuple[YamlScalar, int],
    item: YamlValue,
    used: Counter[str],
    taken: dict[tuple[str, tuple[int, int]], str],
) -> CardView:
    where = ("placed", *path)
    if not isinstance(item, Mapping) or "piece" not in item or "at" not in item:
        raise SituationError(where, "expected {piece: ID, at: CELL} (side: back to turn it)")
    unknown = [str(k) for k in item if k not in PIECE_KEYS]
    if unknown:
        close = did_you_mean(unknown[0], PIECE_KEYS)
        raise SituationError((*where, unknown[0]), f"unknown key{close}; keys: piece, at, side")
    card_id = item["piece"]
    if not isinstance(card_id, str) or card_id not in table.views:
        close = did_you_mean(str(card_id), table.views)
        raise SituationError((*where, "piece"), f"unknown piece {card_id!r}{close}")
    try:
        cell = board.cell(item["at"])
    except ValueError as exc:
        raise SituationError((*where, "at"), str(exc)) from None
    side = item.get("side", "front")
    deck = str(table.views[card_id]["deck"])
    _check_side(game, deck, side, (*where, "side"))
    if (deck, cell) in taken:
        raise SituationError(
            (*where, "at"), f"{board.name(cell)} already holds {taken[deck, cell]!r} of {deck}"
        )
    taken[deck, cell] = str(card_id)
    used[str(card_id)] += 1
    return piece(table, str(card_id), cell, board.name(cell), str(side))


def _check_side(game: Game, deck: str, side: YamlValue, where: tuple[object, ...]) -> None:
    if side not in SIDES:
        raise SituationError(where, f"expected front or back, got {side!r}")
    component = game.components.get(deck)
    if side == "back" and (component is None or component.sides != 2):
        raise SituationError(where, f"the pieces of {deck} have one face (sides: 2 gives a back)")
