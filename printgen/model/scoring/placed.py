"""What scoring rules read of the pieces a player placed on the board (`placed`): each piece
with its columns, its cell (`piece.at`, "E4") and the side it shows (`piece.side`, front or
back), and the helpers that placement scoring needs, as filters on a list of pieces:

- `piece | neighbours(placed)`: the pieces of a list on the cells beside a piece;
- `pieces | clusters('terrain')`: the connected groups of pieces sharing a value of a column,
  largest first (`clusters('terrain', 'reed')`: the reed groups only), each a list of pieces;
- `pieces | pairs('terrain', 'creek', 'mudflat')`: how many pairs of neighbouring pieces
  have one value and the other (`pairs` alone: every neighbouring pair; `pairs('terrain')`:
  the pairs that share a value of the column);
- `pieces | on(others)`: the pieces that lie on the same cell as one of `others` (a bird on
  a tile);
- `pieces | edge`: the pieces on a cell at the board's edge;
- `pieces | longest_line('terrain', 'saltpan')`: the most such pieces in one straight line of
  neighbouring cells.

Several pieces may share a cell (a bird on its tile): neighbours are on the cells beside, never
on the same one. Every helper is linear in the pieces (a breadth-first walk at most), so the
sandbox's time budget bounds them as it bounds the card helpers.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from jinja2 import pass_context
from jinja2.runtime import Context

from printgen.model.scoring.board import Board, Cell
from printgen.model.scoring.views import ANY, CardValue, CardView, cards_of, matches


class PieceView(CardView):
    """A placed piece: a card's columns, with `at` and `side`, and its cell for the helpers
    (an attribute starting with `_`, which the sandbox refuses to a rule)."""

    __slots__ = ("_cell",)

    def __init__(self, values: dict[str, CardValue], cell: Cell) -> None:
        super().__init__(values)
        self._cell = cell

    def __repr__(self) -> str:
        return f"<piece {self._values.get('id')} at {self._values.get('at')}>"


def _pieces(value: object) -> list[PieceView]:
    """The pieces of a list (a held card, which lies nowhere, is left out)."""
    return [p for p in cards_of(value) if isinstance(p, PieceView)]


def _by_cell(pieces: Iterable[PieceView]) -> dict[Cell, list[PieceView]]:
    found: dict[Cell, list[PieceView]] = defaultdict(list)
    for piece in pieces:
        found[piece._cell].append(piece)
    return found


def _board(context: Context) -> Board:
    board = context.get("_board")
    return board if isinstance(board, Board) else Board()


@pass_context
def neighbours(context: Context, piece: object, among: object) -> list[PieceView]:
    """The pieces of `among` on the cells beside `piece`."""
    if not isinstance(piece, PieceView):
        raise ValueError("neighbours: reads one placed piece, as piece | neighbours(placed)")
    cells = _by_cell(_pieces(among))
    return [other for cell in _board(context).around(piece._cell) for other in cells.get(cell, [])]


def _alike(piece: PieceView, column: str | None, value: object) -> CardValue | None:
    """The value that joins `piece` to a group (None: it joins none)."""
    if column is None:
        return True
    held = piece[column]
    if not matches(held, value) or held in ("", None, False):
        return None
    return held


@pass_context
def clusters(
    context: Context, pieces: object, column: str | None = None, value: object = ANY
) -> list[list[PieceView]]:
    """Connected groups of pieces sharing the column's value (each value its own groups),
    largest first; with `value`, only the groups of that value."""
    board = _board(context)
    keyed = {}
    for piece in _pieces(pieces):
        key = _alike(piece, column, value)
        if key is not None:
            keyed[id(piece)] = key
    members = [p for p in _pieces(pieces) if id(p) in keyed]
    cells = _by_cell(members)
    seen: set[int] = set()
    groups: list[list[PieceView]] = []
    for start in members:
        if id(start) in seen:
            continue
        seen.add(id(start))
        group, todo = [], [start]
        while todo:
            piece = todo.pop()
            group.append(piece)
            for cell in board.around(piece._cell):
                for other in cells.get(cell, []):
                    if id(other) not in seen and keyed[id(other)] == keyed[id(piece)]:
                        seen.add(id(other))
                        todo.append(other)
        groups.append(group)
    return sorted(groups, key=len, reverse=True)


@pass_context
def pairs(
    context: Context,
    pieces: object,
    column: str | None = None,
    first: object = ANY,
    second: object = ANY,
) -> int:
    """Pairs of pieces on neighbouring cells, each pair once: one piece with `first` and the
    other with `second` in the column; with the column alone, pairs sharing its value."""
    board = _board(context)
    held = _pieces(pieces)
    cells = _by_cell(held)
    order = {id(p): k for k, p in enumerate(held)}
    found = 0
    for piece in held:
        for cell in board.around(piece._cell):
            for other in cells.get(cell, []):
                if order[id(other)] > order[id(piece)] and _paired(
                    piece, other, column, first, second
                ):
                    found += 1
    return found


def _paired(a: PieceView, b: PieceView, column: str | None, first: object, second: object) -> bool:
    if column is None:
        return True
    if first is ANY and second is ANY:
        return _alike(a, column, ANY) is not None and a[column] == b[column]
    want_b = ANY if second is ANY else second
    return (matches(a[column], first) and matches(b[column], want_b)) or (
        matches(b[column], first) and matches(a[column], want_b)
    )


def on(pieces: object, others: object) -> list[PieceView]:
    """The pieces lying on the same cell as one of `others` (a bird on a tile of a terrain)."""
    cells = {other._cell for other in _pieces(others)}
    return [piece for piece in _pieces(pieces) if piece._cell in cells]


@pass_context
def edge(context: Context, pieces: object) -> list[PieceView]:
    """The pieces on a cell with a side on the board's edge."""
    board = _board(context)
    return [piece for piece in _pieces(pieces) if board.on_edge(piece._cell)]


@pass_context
def longest_line(
    context: Context, pieces: object, column: str | None = None, value: object = ANY
) -> int:
    """The most pieces (with the value) in one straight line of neighbouring cells."""
    board = _board(context)
    cells = {p._cell for p in _pieces(pieces) if _alike(p, column, value) is not None}
    best = 0
    for dq, dr in board.axes():
        for q, r in cells:
            if (q - dq, r - dr) in cells:
                continue  # not the start of a line
            length = 1
            while (q + length * dq, r + length * dr) in cells:
                length += 1
            best = max(best, length)
    return best


PIECE_FILTERS = {
    "neighbours": neighbours,
    "clusters": clusters,
    "pairs": pairs,
    "on": on,
    "edge": edge,
    "longest_line": longest_line,
}
"""The helpers on placed pieces, written as filters."""
