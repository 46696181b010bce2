"""The Way's cards and rule parameters (game.yaml `rules:`), read once per loaded game.

Cards are small integer codes (an index into `WayRules.types`) covering the original deck and
then the expansion. A card string in a situation is a card id (`"fire-single"`, `"dual-air-fire"`,
`"x-wild-double"`) or a card name written in any case, spaces and dashes alike (`"Fire Single"`,
`"air-fire dual"`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.model import Game
from printgen.rules.per_game import per_game, rules_error
from printgen.rules.the_way.board import Board, board_of


@dataclass(frozen=True)
class WayCard:
    code: int
    id: str
    name: str
    kind: str  # single, double, dual, all
    symbols: tuple[str, ...]
    count: int
    deck: str  # original or expansion


@dataclass(frozen=True)
class WayRules:
    board: Board
    types: tuple[WayCard, ...]
    by_name: dict[str, int]
    decks: dict[str, tuple[int, ...]]  # deck name -> its card codes
    event_kinds: frozenset[str]
    event_symbols: frozenset[str]
    versus_hand: int
    pieces_per_player: dict[int, int]
    coop_hand: int
    burn_per_piece: int
    max_turns: int
    versus_end: str  # gate-only | deck-out (state.py: decision versus-end)

    def is_event(self, code: int) -> bool:
        """Co-op events: every kind of `rules.events.kinds` (All), and every card whose symbols
        are all of `rules.events.symbols` (Void)."""
        card = self.types[code]
        return card.kind in self.event_kinds or all(s in self.event_symbols for s in card.symbols)


@per_game
def rules_of(game: Game) -> WayRules:
    """The rule settings of The Way from game.yaml `rules:`, read and checked once."""
    return _read(game)


def norm(text: str) -> str:
    return "-".join(text.strip().lower().replace("–", " ").replace("-", " ").split())


def find_card(rules: WayRules, text: str) -> int | None:
    return rules.by_name.get(norm(text))


_bad = rules_error


def _get(game: Game, path: tuple[str, ...], kind: type, describe: str) -> Any:
    value: Any = game.rules
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise _bad(game, path, f"expected {describe}, got {value!r}")
    return value


def _read(game: Game) -> WayRules:
    board = board_of(game)
    types: list[WayCard] = []
    decks: dict[str, tuple[int, ...]] = {}
    for deck in ("original", "expansion"):
        comp = game.components.get(deck)
        if comp is None:
            continue
        start = len(types)
        for card in comp.cards:
            symbols = tuple(card.get("symbols", ()))
            types.append(
                WayCard(len(types), card.id, card.name, card.kind, symbols, card.count, deck)
            )
        decks[deck] = tuple(range(start, len(types)))
    by_name: dict[str, int] = {}
    for t in types:
        by_name.setdefault(norm(t.id), t.code)
        by_name.setdefault(norm(t.name), t.code)
    events = _get(game, ("events",), dict, "{kinds: [...], symbols: [...]}")
    for key in ("kinds", "symbols"):
        listed = events.get(key) or []
        if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
            raise _bad(game, ("events", key), f"expected a list of names, got {listed!r}")
    per = _get(game, ("versus", "pieces_per_player"), dict, "a mapping players -> pieces")
    for players, pieces in per.items():
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (players, pieces)):
            raise _bad(
                game,
                ("versus", "pieces_per_player"),
                f"expected players: pieces (whole numbers), got {players!r}: {pieces!r}",
            )
    return WayRules(
        board=board,
        types=tuple(types),
        by_name=by_name,
        decks=decks,
        event_kinds=frozenset(events.get("kinds") or ()),
        event_symbols=frozenset(events.get("symbols") or ()),
        versus_hand=_get(game, ("versus", "hand"), int, "a whole number"),
        pieces_per_player={int(k): int(v) for k, v in per.items()},
        coop_hand=_get(game, ("cooperative", "hand"), int, "a whole number"),
        burn_per_piece=_get(game, ("cooperative", "burn_per_piece"), int, "a whole number"),
        max_turns=_get(game, ("max_turns",), int, "a whole number"),
        versus_end=_choice(game, ("versus", "end"), VERSUS_ENDS),
    )


VERSUS_ENDS = ("deck-out", "gate-only")


def _choice(game: Game, path: tuple[str, ...], values: tuple[str, ...]) -> str:
    value = _get(game, path, str, "one of " + ", ".join(values))
    if value not in values:
        raise _bad(game, path, f"expected one of {', '.join(values)}, got {value!r}")
    return str(value)
