"""Elementa (tarot size, English and Italian): suit cards 1..7 with their value in the top
corners, pips, and in the bottom corners the destroying suit (each on the table takes one
from the value) and the generating suit (each adds one), from the Wu Xing cycles of the rules
engine; five relics with their own art; one back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printgen.render.designs.common import line_size, title, wuxing_wheel
from printgen.render.textfit import BLACK, BODY, BOLD
from printgen.rules import wuxing

if TYPE_CHECKING:
    from printgen.model import Card, Component
    from printgen.render.faces import Kit

# Pip centres for values 1..7 as (column, row): columns -1, 0, 1; rows 0 (top) to 4 (bottom).
PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0, 2)],
    2: [(0, 0.5), (0, 3.5)],
    3: [(0, 0), (0, 2), (0, 4)],
    4: [(-1, 0.5), (1, 0.5), (-1, 3.5), (1, 3.5)],
    5: [(-1, 0), (1, 0), (0, 2), (-1, 4), (1, 4)],
    6: [(-1, 0), (1, 0), (-1, 2), (1, 2), (-1, 4), (1, 4)],
    7: [(-1, 0), (1, 0), (0, 1), (-1, 2), (1, 2), (-1, 4), (1, 4)],
}
RELIC_ART = ("mirror", "seal", "lamp", "pearl", "bell")


def front(card: Card, deck: Component, kit: Kit) -> dict[str, Any]:
    w = kit.trim.width
    label = kit.game.kinds[card.kind].label if card.kind in kit.game.kinds else card.kind
    name_it = card.get("name_it", "")
    context: dict[str, Any] = {
        "name": card.name,
        "name_it": name_it,
        "label": label,
        "name_size": line_size(kit, card.name, w - 34, 4.6, BOLD),
        "it_size": line_size(kit, name_it, w - 34, 3.4, BODY),
    }
    suit, value = card.get("suit"), card.get("value")
    if suit and value is not None:
        destroying, generating = wuxing.overcome_by(suit), wuxing.fed_by(suit)
        context.update(
            kind="number",
            suit=suit,
            value=str(value),
            tones=vars(kit.palette.element(suit)),
            pips=_pips(int(value), w / 2, 37.0, 84.0),
            destroying={
                "element": destroying,
                "name": title(destroying),
                "tones": vars(kit.palette.element(destroying)),
            },
            generating={
                "element": generating,
                "name": title(generating),
                "tones": vars(kit.palette.element(generating)),
            },
        )
        return context
    art = card.id.removeprefix("relic-")
    context.update(
        kind="relic",
        art=art if art in RELIC_ART else "generic",
        name_size=line_size(kit, card.name, w - 16, 5.4, BLACK),
        it_size=line_size(kit, name_it, w - 16, 3.8, BODY),
    )
    return context


def back(deck: Component, kit: Kit) -> dict[str, Any]:
    w, h = kit.trim.width, kit.trim.height
    return {
        "wheel": wuxing_wheel(w / 2, h / 2, 19.0, 5.6, head=2.5),
        "title_size": line_size(kit, kit.game.name, w - 20, 8.0, BLACK),
    }


def _pips(value: int, cx: float, top: float, bottom: float) -> dict[str, Any]:
    layout = PIPS.get(value)
    if layout is None:  # beyond 7: a single large pip with the number under it
        return {"size": 26.0, "points": [{"x": cx, "y": (top + bottom) / 2}]}
    step = (bottom - top) / 4
    size = 30.0 if value == 1 else 13.5
    return {
        "size": size,
        "points": [{"x": cx + col * 14.5, "y": top + row * step} for col, row in layout],
    }
