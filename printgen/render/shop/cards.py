"""The card files of one shop, as (path under `shop/<name>/`, bytes) pairs:

- `png` shops (The Game Crafter, MakePlayingCards): `<face>.png` for every unique front and
  each deck's back, at the preset's bleed and resolution, and `manifest.csv`: one row a front,
  with how many copies to order and which back goes behind it (the questions both shops ask
  at upload); the copies of a deck add up to its total in `printgen validate`.
- `pdf-per-deck` shops (DriveThruCards): `<deck>.pdf`, one card a page in the preset's order.
- `pdf` shops (any print shop): `cards-print.pdf`, every deck, labelled and bookmarked.

PDFs are converted to the preset's CMYK PDF/X (`pdfx.to_pdfx`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence

from printgen.model import Game
from printgen.render import vector
from printgen.render.faces import DeckFaces
from printgen.render.shop.presets import ShopPreset

MANIFEST_COLUMNS = ("image", "copies", "back", "deck", "card")


def shop_card_files(
    game: Game,
    decks: Sequence[DeckFaces],
    drawings: dict[str, vector.Recorded],
    preset: ShopPreset,
    png: Callable[[str, float, int], bytes],
) -> list[tuple[str, bytes]]:
    """The files; `png(svg, bleed_mm, dpi)` draws one face (the caller caches them)."""
    if preset.card_format == "png":
        return _pngs(decks, preset, png)
    from printgen.render.print_pdf import print_pdf
    from printgen.render.shop.pdfx import to_pdfx

    files = []
    if preset.card_format == "pdf-per-deck":
        for deck in decks:
            data = print_pdf(game, [deck], drawings, preset.bleed_mm, preset.order)
            if preset.pdf is not None:
                data = to_pdfx(data, preset.pdf, f"{game.name}: {deck.deck.name}")
            files.append((f"{deck.deck.name}.pdf", data))
    else:
        data = print_pdf(game, decks, drawings, preset.bleed_mm, preset.order)
        if preset.pdf is not None:
            data = to_pdfx(data, preset.pdf, f"{game.name}: cards for print shops")
        files.append(("cards-print.pdf", data))
    return files


def _pngs(
    decks: Sequence[DeckFaces],
    preset: ShopPreset,
    png: Callable[[str, float, int], bytes],
) -> list[tuple[str, bytes]]:
    files: dict[str, bytes] = {}
    rows = []
    for deck in decks:
        back = f"{deck.back.name}.png"
        files.setdefault(back, png(deck.back.svg, preset.bleed_mm, preset.dpi))
        for card, face in deck.fronts:
            image = f"{face.name}.png"
            files.setdefault(image, png(face.svg, preset.bleed_mm, preset.dpi))
            rows.append((image, card.count, back, deck.deck.name, card.id))
    if preset.manifest:
        files["manifest.csv"] = manifest_csv(rows)
    return sorted(files.items())


def manifest_csv(rows: Sequence[tuple[str, int, str, str, str]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(MANIFEST_COLUMNS)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")
