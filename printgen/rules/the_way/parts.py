"""The values The Way's parts print (game.yaml `parts:`, drawn by its design.yaml): the board's
gates and its centre as cells of a grid drawn north up (column letters from the west, row
numbers from the north: the centre of a 7 x 7 board is D4), the pawns, and the moves the
player aid lists. Values only: how they look is the game's design."""

from __future__ import annotations

from printgen.model import Game
from printgen.rules.the_way.board import board_of

SIDES = {(0, 1): "top", (1, 0): "right", (0, -1): "bottom", (-1, 0): "left"}
WORDS = {(0, 1): "north", (1, 0): "east", (0, -1): "south", (-1, 0): "west"}
TURNS = {"bottom": 0, "left": 90, "top": 180, "right": 270}
"""Degrees clockwise that turn a drawing which points down (south) to point at each side:
text near a gate reads from that side of the table."""


def cell_name(half: int, x: int, y: int) -> str:
    """Board coordinates (x east, y north, the centre 0, 0) as a grid cell drawn north up."""
    return f"{chr(ord('A') + x + half)}{half - y + 1}"


def part_values(game: Game) -> dict[str, object]:
    board = board_of(game)
    colours = board.colour  # as game.yaml's `rules.board.gates` declares them (settings.py)
    gates = []
    for element, (x, y) in board.gate.items():
        way = board.way[element]
        side = SIDES[way]
        gates.append(
            {
                "element": element,
                "colour": colours[element],
                "direction": WORDS[way],
                "side": side,
                "turn": TURNS[side],
                "cell": cell_name(board.half, x, y),
            }
        )
    moves = [{"symbol": g["element"], "move": g["direction"], "colour": g["colour"]} for g in gates]
    other = board.other_moves
    moves += [
        {"symbol": symbol, "move": other[symbol], "colour": ""}
        for symbol in game.symbols
        if symbol in other
    ]
    return {
        "size": 2 * board.half + 1,
        "centre": cell_name(board.half, 0, 0),
        "gates": gates,
        "moves": moves,
        "pawns": [{"element": p, "colour": colours[p]} for p in board.pawns],
    }
