"""The rulebook's picture of a `holds:` example: a row a player with the cards they hold (each
with its suit's badge), the rules that score for them and their total, the winner marked; above
them, for a `placed:` example, the map of the pieces on the board."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping

from printgen.layout.minicard import WIDE_EXAMPLE_MM
from printgen.model import Game
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import Source
from printgen.render.rulebook.worked.minicard import label
from printgen.render.rulebook.worked.placed_map import draw_map, map_layout
from printgen.rules.scoring import shown

WIDTH = 100.0
LINE = 3.4  # a line of card names, in drawing units
SIZE = 2.4  # the names' size: 8 pt at WIDE_EXAMPLE_MM
NAME_X, CARDS_X, SCORE_X = 2.5, 27.0, 97.5
CHARS = (SCORE_X - 12 - CARDS_X - 4) / (SIZE * 0.5)  # a line's characters, Lato at half its size


def holds_view(
    source: Source, icons: Icons, result: Mapping[str, object]
) -> tuple[Svg, float] | None:
    """The data scorer's example picture, drawn from `score_holds(...).to_json()`."""
    holds, scores, shares = result.get("holds"), result.get("scores"), result.get("rules")
    if not isinstance(holds, dict) or not isinstance(scores, dict) or not isinstance(shares, dict):
        return None
    game: Game = source.game
    names, suits = _names(game), _suits(game)
    rows: list[tuple[str, Counter[str], dict[str, float]]] = [
        (player, Counter(cards), shares.get(player) or {}) for player, cards in holds.items()
    ]
    shares_said = {player: _said(shares) for player, _, shares in rows}
    heights = [LINE * (max(len(held), 1) + len(shares_said[p])) + 4.0 for p, held, _ in rows]
    placed = result.get("placed")
    board = map_layout(game, placed if isinstance(placed, dict) else {}, WIDTH)
    svg = Svg(WIDTH, sum(heights) + 1.0 + board.height, printed_mm=WIDE_EXAMPLE_MM)
    draw_map(svg, icons, game, board, 0.0, suits)
    winners = result.get("winners")
    winners = winners if isinstance(winners, list) else []
    y = 0.5 + board.height
    for (player, held, _), height in zip(rows, heights, strict=True):
        won = player in winners and len(winners) == 1
        _frame(svg, icons, y, height, won)
        label(svg, NAME_X, y + 5.2, player, size=3.2, bold=True, anchor="start")
        said = source.label("points_one" if scores[player] == 1 else "points", n="")
        label(svg, SCORE_X, y + 5.6, shown(scores[player]), size=4.6, bold=True, anchor="end")
        label(svg, SCORE_X, y + 9.2, said.strip(), size=SIZE, anchor="end", colour="#5b554c")
        _cards(svg, icons, y, held, names, suits)
        for k, line in enumerate(shares_said[player]):
            label(
                svg,
                CARDS_X,
                y + 4.6 + (max(len(held), 1) + k) * LINE + 0.4,
                line,
                size=SIZE,
                anchor="start",
                colour=icons.colour("accent_dark") if won else "#5b554c",
            )
        y += height
    return svg, WIDE_EXAMPLE_MM


def _cards(
    svg: Svg,
    icons: Icons,
    y: float,
    held: Counter[str],
    names: dict[str, str],
    suits: dict[str, str],
) -> None:
    """A player's cards, a line each: the suit's badge, the copies and the card's name."""
    for k, (card_id, copies) in enumerate(held.items()):
        line_y = y + 4.6 + k * LINE
        suit = suits.get(card_id)
        if suit and icons.draws(suit):
            svg.raw(icons.badge(suit, CARDS_X + 1.3, line_y - 0.8, 2.8))
        text = (f"{copies} × " if copies > 1 else "") + names.get(card_id, card_id)
        label(svg, CARDS_X + 4, line_y, _cut(text), size=SIZE, anchor="start")


def _frame(svg: Svg, icons: Icons, y: float, height: float, won: bool) -> None:
    svg.el(
        "rect",
        x=0.5,
        y=y,
        width=WIDTH - 1,
        height=height - 1.2,
        rx=1.6,
        fill=icons.colour("accent_light") if won else "#f6f2e9",
        stroke=icons.colour("accent") if won else icons.colour("rule"),
        stroke_width=0.4 if won else 0.25,
    )


def _said(shares: dict[str, float]) -> list[str]:
    """The rules that score for a player, `reed beds 4 + birds 3 + ...`, in lines that fit."""
    scoring = [f"{rule} {shown(n)}" for rule, n in shares.items() if n]
    return textwrap.wrap(" + ".join(scoring), int(CHARS + 12), break_on_hyphens=False) or ["—"]


def _cut(text: str, most: float = CHARS) -> str:
    """A line that fits: cut at `most` characters with an ellipsis."""
    return text if len(text) <= most else text[: int(most) - 1].rstrip() + "…"


def _names(game: Game) -> dict[str, str]:
    """Each card's name as the rulebook's language writes it."""
    column = f"name_{game.face_language}" if game.face_language else None
    return {
        card.id: str((card.fields.get(column) if column else None) or card.name)
        for deck in game.components.values()
        for card in deck.cards
    }


def _suits(game: Game) -> dict[str, str]:
    """Each card's suit: the value of the game's first element column, where it has one."""
    column = next((c for c, t in game.columns.items() if t.rstrip("?") == "element"), None)
    if column is None:
        return {}
    return {
        card.id: str(card.fields[column])
        for deck in game.components.values()
        for card in deck.cards
        if card.fields.get(column)
    }
