"""Build the card outputs of one game (DESIGN.md section 6) under `OUT/<game>/`:

| output | what |
| --- | --- |
| `cards.pdf` | fronts imposed on the paper, each front sheet followed by its mirrored backs sheet |
| `cards-print.pdf` | one card a page at trim + 3 mm bleed, TrimBox and BleedBox set |
| `cards/<card-id>.png` | each unique front at 300 dpi with the preset's bleed |
| `cards/back.png` | the back of the first printed deck; `cards/back-<deck>.png` for the others |
| `tts/<deck>-<n>.png` | Tabletop Simulator sheets (and `.json`: the import dialog's numbers) |

`build_cards` renders every face once (Jinja2 to SVG, cairosvg to a cairo recording) and
replays the recordings into every output. Files are written through `write_atomic` only.

`build_cards(..., outputs=("cards.pdf",))` writes only some of them (`cards.pdf`,
`cards-print.pdf`, `cards`, `tts`); the benchmark times cards.pdf alone this way.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import partial
from pathlib import Path
from typing import Protocol

from printgen.errors import RenderError
from printgen.model import Game
from printgen.render.writer import write_atomic

OUTPUTS = ("cards.pdf", "cards-print.pdf", "cards", "tts")


class CardOptions(Protocol):
    """What `build_cards` reads of printgen.commands.build.BuildOptions."""

    paper: str
    preset: str
    crop_marks: bool
    gutter_mm: float


def wanted_outputs(outputs: Collection[str] | None = None) -> tuple[str, ...]:
    if outputs is None:
        return OUTPUTS
    unknown = [o for o in outputs if o not in OUTPUTS]
    if unknown:
        raise RenderError(
            f"unknown card output {unknown[0]!r}; expected some of {', '.join(OUTPUTS)}"
        )
    return tuple(o for o in OUTPUTS if o in outputs)


IMAGE_PATTERNS = ("**/*.png", "**/*.jpg", "**/*.jpeg", "**/*.gif", "**/*.webp", "**/*.svg")


def build_cards(
    game: Game, options: CardOptions, out_dir: Path, outputs: Collection[str] | None = None
) -> list[Path]:
    """Write the card outputs of `game` under `out_dir/<game.id>/`; return the files written.

    A game without cards (no card size or no printed deck) writes nothing.
    """
    chosen = wanted_outputs(outputs)
    if game.card_size is None or not game.printed_decks or not chosen:
        return []
    from printgen.render import vector  # cairo loads only on the rendering path
    from printgen.render.faces import game_faces
    from printgen.render.sheets import cards_pdf, faces_in
    from printgen.render.templates import templates_dir

    decks = game_faces(game, vector.CairoMeasure())
    if not any(deck.size for deck in decks):
        return []
    roots = [game.folder, templates_dir()]
    drawings = {
        face.svg: vector.record_svg(face.svg, roots, face.title) for face in faces_in(decks)
    }
    target = out_dir / game.id
    written: list[Path] = []
    if "cards.pdf" in chosen:
        data = cards_pdf(
            game, decks, drawings, options.paper, options.gutter_mm, options.crop_marks
        )
        written.append(write_atomic(target / "cards.pdf", data))
    if "cards-print.pdf" in chosen:
        from printgen.render.print_pdf import print_pdf

        written.append(write_atomic(target / "cards-print.pdf", print_pdf(game, decks, drawings)))
    if "cards" in chosen:
        from printgen.kit.cache import hash_tree
        from printgen.kit.memo import remembered
        from printgen.render.exports import card_png

        size, preset = game.card_size, options.preset
        # A face's PNG depends on its SVG, the size, the preset and any image it draws from
        # the game's folder: editing one card re-encodes only that card's PNG.
        images = hash_tree(game.folder, IMAGE_PATTERNS)
        pngs: dict[str, bytes] = {}
        for deck in decks:  # a face shared by two names still gets both files
            for face in [*(face for _, face in deck.fronts), deck.back]:
                path = target / "cards" / f"{face.name}.png"
                if path in written:
                    continue
                if face.svg not in pngs:
                    pngs[face.svg] = remembered(
                        "card-png",
                        [face.svg, str(size), preset, images],
                        partial(card_png, drawings[face.svg], size, preset),
                    )
                written.append(write_atomic(path, pngs[face.svg]))
    if "tts" in chosen:
        from printgen.render.exports import tts_sheets

        for deck in decks:
            for layout, png, manifest in tts_sheets(deck, drawings, game.card_size):
                written.append(write_atomic(target / "tts" / f"{layout.name}.png", png))
                written.append(write_atomic(target / "tts" / f"{layout.name}.json", manifest))
    return written
