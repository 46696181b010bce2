"""Blocks rendered from the game's data: the components table, the deal table, totals.

Counts come from the same `Game` that `printgen validate` checks, so the rulebook cannot
disagree with the cards. Card rows are grouped for reading: faces that differ only by number
("Fire 1" ... "Fire 9", same count) become one row "Fire 1–9", and three or more consecutive
faces of one kind and count become one row listing their names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from printgen.errors import RenderError
from printgen.layout.shapes import Shape
from printgen.model import Card, Component
from printgen.model.parts import PartSpec, part_items
from printgen.model.schema import did_you_mean
from printgen.render.draw.svg import render_template
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.pieces import pieces_picture
from printgen.render.rulebook.source import Source
from printgen.render.text.labels import game_labels
from printgen.rules.engine import engine_of
from printgen.rules.parsed import mapped

_NUMBERED = re.compile(r"^(.*?)(\d+)$")
KIND_RUN = 3  # consecutive faces of one kind and count listed on one row


@dataclass
class Row:
    cards: list[Card]
    names: list[Markup] = field(default_factory=list)
    numbered: bool = False
    room: int = 0
    """Icons' room before the names: those the widest row's first name has that this one's
    lacks (a card of no suit lines up with the iconed cards, wrapped lines too)."""

    @property
    def each(self) -> int:
        return self.cards[0].count

    @property
    def total(self) -> int:
        return sum(card.count for card in self.cards)


def total(source: Source, name: str) -> str:
    comp = source.game.components.get(name)
    if comp is None:
        known = list(source.game.components)
        raise RenderError(
            f"total({name!r}): no such component{did_you_mean(name, known)} "
            f"(components: {', '.join(known)})"
        )
    return str(comp.total)


def component_name(source: Source, comp: Component) -> str:
    names = mapped(source.labels.get("component_names"))
    return str(names.get(comp.name) or comp.name.replace("-", " ").capitalize())


def components_table(source: Source, icons: Icons, parts: bool = True) -> Markup:
    """The table of what the box holds: one table a component (those derived from another
    are said under it), each kind of card, die or piece a row; then, with `parts`, the
    printed parts (game.yaml `parts:`: a board, score pads, a tuck box)."""
    game = source.game
    tables = [
        _component_table(source, icons, comp)
        for comp in game.components.values()
        if not comp.derived_from
    ]
    return Markup(
        render_template(
            "common/rulebook/components.html.j2",
            tables=tables,
            printed=_parts_rows(source) if parts else [],
            labels=source.labels,
            provisional_text=game.provisional or "",
        )
    )


def _parts_rows(source: Source) -> list[dict[str, object]]:
    """A row for each part the kit prints (not one printed inside another part's drawing, as
    a board's legend): its name in the rulebook's language, what it is, how many."""
    game = source.game
    names = mapped(source.labels.get("component_names"))
    rows = []
    for part in game.parts.values():
        if part.group in game.parts and part.group != part.name:
            continue  # drawn with that part (`in: board`): it is that part's
        rows.append(
            {
                "name": str(names.get(part.name) or part.label),
                "what": _part_what(source, part),
                "count": part.copies * _items(source, part),
            }
        )
    return rows


def _part_what(source: Source, part: PartSpec) -> str:
    """A part's size (`248 x 248 mm`), or the deck its tuck box holds."""
    if part.tuck_box is not None:
        deck = source.game.components.get(part.tuck_box)
        held = component_name(source, deck) if deck is not None else part.tuck_box
        return source.label("part_tuck_box", deck=held)
    if part.size is None:  # the kit's paper
        return source.label("part_paper")
    return source.label("part_size", width=f"{part.size.width:g}", height=f"{part.size.height:g}")


def _items(source: Source, part: PartSpec) -> int:
    """How many times a part is drawn for its items: once, or per card of the deck (or item
    of the rules engine's list) its `each:` names (`part_items`, as the parts' file draws)."""
    engine = engine_of(source.game)
    values = engine.part_values(source.game) if engine and engine.part_values else {}
    return sum(count for _, count in part_items(part, source.game.components, values))


def _component_table(source: Source, icons: Icons, comp: Component) -> dict[str, object]:
    """One component's table, as the template reads it."""
    game = source.game
    rows = _group(source, comp, icons)
    return {
        "title": component_name(source, comp),
        "total": comp.total,
        "rows": [_row_cells(source, row) for row in rows],
        "has_kinds": any(_row_kind(source, row) for row in rows),
        "derived": _derived(source, comp),
        "note": _note(source, comp),
        # pictured in the rulebook's language, as its cards are (a token's name_fr)
        "picture": pieces_picture(game.in_language(source.lang), comp) if comp.pieces else "",
        "head": source.label("die" if comp.kind == "dice" else "piece" if comp.pieces else "card"),
        "provisional": bool(game.provisional),
    }


def _row_cells(source: Source, row: Row) -> dict[str, object]:
    """A row's names, kind, count of each (for a row of several cards) and total."""
    return {
        "names": row.names,
        "room": row.room,
        "kind": _row_kind(source, row),
        "each": source.label("each", n=row.each) if len(row.cards) > 1 and row.each > 0 else "",
        "count": row.total,
    }


def _derived(source: Source, comp: Component) -> list[str]:
    """A line for each component made from `comp` less some kinds (`derived_from`)."""
    return [
        source.label(
            "derived",
            name=component_name(source, other),
            n=other.total,
            without=", ".join(_kind_label(source, k) for k in other.exclude_kinds),
        )
        for other in source.game.components.values()
        if other.derived_from == comp.name
    ]


def _note(source: Source, comp: Component) -> str:
    """What the table's title adds: a die's faces, or the pieces' shape."""
    faces = "faces_one" if comp.total == 1 else "faces"  # 1 4-sided die, 2 4-sided dice
    note = source.label(faces, n=comp.faces) if comp.kind == "dice" and comp.faces else ""
    if comp.kind != "dice" and comp.shape is not None and comp.pieces:
        note = shape_words(source, comp.shape)
    return note


def shape_words(source: Source, shape: Shape) -> str:
    """A deck's shape as the rulebook's language says it: `24 mm circle`, `cercle de 24 mm`."""
    if shape.kind == "circle":
        return source.label("shape_circle", size=f"{shape.width:g}")
    if shape.kind == "hex":
        key = "shape_hex_up" if shape.corner_up else "shape_hex"
        return source.label(key, size=f"{shape.across:g}")
    key = "shape_rounded" if shape.kind == "rounded" else "shape_rect"
    return source.label(key, width=f"{shape.width:g}", height=f"{shape.height:g}")


def deal_table(source: Source) -> Markup:
    deal = source.game.deal
    if deal is None:
        raise RenderError(f"deal_table(): {source.game.id} has no deal in game.yaml")
    pool = source.game.components[deal.pool].total
    counts = sorted(deal.cards_each.items())
    rest_label = (
        source.labels.get("rest_is")
        or translated_rest(source)
        or deal.rest_is
        or source.label("deal_rest")
    )
    return Markup(
        render_template(
            "common/rulebook/deal.html.j2",
            players=[p for p, _ in counts],
            each=[n for _, n in counts],
            rest=[pool - p * n for p, n in counts],
            rest_label=str(rest_label)[:1].upper() + str(rest_label)[1:],
            labels=source.labels,
        )
    )


def translated_rest(source: Source) -> object:
    """In a rulebook not in the game's first language, the game's own word for what the cards
    not dealt become (`deal_rest` in its `rules-labels.<lang>.yaml` or front matter), which
    game.yaml's `rest_is` (written in the first language) gives way to; None otherwise."""
    if source.lang == source.game.languages[0]:
        return None
    given = mapped(source.front.get("labels")).get("deal_rest")
    return given or game_labels(source.game, source.lang).get("deal_rest")


def card_name(source: Source, card: Card) -> str:
    """A card's name in the rulebook's language (`name_<lang>` column when the data has one)."""
    local = card.fields.get(f"name_{source.lang}")
    return str(local) if local else card.name


ICON_START = '<img class="icon"'
"""How a name with its suit's icon before it starts (`Icons.inline`)."""


def card_icons(card: Card, source: Source, icons: Icons) -> Markup:
    """The icons before a card's name: its element and symbol columns', and its suit's as
    the card design reads it (a column of words a design names as `suit:`)."""
    names: list[str] = []
    for column, type_text in source.game.columns.items():
        value = card.fields.get(column)
        if value is None:
            continue
        if type_text.rstrip("?") == "element":
            names.append(str(value))
        elif type_text.rstrip("?") == "symbols" and isinstance(value, tuple):
            names.extend(str(v) for v in value)
        elif column == icons.suit_column and isinstance(value, str) and value:
            names.append(value)
    parts = [icons.inline(n, source.element(n)) for n in names]
    return Markup("").join(p for p in parts if p is not None)


def _kind_label(source: Source, kind: str) -> str:
    local = mapped(source.labels.get("kind_labels")).get(kind)
    if local:
        return str(local)
    spec = source.game.kinds.get(kind)
    return spec.label if spec else ""


def _row_kind(source: Source, row: Row) -> str:
    return _kind_label(source, row.cards[0].kind)


def _group(source: Source, comp: Component, icons: Icons) -> list[Row]:
    """The table's rows: runs of numbered cards, then cards of one kind and count side by
    side, a row of fewer than KIND_RUN cards split back into one row a card; each row named."""
    rows = _singles(_same_kinds(_numbered_runs(source, comp)))
    for row in rows:
        row.names = _names(source, row, icons)
    widest = max((_icons_before(row.names[0]) for row in rows if row.names), default=0)
    for row in rows:  # a row's names start where the others' do, whatever its icons
        row.room = widest - _icons_before(row.names[0]) if row.names else 0
    return rows


def _icons_before(name: Markup) -> int:
    """How many icons `name` starts with (`card_icons`)."""
    count, rest = 0, str(name)
    while rest.startswith(ICON_START):
        count += 1
        rest = rest[rest.index(">") + 1 :]
    return count


def _numbered_runs(source: Source, comp: Component) -> list[Row]:
    """A row a card, but cards numbered on from the one before (`Wolf 1`, `Wolf 2`) in one."""
    rows: list[Row] = []
    for card in comp.cards:
        last = rows[-1] if rows else None
        if last and _continues_numbering(source, last, card):
            last.cards.append(card)
            last.numbered = True
        else:
            rows.append(Row([card]))
    return rows


def _same_kinds(rows: list[Row]) -> list[Row]:
    """Rows that are not numbered runs, of one kind and as many copies each, joined."""
    merged: list[Row] = []
    for row in rows:
        prev = merged[-1] if merged else None
        if prev is not None and _joins(prev, row):
            prev.cards.extend(row.cards)
        else:
            merged.append(Row(list(row.cards), numbered=row.numbered))
    return merged


def _joins(prev: Row, row: Row) -> bool:
    kind = row.cards[0].kind
    return (
        not row.numbered
        and not prev.numbered
        and kind == prev.cards[0].kind
        and row.each == prev.each
        and bool(kind)
    )


def _singles(rows: list[Row]) -> list[Row]:
    """Numbered runs and rows of at least KIND_RUN cards as they are; others a card a row."""
    final: list[Row] = []
    for row in rows:
        if row.numbered or len(row.cards) >= KIND_RUN:
            final.append(row)
        else:
            final.extend(Row([card]) for card in row.cards)
    return final


def _continues_numbering(source: Source, row: Row, card: Card) -> bool:
    first, last = row.cards[0], row.cards[-1]
    if card.kind != first.kind or card.count != first.count:
        return False
    a, b = _NUMBERED.match(card_name(source, last)), _NUMBERED.match(card_name(source, card))
    if not a or not b or a.group(1) != b.group(1) or not a.group(1).strip():
        return False
    return int(b.group(2)) == int(a.group(2)) + 1


def _names(source: Source, row: Row, icons: Icons) -> list[Markup]:
    if row.numbered:
        first = _NUMBERED.match(card_name(source, row.cards[0]))
        last = _NUMBERED.match(card_name(source, row.cards[-1]))
        assert first and last
        text = f"{first.group(1)}{first.group(2)}–{last.group(2)}"
        return [card_icons(row.cards[0], source, icons) + escape(text)]
    names = [card_name(source, card) for card in row.cards]
    tails = {name.rsplit(" ", 1)[-1] for name in names}
    if len(row.cards) > 1 and len(tails) == 1 and all(" " in n for n in names):
        names = [name.rsplit(" ", 1)[0] for name in names]  # "Air–Earth Dual" -> "Air–Earth"
    return [
        card_icons(card, source, icons) + escape(n)
        for card, n in zip(row.cards, names, strict=True)
    ]
