"""The Way's rulebook pictures as values: its board (the `board` diagram, a `SquareBoard`) and
a worked example's board before and after one card (a `Position`: the pieces that moved where
they started, each step, every piece where it ended, the card played). The rulebook draws them
(`printgen.render.rulebook`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from printgen.model import Card
from printgen.model.yaml_value import YamlMapping
from printgen.rules.pictures import FramedCard, Gate, Move, Piece, Position, SquareBoard
from printgen.rules.pictures import Rulebook as Source
from printgen.rules.the_way.board import VOID, Board, Square, board_of


def square_board(source: Source) -> SquareBoard:
    """The board of game.yaml `rules.board`: its size, the Void in the centre, its gates."""
    board = board_of(source.game)
    gates = tuple(
        Gate(element, next_to, board.beyond[element], board.way[element])
        for element, next_to in board.gate.items()
    )
    return SquareBoard(board.half, VOID, gates)


def the_way(source: Source, situation: YamlMapping, result: dict[str, object]) -> Position | None:
    """The board after the card: where each moved piece started, each step, every piece where
    it ended; the card played beside the board."""
    board = board_of(source.game)
    pieces = situation.get("pieces")
    positions = result.get("positions")
    if not isinstance(pieces, dict) or not isinstance(positions, dict):
        return None
    before = {str(p): square_of(board, str(p), w) for p, w in pieces.items()}
    after = {p: square_of(board, p, w) for p, w in positions.items()}
    moved = tuple(
        Piece(name, start)
        for name, start in before.items()
        if start is not None and after.get(name) != start
    )
    given = result.get("steps")
    steps = tuple(
        move
        for step in (given if isinstance(given, list) else [])
        if (move := _move(board, step)) is not None
    )
    item = find_card(source, str(situation.get("play", "")))
    return Position(
        square_board(source),
        moved,
        steps,
        tuple(Piece(name, sq) for name, sq in after.items() if sq is not None),
        framed_card(item) if item is not None else None,
    )


def square_of(board: Board, pawn: str, where: object) -> Square | None:
    if isinstance(where, (list, tuple)) and len(where) == 2:
        return int(where[0]), int(where[1])
    if where == "out" and pawn in board.beyond:
        return board.beyond[pawn]
    if isinstance(where, str) and where.startswith("outside "):
        return board.beyond.get(where.split()[1])
    return None


def _move(board: Board, step: Mapping[str, object]) -> Move | None:
    """One step of the result; a blocked one (or one that went nowhere) with the way it would
    have gone (a Void step: toward the centre)."""
    name = str(step.get("piece"))
    start = square_of(board, name, step.get("from"))
    end = square_of(board, name, step.get("to"))
    if start is None:
        return None
    if not (step.get("blocked") or end is None or end == start):
        return Move(name, start, end)
    return Move(name, start, None, _direction(board, str(step.get("symbol")), start))


def _direction(board: Board, symbol: str, start: Square) -> Square:
    """The way a step for `symbol` goes from `start` (a Void step: toward the centre)."""
    if symbol in board.way:
        return board.way[symbol]
    x, y = start
    return (-1 if x > 0 else 1 if x < 0 else 0), (-1 if y > 0 else 1 if y < 0 else 0)


def find_card(source: Source, text: str) -> Card | None:
    """A card of the game by id or name, written in any case with spaces or dashes."""
    key = re.sub(r"[\s\-–]+", "-", str(text).strip().lower())
    for comp in source.game.components.values():
        for item in comp.cards:
            if key in (item.id, re.sub(r"[\s\-–]+", "-", item.name.lower())):
                return item
    return None


def framed_card(item: Card) -> FramedCard:
    """A card's frames as the printed card lays them out: four holding its symbol (an All),
    two holding a Dual's symbols in printed order (numbered) or a Double's one symbol twice,
    or one frame holding every symbol (a Single)."""
    borders = item.number("borders", 1)
    symbols = list(item.names("symbols"))
    frames: tuple[tuple[str, ...], ...]
    if borders >= 4 and symbols:
        frames = ((symbols[0],),) * 4
    elif borders == 2 and symbols:
        pair = symbols if len(symbols) == 2 else symbols * 2
        frames = ((pair[0],), (pair[1],))
    else:
        frames = (tuple(symbols),)
    return FramedCard(frames, borders == 2, item.name)
