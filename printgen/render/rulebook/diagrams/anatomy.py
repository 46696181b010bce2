"""Card anatomy: the game's real card faces, with callouts saying which part means what.

The faces come from the card renderer (`printgen.render.design`, the same designs as
cards.pdf); the callouts from `templates/<game>/rules-anatomy.yaml` (millimetres on the card's
trim). A game without that file gets its first card, without callouts.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from printgen.errors import PrintgenError, RenderError
from printgen.layout.svgdraw import Svg
from printgen.model import Card, Component, Game
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import Source
from printgen.render.templates import templates_dir

LABEL_COLUMN = 31.0  # mm for a column of callout labels
WIDTH = 120.0  # mm, the text width of an A5 page
MAX_CARD = 44.0  # mm, the widest a card is drawn
CHARS_PER_LINE = 20
LINE = 3.3


@dataclass(frozen=True)
class Callout:
    x: float
    y: float
    side: str
    text: str


def draw(source: Source, icons: Icons) -> tuple[Svg, float, str]:
    game = source.game
    if game.card_size is None or not game.printed_decks:
        raise RenderError(f"diagram('card-anatomy'): {game.id} has no cards")
    specs = _specs(game)
    cards: list[tuple[tuple[Card, Component], dict[str, Any]]] = []
    for spec in specs:
        found = _find(game, str(spec.get("card")))
        if found is not None:
            cards.append((found, spec))
    if not cards:
        first = game.printed_decks[0]
        cards = [((first.cards[0], first), {})]
    trim_w, trim_h = game.card_size.width, game.card_size.height
    plans = []
    for index, ((item, deck), spec) in enumerate(cards):
        default = "left" if index == 0 else "right"
        callouts = [
            Callout(
                float(c["x"]),
                float(c["y"]),
                str(c.get("side", default)),
                _text(c.get("label", ""), source.lang),
            )
            for c in spec.get("callouts") or []
        ]
        plans.append((item, deck, callouts, _text(spec.get("caption", ""), source.lang)))
    columns = sum(len({c.side for c in callouts}) for _, _, callouts, _ in plans)
    gap = 4.0
    card_w = min(MAX_CARD, (WIDTH - columns * LABEL_COLUMN - gap * (len(plans) - 1)) / len(plans))
    scale = card_w / trim_w
    card_h = trim_h * scale
    svg = Svg(WIDTH, card_h + 4)
    used = columns * LABEL_COLUMN + len(plans) * card_w + gap * (len(plans) - 1)
    x = (WIDTH - used) / 2
    for item, deck, callouts, caption in plans:
        left = [c for c in callouts if c.side == "left"]
        right = [c for c in callouts if c.side != "left"]
        if left:
            x += LABEL_COLUMN
        _face(svg, source, item, deck, x, 2, card_w, card_h)
        bottom = max(
            _labels(svg, icons, left, (x, 2, scale), x - 2.5, "end"),
            _labels(svg, icons, right, (x, 2, scale), x + card_w + 2.5, "start"),
        )
        svg.height = max(svg.height, bottom + 1)
        for k, line in enumerate(_wrap(caption, int(card_w / 1.45))):
            svg.text(x + card_w / 2, card_h + 7 + k * LINE, line, size=2.8, font_weight=700)
            svg.height = max(svg.height, card_h + 9 + k * LINE)
        x += card_w + gap + (LABEL_COLUMN if right else 0)
    return svg, WIDTH, ""


def _labels(
    svg: Svg,
    icons: Icons,
    callouts: list[Callout],
    card: tuple[float, float, float],
    text_x: float,
    anchor: str,
) -> float:
    """Callout labels beside a card, aligned on `text_x` towards it, each with a leader line
    from the label's first line to its point on the card; returns the lowest label's bottom."""
    cx, cy, scale = card
    ink, accent = icons.colour("ink"), icons.colour("accent_dark")
    next_free = 0.0
    for c in sorted(callouts, key=lambda c: c.y):
        px, py = cx + c.x * scale, cy + c.y * scale
        lines = _wrap(c.text) if c.text else []
        top = max(py - 1.2, next_free)
        next_free = top + LINE * len(lines) + 2.4
        lead_x = text_x + (0.8 if anchor == "end" else -0.8)
        svg.el(
            "path",
            d=f"M{_n(lead_x)},{_n(top + 1.2)}L{_n(px)},{_n(py)}",
            fill="none",
            stroke=accent,
            stroke_width=0.35,
        )
        svg.el("circle", cx=px, cy=py, r=0.9, fill=accent, stroke="#ffffff", stroke_width=0.3)
        for k, line in enumerate(lines):
            svg.text(
                text_x,
                top + 2.2 + k * LINE,
                line,
                size=2.8,
                fill=ink,
                text_anchor=anchor,
                font_weight=700 if k == 0 else 400,
            )
    return next_free


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _wrap(text: str, width: int = CHARS_PER_LINE) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _face(
    svg: Svg, source: Source, item: Card, deck: Component, x: float, y: float, w: float, h: float
) -> None:
    """The real card face, its bleed clipped away, as a nested image."""
    face = card_face(source.game, item, deck)
    svg.el(
        "rect", x=x + 0.6, y=y + 0.8, width=w, height=h, rx=2.2, fill="#000000", fill_opacity=0.15
    )
    if face is None:
        svg.el(
            "rect",
            x=x,
            y=y,
            width=w,
            height=h,
            rx=2,
            fill="#ffffff",
            stroke="#1f1b16",
            stroke_width=0.4,
        )
        svg.text(x + w / 2, y + h / 2, item.name, size=3.2)
        return
    text, bleed = face
    scale = w / source.game.card_size.width  # type: ignore[union-attr]
    ident = f"clip{len(svg.parts)}"
    svg.open("clipPath", id=ident)
    svg.el("rect", x=x, y=y, width=w, height=h, rx=2.2)
    svg.close("clipPath")
    uri = "data:image/svg+xml;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")
    svg.el(
        "image",
        x=x - bleed * scale,
        y=y - bleed * scale,
        width=w + 2 * bleed * scale,
        height=h + 2 * bleed * scale,
        href=uri,
        clip_path=f"url(#{ident})",
        preserveAspectRatio="none",
    )
    svg.el(
        "rect",
        x=x,
        y=y,
        width=w,
        height=h,
        rx=2.2,
        fill="none",
        stroke="#1f1b16",
        stroke_width=0.25,
        stroke_opacity=0.5,
    )


def card_face(game: Game, item: Card, deck: Component) -> tuple[str, float] | None:
    """The SVG of a card's front as cards.pdf draws it, and its bleed in mm; None if the card
    renderer cannot draw it (the rulebook then shows a plain outline)."""
    try:
        from printgen.render.faces import RECORD_BLEED_MM, front_face
        from printgen.render.vector import CairoMeasure

        text = front_face(game, deck, item, CairoMeasure()).svg
    except (ImportError, PrintgenError, KeyError, TypeError, ValueError, AttributeError):
        return None
    return text, RECORD_BLEED_MM


def _find(game: Game, card_id: str) -> tuple[Card, Component] | None:
    for deck in game.printed_decks:
        for item in deck.cards:
            if item.id == card_id:
                return item, deck
    return None


def _text(value: Any, lang: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en") or next(iter(value.values()), ""))
    return str(value or "")


def _specs(game: Game) -> list[dict[str, Any]]:
    return list(_load(game.id))


@cache
def _load(game_id: str) -> tuple[dict[str, Any], ...]:
    path = templates_dir() / game_id / "rules-anatomy.yaml"
    if not path.is_file():
        return ()
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise RenderError(f"{path}: cannot read: {exc}") from None
    cards = doc.get("cards") if isinstance(doc, dict) else None
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise RenderError(f"{path}: expected cards: a list of {{card, callouts, caption}}")
    return tuple(cards)
