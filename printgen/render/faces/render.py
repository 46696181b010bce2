"""Every face of a game from its design: the fronts of each printed deck and one back a deck.

Resolve, then draw: `Stage` holds what is the same for every card (size, fonts, colours,
icons, templates); each card becomes a context of plain values (its columns, its kind's
label, its suit's tones, and the roles the default design reads: `suit`, `value`, `art`,
`body`, `stats`), and `draw.draw_face` places the design's boxes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

import jinja2

from printgen.errors import DataError, Problem, RenderError
from printgen.files.templates import templates_dir
from printgen.layout.shapes import Shape
from printgen.layout.sizes import SAFE_MM, Size
from printgen.model import Card, Component, Game
from printgen.model.assets import own_icons
from printgen.model.dice import face_columns
from printgen.model.schema import did_you_mean
from printgen.model.stamp import SEPARATOR
from printgen.render.draw import marks
from printgen.render.draw.safety import check_decodes, read_image, resolve_asset
from printgen.render.draw.svg import game_environment, macros, number
from printgen.render.faces.colours import Colours
from printgen.render.faces.content_keys import ContentKeys
from printgen.render.faces.context import Context, tones_of
from printgen.render.faces.draw import (
    Drawn,
    Placed,
    Stage,
    Where,
    check_drawn_texts,
    draw_face,
    render_template_at,
    template_files,
    unknown_colour,
)
from printgen.render.faces.face import RECORD_BLEED_MM, Face
from printgen.render.faces.geometry import Area
from printgen.render.faces.palette import shared_palette
from printgen.render.faces.pieces import (
    FACE_NAMES,
    base_of,
    die_face,
    faces_of,
    label_shape,
    piece_stage,
)
from printgen.render.faces.spec import (
    BACK_KEYS,
    MARKED_KEYS,
    Box,
    Design,
    Value,
    load_design,
    mapping_of,
    needs_one,
    template_error,
    template_names,
    without,
)
from printgen.render.text.kit_words import kit_words
from printgen.render.text.textfit import Measure
from printgen.render.text.typefaces import register
from printgen.rules import wuxing

if TYPE_CHECKING:  # typeshed's name for any dataclass instance; no module at run time
    from _typeshed import DataclassInstance

    from printgen.model.game import FieldValue

STAMP_HASH_DIGITS = 6
DEFAULT_FAMILIES = {"body": "Lato", "title": "Lato Black"}

BACK_FILLS = ("#191a24", "#2b4162", "#5b2a3c", "#1f4d3a", "#4a3b1f", "#35305e")
"""Default backs, one a deck in order, so two decks never share a back."""


def columns_of(game: Game) -> list[str]:
    return ["id", "name", "count", "kind", *game.columns]


def design_of(game: Game, keep_going: bool = False) -> Design:
    """The game's design (`load_design`). Unless `keep_going`, its mistakes are raised
    together with the names its boxes read that the game does not have (`check_names`)."""
    design = load_design(
        game.folder,
        templates_dir(),
        columns_of(game),
        game.face_language,
        game.headers,
        keep_going=True,
        first_language=game.languages[0],
    )
    if design.problems and not keep_going:
        raise DataError([*design.problems, *name_problems(game, design)[0]])
    return design


FLAVOUR_COLUMNS = ("flavour", "flavor", "flavour_text", "flavor_text")
"""Columns read as flavour text when the design names none (`Flavor Text` is flavor_text)."""


def roles(game: Game, design: Design) -> dict[str, str | None]:
    """Which column plays each role of the default design: given by the design, or the
    first element column (suit), int column (value), `art`/`image` column (art) and text
    column named as flavour is (flavour). A number column game.yaml does not declare
    (`Attack`) is no value: it prints with its name; one named `value` is (a tile's
    `Value` header: a piece's design prints no stats, so it printed nowhere). A text
    column named `suit` (an older game.yaml's `suit: text?`, or an undeclared `Suit`
    header) is the suit when no element column is: its values get the palette's colours
    and marks, as suits (it was silently lost: every card in one colour, the suit printed
    nowhere)."""
    found: dict[str, str | None] = {
        role: _given(design, role) or default for role, default in _default_roles(game).items()
    }
    return found


def _given(design: Design, role: str) -> str | None:
    """The column the design names for `role` (`roles: {suit: house}`), if any."""
    value: Value | None = design.roles.get(role)
    return None if value is None or value.value is None else str(value.value)


def _default_roles(game: Game) -> dict[str, str | None]:
    """The column that plays each role when the design names none (see `roles`)."""
    typed = {name: kind.rstrip("?") for name, kind in game.columns.items()}
    declared = [c for c, t in typed.items() if c not in game.undeclared]
    return {
        "suit": next((c for c, t in typed.items() if t == "element"), None)
        or ("suit" if typed.get("suit") == "text" else None),  # issue 36, trap 2
        "value": _value_column(typed, declared),
        "art": next((c for c in ("art", "image") if c in typed), None),
        "flavour": next((c for c in FLAVOUR_COLUMNS if typed.get(c) == "text"), None),
    }


def _value_column(typed: dict[str, str], declared: list[str]) -> str | None:
    """The first whole-number column game.yaml declares, else one named `value`."""
    found = next((c for c in declared if typed[c].startswith("int")), None)
    return found or ("value" if typed.get("value", "").startswith("int") else None)


def make_stage(
    game: Game,
    design: Design,
    measure: Measure,
    size: tuple[float, float] | None = None,
    bleed: float | None = None,
    safe: float | None = None,
    suits: list[str] | None = None,
) -> Stage:
    """What every face of the game shares, on a card of the game's card size (a game of
    pieces alone: its first piece's bounding box; `pieces.piece_stage` turns it to a shape);
    a part's with its own `size`, `bleed` and `safe` zone, and `suits` beyond the cards' (a
    board's elements) given colours too."""
    size = _face_size(game) if size is None else size
    families = _families(game, design, measure)
    found = card_suits(game, roles(game, design)["suit"])
    colours = Colours(
        shared_palette(), design.palette, [*found, *(s for s in suits or () if s not in found)]
    )
    environment = game_environment(game.folder)
    game_icons = _game_icons(game)
    shared_icons = frozenset(macros(environment, "common/icons.svg.j2").ICONS)
    return Stage(
        folder=game.folder,
        width=size[0],
        height=size[1],
        bleed=RECORD_BLEED_MM if bleed is None else bleed,
        safe=SAFE_MM if safe is None else safe,
        min_size=design.min_size,
        clearance=design.clearance,
        language=design.language,
        families=families,
        features={role: spec.features for role, spec in design.fonts.items()},
        colours=colours,
        measure=measure,
        environment=environment,
        shared_icons=shared_icons,
        game_icons=game_icons,
        suit_marks=suit_marks(
            game, roles(game, design)["suit"], shared_icons | set(game_icons), tuple(suits or ())
        ),
        stamp=design.stamp[0] if design.stamp else None,
    )


def _face_size(game: Game) -> tuple[float, float]:
    """The game's card size; a game of pieces alone: its first piece's bounding box."""
    card = game.card_size or next(
        (Size(d.shape.width, d.shape.height) for d in game.piece_decks if d.shape), None
    )
    assert card is not None
    return (card.width, card.height)


def _families(game: Game, design: Design, measure: Measure) -> dict[str, str]:
    """Font role -> family: the default's, then the design's (its own files registered);
    a measure that keeps fonts ready (`settle`) is told which."""
    families = dict(DEFAULT_FAMILIES)
    for role, spec in design.fonts.items():
        if spec.files:
            families[role] = register(spec.files, spec.where, spec.family, game.folder)
        elif spec.family is not None:
            families[role] = str(spec.family)
    settle = getattr(measure, "settle", None)
    if settle is not None:
        settle(sorted(set(families.values())))
    return families


def _game_icons(game: Game) -> dict[str, Path]:
    """The game's own icons by name, each read once through the guarded reader: a link out
    of the folder, a FIFO or a pixel bomb is refused by its name, and so is a file that is
    no picture."""
    files = own_icons(game.folder, game.icons)
    for path in files.values():
        check_decodes(read_image(path, game.folder), path)
    return {name: path.resolve() for name, path in files.items()}


def suit_marks(
    game: Game,
    column: str | None,
    icons: set[str] | frozenset[str],
    then: tuple[str, ...] = (),
) -> dict[str, str]:
    """suit -> its fallback mark, for each suit no icon in `icons` is named after (as written
    or in lower case): the game's declared elements in their order, then the suits of the
    cards as they first appear, so a designer's suits keep their marks as cards are added.
    A column of several symbols a card (a list) names no one suit and gets no marks. `then`
    deals on after them (the rulebook's other symbols), leaving the cards' marks as they are."""
    if column is None and not then:
        return {}
    order = [*game.elements, *single_suits(game, column), *then]
    return marks.deal(order, lambda suit: suit in icons or suit.lower() in icons)


def single_suits(game: Game, column: str | None) -> list[str]:
    """The suits the cards name one at a time, in the order they first appear (a column of
    several symbols a card names no one suit)."""
    if column is None:
        return []
    found = (card.fields.get(column) for deck in drawn_decks(game) for card in deck.cards)
    return list(dict.fromkeys(value for value in found if isinstance(value, str)))


def card_suits(game: Game, column: str | None) -> list[str]:
    """Every value of the suit column as the cards print it, in the order the cards deal
    the spare colours to them (the kit's palette deals them in the same order)."""
    if column is None:
        return []
    seen: dict[str, None] = {}
    for deck in drawn_decks(game):
        for card in deck.cards:
            value = card.fields.get(column)
            if value:
                seen[str(value)] = None
    return list(seen)


def drawn_decks(game: Game) -> list[Component]:
    """Every deck whose faces are drawn: the decks of cards, then the decks of pieces."""
    return [*game.printed_decks, *game.piece_decks]


def card_context(
    game: Game,
    deck: Component,
    card: Card,
    stage: Stage,
    found: dict[str, str | None],
    placed: frozenset[str] = frozenset(),
) -> Context:
    """The names a card's boxes read. `body` and `stats` gather the text and number columns
    that no box of the card's layout places itself (`placed`), so none prints twice."""
    label = game.kinds[card.kind].label if card.kind in game.kinds else card.kind
    context: Context = {c: "" for c in game.columns}
    fields = localised(dict(card.fields), game.face_language)
    context.update({key: _printed(key, value) for key, value in fields.items()})
    suit = _text_of(card, found["suit"])
    skip = {found["art"], found["suit"], found["value"], found["flavour"], *placed}
    skip |= {c for c in game.columns for lang in game.languages if c.endswith(f"_{lang}")}
    figures = {game.headers.get(h, h): h for h in deck.figures}  # column -> its header
    flavour = str(fields.get(found["flavour"]) or "") if found["flavour"] else ""
    context.update(
        id=card.id,
        name=fields.get("name") or card.name,
        count=card.count,
        kind=card.kind,
        label=label,
        deck=deck.name,
        deck_title=deck.name.replace("-", " ").title(),
        game=game.name,
        subtitle=game.subtitle,
        suit=suit,
        suit_title=game.element_names.get(suit) or suit.replace("-", " ").title(),
        value=_own_value(card, found["value"], deck),
        art=_text_of(card, found["art"]),
        flavour=flavour if found["flavour"] else context.get("flavour", ""),
        body=_body(game, fields, skip | figures.keys(), flavour, found["flavour"], placed),
        stats=_stats(game, fields, skip, figures),
        tones=stage.colours.tones(suit or None),
        palette=stage.colours.named,
        rules=game.rules,
        wuxing=wuxing,
        card={"w": stage.width, "h": stage.height},
        stamp="",  # the version stamp, on a front (`Renderer.stamp_of`)
        stamp_short="",
        stamp_hash="",
    )
    return context


def _printed(column: str, value: object) -> object:
    """A cell as a box reads it: empty for no value, a list's words joined, a flag
    (`printgen.model.flags`) as its name when set."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return column.replace("_", " ").title() if value else ""
    if isinstance(value, (list, tuple)):
        return " ".join(value)
    return value


def _text_of(card: Card, column: str | None) -> str:
    """A role's column as text (`suit`, `art`); empty where the game has no such column."""
    return card.as_text(column) if column else ""


def _own_value(card: Card, column: str | None, deck: Component) -> object:
    """The value column's own value (a number stays a number), so `{{ value is number }}`
    reads as `{{ cost }}`'s; empty without one. A deck whose file has no such column
    (`value: cost`, on tokens that have no cost) keeps a column of its own named `value`: it
    printed nowhere, and two tokens told apart by it printed alike. A card of a deck with
    both, its cost blank, shows no value: its `value` is not its cost."""
    value = card.fields.get(column) if column else None
    if value is None and column != "value" and deck.columns and column not in deck.columns:
        value = card.fields.get("value")
    return "" if value is None else value


def _body(
    game: Game,
    fields: Context,
    skip: set[str | None],
    flavour: str,
    flavour_column: str | None,
    placed: frozenset[str],
) -> str:
    """`body`: the text columns no box places (not in `skip`), one a line, then the flavour
    set apart unless a box places it."""
    text_columns = [c for c, t in game.columns.items() if t.rstrip("?") == "text" and c not in skip]
    body = "\n".join(str(fields.get(c)) for c in text_columns if fields.get(c))
    if flavour and not {"flavour", flavour_column} & set(placed):
        body = "\n\n".join(part for part in (body, set_apart(flavour)) if part)
    return body


def _stats(game: Game, fields: Context, skip: set[str | None], figures: dict[str, str]) -> str:
    """`stats`: each number column (and figure) no box places, as `Header value`."""
    return " · ".join(
        f"{figures.get(c) or c.replace('_', ' ').title()} {fields.get(c)}"
        for c, t in game.columns.items()
        if (_is_stat(t) or c in figures) and c not in skip and fields.get(c) is not None
    )


def set_apart(flavour: str) -> str:
    """Flavour text as `body` ends with it: in italics, after an empty line. A flavour with
    `*` of its own prints as written (its markup is the designer's)."""
    return flavour if "*" in flavour else f"*{flavour}*"


def _is_stat(type_text: str) -> bool:
    """Whether a column of this type prints in `stats`, with its name: a number or money."""
    base = type_text.rstrip("?")
    return base.startswith("int") or base == "money"


def localised(fields: Context, language: str | None) -> Context:
    """A card's columns in `language`: each column X takes the value of X_<language> where
    the card has one (`name_it`), and keeps its own where that is empty or missing."""
    if language is None:
        return fields
    suffix = f"_{language}"
    mine = {
        key[: -len(suffix)]: value
        for key, value in fields.items()
        if key.endswith(suffix) and value not in (None, "")
    }
    return {**fields, **mine}


def front_svg(
    game: Game,
    design: Design,
    stage: Stage,
    deck: Component,
    card: Card,
    found: dict[str, str | None],
    boxes: list[Box] | None = None,
    extra: Mapping[str, object] | None = None,
    which: str = "",
    elsewhere: frozenset[str] = frozenset(),
) -> Drawn:
    """A card's front (or a piece's: `boxes` its deck's, `extra` what else its boxes read,
    such as a die's face, `which` what its messages add to the row's place: ` face 3`;
    `elsewhere` the columns the piece's own back prints, which its `body` leaves out)."""
    art = found["art"]
    if art and card.fields.get(art):
        # A card's art is checked where it comes from (its column) whether or not this design
        # draws it: a path outside the game's folder is refused, never silently ignored.
        where, field = card.where(art), f"column '{art}'"
        try:
            resolve_asset(
                str(card.fields.get(art)), stage.folder, [stage.folder], f"{where}: {field}"
            )
        except RenderError as exc:
            message = str(exc).removeprefix(f"{where}: {field}: ")
            if not message.startswith("image "):  # refused (outside the folder, a URL)
                raise
            # a missing file is bad data: validate names every card's in one run
            raise DataError([Problem.at(where, field, message)]) from None
    boxes = design.boxes_for(card.kind) if boxes is None else boxes
    context = card_context(game, deck, card, stage, found, frozenset(names_in(boxes)) | elsewhere)
    context["say"] = design.words_of
    if extra:
        context.update(extra)
        if "suit" in extra:
            suit = extra["suit"]
            context["tones"] = stage.colours.tones(suit if isinstance(suit, str) and suit else None)
    place = Where(card.where() + which, tuple(card.fields), card.where, column_headers(game))
    drawn = draw_face(stage, boxes, context, place)
    drawn.body = wrap(stage, drawn.body)
    return drawn


def back_spec(game: Game, design: Design, deck: Component) -> dict[str, Value]:
    """The deck's back as the design (`decks: {deck: {back: ...}}`) or game.yaml's `back:`
    gives it (image, template, colour, title, boxes); empty for the default back. game.yaml
    may name just a file or a colour: `back: art/back.png`, `back: back.svg.j2`, `back:
    "#1d3557"`."""
    spec = dict(design.decks.get(deck.name, {}))
    raw = deck.back
    if raw is None:
        return spec
    where = f"{game.located.file}:{game.located.at_path(('components', deck.name, 'back'))}"
    if spec:
        other = next(iter(spec.values())).where
        raise DataError(
            [
                Problem.at(
                    where,
                    f"components.{deck.name}.back",
                    f"the deck's back is given twice, here and in {other} (the design's"
                    " decks:); keep one",
                )
            ]
        )
    if isinstance(raw, str):
        raw = {_back_kind(raw): raw}
    for key in raw:
        if key not in BACK_KEYS:
            raise DataError(
                [
                    Problem.at(
                        where,
                        f"components.{deck.name}.back.{key}",
                        f"unknown key{did_you_mean(str(key), BACK_KEYS)} (accepted keys: "
                        f"{', '.join(sorted(BACK_KEYS))})",
                    )
                ]
            )
    return {str(k): Value(v, where) for k, v in raw.items()}


def _back_kind(text: str) -> str:
    """What a back named by one string is: a colour, a template or an image file."""
    if text.startswith("#"):
        return "colour"
    return "template" if text.endswith(".j2") else "image"


def back_label(game: Game, design: Design, deck: Component) -> tuple[str, str | None]:
    """What tells the deck's backs from the others' without its picture (an ink-saving back):
    the back's title, else the deck's name in words; and the back's colour, if it has one."""
    spec = back_spec(game, design, deck)
    title = str(spec["title"].value) if "title" in spec else deck.name.replace("-", " ").title()
    colour = str(spec["colour"].value) if "colour" in spec else None
    return title, colour


def back_svg(
    game: Game,
    design: Design,
    stage: Stage,
    deck: Component,
    boxes: list[Box] | None = None,
    row: Context | None = None,
) -> Drawn:
    """A deck's back (a deck of pieces: `boxes` its back's; `row` the context of the row
    whose own back it is, with `sides: 2`)."""
    spec = back_spec(game, design, deck)
    context = _back_context(game, design, stage, deck, row)
    if "colour" in spec:  # checked here: a mistake is the line that gives it, not the
        colour = spec["colour"]  # default design's box that paints it
        if stage.colours.resolve(colour.value, tones_of(context)) is None:
            field = f"back of {deck.name}.colour"
            raise DataError([Problem.at(colour.where, field, unknown_colour(stage, colour.value))])
        context["back_fill"] = str(colour.value)
    if "title" in spec:
        context["deck_title"] = str(spec["title"].value)
    boxes = _back_boxes(design, spec, boxes, deck)
    if "template" in spec:
        return _template_back(game, stage, deck, spec["template"], context)
    # the line that names the back (design.yaml's or game.yaml's), else the deck's
    named = next((spec[key].where for key in ("image", "boxes") if key in spec), None)
    where = named or deck.where or game.located.file
    whose = f"back of {row['name']!r}" if row is not None else f"back of {deck.name}"
    drawn = draw_face(stage, boxes, context, f"{where}: {whose}")
    drawn.body = wrap(stage, drawn.body)
    return drawn


def _deck_title(game: Game, deck: Component) -> str:
    """A deck's name on its back: the kit language's (`component_names`), else its id."""
    given = kit_words(game).component_name(deck.name)
    return given or deck.name.replace("-", " ").title()


def _back_context(
    game: Game, design: Design, stage: Stage, deck: Component, row: Context | None
) -> Context:
    """The names a back's boxes read: the game's and the deck's (its title only when the
    game prints several decks, its fill by its place among them); with `row`, the row's
    columns too, the back's own names kept."""
    decks = [d.name for d in drawn_decks(game)]
    index = decks.index(deck.name)
    several = len(decks) > 1
    words = kit_words(game)  # the game's and the deck's names in the kit's language
    context: Context = {
        "game": words.game_name,
        "subtitle": words.subtitle,
        "deck": deck.name,
        "deck_title": _deck_title(game, deck) if several else "",
        "back_fill": BACK_FILLS[index % len(BACK_FILLS)],
        "palette": stage.colours.named,
        "rules": game.rules,
        "wuxing": wuxing,
        "card": {"w": stage.width, "h": stage.height},
        "tones": stage.colours.neutral(),
        "suit": "",
        "name": game.name,
        "kind": "back",
        "say": design.words_of,
    }
    if row is not None:  # the row's columns, suit and colours; the back's own names kept
        kept = ("game", "subtitle", "deck", "deck_title", "back_fill", "say", "card")
        context = {**context, **row, **{k: context[k] for k in kept}}
    return context


def _back_boxes(
    design: Design, spec: dict[str, Value], given: list[Box] | None, deck: Component
) -> list[Box]:
    """The boxes a back draws: a deck of pieces' own (`given`), else the back's `boxes:`,
    else the design's back; a back's `image:` alone fills its bleed."""
    boxes = design.back if given is None else given
    if "boxes" in spec and given is None:
        boxes = _boxes_from(spec["boxes"], deck.name)
    if "image" in spec:
        image = spec["image"]
        boxes = [Box("image", "image", {"image": image, "anchor": Value("bleed", image.where)})]
    return boxes


def _template_back(
    game: Game, stage: Stage, deck: Component, template: Value, context: Context
) -> Drawn:
    """A back drawn by a whole-face template (`template:`), its texts checked as a
    component's are."""
    name = str(template.value)
    card = {"w": stage.width, "h": stage.height, "bleed": stage.bleed, "safe": stage.safe}
    where = f"{template.where}: back of {deck.name}"
    try:
        body = render_template_at(stage, name, {**context, "card": card}, where)
    except jinja2.TemplateNotFound:
        close = did_you_mean(name, template_files(game.folder))
        raise DataError(
            [
                Problem.at(
                    template.where,
                    f"back of {deck.name}.template",
                    f"no template {name!r} in the game's templates/ or the shared ones{close}",
                )
            ]
        ) from None
    drawn = Drawn("")
    place = (template.where, f"back of {deck.name}.template")
    check_drawn_texts(stage, body, f"template {name!r}", place, drawn, where)
    if drawn.problems:
        raise DataError(list(dict.fromkeys(drawn.problems)))
    drawn.body = wrap(stage, body)
    return drawn


def _boxes_from(value: Value, deck: str) -> list[Box]:
    """A card deck's back `boxes:`, which replace the design's back (a box `null` there is
    simply not drawn); a box with no content is named (a close key with it: `txet:`)."""
    boxes = []
    for name, spec in mapping_of(value.value, "boxes").items():
        if spec is None:
            continue
        values = {str(k): Value(v, value.where) for k, v in mapping_of(spec, str(name)).items()}
        what = next((k for k in BACK_CONTENT if k in values), None)
        if what is None:
            field = f"decks.{deck}.back.boxes.{name}"
            raise DataError([Problem.at(value.where, field, needs_one(values, []))])
        boxes.append(Box(str(name), what, values))
    return boxes


BACK_CONTENT = ("text", "image", "icon", "shape", "component")
"""What a card deck's back box may draw, the first of them given being what it draws."""


def wrap(stage: Stage, body: str) -> str:
    """The face's SVG. `geometricPrecision` makes cairosvg draw text with unhinted metrics,
    as CairoMeasure measures it: hinted, each glyph's advance is rounded to a whole point of
    the recording, and small text came out up to 6 % wider than measured (past its box)."""
    b = stage.bleed
    full_w, full_h = stage.width + 2 * b, stage.height + 2 * b
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" text-rendering="geometricPrecision" '
        f'width="{number(full_w)}mm" '
        f'height="{number(full_h)}mm" viewBox="{number(-b)} {number(-b)} {number(full_w)} '
        f'{number(full_h)}">\n{body}\n</svg>'
    )


def column_headers(game: Game) -> dict[str, str]:
    """Each column -> the header its deck's file gives it (the first deck's, if several)."""
    found: dict[str, str] = {}
    for header, column in game.headers.items():
        found.setdefault(column, header)
    return found


def names_in(boxes: list[Box]) -> set[str]:
    """Every name the boxes' templates read (`{{ flavour }}`, `{{ body }}`, ...)."""
    names: set[str] = set()
    for box in boxes:
        for item in box.values.values():
            if isinstance(item.value, str) and "{" in item.value:
                names |= template_names(item.value)
    return names


def unused_columns(game: Game, design: Design) -> list[str]:
    """Declared columns that no box of the design reads (directly or through a role): the
    cards' boxes and those of every side of every deck of pieces (a tile's `{{ terrain }}`)."""
    found = roles(game, design)
    used: set[str] = set()
    for boxes in [design.front, *design.kinds.values(), *pieces_boxes(game, design, [])]:
        used |= names_in(boxes)
    figures = {game.headers.get(h, h) for deck in game.components.values() for h in deck.figures}
    if "body" in used:
        used |= {c for c, t in game.columns.items() if t.rstrip("?") == "text"} - figures
    if "stats" in used:
        used |= {c for c, t in game.columns.items() if _is_stat(t)} | figures
    _add_role_columns(found, used)
    return [c for c in game.columns if c not in used]


def _add_role_columns(found: dict[str, str | None], used: set[str]) -> None:
    """The column of each role a box reads (`{{ suit }}` reads the suit's column), and the
    suit's when a box reads its tones."""
    for role in ("suit", "value", "art", "flavour"):
        if role in used and found[role]:
            used.add(str(found[role]))
    if "suit" in found and found["suit"] and {"tones", "suit"} & used:
        used.add(str(found["suit"]))


GIVEN_NAMES = frozenset(
    {
        "label",
        "deck",
        "deck_title",
        "game",
        "subtitle",
        "suit",
        "suit_title",
        "value",
        "art",
        "flavour",
        "body",
        "stats",
        "tones",
        "palette",
        "rules",
        "back_fill",
        "wuxing",
        "say",
        "card",
        "loop",
        "range",
        "stamp",
        "stamp_short",
        "stamp_hash",
        *FACE_NAMES,
    }
)
"""The names a box may read besides the game's columns: those the renderer gives."""


def check_names(game: Game, design: Design) -> None:
    """Every name a box reads is a column or a value the renderer gives (a typo is an error
    naming the box's file and line)."""
    problems, _ = name_problems(game, design)
    if problems:
        raise DataError(problems)


def name_problems(game: Game, design: Design) -> tuple[list[Problem], set[int]]:
    """`check_names`'s problems, and the boxes they are in (by id). Of a design with mistakes
    of its own, only the names its boxes read: a misspelt role (`suit: Suit Color`) leaves no
    suits to check the palette's against, and each would be named unknown besides it."""
    broken: set[int] = set()
    known = set(columns_of(game)) | GIVEN_NAMES
    problems: list[Problem] = []
    cards = [deck for deck in game.components.values() if deck not in game.piece_decks]
    groups = [
        (boxes, "the cards have", _deck_columns(game, cards))
        for boxes in [design.front, *design.kinds.values(), design.back]
    ]
    groups += [
        (boxes, f"deck {deck.name} has", _deck_columns(game, [deck]))
        for deck, boxes in pieces_boxes_of(game, design, problems)
    ]
    for boxes, whose, listed in groups:
        for box in boxes:
            found = _box_name_problems(box, known, whose, listed)
            if found:
                broken.add(id(box))
                problems += found
    problems += _unknown_names(game, design)  # with the rest: validate's one run names all
    return problems, broken


def _deck_columns(game: Game, decks: list[Component]) -> list[str]:
    """The columns the rows of `decks` fill (all the game's when there are none): a column
    game.yaml declares for every deck but this deck's file lacks is left out."""
    if not decks:
        return columns_of(game)
    present = {
        column
        for deck in decks
        for card in deck.cards
        for column, value in card.fields.items()
        if value is not None
    }
    return ["id", "name", "count", "kind", *(c for c in game.columns if c in present)]


def _box_name_problems(box: Box, known: set[str], whose: str, listed: list[str]) -> list[Problem]:
    """A box's template errors and the names its templates read that are not `known`; a
    mistake lists `listed`, the columns of the rows the box draws (`whose` says whose)."""
    problems: list[Problem] = []
    for key, item in box.values.items():
        for text in _texts_of(item.value):
            if "{" not in text:
                continue
            file, _, line = item.where.rpartition(":")
            error = template_error(text, box.what == "text" and key in MARKED_KEYS)
            field = f"box {box.name}.{key}"
            if error:
                problems.append(
                    Problem(file, int(line), field, f"template error in {text!r}: {error}")
                )
            for name in sorted(template_names(text) - known):
                problems.append(
                    Problem(
                        file,
                        int(line),
                        field,
                        f"unknown column {name!r}{_closest(name, listed, known)} ({whose} "
                        f"{', '.join(listed)}, and label, deck, suit, value, art, body, "
                        "stats)",
                    )
                )
    return problems


def _texts_of(value: object) -> list[str]:
    """The strings of a box's value that may be templates: itself, or a mapping's values."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [v for v in value.values() if isinstance(v, str)]
    return []


def _closest(name: str, listed: list[str], known: set[str]) -> str:
    """ "did you mean" among the columns of the rows the box draws first, then all names."""
    return did_you_mean(name, listed) or did_you_mean(name, known)


def pieces_boxes(game: Game, design: Design, problems: list[Problem]) -> list[list[Box]]:
    """The boxes of every side of every deck of pieces (their mistakes added to `problems`)."""
    return [boxes for _, boxes in pieces_boxes_of(game, design, problems)]


def pieces_boxes_of(
    game: Game, design: Design, problems: list[Problem]
) -> list[tuple[Component, list[Box]]]:
    """`pieces_boxes`, each side's with its deck."""
    found = []
    for deck in game.piece_decks:
        for side in ("front",) if deck.kind == "dice" else ("front", "back"):
            try:
                found.append((deck, design.piece_boxes(base_of(deck), side, deck.name)))
            except DataError as exc:
                problems.extend(p for p in exc.problems if p not in problems)
    return found


def _unknown_names(game: Game, design: Design) -> list[Problem]:
    """A kind, deck or palette suit the game's design names that the game does not have: a
    misspelt `hazzard:` was silently ignored (the hazards printed the front layout). A kind
    named only as another's `like:` base is a layout, not a kind, and is fine. A suit role
    that names no column is reported at its own line, and the palette's suits are then not
    judged: each would be "no suit" only because of that one mistake."""
    kinds = [*game.kinds, *(c.kind for d in game.components.values() for c in d.cards)]
    suit_column = roles(game, design)["suit"]
    known = {
        "kinds": (list(dict.fromkeys(kinds)), "kind", "the game's kinds"),
        "decks": ([d.name for d in drawn_decks(game)], "deck", "the printed decks"),
        "suits": (
            list(  # a column of several symbols a card names each of the game's symbols
                dict.fromkeys(
                    [
                        *game.elements,
                        *game.symbols,
                        *single_suits(game, suit_column),
                    ]
                )
            ),
            "suit",
            "the cards' suits",
        ),
    }
    problems = []
    if suit_column is not None and suit_column not in game.columns:
        del known["suits"]  # a cascade of the role's own mistake
    for section, (names, what, listed) in known.items():
        for name, where in design.named.get(section, {}).items():
            if name in names or (section == "kinds" and name in design.bases):
                continue
            field = f"palette.suits.{name}" if section == "suits" else f"{section}.{name}"
            problems.append(
                Problem.at(
                    where,
                    field,
                    f"the game has no {what} {name!r}{did_you_mean(name, names)} "
                    f"({listed}: {', '.join(names) or 'none'})",
                )
            )
    return problems


def _plain(value: object) -> object:
    """A value of the game as JSON takes it: a record as a mapping of its fields but where it
    was read (`game.yaml:21`, which names the folder), anything else by its repr."""
    if is_dataclass(value) and not isinstance(value, type):
        return _fields_of(value)
    return repr(value)


def _fields_of(record: DataclassInstance) -> dict[str, object]:
    """A record's fields by name, but where it was read (`_plain`)."""
    return {f.name: getattr(record, f.name) for f in fields(record) if f.name != "where"}


class Renderer:
    """Every face of one game: its design read and checked once, then card by card."""

    def __init__(self, game: Game, measure: Measure, problems: list[Problem] | None = None) -> None:
        """Given a `problems` list, the design's own mistakes are added to it, not raised,
        and the boxes they are in are left out, so the rest can still be drawn and checked
        (validate names every mistake of a design in one run)."""
        self.game = game
        design = design_of(game, keep_going=problems is not None)
        found, broken = name_problems(game, design)
        found = [*design.problems, *found]
        if found and problems is None:
            raise DataError(found)
        self.design = without(design, broken) if broken else design
        self.broken = bool(found)
        """Whether the design has mistakes (gathered in `problems`): what is drawn of it may
        fail in ways they explain."""
        try:
            self.stage = make_stage(game, self.design, measure)
        except DataError as exc:
            raise DataError([*found, *exc.problems]) from None
        except Exception:
            if not found:
                raise
            raise DataError(found) from None  # its mistakes are the message, not what they broke
        if problems is not None:
            problems += found
        self.found = roles(game, self.design)
        self._stages: dict[Shape, Stage] = {}
        self._content: ContentKeys | None = None

    def stamp_of(self, deck: Component, card: Card) -> dict[str, str]:
        """The version stamp of `card`'s front as its boxes read it (`stamp`): the game's
        version and date and the first 6 hex digits of the front's content key, which
        changes only when what the face shows does (printgen.render.faces.content_keys).
        Nothing for a game without `version:` or built with --no-stamp."""
        if not self.game.stamp:
            return {}
        if self._content is None:
            suits = card_suits(self.game, self.found["suit"])
            self._content = ContentKeys(self.game, self.design, self.found, suits)
        digest = self._content.front(deck, card)[:STAMP_HASH_DIGITS]
        version = self.game.stamp.split(SEPARATOR)[0]
        return {
            "stamp": f"{self.game.stamp}{SEPARATOR}{digest}",
            "stamp_short": f"{version} {digest}",  # a token's or tile's: no date
            "stamp_hash": digest,  # a small piece's, when the short stamp does not fit
        }

    def shared_facts(self) -> str:
        """What a card's face takes from the whole game besides its own row and the files of
        the design (game.yaml, design, templates, fonts, icons, art): every field of the game
        but its decks' cards (the card size, the columns, the icons the cards' text names, the
        faces' language...), each deck but its cards, and the suits in order of first use
        (their colours are dealt in that order). The build stores a face's pictures by these,
        the design files and the card's row (printgen.render.faces.face_keys)."""
        game = self.game
        facts = {
            field.name: getattr(game, field.name)
            for field in fields(game)
            if field.name not in ("components", "folder", "located")
        }
        facts["decks"] = [
            {**_fields_of(replace(deck, cards=())), "total": deck.total}
            for deck in game.components.values()
        ]
        facts["suits"] = card_suits(game, self.found["suit"])
        return json.dumps(facts, sort_keys=True, default=_plain)

    def front(self, deck: Component, card: Card) -> Face:
        return self.front_drawn(deck, card)[0]

    def back(self, deck: Component, name: str) -> Face:
        return self.back_drawn(deck, name)[0]

    def front_drawn(self, deck: Component, card: Card) -> tuple[Face, tuple[Placed, ...]]:
        """A card's front and where each of its boxes went (the live preview outlines them)."""
        stamp = self.stamp_of(deck, card)
        drawn = front_svg(self.game, self.design, self.stage, deck, card, self.found, None, stamp)
        return _face(card.id, f"{self.game.id} card {card.id!r}", drawn), tuple(drawn.boxes)

    def front_inked(self, deck: Component, card: Card) -> tuple[Face, tuple[Area, ...]]:
        """A card's front and where each text box put its lines (mm on the trim, as the
        design lays them out): the rulebook's card anatomy keeps its leader lines off them."""
        stamp = self.stamp_of(deck, card)
        drawn = front_svg(self.game, self.design, self.stage, deck, card, self.found, None, stamp)
        face = _face(card.id, f"{self.game.id} card {card.id!r}", drawn)
        return face, tuple(mark.ink for mark in drawn.marks if mark.what == "text")

    def back_drawn(self, deck: Component, name: str) -> tuple[Face, tuple[Placed, ...]]:
        """A deck's back and its boxes (none for a back drawn by a template of its own)."""
        drawn = back_svg(self.game, self.design, self.stage, deck)
        return _face(name, f"{self.game.id} {deck.name} back", drawn), tuple(drawn.boxes)

    def stage_for(self, shape: Shape) -> Stage:
        """The stage of a piece of `shape` (made once a shape)."""
        if shape not in self._stages:
            self._stages[shape] = piece_stage(self.stage, shape)
        return self._stages[shape]

    def piece_front(self, deck: Component, card: Card) -> Face:
        return self.piece_front_drawn(deck, card)[0]

    def piece_back(self, deck: Component, card: Card | None = None) -> Face:
        return self.piece_back_drawn(deck, card)[0]

    def piece_front_drawn(self, deck: Component, card: Card) -> tuple[Face, tuple[Placed, ...]]:
        """A tile's or token's front, from its deck's design on a stage of its shape, and
        where each of its boxes went."""
        assert deck.shape is not None
        boxes = self.design.piece_boxes(base_of(deck), "front", deck.name)
        stage = self.stage_for(deck.shape)
        stamp = self.stamp_of(deck, card)
        back = self._back_names(deck)
        drawn = front_svg(
            self.game, self.design, stage, deck, card, self.found, boxes, stamp, elsewhere=back
        )
        face = _face(card.id, f"{self.game.id} {deck.name} {card.id!r}", drawn)
        return face, tuple(drawn.boxes)

    def _back_names(self, deck: Component) -> frozenset[str]:
        """The columns a two-sided deck's back prints (a token's `{{ hero }}`): its front's
        body leaves them out, so a column meant for the back is not printed on both sides."""
        if deck.sides != 2:
            return frozenset()
        return frozenset(names_in(self.design.piece_boxes(base_of(deck), "back", deck.name)))

    def piece_back_drawn(
        self, deck: Component, card: Card | None = None
    ) -> tuple[Face, tuple[Placed, ...]]:
        """The deck's one back, or with `card` that row's own back (`sides: 2`), drawn from
        the row's columns; and where its boxes went."""
        assert deck.shape is not None
        boxes = self.design.piece_boxes(base_of(deck), "back", deck.name)
        stage = self.stage_for(deck.shape)
        row = None
        if card is not None:
            placed = frozenset(names_in(boxes))
            row = card_context(self.game, deck, card, stage, self.found, placed)
        drawn = back_svg(self.game, self.design, stage, deck, boxes, row)
        name = "back" if card is None else f"{card.id}-back"
        whose = f"{card.id!r} back" if card is not None else "back"
        return _face(name, f"{self.game.id} {deck.name} {whose}", drawn), tuple(drawn.boxes)

    def die_faces(self, deck: Component, card: Card, edge: float, label: bool) -> list[Face]:
        """Every face of the die `card`, at the die's `edge` (for its net) or as a label."""
        return [face for face, _ in self.die_faces_drawn(deck, card, edge, label)]

    def die_faces_drawn(
        self, deck: Component, card: Card, edge: float, label: bool
    ) -> list[tuple[Face, tuple[Placed, ...]]]:
        """`die_faces`, each face with where its boxes went."""
        count = faces_of(deck, card)
        shape = label_shape(edge, count) if label else Shape.rect(edge, edge)
        stage = self.stage_for(shape)
        boxes = self.design.piece_boxes("die", "front", deck.name)
        suit_column = self.found["suit"]
        row_suit = str(card.fields.get(suit_column) or "") if suit_column else ""
        # the faces in the kit's language: `Face 1_en` over `Face 1`, as a card's columns
        fields = localised(dict(card.fields), self.game.face_language)  # the row's own values
        shown = replace(card, fields=cast("dict[str, FieldValue]", fields))
        unknown = self._unknown_face_icons(stage, card, shown, count, suit_column)
        if unknown:
            raise DataError(unknown)
        faces = []
        for face in range(1, count + 1):
            extra = die_face(shown, face, count, suit_column)  # no stamp: a label is too small
            icon = extra["face_icon"]
            extra["suit"] = icon if icon in self.game.elements else row_suit
            drawn = front_svg(
                self.game, self.design, stage, deck, card, self.found, boxes, extra, f" face {face}"
            )
            title = f"{self.game.id} {deck.name} {card.id!r} face {face}"
            faces.append((_face(f"{card.id}-{face}", title, drawn), tuple(drawn.boxes)))
        return faces

    def _unknown_face_icons(
        self, stage: Stage, card: Card, shown: Card, count: int, suit_column: str | None
    ) -> list[Problem]:
        """A face that is an icon no file or shared icon draws (as `shown`, in the kit's
        language), named at its cell (its translation's, `Face 1_en`, where that gave it)."""
        found = []
        headers = column_headers(self.game)
        columns = face_columns(card.fields)
        lang = self.game.face_language
        for face in range(1, count + 1):
            icon = die_face(shown, face, count, suit_column)["face_icon"]
            if not icon or stage.icon_named(icon) is not None or face not in columns:
                continue
            column = columns[face]
            if lang and card.fields.get(f"{column}_{lang}") not in (None, ""):
                column = f"{column}_{lang}"
            close = did_you_mean(icon, stage.icon_names, ":{}:")
            found.append(
                Problem(
                    *card.place(column),
                    f"column {headers.get(column, column)!r}",
                    f"unknown icon ':{icon}:'{close} (no icons/{icon}.svg or .png, no shared "
                    "icon or suit of that name)",
                )
            )
        return found


def _face(name: str, title: str, drawn: Drawn) -> Face:
    return Face(
        name,
        title,
        drawn.body,
        tuple(drawn.overflows),
        tuple(drawn.contrast),
        tuple(drawn.hidden),
        tuple(drawn.low_res),
        tuple(drawn.runts),
        tuple(drawn.cramped),
    )
