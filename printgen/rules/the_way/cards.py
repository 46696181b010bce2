"""The Way's cards and rule parameters (game.yaml `rules:`), read once per loaded game.

Cards are small integer codes (an index into `WayRules.types`) covering the original deck and
then the expansion. A card string in a situation is a card id (`"fire-single"`, `"dual-air-fire"`,
`"x-wild-double"`) or a card name written in any case, spaces and dashes alike (`"Fire Single"`,
`"air-fire dual"`).
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import DataError
from printgen.model import Game
from printgen.model.schema import did_you_mean
from printgen.rules.per_game import Settings, per_game, rules_dataclass
from printgen.rules.the_way.board import Board, board_of
from printgen.rules.the_way.settings import SETTINGS, WaySettings


@dataclass(frozen=True)
class WayCard:
    code: int
    id: str
    name: str
    kind: str  # single, double, dual, all
    symbols: tuple[str, ...]
    count: int
    deck: str  # original or expansion


@rules_dataclass
class WayRules(WaySettings):
    """The settings of game.yaml `rules:` (WaySettings), the board and the deck."""

    board: Board
    types: tuple[WayCard, ...]
    by_name: dict[str, int]
    decks: dict[str, tuple[int, ...]]  # deck name -> its card codes

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


def _read(game: Game) -> WayRules:
    read = Settings(game, SETTINGS)
    try:
        board = board_of(game)
    except DataError as error:
        if not read.ok:  # the schema's problems, every one, with the gates' (board.py)
            raise
        read.problems.extend(error.problems)  # the board's cross checks, reported with ours
    types, decks = _types(game)
    values = read.values
    _pieces(read, values.section("versus").counts("pieces_per_player"), len(values.texts("pawns")))
    _names_in_deck(read, ("events", "kinds"), {t.kind for t in types})
    _names_in_deck(read, ("events", "symbols"), {s for t in types for s in t.symbols})
    read.done()
    return read.build(WayRules, board=board, types=types, by_name=_names(types), decks=decks)


def _types(game: Game) -> tuple[tuple[WayCard, ...], dict[str, tuple[int, ...]]]:
    """The cards of the original deck, then the expansion, coded in that order."""
    types: list[WayCard] = []
    decks: dict[str, tuple[int, ...]] = {}
    for deck in ("original", "expansion"):
        comp = game.components.get(deck)
        if comp is None:
            continue
        start = len(types)
        for card in comp.cards:
            symbols = card.names("symbols")
            types.append(
                WayCard(len(types), card.id, card.name, card.kind, symbols, card.count, deck)
            )
        decks[deck] = tuple(range(start, len(types)))
    return tuple(types), decks


def _names(types: tuple[WayCard, ...]) -> dict[str, int]:
    """Card strings (ids and names, normalised) -> codes; the first card wins a shared name."""
    by_name: dict[str, int] = {}
    for t in types:
        by_name.setdefault(norm(t.id), t.code)
        by_name.setdefault(norm(t.name), t.code)
    return by_name


def _pieces(read: Settings, per_players: dict[int, int], pawns: int) -> None:
    """Versus: the pieces of all the players are pawns of the board."""
    for players, pieces in per_players.items():
        if players * pieces > pawns:
            read.problem(
                ("versus", "pieces_per_player", players),
                f"{players} players with {pieces} pieces each need {players * pieces} pawns, "
                f"the board has {pawns}",
            )


def _names_in_deck(read: Settings, path: tuple[str, str], known: set[str]) -> None:
    """Each name of a list is one the deck has (a misspelt one would silently match no card)."""
    for name in read.values.section(path[0]).texts(path[1]):
        if name not in known:
            read.problem(
                path,
                f"unknown {path[1][:-1]} {name!r}{did_you_mean(name, known)} "
                f"(the deck's {path[1]}: {', '.join(sorted(known))})",
            )
