"""Parts: boards, sheets, score pads and tuck boxes (game.yaml `parts:`), each drawn from the
game's design (`parts:` in design.yaml) by the one design renderer and printed to
`OUT/<game>/<NAME>.pdf` (DESIGN.md section 11); parts that say `in: FILE` share FILE.pdf.

- `faces`: a part's face from its boxes (grids and tracks among them), with the values the
  game's rules engine gives its parts;
- `tuck`: a tuck box's net, sized from its deck;
- `pages`: the PDF: copies several up on the paper, or a large part whole on one large
  sheet and tiled across the paper.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from printgen.errors import DataError, Problem
from printgen.files.templates import templates_dir
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.model import Component, Game
from printgen.model.parts import PartSpec
from printgen.model.schema import did_you_mean
from printgen.render.draw import vector
from printgen.render.faces.face import back_name
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.faces.render import Renderer
from printgen.render.faces.spec import Design
from printgen.render.outputs import Kind, Output
from printgen.render.parts.faces import PartFaces, part_size
from printgen.render.parts.pages import Drawing, Heading, parts_pdf
from printgen.render.parts.tuck import (
    ROOM_MM,
    back_panel,
    back_panel_face,
    deck_of,
    held,
    net_of,
    tuck_svg,
)
from printgen.render.text.kit_words import kit_words
from printgen.render.text.textfit import Font


def files_of(game: Game) -> dict[str, list[PartSpec]]:
    """The game's parts by the file they print in, in the order game.yaml lists them, the
    part the file is named for first (a board before the legend that joins its file)."""
    found: dict[str, list[PartSpec]] = {}
    for part in game.parts.values():
        found.setdefault(part.file, []).append(part)
    return {file: sorted(parts, key=lambda p: p.name != file) for file, parts in found.items()}


def part_files(game: Game, options: object) -> Iterator[tuple[Output, bytes]]:
    """Each file of parts and its bytes (the kit names it `<file>.pdf`)."""
    paper_name = str(getattr(options, "paper", "a4"))
    paper = PAPER_SIZES[paper_name]
    measure = vector.CairoMeasure()
    faces = PartFaces(game, measure, paper_name)
    lettering = game_lettering(game)
    files = files_of(game)
    # every part drawn before any file is given: a mistake in one writes none of them
    drawn = {
        file: [d for part in parts for d in drawings_of(game, part, faces)]
        for file, parts in files.items()
    }
    words = kit_words(game)
    for file, parts in files.items():
        drawings = drawn[file]
        one = parts[0]
        label = words.part_title(one) if len(parts) == 1 else file.replace("-", " ").capitalize()
        notes = tuple((words.part_title(p), note) for p in parts if (note := words.part_note(p)))
        heading = Heading(words.game_name, label, words.subtitle, notes, faces.accent, words)
        pdf = parts_pdf(heading, drawings, paper, lettering, one.large_paper, one.overlap)
        yield Output(Kind.PART, file), pdf


def drawings_of(game: Game, part: PartSpec, faces: PartFaces) -> list[Drawing]:
    """What the part prints: its faces recorded (one, one per item, or a tuck box's net)."""
    roots = [game.folder, templates_dir()]
    if part.tuck_box is not None:
        svg, size = tuck_face(game, part, faces)
        recorded = vector.record_svg(svg, roots, f"{game.id} part {part.name!r}")
        return [Drawing(recorded, size, part.copies, faces.words.part_title(part), part.outline)]
    size = part_size(part, faces.paper)
    return [
        Drawing(
            vector.record_svg(face.svg, roots, f"{game.id} part {face.name!r}"),
            size,
            face.copies,
            faces.words.part_title(part),
            part.outline,
        )
        for face in faces.faces(part)
    ]


def tuck_face(game: Game, part: PartSpec, faces: PartFaces) -> tuple[str, Size]:
    """The tuck box's net drawn with its deck's back, and its size."""
    deck = deck_of(game, part)
    net = net_of(game, part)
    back = box_front(game, deck, faces)
    family = faces.body_family
    words = kit_words(game)
    title = words.component_name(deck.name) or deck.name.replace("-", " ").title()
    on_back = back_panel(faces, part, net)
    count = words.holds(held(deck), deck.total)
    name = words.game_name

    def ems(text: str, bold: bool) -> float:
        return faces.measure.advance(text, Font(family, bold))

    svg = tuck_svg(net, back, family, name, title, count, on_back, words.say("glue"), ems)
    return svg, Size(net.width + 2 * ROOM_MM, net.height + 2 * ROOM_MM)


@dataclass(frozen=True)
class Checked:
    """What validate says of a game's parts: texts cut or under the minimum size, faint
    texts, texts or icons a later box covers, and notes (a part with no design of its own)."""

    overflows: list[str]
    faint: list[str]
    notes: list[str]
    hidden: list[str]


def check_parts(game: Game) -> Checked:
    """Every part drawn as build draws it (a part as large as the paper on A4 and Letter), its
    mistakes raised together in one DataError (a grid or track that does not fit its box, a
    cell the grid lacks, a design for a part the game does not have), the rest reported."""
    measure = vector.CairoMeasure()
    problems: list[Problem] = []
    checked = Checked([], [], [], [])
    for paper in ("a4", "letter"):
        faces = PartFaces(game, measure, paper)
        if paper == "a4":
            problems += unknown_parts(game, faces.design)
            checked.notes.extend(
                f"{part.name} ({part.where}) has no boxes in design.yaml: it prints its title"
                " in a frame"
                for part in game.parts.values()
                if part.tuck_box is None and part.name not in faces.design.parts
            )
        for part in game.parts.values():
            if paper == "letter" and not part.paper:
                continue
            try:
                if part.tuck_box is not None:
                    tuck_box_checked(game, part, faces, checked)
                    continue
                for face in faces.faces(part):
                    checked.overflows.extend(face.overflows)
                    checked.faint.extend(face.low_contrast)
                    checked.hidden.extend(f"{where}: {what}" for where, what in face.hidden)
            except DataError as exc:
                problems += exc.problems
    if problems:
        raise DataError(list(dict.fromkeys(problems)))
    return checked


def box_front(game: Game, deck: Component, faces: PartFaces) -> str:
    """What a tuck box's front shows: the deck's back, as its cards or pieces print it; for a
    deck whose rows each have their own back (`sides: 2`), its first printed row's front."""
    renderer = Renderer(game, faces.measure)
    if not deck.pieces:
        return renderer.back(deck, back_name(game, deck)).svg
    printed = [card for card in deck.cards if card.count > 0]
    first = next(iter(printed or deck.cards), None)  # no row printed: the first row still
    if deck.sides == 2 and first is not None:
        return renderer.piece_front(deck, first).svg
    return renderer.piece_back(deck).svg


def tuck_box_checked(game: Game, part: PartSpec, faces: PartFaces, checked: Checked) -> None:
    """A tuck box drawn as build draws it (its mistakes raised), and what validate reports
    of its back panel's boxes (the QR code, the stamp) noted in `checked`."""
    tuck_face(game, part, faces)
    drawn = back_panel_face(faces, part, net_of(game, part))
    if drawn is not None:
        checked.overflows.extend(drawn.overflows)
        checked.faint.extend(drawn.contrast)
        checked.hidden.extend(f"{where}: {what}" for where, what in drawn.hidden)


def unknown_parts(game: Game, design: Design) -> list[Problem]:
    """A part the design lays out that game.yaml's `parts:` does not declare."""
    names = list(game.parts)
    return [
        Problem.at(
            where,
            f"parts.{name}",
            f"the game has no part {name!r}{did_you_mean(name, names)} (game.yaml's parts:"
            f" {', '.join(names) or 'none'})",
        )
        for name, where in design.named.get("parts", {}).items()
        if name not in game.parts
    ]
