"""The design of a game printgen has no design for: name, kind, element icon and text on a
clean card, so that a new game's data prints before anyone draws its templates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printgen.render.designs.common import line_size, text_block
from printgen.render.textfit import BLACK, BOLD

if TYPE_CHECKING:
    from printgen.model import Card, Component
    from printgen.render.faces import Kit


def front(card: Card, deck: Component, kit: Kit) -> dict[str, Any]:
    w, h = kit.trim.width, kit.trim.height
    label = kit.game.kinds[card.kind].label if card.kind in kit.game.kinds else card.kind
    element = next(
        (
            v
            for k, v in card.fields.items()
            if kit.game.columns.get(k, "").startswith("element") and v
        ),
        None,
    )
    if element not in kit.palette.elements:
        element = None
    number = next(
        (
            v
            for k, v in card.fields.items()
            if kit.game.columns.get(k, "").startswith("int") and v is not None
        ),
        None,
    )
    text = next(
        (
            v
            for k, v in card.fields.items()
            if kit.game.columns.get(k, "").startswith("text") and v and k != "art"
        ),
        "",
    )
    return {
        "name": card.name,
        "label": label or "",
        "element": element,
        "tones": vars(kit.palette.element(element)) if element else None,
        "number": "" if number is None else str(number),
        "name_size": line_size(kit, card.name, w - 14, 5.4, BLACK),
        "label_size": line_size(kit, (label or "").upper(), w - 14, 2.6, BOLD),
        "text": text_block(kit, str(text), width=w - 14, max_lines=6, size=3.0, min_size=2.0),
        "text_top": h * (0.62 + 0.07 * bool(card.get("art"))),  # below the art box, if any
    }


def back(deck: Component, kit: Kit) -> dict[str, Any]:
    w = kit.trim.width
    return {"title_size": line_size(kit, kit.game.name, w - 14, 7.0, BLACK)}
