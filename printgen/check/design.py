"""What `printgen validate` says about a game's card design: text that does not fit its box
at the design's minimum size (a warning, an error with `strict: true`), text whose contrast
with the shape behind it is under 4.5:1 (a warning), and declared columns that no box prints
(a note), for the faces of every language the game lists. Mistakes in the design itself (an
unknown column or icon, a box outside the card, a missing font file) are DataErrors: exit 2,
with file and line. A template in the game's folder that nothing reads is noted. A text or
icon that a box drawn after it covers (a badge over the mirrored value) is a warning too, an
error with `strict: true`. Raster art under 300 dpi at its box is named with its card (a
warning under 150 dpi, else a note). Text a component or a back's template writes itself
counts as a text box's does (printgen.render.faces.drawn_text). Text and icons closer than
the design's `clearance:` to the edge of a shape round them are a warning
(printgen.render.faces.clearance)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from printgen.check.faces import GameFaces, checked_faces
from printgen.layout.units import PT_PER_MM, length
from printgen.model import Game
from printgen.model.assets import own_icons
from printgen.render.draw.images import HOME_DPI, PRINT_DPI
from printgen.render.draw.svg import game_environment, macros
from printgen.render.faces.cover import MAX_HIDDEN
from printgen.render.faces.draw import line_extents
from printgen.render.faces.render import (
    Renderer,
    design_of,
    drawn_decks,
    roles,
    suit_marks,
    unused_columns,
)
from printgen.render.faces.templates_read import WHERE_THEY_GO, unread_templates
from printgen.render.text.shaping import ShapedMeasure
from printgen.render.text.textfit import Font
from printgen.rules.engine import Check

if TYPE_CHECKING:
    from printgen.render.faces.face import Face
    from printgen.render.faces.spec import Box, Design

SHOWN = 12


def design_checks(game: Game, drawn: GameFaces | None = None) -> list[Check]:
    """The design's checks of every face (`drawn`: the faces validate drew, else drawn here);
    a mistake in the design or a card's face is a DataError naming each once."""
    faces = (drawn if drawn is not None else checked_faces(game)).every_face()
    design = design_of(game)
    checks = [_fits_check(faces, design.strict)]
    checks += _given(_contrast_check(faces), _runts_check(faces))
    checks += [_hidden_check(faces, design.strict), _clearance_check(faces, design.clearance)]
    checks += _given(_resolution_check(faces))
    checks += _given(_suit_icon_check(game, design), _uncoloured_decks(game, design))
    checks += _given(_unread_check(game, design), _unused_check(game, design))
    checks += _given(_stamp_check(game, design))
    return checks


def _stamp_check(game: Game, design: Design) -> Check | None:
    """A warning when the cards' version stamp box is too low for one line of its font at its
    smallest size: no card prints the stamp (it is `optional:`, left off rather than cut),
    though the print guide says every card does. The default box, 2.4 mm high, holds
    Lato's 6 pt line; DejaVu Sans's needs 2.5 mm (a designer's trial)."""
    if not game.stamp or not design.stamp or not game.printed_decks:
        return None
    box = design.stamp[0]
    height = box.get("height")
    if box.what != "text" or not isinstance(height, str) or not height.endswith("mm"):
        return None  # a share of the card: the card's own size decides
    measure = ShapedMeasure()
    role = str(box.get("font", "body"))
    family = Renderer(game, measure).stage.families.get(role, "Lato")
    ascent, descent = line_extents(measure, Font(family, bool(box.get("bold", False))))
    low = length(str(box.get("min_size"))) if "min_size" in box.values else design.min_size
    needed = (ascent + descent) * low
    if needed <= length(height) + 1e-6:
        return None
    spec = design.fonts.get(role)  # the font as the designer names it, not as registered
    regular = spec.files.get("regular") if spec is not None else None
    named = (spec.family if spec else None) or (regular.name if regular else family)
    where = box.where("height")
    place = "" if box.by_default(where) else f"{where}: "
    return Check(
        "version stamp",
        False,
        "warning",
        f"{place}the stamp box is {height} high, and a line of {named} at"
        f" {round(low * PT_PER_MM, 1):g} pt needs {needed:.2f} mm: no card prints the version"
        f" stamp; give it room in design.yaml (stamp: {{height: {_tenth_up(needed):g}mm}})",
    )


def _pictures(count: int) -> str:
    """`1 picture prints`, `3 pictures print`."""
    return "1 picture prints" if count == 1 else f"{count} pictures print"


def _tenth_up(mm: float) -> float:
    return math.ceil(mm * 10 - 1e-6) / 10


def _listed(messages: list[str]) -> str:
    """The first SHOWN messages, and how many more there are: `a; b and 3 more`."""
    more = f" and {len(messages) - SHOWN} more" if len(messages) > SHOWN else ""
    return "; ".join(messages[:SHOWN]) + more


def _fits_check(faces: list[tuple[Face, str]], strict: bool) -> Check:
    """Text cut or under the design's minimum size: an error with `strict: true`."""
    overflows = _once([tag + message for face, tag in faces for message in face.overflows])
    if not overflows:
        return Check(
            "card text fits",
            True,
            "warning",
            "every text fits its box at or above the design's minimum size",
        )
    return Check(
        "card text fits",
        False,
        "error" if strict else "warning",
        f"{_texts(len(overflows))} cut or under the minimum size: {_listed(overflows)}",
    )


def _contrast_check(faces: list[tuple[Face, str]]) -> Check | None:
    """Text or icons under 4.5:1 against the shape behind them; None when there are none."""
    faint = _once([tag + message for face, tag in faces for message in face.low_contrast])
    if not faint:
        return None
    return Check("card text contrast", False, "warning", f"{_counted(faint)}: {_listed(faint)}")


def _runts_check(faces: list[tuple[Face, str]]) -> Check | None:
    """A note for paragraphs that end on a one-word line; None when none does."""
    runts = [tag + message for face, tag in faces for message in face.runts]
    if not runts:
        return None
    return Check(
        "paragraphs",
        True,
        "warning",
        f"note: {len(runts)} text{'s end' if len(runts) > 1 else ' ends'} on a "
        f"one-word line: {_listed(runts)}",
    )


def _unread_check(game: Game, design: Design) -> Check | None:
    """A note naming the templates in the game's folder that nothing reads."""
    unread = unread_templates(game, design)
    if not unread:
        return None
    return Check(
        "design templates",
        True,
        "warning",
        f"note: printgen does not read {', '.join(unread)}: {WHERE_THEY_GO}",
    )


def _unused_check(game: Game, design: Design) -> Check | None:
    """A note naming the declared columns no box of the design prints."""
    unused = unused_columns(game, design)
    if not unused:
        return None
    return Check(
        "columns printed", True, "warning", f"note: no box of the design prints {', '.join(unused)}"
    )


def _clearance_check(faces: list[tuple[Face, str]], clearance: float) -> Check:
    """Text and icons closer than `clearance` mm to the edge of a shape round them
    (printgen.render.faces.clearance): a warning listing the first few, with their cards."""
    close = _once([tag + message for face, tag in faces for message in face.cramped])
    if not close:
        return Check(
            "clearance",
            True,
            "warning",
            f"every text and icon keeps {clearance:g} mm from the shapes round it",
        )
    return Check(
        "clearance",
        False,
        "warning",
        f"{len(close)} text{'s or icons come' if len(close) > 1 else ' or icon comes'} closer "
        f"than {clearance:g} mm to a shape's edge (the design's clearance:): {_listed(close)}",
    )


def _once(messages: list[str]) -> list[str]:
    """Each message once: a die's face drawn as a label and on its net says the same twice."""
    return list(dict.fromkeys(messages))


def _hidden_check(faces: list[tuple[Face, str]], strict: bool) -> Check:
    """One line for each pair of boxes where one hides the other, with the cards it happens
    on (the first by its place, and how many)."""
    cards: dict[str, list[str]] = {}
    for face, tag in faces:
        for place, what in face.hidden:
            cards.setdefault(tag + what, []).append(place)
    if not cards:
        return Check("boxes hidden", True, "warning", "no text or icon is covered by a later box")
    listed = [
        f"{what}, on {len(places)} card{'s' if len(places) > 1 else ''} (first {places[0]})"
        for what, places in list(cards.items())[:SHOWN]
    ]
    more = f" and {len(cards) - SHOWN} more" if len(cards) > SHOWN else ""
    cut = any(len(face.hidden) >= MAX_HIDDEN for face, _ in faces)  # a face says so many
    return Check(
        "boxes hidden",
        False,
        "error" if strict else "warning",
        f"{'at least ' if cut else ''}{len(cards)} box{'es are' if len(cards) > 1 else ' is'} "
        f"covered by a box drawn after {'them' if len(cards) > 1 else 'it'} (move one; "
        "over_art: true on the covered box says that a shape over it is meant, never letters "
        f"over letters): {'; '.join(listed)}{more}",
    )


def _resolution_check(faces: list[tuple[Face, str]]) -> Check | None:
    """Raster art that prints under 300 dpi at its box, lowest first, each with its card's
    place, the file and its dpi: a warning under 150 dpi (blurred even on a home printer),
    else a note (print shops ask for 300: `build --shop` fails their preflight). None when
    every picture has the pixels."""
    found = sorted({(dpi, tag + what) for face, tag in faces for dpi, what in face.low_res})
    if not found:
        return None
    blurred = [what for dpi, what in found if dpi < HOME_DPI - 0.5]
    shown = "; ".join(what for _, what in found[:SHOWN])
    more = f" and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    shops = f"print shops ask for {PRINT_DPI} dpi, and build --shop fails their preflight"
    if blurred:
        return Check(
            "art resolution",
            False,
            "warning",
            f"{_pictures(len(blurred))} under {HOME_DPI} "
            f"dpi, blurred even at home, and {len(found)} in all under {PRINT_DPI} ({shops}); "
            f"give them more pixels or a smaller box: {shown}{more}",
        )
    return Check(
        "art resolution",
        True,
        "warning",
        f"note: {_pictures(len(found))} under {PRINT_DPI} dpi ({shops}): {shown}{more}",
    )


def _given(*checks: Check | None) -> list[Check]:
    """The checks that have something to say (a check with nothing to report is None)."""
    return [check for check in checks if check is not None]


def _uncoloured_decks(game: Game, design: Design) -> Check | None:
    """A deck without the suit role's column that has an element column of its own (hex
    tiles with `terrain`, the cards' suit in `suit`) prints every piece in one colour: the
    role is one column for the whole game. A note naming the deck and both ways to colour it."""
    column = roles(game, design)["suit"]
    if column is None:
        return None
    elements = [c for c, t in game.columns.items() if t.rstrip("?") == "element" and c != column]
    found = []
    for deck in drawn_decks(game):
        if any(card.fields.get(column) for card in deck.cards):
            continue
        own = next((c for c in elements if any(card.fields.get(c) for card in deck.cards)), None)
        if own is not None:
            found.append(
                f"deck {deck.name} has no {column!r} (the suit role) but an element column "
                f"{own!r}: its faces print in one colour; name that column {column!r} in "
                f"{deck.file}, or say suit: {own} in design.yaml if every deck has it"
            )
    if not found:
        return None
    return Check("suit colours", True, "warning", "note: " + "; ".join(found))


def _suit_icon_check(game: Game, design: Design) -> Check | None:
    """A suit the design marks with its icon (`icon: "{{ suit }}"`) that has no icon file
    prints its fallback mark there (a shape dealt in order, `printgen.render.draw.marks`), so its
    cards differ from the other suits by shape as well as colour: a note naming the mark
    each such suit got and the file that would give it an icon of its own."""
    column = roles(game, design)["suit"]
    marks = _suit_icon_boxes(design, column) if column else []
    if column is None or not marks:
        return None
    shared = macros(game_environment(game.folder), "common/icons.svg.j2")
    known = set(shared.ICONS) | set(own_icons(game.folder, game.icons))
    dealt = suit_marks(game, column, known)
    places = _places_of_suits(game, column, set(dealt))
    if not places:
        return None
    box = marks[0]
    written = game.element_names  # `Sea Glass` for sea-glass: as game.yaml names the suit
    listed = "; ".join(
        f"'{written.get(suit, suit)}' gets a {dealt[suit].replace('-', ' ')} ({where[0]}"
        f"{f' and {len(where) - 1} more cards' if len(where) > 1 else ''})"
        for suit, where in places.items()
    )
    files = ", ".join(f"icons/{suit}.svg" for suit in places)
    return Check(
        "suit icons",
        True,
        "warning",
        f"note: no icon file for {len(places)} suit{'s' if len(places) > 1 else ''}, so box "
        f"'{box.name}' ({box.where_set(box.what)}) prints a shape of printgen's in its place, "
        f"to tell them apart in greyscale: {listed}; add {files} (or .png) to print your own",
    )


def _suit_icon_boxes(design: Design, column: str) -> list[Box]:
    """The icon boxes of the fronts that print the suit (`{{ suit }}` or its column)."""
    return [
        box
        for layout in [design.front, *design.kinds.values()]
        for box in layout
        if box.what == "icon" and ("suit" in box.source or column in box.source)
    ]


def _places_of_suits(game: Game, column: str, suits: set[str]) -> dict[str, list[str]]:
    """Each of `suits` that a printed card has in `column`, with the cards' places."""
    places: dict[str, list[str]] = {}
    for deck in game.printed_decks:
        for card in deck.cards:
            value = card.fields.get(column)
            if isinstance(value, str) and value in suits:
                places.setdefault(value, []).append(card.where(column))
    return places


def _texts(count: int) -> str:
    return "1 text is" if count == 1 else f"{count} texts are"


def _counted(faint: list[str]) -> str:
    """`3 texts and 1 icon`: what the contrast messages are about (each says `text` or
    `icon` after its box)."""
    icons = sum("): icon " in message for message in faint)
    counts = ((len(faint) - icons, "text"), (icons, "icon"))
    return " and ".join(f"{k} {word}{'' if k == 1 else 's'}" for k, word in counts if k)
