"""CL4SH: element cards 1..9 with value corners and what the element beats (from the game's
dominance loop in game.yaml), Havoc cards with their own art, the yellow Signal card, and two
backs: the deck's and the Signal cards' (they are kept apart, face up)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printgen.render.designs.common import line_size, pie, ring, text_block, title
from printgen.render.textfit import BLACK

if TYPE_CHECKING:
    from printgen.model import Card, Component
    from printgen.render.faces import Kit

HAVOC_ART = ("almighty", "echo", "duel", "chain-reaction", "balance", "shield", "pickup")


def _dominance(kit: Kit) -> dict[str, str]:
    loop = kit.game.rules.get("dominates") or {}
    return {str(k): str(v) for k, v in loop.items()} if isinstance(loop, dict) else {}


def front(card: Card, deck: Component, kit: Kit) -> dict[str, Any]:
    w = kit.trim.width
    label = kit.game.kinds[card.kind].label if card.kind in kit.game.kinds else card.kind
    element, number = card.get("element"), card.get("number")
    context: dict[str, Any] = {
        "name": card.name,
        "label": label,
        "element": element,
        "tones": vars(kit.palette.element(element)) if element else None,
    }
    if card.kind == "signal":
        context.update(
            kind="signal",
            name_size=line_size(kit, card.name, w - 14, 13.0, BLACK),
            text=text_block(
                kit, card.get("text", ""), width=w - 16, max_lines=5, size=3.0, min_size=2.2
            ),
        )
        return context
    if number is not None and element:
        beats = _dominance(kit).get(element)
        beaten_by = next((k for k, v in _dominance(kit).items() if v == element), None)
        context.update(
            kind="number",
            number=str(number),
            beats=_element(kit, beats),
            beaten_by=_element(kit, beaten_by),
        )
        return context
    amount = card.get("amount")
    corner = f"+{amount}" if amount is not None else None
    context.update(
        kind="havoc",
        art=card.kind if card.kind in HAVOC_ART else "generic",
        corner_text=corner,
        amount=amount,
        name_size=line_size(kit, card.name, w - 16, 6.4, BLACK),
        text=text_block(
            kit, card.get("text", ""), width=w - 24, max_lines=6, size=2.9, min_size=2.1
        ),
        pie=pie(list(kit.game.elements), w / 2, 41.0, 15.0),
    )
    return context


def back(deck: Component, kit: Kit) -> dict[str, Any]:
    w, h = kit.trim.width, kit.trim.height
    loop = _dominance(kit)
    order: list[str] = []
    start = kit.game.elements[0] if kit.game.elements else None
    while start is not None and start not in order:
        order.append(start)
        start = loop.get(start)
    return {
        "signal": deck.name == "signal",
        "cycle": ring(order, w / 2, h / 2, 15.5, 5.2, head=2.4) if order else None,
        "title_size": line_size(kit, kit.game.name, w - 18, 11.0, BLACK),
    }


def _element(kit: Kit, element: str | None) -> dict[str, Any] | None:
    if element is None:
        return None
    return {"element": element, "name": title(element), "tones": vars(kit.palette.element(element))}
