"""The Way's game.yaml `rules:`, declared once with the schema of game.yaml (model/schema.py):
every key, its type and its bounds. The board (board.py) and the cards and play settings
(cards.py) are read from the values checked here, so every problem of the block is reported at
once, each with its line.
"""

from __future__ import annotations

from typing import Any

from printgen.model.schema import WHOLE, Key, list_of_names, mapping_of, one_of, whole_number

MAX_SIZE = 99  # squares a side: far more than any board drawn on paper
COMPASS: dict[str, tuple[int, int]] = {
    "north": (0, 1),
    "east": (1, 0),
    "south": (0, -1),
    "west": (-1, 0),
}
VERSUS_ENDS = ("deck-out", "gate-only")


def odd_size(value: Any) -> str | None:
    """A board side: odd, so that the Void is a square in the middle."""
    if not 3 <= value <= MAX_SIZE or value % 2 == 0:
        return f"expected an odd whole number from 3 to {MAX_SIZE}, got {value!r}"
    return None


def kind_name(value: Any) -> str | None:
    return None if isinstance(value, str) else f"expected a card kind, got {value!r}"


GATE = {
    "colour": Key(False, str, "a colour name"),
    "next_to": Key(True, list, "an edge square [x, y]"),
    "direction": Key(True, str, "one of " + ", ".join(COMPASS), one_of(*COMPASS)),
}
"""One gate of `rules.board.gates` (element -> gate); checked gate by gate in board.py."""

SETTINGS = {
    "board": Key(
        True,
        dict,
        "{size: N, gates: {element: {next_to, direction}}}",
        keys={
            "size": Key(True, int, "an odd whole number", odd_size),
            "gates": Key(True, dict, "a mapping element -> {next_to, direction}"),
        },
    ),
    "pawns": Key(True, list, "a list of gate elements", list_of_names),
    "versus": Key(
        True,
        dict,
        "{hand: N, pieces_per_player: {players: pieces}, end: ...}",
        keys={
            "hand": Key(True, int, WHOLE, whole_number(1, 99)),
            "pieces_per_player": Key(
                True,
                dict,
                "a mapping players -> pieces",
                mapping_of(whole_number(1, 20), whole_number(1, 99)),
            ),
            "end": Key(True, str, "one of " + ", ".join(VERSUS_ENDS), one_of(*VERSUS_ENDS)),
        },
    ),
    "cooperative": Key(
        True,
        dict,
        "{hand: N, burn_per_piece: N}",
        keys={
            "hand": Key(True, int, WHOLE, whole_number(1, 99)),
            "burn_per_piece": Key(True, int, WHOLE, whole_number(0, 99)),
        },
    ),
    # read by the deck checks of `validate` (checks.py)
    "symbols_per_kind": Key(
        False,
        dict,
        "a mapping kind -> number of symbols",
        mapping_of(kind_name, whole_number(1, 9)),
    ),
    "events": Key(
        True,
        dict,
        "{kinds: [...], symbols: [...]}",
        keys={
            "kinds": Key(False, list, "a list of names", list_of_names, default=[]),
            "symbols": Key(False, list, "a list of names", list_of_names, default=[]),
        },
    ),
    "max_turns": Key(True, int, WHOLE, whole_number(1, 100_000)),
}
"""The keys of game.yaml `rules:` and their bounds: a board of at most 99 x 99 squares, hands
and burns of at most 99 cards, games of at most 100,000 turns."""
