"""The Way: one, two or four bordered frames (the pieces a card reaches) holding the card's
symbols, each with the direction it moves a piece (from the board's gates in game.yaml);
expansion cards marked on the front. Both decks share one back, so the expansion can be
shuffled into the original deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printgen.render.designs.common import line_size, polar, title
from printgen.render.textfit import BOLD
from printgen.rules.the_way.board import COMPASS, board_of

if TYPE_CHECKING:
    from printgen.model import Card, Component
    from printgen.render.faces import Kit

ANGLES = {"north": 0, "east": 90, "south": 180, "west": 270}


def _directions(kit: Kit) -> dict[str, str]:
    """Each gate's element and the compass direction it moves a piece, from the board as the
    rules engine reads and checks it (a bad `rules.board` is a DataError naming the line)."""
    board = board_of(kit.game)
    names = {step: name for name, step in COMPASS.items()}
    return {element: names[step] for element, step in board.way.items()}


def _move(kit: Kit, symbol: str) -> dict[str, Any]:
    """How a symbol moves a piece: an arrow angle and words, from the board's gates."""
    direction = _directions(kit).get(symbol)
    if direction is not None:
        return {"kind": "arrow", "angle": ANGLES[direction], "words": direction}
    if symbol == "void":
        return {"kind": "inward", "angle": 0, "words": "to the centre"}
    return {"kind": "any", "angle": 0, "words": "any way"}


def _symbol(kit: Kit, symbol: str) -> dict[str, Any]:
    return {
        "symbol": symbol,
        "name": title(symbol),
        "tones": vars(kit.palette.element(symbol)),
        "move": _move(kit, symbol),
    }


def _frames(symbols: list[str], borders: int, kind: str, w: float) -> list[dict[str, Any]]:
    """Where each frame goes and which symbols it holds (x, y: top-left; mm)."""
    left, top, right, bottom = 7.0, 16.0, w - 7.0, 74.0
    width, height = right - left, bottom - top
    if borders >= 4:
        gap = 2.4
        fw, fh = (width - gap) / 2, (height - gap) / 2
        return [
            {
                "x": left + (i % 2) * (fw + gap),
                "y": top + (i // 2) * (fh + gap),
                "w": fw,
                "h": fh,
                "symbols": symbols[:1],
                "order": None,
            }
            for i in range(4)
        ]
    if borders == 2:
        gap = 2.4
        fh = (height - gap) / 2
        pairs = symbols if len(symbols) == 2 else symbols * 2
        return [
            {
                "x": left,
                "y": top + i * (fh + gap),
                "w": width,
                "h": fh,
                "symbols": [pairs[i]],
                "order": i + 1,
            }
            for i in range(2)
        ]
    return [{"x": left, "y": top, "w": width, "h": height, "symbols": symbols, "order": None}]


def front(card: Card, deck: Component, kit: Kit) -> dict[str, Any]:
    w = kit.trim.width
    symbols = list(card.get("symbols") or ())
    borders = int(card.get("borders", 1))
    label = kit.game.kinds[card.kind].label if card.kind in kit.game.kinds else card.kind
    frames = _frames(symbols, borders, card.kind, w)
    for frame in frames:
        frame["items"] = [_symbol(kit, s) for s in frame["symbols"]]
    corner = [_symbol(kit, s) for s in dict.fromkeys(symbols)]
    extra = {"double": "×2", "all": "ALL"}.get(card.kind, "")
    index_width = 5.4 + 6.2 * len(corner) + (5.0 if extra else 0.0)
    return {
        "name": card.name,
        "label": label,
        "kind": card.kind,
        "borders": borders,
        "frames": frames,
        "corner": corner,
        "corner_extra": extra,
        "name_size": line_size(kit, card.name, w - 2 * index_width - 2, 4.2, BOLD),
        "expansion": deck.name == "expansion",
    }


def back(deck: Component, kit: Kit) -> dict[str, Any]:
    w, h = kit.trim.width, kit.trim.height
    size = 2 * board_of(kit.game).half + 1
    square = 5.6
    side = size * square
    gates = []
    for symbol, direction in _directions(kit).items():
        angle = ANGLES[direction]
        x, y = polar(w / 2, h / 2, side / 2 + 6.2, angle - 90)
        gates.append(
            {
                "symbol": symbol,
                "angle": angle,
                "x": x,
                "y": y,
                "tones": vars(kit.palette.element(symbol)),
            }
        )
    return {
        "grid": {
            "n": size,
            "square": square,
            "x": (w - side) / 2,
            "y": (h - side) / 2,
            "side": side,
        },
        "gates": gates,
        "title_size": line_size(kit, kit.game.name, w - 16, 8.0, BOLD),
    }
