"""The Way's board and how pieces move (RULINGS.md), with the geometry of game.yaml `rules.board`.

Squares are `(x, y)`, x and y from -half to half (-3..3 on the 7 x 7 board); the Void is the
centre (0, 0) and holds any number of pieces. A piece off the board stands on the square just
beyond a gate: beyond its own gate it has left the board; beyond another gate it waits to enter
(the cooperative start). Pieces are indexes into `Board.pawns`; a position list holds one square
per pawn, or None for a pawn not in the game.

A step is blocked (the piece stays) when it would leave the board other than through the piece's
own gate, enter a square holding another piece (except the Void), or when a piece in the Void is
sent toward the Void. A piece that has left never moves again. A waiting piece enters by a step
toward the centre (an element step in that direction, a Void step, or a Wild as either).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from printgen.model import Game
from printgen.model.checked import Checked
from printgen.model.yaml_value import YamlScalar
from printgen.rules.parsed import whole_pair
from printgen.rules.per_game import Settings, per_game
from printgen.rules.the_way.settings import COMPASS, GATE, SETTINGS

Square = tuple[int, int]
Where = list[int] | str | None
"""A square as a situation writes it: `[x, y]`, `"out"`, `"outside <gate>"` (None: no square)."""
VOID = "void"
WILD = "wild"
CENTRE: Square = (0, 0)


class Step(NamedTuple):  # a named tuple: made for every step of every simulated game
    """One step of one piece: where it was, where it is, and why it stayed if it did."""

    piece: int
    symbol: str
    start: Square
    end: Square
    blocked: str | None
    exited: bool


@dataclass(frozen=True)
class Board:
    half: int
    pawns: tuple[str, ...]
    gate: dict[str, Square]  # element -> the square next to its gate
    way: dict[str, Square]  # element symbol -> the direction it moves a piece
    beyond: dict[str, Square]  # element -> the square just outside its gate
    opposite: dict[str, str]  # element -> the element whose gate faces its own
    colour: dict[str, str]  # element -> its gate's colour name ("" when game.yaml gives none)

    @property
    def other_moves(self) -> dict[str, str]:
        """How each symbol with no gate moves a piece, in the words a board's player aid
        draws: "centre" (one step toward the Void, diagonals too) or "any" (a Wild: any one of
        the other steps)."""
        return {VOID: "centre", WILD: "any"}

    @property
    def steps(self) -> tuple[str, ...]:
        """The symbols a Wild may stand for: every element direction, and the Void."""
        return (*self.way, VOID)

    def on_board(self, sq: Square) -> bool:
        return -self.half <= sq[0] <= self.half and -self.half <= sq[1] <= self.half

    def has_left(self, pos: list[Square | None], i: int) -> bool:
        return pos[i] == self.beyond[self.pawns[i]]

    def step(self, pos: list[Square | None], i: int, symbol: str) -> Step:
        """Move piece `i` one step for `symbol` (an element or void), in place in `pos`."""
        start = pos[i]
        assert start is not None, "a piece not in the game does not move"
        pawn = self.pawns[i]
        if start == self.beyond[pawn]:
            return Step(i, symbol, start, start, "it has left the board", False)
        x, y = start
        if symbol == VOID:
            if start == CENTRE:
                return Step(
                    i,
                    symbol,
                    start,
                    start,
                    "it is in the Void and the step is toward the Void",
                    False,
                )
            to = (x - (x > 0) + (x < 0), y - (y > 0) + (y < 0))
        else:
            dx, dy = self.way[symbol]
            to = (x + dx, y + dy)
        if not self.on_board(to):
            if to == self.beyond[pawn] and start == self.gate[pawn]:
                pos[i] = to
                return Step(i, symbol, start, to, None, True)
            return Step(
                i,
                symbol,
                start,
                start,
                "the step would leave the board other than through its own gate",
                False,
            )
        if to != CENTRE:
            for j, other in enumerate(pos):
                if other == to and j != i:
                    return Step(i, symbol, start, start, f"{fmt(to)} holds {self.pawns[j]}", False)
        pos[i] = to
        return Step(i, symbol, start, to, None, False)

    def all_order(self, pos: list[Square | None], symbol: str) -> list[int]:
        """Pieces an All moves, farthest along its direction first (Void: farthest from the
        centre first); ties in pawn order."""
        live = {i: sq for i, sq in enumerate(pos) if sq is not None and not self.has_left(pos, i)}
        if symbol == VOID:
            return sorted(live, key=lambda i: (-max(abs(live[i][0]), abs(live[i][1])), i))
        dx, dy = self.way[symbol]
        return sorted(live, key=lambda i: (-(live[i][0] * dx + live[i][1] * dy), i))

    def to_leave(self, pos: list[Square | None], i: int) -> int:
        """Steps piece `i` still needs to leave by its own gate: sideways to the line of its
        gate, along it to the gate square, and one more out (0 once it has left). Pieces in the
        way are not counted: this is the distance the versus deck-out rule compares."""
        sq = pos[i]
        assert sq is not None, "a piece not in the game has no distance"
        pawn = self.pawns[i]
        if sq == self.beyond[pawn]:
            return 0
        (gx, gy), (dx, dy) = self.gate[pawn], self.way[pawn]
        sideways = abs(sq[0] - gx) if dx == 0 else abs(sq[1] - gy)
        return sideways + (gx - sq[0]) * dx + (gy - sq[1]) * dy + 1

    def where(self, sq: Square | None, pawn: str) -> Where:
        """A square as a situation writes it: `[x, y]`, `"out"`, or `"outside <gate>"`."""
        if sq is None:
            return None
        if self.on_board(sq):
            return [sq[0], sq[1]]
        if sq == self.beyond[pawn]:
            return "out"
        return "outside " + next(e for e, b in self.beyond.items() if b == sq)


def fmt(sq: Square) -> str:
    return f"({sq[0]}, {sq[1]})"


def specs(kind: str, symbols: tuple[str, ...]) -> list[tuple[str, str]]:
    """What a card asks for, move by move: ("one", s), ("two", s) or ("all", s), in printed order.

    A Dual's two moves are independent: the player makes them in either order (decision:
    dual-order). A Wild Double takes one chosen symbol for both steps (decision: wild-double).
    """
    if kind == "double":
        return [("two", symbols[0])]
    if kind == "dual":
        return [("one", symbols[0]), ("one", symbols[1])]
    if kind == "all":
        return [("all", symbols[0])]
    return [("one", symbols[0])]


@per_game
def board_of(game: Game) -> Board:
    """The board of game.yaml `rules.board` and `rules.pawns`, read and checked once; a
    DataError names every bad value of `rules:` at once (settings.py declares them)."""
    read = Settings(game, SETTINGS)
    gates = _gate_specs(read)
    read.done()  # the cross checks below read only values of the declared types
    half = read.values.section("board").integer("size") // 2
    gate, way = _gates(read, gates, half)
    pawns = _pawns(read)
    read.done()
    beyond = {e: (sq[0] + way[e][0], sq[1] + way[e][1]) for e, sq in gate.items()}
    colour = {str(e): values.text("colour") for e, values in gates.items()}
    return Board(half, pawns, gate, way, beyond, _opposites(way), colour)


def _gate_specs(read: Settings) -> dict[YamlScalar, Checked]:
    """Each gate of `rules.board.gates` checked against GATE, with the other keys' problems
    (the gates' names are free, so the schema cannot declare them one by one)."""
    board = read.game.rules.get("board")
    gates = board.get("gates") if isinstance(board, dict) else None
    if not isinstance(gates, dict):
        return {}  # the schema names what is wrong
    return {e: read.check(("board", "gates", e), spec, GATE) for e, spec in gates.items()}


def _gates(
    read: Settings,
    gates: dict[YamlScalar, Checked],
    half: int,
) -> tuple[dict[str, Square], dict[str, Square]]:
    """Each element's gate square and way out; every gate whose square is not on the edge it
    leaves by is reported."""
    gate: dict[str, Square] = {}
    way: dict[str, Square] = {}
    for element, values in gates.items():
        nxt, direction = values["next_to"], values.text("direction")
        if not whole_pair(nxt) or not _leaves(nxt, COMPASS[direction], half):
            read.problem(
                ("board", "gates", element, "next_to"),
                f"expected an edge square [x, y] whose {direction} step leaves the board, "
                f"got {nxt!r}",
            )
            continue
        gate[str(element)], way[str(element)] = (nxt[0], nxt[1]), COMPASS[direction]
    return gate, way


def _leaves(square: list[int], direction: Square, half: int) -> bool:
    """Whether the square [x, y] is on the board and one step in `direction` leaves it."""
    inside = lambda x, y: -half <= x <= half and -half <= y <= half  # noqa: E731
    (x, y), (dx, dy) = square, direction
    return inside(x, y) and not inside(x + dx, y + dy)


def _pawns(read: Settings) -> tuple[str, ...]:
    gates = [str(element) for element in read.values.section("board").mapping("gates")]
    pawns = read.values.texts("pawns")
    for pawn in pawns:
        if pawn not in gates:
            read.problem(
                ("pawns",), f"expected a list of gate elements ({', '.join(gates)}), got {pawn!r}"
            )
    return pawns


def _opposites(way: dict[str, Square]) -> dict[str, str]:
    """Each element whose gate faces another gate: that element (the co-op start)."""
    opposite = {}
    for element, (dx, dy) in way.items():
        facing = [other for other, d in way.items() if d == (-dx, -dy)]
        if facing:
            opposite[element] = facing[0]
    return opposite
