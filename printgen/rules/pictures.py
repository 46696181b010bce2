"""What a worked example's picture shows, as values an engine returns (`Engine.example_picture`).

The engine works the example out and says what to show: which cards, under which names, and
where every card went. It says nothing of size, position or colour: the rulebook stage
(`printgen.render.rulebook.worked`) draws each kind of value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from printgen.layout.labels import fill
from printgen.model import Game
from printgen.model.yaml_value import YamlMapping, YamlValue


class Rulebook(Protocol):
    """What an engine's picture hooks read of the rulebook being typeset: its game and its
    words (`printgen.render.rulebook.source.Source` is one; rules never import render)."""

    @property
    def game(self) -> Game: ...

    @property
    def labels(self) -> YamlMapping: ...

    def label(self, key: str, **values: object) -> str: ...


@dataclass(frozen=True)
class MiniCard:
    """What a mini card shows: an element (or None), a number, a name for special cards."""

    element: str | None = None
    number: int | str | None = None
    title: str = ""
    icon: str | None = None  # an icon other than the element's (a Star's wild star)
    dark: bool = False  # a power or Havoc card: night background
    glyph: str = ""  # a large character instead of an icon (the Dragon's infinity sign)


def example_words(source: Rulebook, *group: str) -> YamlMapping:
    """The worked-example pictures' words (`labels.ex`, or a group in it such as
    `ex.relations`); {} when a game's rules-labels.yaml gives something else there (a
    number where the words go), so the pictures fall back to their keys."""
    words: YamlValue = source.labels.get("ex")
    for key in group:
        words = words.get(key) if isinstance(words, dict) else None
    return words if isinstance(words, dict) else {}


def phrase(source: Rulebook, key: str, **values: object) -> str:
    """A word of a worked-example picture in the rulebook's language (its `labels.ex`)."""
    return fill(example_words(source).get(key, key), values)


@dataclass(frozen=True)
class Seat:
    """A player's revealed card, their name under it and a note (how it met the middle)."""

    card: MiniCard
    name: str
    note: str


@dataclass(frozen=True)
class Pile:
    """Where some cards went: a titled pile; `taken` marks the winner's."""

    title: str
    cards: tuple[MiniCard, ...]
    taken: bool = False


@dataclass(frozen=True)
class Showdown:
    """Two revealed cards either side of a middle card (with the cards already under it),
    then the piles every card went to."""

    seats: tuple[Seat, Seat]
    middle: MiniCard
    middle_name: str
    under: tuple[MiniCard, ...]
    under_note: str  # what the cards under the middle one are, under its name ("" for none)
    piles: tuple[Pile, ...]
    scale: float = 1.0  # the cards' size, as a share of the shared mini card's


@dataclass(frozen=True)
class Played:
    """A card of a trick with its value worked out: `sum` (`5 − 2 + 1`) and `total` (`= 4`)."""

    card: MiniCard
    sum: str
    total: str
    won: bool = False


@dataclass(frozen=True)
class Trick:
    """The cards of a trick in the order played, each with its value; `takes` is said under
    the card that won."""

    cards: tuple[Played, ...]
    takes: str
    scale: float = 1.0


@dataclass(frozen=True)
class Haul:
    """A side's captured cards and its score; `won` marks the winner's."""

    name: str
    score: str
    cards: tuple[MiniCard, ...]
    won: bool = False


@dataclass(frozen=True)
class Tally:
    """Each side's captured cards and score, then the outcome in one line."""

    hauls: tuple[Haul, ...]
    outcome: str


@dataclass(frozen=True)
class Play:
    """Cards played onto the top card of a pile, each named under it, and the verdict: `ok`
    (allowed or not), said in `verdict`, with a `note` under it ("" for none)."""

    top: MiniCard
    top_name: str
    played: tuple[MiniCard, ...]
    played_name: str
    ok: bool
    verdict: str
    note: str = ""
    scale: float = 1.0


@dataclass(frozen=True)
class Contender:
    """A card of a duel with what is said under it; `won` marks the winner's."""

    card: MiniCard
    name: str
    won: bool = False


@dataclass(frozen=True)
class Duel:
    """Two cards face to face; `tie` is said between them when neither won ("" otherwise)."""

    sides: tuple[Contender, Contender]
    tie: str = ""
    scale: float = 1.0


@dataclass(frozen=True)
class Bar:
    """A side's points toward the target, `said` beside its bar; `won` marks the winner's."""

    name: str
    points: int
    said: str
    won: bool = False


@dataclass(frozen=True)
class Race:
    """Each side's points as a bar toward `target` (a dashed line), then the outcome in one
    line, bold when someone has `won`."""

    bars: tuple[Bar, ...]
    target: int
    outcome: str
    won: bool = False


Square = tuple[int, int]
"""A square of a board: (x, y), x east and y north, (0, 0) the centre."""


@dataclass(frozen=True)
class Gate:
    """A way off a square board: a bar in `element`'s colour on the edge beside `next_to`, its
    badge on `beyond` (one square outside); `way` is the direction it faces."""

    element: str
    next_to: Square
    beyond: Square
    way: Square


@dataclass(frozen=True)
class SquareBoard:
    """A square grid of side 2 half + 1, squares from -half to half each way; `centre` names
    the symbol on the centre square; the gates around it. As a diagram it is drawn empty,
    with its coordinates."""

    half: int
    centre: str
    gates: tuple[Gate, ...]


@dataclass(frozen=True)
class Piece:
    """A piece named for its symbol, on a square."""

    name: str
    at: Square


@dataclass(frozen=True)
class Move:
    """One step of a piece: from `start` to `end`, or blocked (`end` None) on its way
    `toward` a direction ((0, 0): it had no way to go)."""

    piece: str
    start: Square
    end: Square | None
    toward: Square = (0, 0)


@dataclass(frozen=True)
class FramedCard:
    """A card of frames, each holding its symbols: four (a grid), two (one above the other,
    numbered when the card plays them in order) or one; its name under it."""

    frames: tuple[tuple[str, ...], ...]
    numbered: bool
    name: str


@dataclass(frozen=True)
class Position:
    """A board after a card: the pieces that moved, faded where they started (`before`), each
    step, every piece where it ended (`after`), and the card played beside the board."""

    board: SquareBoard
    before: tuple[Piece, ...]
    steps: tuple[Move, ...]
    after: tuple[Piece, ...]
    card: FramedCard | None


@dataclass(frozen=True)
class RingGrid:
    """A grid of `rows` x `columns` squares, (row, column) from 1, with a ring on each vertex
    of `rings` ((i, j): the corner shared by squares (i, j) to (i + 1, j + 1)); `squares`
    holds the symbol on each marked square, `filled` each (ring, square) whose quarter of the
    ring is filled. A die face by each row shows its number."""

    rows: int
    columns: int
    rings: tuple[Square, ...]
    squares: tuple[tuple[Square, str], ...] = ()
    filled: tuple[tuple[Square, Square], ...] = ()


@dataclass(frozen=True)
class Tracks:
    """Rows of `length` boxes under a title, one a symbol, with its boxes crossed off."""

    title: str
    length: int
    crossed: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Sheet:
    """A player sheet: a ring grid with the tracks right of it (a diagram, drawn empty)."""

    grid: RingGrid
    tracks: Tracks


@dataclass(frozen=True)
class ScoredGrid:
    """A player's grid with what it scored under it: each symbol's count (`3×2`), the total
    line and a note."""

    grid: RingGrid
    counts: tuple[tuple[str, str], ...]
    total: str
    note: str


@dataclass(frozen=True)
class Grids:
    """Players' scored grids side by side."""

    panels: tuple[ScoredGrid, ...]


Picture = Showdown | Trick | Tally | Play | Duel | Race | Position | Grids
"""Every kind of picture an engine may return for a worked example."""

Diagram = SquareBoard | Sheet
"""Every kind of diagram an engine may give a rules file (`diagram("NAME")`)."""
