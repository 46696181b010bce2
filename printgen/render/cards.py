"""Build the card outputs of one game (DESIGN.md section 6) under `OUT/<game>/`:

| output | what |
| --- | --- |
| `cards.pdf` | fronts imposed on the paper, each front sheet followed by its mirrored backs sheet |
| `cards-fold.pdf` | fronts and their backs side by side, a fold line between (no duplex needed) |
| `cards-print.pdf` | one card a page at trim + 3 mm bleed, TrimBox and BleedBox set |
| `cards/<card-id>.png` | each unique front at 300 dpi with the preset's bleed |
| `cards/back.png` | the back of the first printed deck; `cards/back-<deck>.png` for the others |
| `tts/<deck>-<n>.png` | Tabletop Simulator sheets (and `.json`: the import dialog's numbers) |
| `tts/saved-object.json` | a TTS saved object spawning every deck (and `<deck>-back.png`) |
| `ttp/<deck>-<n>.png` | Tabletop Playground card sheets and their templates (`.json`) |
| `shop/<name>/...` | with `--shop NAME`: the shop's files (render/shop/cards.py) |

`card_files` renders every face once (Jinja2 to SVG, cairosvg to a cairo recording) and
replays the recordings into every output. It returns each file's bytes by its name under
`OUT/<game>/`; the kit writes them (`printgen.kit.write`).

`card_files(..., outputs=("cards.pdf",))` makes only some of them (`cards.pdf`,
`cards-fold.pdf`, `cards-print.pdf`, `cards`, `tts`); the benchmark times cards.pdf alone this way.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial
from typing import Any, Protocol

from printgen.errors import RenderError
from printgen.model import Game

OUTPUTS = ("cards.pdf", "cards-fold.pdf", "cards-print.pdf", "cards", "tts")


class CardOptions(Protocol):
    """What `card_files` reads of printgen.commands.build.BuildOptions."""

    paper: str
    preset: str
    crop_marks: bool
    gutter_mm: float
    shops: tuple[str, ...]


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
ASSET_PATTERNS = (*IMAGE_PATTERNS, "**/*.ttf", "**/*.otf")
"""What a face's pixels depend on besides its SVG: images, icons and the design's own fonts
(a face names its font by family only)."""


def card_files(
    game: Game, options: CardOptions, outputs: Collection[str] | None = None
) -> dict[str, bytes]:
    """The card outputs of `game`: each file's bytes by its name under `OUT/<game>/`.

    A game without cards (no card size or no printed deck) has none.
    """
    chosen = wanted_outputs(outputs)
    if game.card_size is None or not game.printed_decks or not chosen:
        return {}
    from printgen.render import vector  # cairo loads only on the rendering path
    from printgen.render.faces import game_faces
    from printgen.render.sheets import cards_pdf, faces_in, fold_pdf
    from printgen.render.templates import templates_dir

    decks = game_faces(game, vector.CairoMeasure())
    if not any(deck.size for deck in decks):
        return {}
    roots = [game.folder, templates_dir()]
    drawings = {
        face.svg: vector.record_svg(face.svg, roots, face.title) for face in faces_in(decks)
    }
    files: dict[str, bytes] = {}
    png = _png_maker(game, drawings)
    if "cards.pdf" in chosen:
        data = cards_pdf(
            game, decks, drawings, options.paper, options.gutter_mm, options.crop_marks
        )
        files["cards.pdf"] = data
    if "cards-fold.pdf" in chosen:
        files["cards-fold.pdf"] = fold_pdf(game, decks, drawings, options.paper, options.crop_marks)
    if "cards-print.pdf" in chosen:
        from printgen.render.print_pdf import print_pdf

        files["cards-print.pdf"] = print_pdf(game, decks, drawings)
    if "cards" in chosen:
        from printgen.render.exports import PRESET_BLEED_IN

        bleed = PRESET_BLEED_IN[options.preset] * 25.4
        for deck in decks:  # a face shared by two names still gets both files
            for face in [*(face for _, face in deck.fronts), deck.back]:
                name = f"cards/{face.name}.png"
                if name not in files:
                    files[name] = png(face.svg, bleed, 300)
    if "tts" in chosen:
        from printgen.render.exports import tts_back, tts_sheets
        from printgen.render.tables import saved_object, ttp_template

        saved = []
        for deck in decks:
            back = tts_back(deck, drawings, game.card_size)
            files[f"tts/{deck.deck.name}-back.png"] = back
            for layout, sheet, manifest in tts_sheets(deck, drawings, game.card_size):
                files[f"tts/{layout.name}.png"] = sheet
                files[f"tts/{layout.name}.json"] = manifest
                files[f"ttp/{layout.name}.png"] = sheet
                files[f"ttp/{layout.name}.json"] = ttp_template(game, deck, layout)
                saved.append((deck, layout))
        files["tts/saved-object.json"] = saved_object(game, saved)
    for shop in getattr(options, "shops", ()):
        from printgen.render.shop.cards import shop_card_files
        from printgen.render.shop.presets import load_preset

        preset = load_preset(shop)
        for name, data in shop_card_files(game, decks, drawings, preset, png):
            if name.endswith(".pdf"):
                from printgen.render.shop.check import preflighted

                files.update(preflighted(f"shop/{shop}/{name}", data, preset.preflight))
            else:
                files[f"shop/{shop}/{name}"] = data
    return files


def _png_maker(game: Game, drawings: dict[str, Any]) -> Callable[[str, float, int], bytes]:
    """`png(svg, bleed_mm, dpi)`: one face as a PNG, drawn once a build however many outputs
    ask for it, and kept in the build store: a face's PNG depends on its SVG, the size, the
    bleed, the resolution and any image or font it draws from the game's folder, so editing one card
    re-encodes only that card's PNG."""
    from printgen.files.hashing import hash_tree
    from printgen.files.memo import remembered
    from printgen.render.exports import bleed_png

    assert game.card_size is not None
    size = game.card_size
    made: dict[tuple[str, float, int], bytes] = {}
    images: list[str] = []

    def png(svg: str, bleed_mm: float, dpi: int) -> bytes:
        key = (svg, round(bleed_mm, 4), dpi)
        if key not in made:
            if not images:
                images.append(hash_tree(game.folder, ASSET_PATTERNS))
            made[key] = remembered(
                "card-png",
                [svg, str(size), f"{key[1]}mm@{dpi}", images[0]],
                partial(bleed_png, drawings[svg], size, bleed_mm, dpi),
            )
        return made[key]

    return png
