"""The Way's game.yaml `rules:`, declared once with the schema of game.yaml (model/schema.py):
every key, its type and its bounds; a play setting on the field of WaySettings that holds it.
The board (board.py) and the cards and play settings (cards.py) are read from the values
checked here, so every problem of the block is reported at once, each with its line.
"""

from __future__ import annotations

from printgen.model.schema import WHOLE, Key, list_of_names, mapping_of, one_of, whole_number
from printgen.rules.per_game import declared, rules_dataclass, setting

MAX_SIZE = 99  # squares a side: far more than any board drawn on paper
COMPASS: dict[str, tuple[int, int]] = {
    "north": (0, 1),
    "east": (1, 0),
    "south": (0, -1),
    "west": (-1, 0),
}
VERSUS_ENDS = ("deck-out", "gate-only")


def odd_size(value: int) -> str | None:
    """A board side: odd, so that the Void is a square in the middle (the schema checked that
    it is a whole number first)."""
    if not 3 <= value <= MAX_SIZE or value % 2 == 0:
        return f"expected an odd whole number from 3 to {MAX_SIZE}, got {value!r}"
    return None


def kind_name(value: object) -> str | None:
    return None if isinstance(value, str) else f"expected a card kind, got {value!r}"


GATE = {
    "colour": Key(False, str, "a colour name", default=""),
    "next_to": Key(True, list, "an edge square [x, y]"),
    "direction": Key(True, str, "one of " + ", ".join(COMPASS), one_of(*COMPASS)),
}
"""One gate of `rules.board.gates` (element -> gate); checked gate by gate in board.py."""


@rules_dataclass
class WaySettings:
    """The play settings of game.yaml `rules:`, each declared on its field (its key, type and
    bounds: hands and burns of at most 99 cards, games of at most 100,000 turns). The board's
    keys are read by board.py and `symbols_per_kind` by the deck checks (checks.py)."""

    versus_hand: int = setting(Key(True, int, WHOLE, whole_number(1, 99)), at="versus.hand")
    pieces_per_player: dict[int, int] = setting(
        Key(
            True,
            dict,
            "a mapping players -> pieces",
            mapping_of(whole_number(1, 20), whole_number(1, 99)),
        ),
        at="versus.pieces_per_player",
        then=dict,
    )
    versus_end: str = setting(  # gate-only | deck-out (state.py: decision versus-end)
        Key(True, str, "one of " + ", ".join(VERSUS_ENDS), one_of(*VERSUS_ENDS)), at="versus.end"
    )
    coop_hand: int = setting(Key(True, int, WHOLE, whole_number(1, 99)), at="cooperative.hand")
    burn_per_piece: int = setting(
        Key(True, int, WHOLE, whole_number(0, 99)), at="cooperative.burn_per_piece"
    )
    event_kinds: frozenset[str] = setting(
        Key(False, list, "a list of names", list_of_names, default=[]),
        at="events.kinds",
        then=frozenset,
    )
    event_symbols: frozenset[str] = setting(
        Key(False, list, "a list of names", list_of_names, default=[]),
        at="events.symbols",
        then=frozenset,
    )
    max_turns: int = setting(Key(True, int, WHOLE, whole_number(1, 100_000)))


SETTINGS = declared(
    WaySettings,
    sections={
        "versus": Key(True, dict, "{hand: N, pieces_per_player: {players: pieces}, end: ...}"),
        "cooperative": Key(True, dict, "{hand: N, burn_per_piece: N}"),
        "events": Key(True, dict, "{kinds: [...], symbols: [...]}"),
    },
    more={
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
        # read by the deck checks of `validate` (checks.py)
        "symbols_per_kind": Key(
            False,
            dict,
            "a mapping kind -> number of symbols",
            mapping_of(kind_name, whole_number(1, 9)),
            default={},
        ),
    },
)
"""The keys of game.yaml `rules:`: the board's, then WaySettings' fields'. The board is at
most 99 x 99 squares."""
