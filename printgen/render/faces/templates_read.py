"""Which template files in a game's folder its design reads, and which it leaves unread: a
`card.svg.j2` next to game.yaml, or one in templates/ that no box, back or other template
names, was silently ignored (found by an audit). Templates are looked up in the game's
`templates/` folder first, then the shared ones, so a file is read when the design names it
(a box's `component: NAME` reads `templates/components/NAME.svg.j2`, as does a grid's cell
rule `component: NAME`; a deck's back
`template: NAME.svg.j2`), when another template read imports it, or when it has the name
of a shared template, which it then replaces."""

from __future__ import annotations

import re
from pathlib import Path

from printgen.files.guarded import read_guarded
from printgen.files.templates import templates_dir
from printgen.model import Game
from printgen.render.faces.render import back_spec
from printgen.render.faces.spec import Design, Value, mapping_of

TEMPLATES = "templates"
MAX_TEMPLATE_BYTES = 1_000_000
_IMPORT = re.compile(r"""{%-?\s*(?:import|include|from|extends)\s+["']([^"']+)["']""")
WHERE_THEY_GO = (
    "a design's templates go in templates/: a component in templates/components/NAME.svg.j2, "
    "placed by a box's component: NAME; a deck's back in templates/NAME.svg.j2, named by "
    "decks: {DECK: {back: {template: NAME.svg.j2}}}; a card's layout is design.yaml's boxes"
)


def unread_templates(game: Game, design: Design) -> list[str]:
    """Each template file of the game's folder that nothing reads, with why (as the game's
    folder name and the file's path in it: `lantern-market/card.svg.j2`)."""
    folder = game.folder
    own = folder / TEMPLATES
    files = [
        p
        for p in sorted(folder.rglob("*.j2"))
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    ]
    inside = {p.relative_to(own).as_posix(): p for p in files if p.is_relative_to(own)}
    read = _read(game, design, inside)
    return [
        f"{folder.name}/{p.relative_to(folder).as_posix()} ("
        + ("nothing names it" if p.is_relative_to(own) else "outside templates/")
        + ")"
        for p in files
        if not p.is_relative_to(own) or p.relative_to(own).as_posix() not in read
    ]


def _named(game: Game, design: Design) -> set[str]:
    """The templates the design and game.yaml name: components and backs."""
    layouts = [design.front, *design.kinds.values(), design.back, *design.parts.values()]
    names = {
        f"components/{box.source}.svg.j2"
        for layout in layouts
        for box in layout
        if box.what == "component"
    }
    names |= {  # a grid's cells: rules may place a component in a cell
        f"components/{rule['component']}.svg.j2"
        for layout in layouts
        for box in layout
        for rule in box.sequence("cells")
        if isinstance(rule, dict) and isinstance(rule.get("component"), str)
    }
    for deck in game.printed_decks:
        names |= _back_named(back_spec(game, design, deck))
    return names


def _back_named(spec: dict[str, Value]) -> set[str]:
    """The templates a deck's back names: its whole-face template, its boxes' components."""
    names = {str(spec["template"].value)} if "template" in spec else set()
    boxes = mapping_of(spec["boxes"].value, "boxes") if "boxes" in spec else {}
    for box in boxes.values():
        if isinstance(box, dict) and "component" in box:
            names.add(f"components/{box['component']}.svg.j2")
    return names


def _read(game: Game, design: Design, inside: dict[str, Path]) -> set[str]:
    """The game's templates that drawing reads: named, replacing a shared one, or imported
    by one read (the names as the game's templates/ folder holds them)."""
    shared = templates_dir()
    queue = [n for n in inside if (shared / "common" / n).is_file() or (shared / n).is_file()]
    queue += [n for n in _named(game, design) if n in inside]
    read: set[str] = set()
    while queue:
        name = queue.pop()
        if name in read:
            continue
        read.add(name)
        text = read_guarded(inside[name], MAX_TEMPLATE_BYTES).decode("utf-8", "replace")
        queue += [n for n in _IMPORT.findall(text) if n in inside and n not in read]
    return read
