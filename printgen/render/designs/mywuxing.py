"""MyWuXing: element cards with a header (the heavenly element) and a footer that says what the
card absorbs and destroys, taken from the Wu Xing cycles of the rules engine; the Infinite
Dragon, the Destructive Star and the promo card; one back for the deck."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from printgen.render.designs.common import line_size, text_block, title, wuxing_wheel
from printgen.render.designs.dragon import infinite_dragon
from printgen.render.textfit import BLACK, BOLD
from printgen.rules import wuxing

if TYPE_CHECKING:
    from printgen.model import Card, Component
    from printgen.render.faces import Kit


def _relation(kit: Kit, verb: str, element: str) -> dict[str, Any]:
    return {
        "verb": verb,
        "element": element,
        "name": title(element),
        "tones": vars(kit.palette.element(element)),
    }


def front(card: Card, deck: Component, kit: Kit) -> dict[str, Any]:
    w = kit.trim.width
    label = kit.game.kinds[card.kind].label if card.kind in kit.game.kinds else card.kind
    context: dict[str, Any] = {
        "kind": card.kind,
        "name": card.name,
        "label": label,
        "element": card.get("element"),
    }
    element = card.get("element")
    if element:
        context["tones"] = vars(kit.palette.element(element))
        context["name_size"] = line_size(kit, card.name, w - 26, 9.5, BLACK)
        context["relations"] = [
            _relation(kit, "absorbs", wuxing.fed_by(element)),
            _relation(kit, "destroys", wuxing.overcomes(element)),
        ]
        context["suffers"] = [
            _relation(kit, "absorbed by", wuxing.feeds(element)),
            _relation(kit, "destroyed by", wuxing.overcome_by(element)),
        ]
        context["kind"] = "element"
        return context
    context["heading"] = {
        "lines": [card.name],
        "size": line_size(kit, card.name, w - 15, 7.0, BLACK),
    }
    context["text"] = text_block(
        kit, card.get("text", ""), width=w - 13, max_lines=5, size=3.1, min_size=2.2
    )
    context["label_size"] = line_size(kit, label.upper(), w - 14, 2.4, BOLD)
    context["show_label"] = label.casefold() != card.name.casefold()
    if card.kind == "dragon":
        context["dragon"] = infinite_dragon(w / 2 - 1.5, 42.5, 21.5)
    elif card.kind == "star":
        context["rays"] = _rays(w / 2, 43.0, 12.0, 20.0, 24)
    else:
        context["wheel"] = wuxing_wheel(w / 2, 41.5, 16.0, 4.4)
    return context


def back(deck: Component, kit: Kit) -> dict[str, Any]:
    w, h = kit.trim.width, kit.trim.height
    return {
        "wheel": wuxing_wheel(w / 2, h / 2, 17.0, 5.0, head=2.4),
        "title_size": line_size(kit, kit.game.name.upper(), w - 22, 6.0, BLACK),
    }


def _rays(cx: float, cy: float, inner: float, outer: float, count: int) -> list[str]:
    """Alternating long and short rays of the Destructive Star, as line paths."""
    rays = []
    for i in range(count):
        a = math.radians(-90 + 360 * i / count)
        reach = outer if i % 2 == 0 else outer * 0.78
        rays.append(
            f"M{cx + inner * math.cos(a):.2f},{cy + inner * math.sin(a):.2f}"
            f"L{cx + reach * math.cos(a):.2f},{cy + reach * math.sin(a):.2f}"
        )
    return rays
