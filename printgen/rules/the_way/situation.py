"""`printgen score the-way`: one card played on a board position (a format of printgen's own).

```yaml
game: the-way
pieces: {air: [0, 2], fire: [3, 0], earth: "outside air", water: out}
play: fire single          # a card id or name (original or expansion deck)
targets: [air]             # one per move the card asks for, in the order they are made
order: [fire, air]         # optional, a Dual only: its two symbols in the order they are played
```
- `pieces`: each pawn in the game and where it stands: `[x, y]` on the board (x, y from -3 to 3,
  the Void is `[0, 0]`), `out` (it has left through its own gate) or `outside <element>` (waiting
  outside that gate, as in the cooperative start). Pawns left out are not in the game.
- `targets`: a piece name, or `"<piece> as <symbol>"` for a Wild (symbol: air, earth, fire, water
  or void). Single and Double: one target; Dual: two (the card's symbols in printed order; the
  same piece may be named twice); All: none, except a Wild All: every piece still on the game,
  each once, in the order they move.
- `order`: a Dual's two moves are independent and the player picks which comes first; `order`
  lists the card's two symbols in the order played (default: as printed). `targets` follow it.

-> `{"positions": {pawn: where}, "exits": [pawns that left, in order], "winner": the first pawn
that left (versus: its owner wins) or null, "all_in_void": bool (Arc 1 won), "all_out": bool
(Arc 2 won), "steps": [{"piece", "symbol", "from", "to", "blocked"}]}`.
"""

from __future__ import annotations

from typing import TypedDict

from printgen.errors import SituationError
from printgen.model import Game
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.rules.parsed import whole_pair
from printgen.rules.situation import SituationScore, check_situation
from printgen.rules.the_way.board import (
    CENTRE,
    COMPASS,
    VOID,
    WILD,
    Board,
    Square,
    Step,
    Where,
    fmt,
    specs,
)
from printgen.rules.the_way.cards import WayCard, WayRules, find_card, rules_of

KEYS = ("game", "pieces", "play", "targets", "order")

StepFields = TypedDict(
    "StepFields",
    {"piece": str, "symbol": str, "from": Where, "to": Where, "blocked": str | None},
)
"""One step of the result (`from` is a Python keyword: the functional form)."""


class Fields(TypedDict):
    """The JSON fields of the module docstring, in their order."""

    positions: dict[str, Where]
    exits: list[str]
    winner: str | None
    all_in_void: bool
    all_out: bool
    steps: list[StepFields]


def score(situation: YamlMapping, game: Game) -> SituationScore:
    check_situation(situation, game, KEYS)
    for key in ("pieces", "play"):
        if key not in situation:
            raise SituationError((key,), "missing (required)")
    rules = rules_of(game)
    board = rules.board
    pos = parse_pieces(board, situation["pieces"])
    card = _card(rules, situation["play"])
    moves = _ordered(card, situation.get("order"))
    choices = _targets(board, pos, card.kind, moves, situation.get("targets"))
    before = pos[:]
    steps = play(board, pos, moves, choices)
    fields = _fields(board, pos, steps)
    return SituationScore(fields, tuple(_report(board, card, before, steps, fields)))


def _fields(board: Board, pos: list[Square | None], steps: list[Step]) -> Fields:
    """The JSON fields of the module docstring for the position after `steps`."""
    exits = [board.pawns[s.piece] for s in steps if s.exited]
    live = _live(pos)
    return {
        "positions": {board.pawns[i]: board.where(pos[i], board.pawns[i]) for i in live},
        "exits": exits,
        "winner": exits[0] if exits else None,
        "all_in_void": all(pos[i] == CENTRE for i in live),
        "all_out": all(board.has_left(pos, i) for i in live),
        "steps": [_step_fields(board, s) for s in steps],
    }


def _step_fields(board: Board, s: Step) -> StepFields:
    pawn = board.pawns[s.piece]
    return {
        "piece": pawn,
        "symbol": s.symbol,
        "from": board.where(s.start, pawn),
        "to": board.where(s.end, pawn),
        "blocked": s.blocked,
    }


def _report(
    board: Board,
    card: WayCard,
    before: list[Square | None],
    steps: list[Step],
    fields: Fields,
) -> list[str]:
    """The text report: each step in words, then what the position wins."""
    lines = [f"{card.name} ({card.kind}, {'-'.join(card.symbols)}):"]
    lines += [f"  {n}. {_say(board, s)}" for n, s in enumerate(steps, 1)]
    if not steps:
        lines.append("  no piece can move")
    if fields["exits"]:
        lines.append(
            f"{fields['exits'][0]} is the first piece out through its own gate: "
            "in versus, its owner wins."
        )
    if fields["all_in_void"] and any(before[i] != CENTRE for i in _live(before)):
        lines.append("Every piece is in the Void: Arc 1 is won.")
    if fields["all_out"]:
        lines.append("Every piece has left by its own gate: Arc 2 is won.")
    return lines


def _live(pos: list[Square | None]) -> list[int]:
    """The pieces in the game (a piece left out of `pieces` has no square)."""
    return [i for i, sq in enumerate(pos) if sq is not None]


def play(
    board: Board,
    pos: list[Square | None],
    moves: list[tuple[str, str]],
    choices: list[tuple[int, str]],
) -> list[Step]:
    """Resolve a card's `moves` (`specs`, a Dual's in the order played) in place; `choices`
    holds (piece, symbol) for each decision in order."""
    steps: list[Step] = []
    left = iter(choices)
    for how, symbol in moves:
        if how == "all" and symbol != WILD:
            steps += [board.step(pos, i, symbol) for i in board.all_order(pos, symbol)]
            continue
        count = len(_movable(board, pos)) if how == "all" else 1
        for _ in range(count):
            piece, chosen = next(left)
            steps.append(board.step(pos, piece, chosen))
            if how == "two" and not steps[-1].exited:
                steps.append(board.step(pos, piece, chosen))
    return steps


def _movable(board: Board, pos: list[Square | None]) -> list[int]:
    return [i for i, sq in enumerate(pos) if sq is not None and not board.has_left(pos, i)]


def _say(board: Board, s: Step) -> str:
    pawn = board.pawns[s.piece]
    names = {v: k for k, v in COMPASS.items()}
    way = "toward the centre" if s.symbol == VOID else names[board.way[s.symbol]]
    what = f"{s.symbol} step" if s.symbol != VOID else "void step"
    if s.blocked:
        return f"{pawn}, {what} ({way}): stays at {_at(board, s.start, pawn)}: {s.blocked}"
    if s.exited:
        return f"{pawn}, {what} ({way}): leaves the board through its own gate"
    return f"{pawn}, {what} ({way}): {_at(board, s.start, pawn)} -> {_at(board, s.end, pawn)}"


def _at(board: Board, sq: Square, pawn: str) -> str:
    where = board.where(sq, pawn)
    return fmt(sq) if isinstance(where, list) else str(where)


def parse_pieces(board: Board, value: YamlValue) -> list[Square | None]:
    """Each pawn's square from the situation's `pieces` (None: not in the game)."""
    if not isinstance(value, dict) or not value:
        raise SituationError(
            ("pieces",),
            "expected a mapping pawn -> [x, y], out or "
            f"'outside <element>' (pawns: {', '.join(board.pawns)})",
        )
    pos: list[Square | None] = [None] * len(board.pawns)
    for pawn, where in value.items():
        path = ("pieces", pawn)
        if pawn not in board.pawns:
            raise SituationError(path, f"unknown pawn; pawns: {', '.join(board.pawns)}")
        sq = _square(board, pawn, where, path)
        other = _occupant(board, pos, sq)
        if other is not None:
            raise SituationError(
                path,
                f"{pawn} and {board.pawns[other]} cannot both stand at "
                f"{where} (only the Void holds several pieces)",
            )
        pos[board.pawns.index(pawn)] = sq
    return pos


def _square(board: Board, pawn: str, where: YamlValue, path: tuple[object, ...]) -> Square:
    """The square `where` names: `[x, y]`, `out` or `outside <element>`."""
    if whole_pair(where):
        sq = (where[0], where[1])
        if not board.on_board(sq):
            raise SituationError(
                path, f"{fmt(sq)} is off the board (x and y from {-board.half} to {board.half})"
            )
        return sq
    if where == "out":
        return board.beyond[pawn]
    if isinstance(where, str) and where.startswith("outside ") and where[8:] in board.gate:
        return board.beyond[where[8:]]
    raise SituationError(
        path,
        f"expected [x, y], out or 'outside <element>' ({', '.join(board.gate)}), got {where!r}",
    )


def _occupant(board: Board, pos: list[Square | None], sq: Square) -> int | None:
    """The piece already standing on `sq` where only one may stand (not the Void, not off
    the board), or None."""
    if not board.on_board(sq) or sq == CENTRE:
        return None
    return next((j for j, other in enumerate(pos) if other == sq), None)


def _card(rules: WayRules, value: object) -> WayCard:
    code = find_card(rules, value) if isinstance(value, str) else None
    if code is None:
        raise SituationError(
            ("play",),
            f"unknown card {value!r}; write a card id like "
            "'fire-single' or 'dual-air-fire', or its name like 'Fire Single'",
        )
    return rules.types[code]


def _ordered(card: WayCard, value: object) -> list[tuple[str, str]]:
    """The card's moves, a Dual's in the order `value` names (default: as printed)."""
    moves = specs(card.kind, card.symbols)
    if value is None:
        return moves
    printed = list(card.symbols)
    if card.kind != "dual":
        raise SituationError(("order",), f"only a Dual has an order; {card.name} is a {card.kind}")
    if not isinstance(value, list) or sorted(map(str, value)) != sorted(printed):
        raise SituationError(
            ("order",),
            f"expected the Dual's two symbols in the order played: {printed} or "
            f"{printed[::-1]}, got {value!r}",
        )
    return moves if value == printed else moves[::-1]


def _targets(
    board: Board, pos: list[Square | None], kind: str, moves: list[tuple[str, str]], value: object
) -> list[tuple[int, str]]:
    """(piece, symbol) for each decision the card asks for, from the situation's `targets`."""
    items = [] if value is None else [value] if isinstance(value, str) else value
    if not isinstance(items, list):
        raise SituationError(
            ("targets",), "expected a list of piece names ('air', or 'air as fire' for a Wild)"
        )
    wanted = _decisions(board, pos, moves)
    symbols = tuple(symbol for _, symbol in moves)
    if len(items) != len(wanted):
        raise SituationError(
            ("targets",),
            f"a {kind} card with {'-'.join(symbols)} needs "
            f"{len(wanted)} target(s), got {len(items)}",
        )
    choices = [
        _choice(board, pos, item, symbol, ("targets", n))
        for n, (item, symbol) in enumerate(zip(items, wanted, strict=True))
    ]
    if symbols == (WILD,) and kind == "all" and len({i for i, _ in choices}) != len(choices):
        raise SituationError(("targets",), "a Wild All moves every piece exactly once")
    return choices


def _decisions(board: Board, pos: list[Square | None], moves: list[tuple[str, str]]) -> list[str]:
    """The printed symbol of each decision: one a move, one a movable piece for a Wild All, none
    for any other All (it moves every piece in a fixed order)."""
    wanted: list[str] = []
    for how, symbol in moves:
        if how != "all":
            wanted.append(symbol)
        elif symbol == WILD:
            wanted += [WILD] * len(_movable(board, pos))
    return wanted


def _choice(
    board: Board, pos: list[Square | None], item: object, symbol: str, path: tuple[object, ...]
) -> tuple[int, str]:
    """One target, `piece` or `piece as symbol` (a Wild only), for a move of `symbol`."""
    if not isinstance(item, str):
        raise SituationError(path, f"expected a piece name, got {item!r}")
    pawn, _, chosen = (part.strip() for part in item.partition(" as "))
    if pawn not in board.pawns or pos[board.pawns.index(pawn)] is None:
        raise SituationError(path, f"{pawn!r} is not a piece in the game")
    i = board.pawns.index(pawn)
    if board.has_left(pos, i):
        raise SituationError(path, f"{pawn} has left the board and cannot move")
    if symbol == WILD and chosen not in board.steps:
        raise SituationError(
            path, f"a Wild needs '{pawn} as <symbol>' with a symbol of {', '.join(board.steps)}"
        )
    if symbol != WILD and chosen and chosen != symbol:
        raise SituationError(path, f"this move is {symbol}; only a Wild takes 'as'")
    return i, chosen or symbol
