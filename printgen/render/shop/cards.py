"""The card files of one shop, as (output, bytes) pairs; the kit puts them under
`shop/<name>/` (printgen.kit.names), each PDF with its preflight table:

- `png` shops (The Game Crafter, MakePlayingCards): an image (`<face>.png`) for every unique
  front and each deck's back, at the preset's bleed and resolution, and the manifest
  (`manifest.csv`): one row a front, with how many copies to order and which back goes behind
  it (the questions both shops ask at upload); the copies of a deck add up to its total in
  `printgen validate`.
- `pdf-per-deck` shops (DriveThruCards): one PDF a deck (`<deck>.pdf`), one card a page in the
  preset's order.
- `pdf` shops (any print shop): every deck one card a page (`cards-print.pdf`), labelled and
  bookmarked.

PDFs are converted to the preset's CMYK PDF/X (`pdfx.to_pdfx`); each has its soft proof
(`proof/<file>.pdf`), and the shop its palette's colours as printed (`proof/colours.csv`).
Both are made once from the same bytes and then read back from the user's cache (`kept`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence

from printgen.model import Game
from printgen.render.draw import vector
from printgen.render.faces.face import DeckFaces
from printgen.render.outputs import Kind, Output
from printgen.render.shop.presets import ShopPreset

MANIFEST_COLUMNS = ("image", "copies", "back", "deck", "card")


def shop_card_files(
    game: Game,
    decks: Sequence[DeckFaces],
    drawings: dict[str, vector.Recorded],
    preset: ShopPreset,
    png: Callable[[str, float, int], bytes],
) -> list[tuple[Output, bytes]]:
    """The files; `png(svg, bleed_mm, dpi)` draws one face (the caller caches them)."""
    if preset.card_format == "png":
        return _pngs(decks, preset, png)
    # a PDF shop's: cairo, pikepdf and the colour profile, none of which a PNG shop loads
    from printgen.render.pdf.print_pdf import print_pdf  # (see above)
    from printgen.render.shop.kept import pdfx  # (see above)

    files = []
    if preset.card_format == "pdf-per-deck":
        for deck in decks:
            data = print_pdf(game, [deck], drawings, preset.bleed_mm, preset.order)
            if preset.pdf is not None:
                data = pdfx(data, preset.pdf, f"{game.name}: {deck.deck.name}")
            files.append((Output(Kind.DECK_PRINT, deck.deck.name, preset.name), data))
    else:
        data = print_pdf(game, decks, drawings, preset.bleed_mm, preset.order)
        if preset.pdf is not None:
            data = pdfx(data, preset.pdf, f"{game.name}: cards for print shops")
        files.append((Output(Kind.PRINT_CARDS, shop=preset.name), data))
    if preset.pdf is not None:
        files += _proofs(game, files, preset)
    return files


def _proofs(
    game: Game, files: list[tuple[Output, bytes]], preset: ShopPreset
) -> list[tuple[Output, bytes]]:
    """Each PDF's soft proof, then the palette's colours as printed."""
    # only a PDF shop makes proofs (a PNG shop loads neither)
    from printgen.render.faces.game_palette import game_palette  # (see above)
    from printgen.render.shop.kept import proof  # (see above)
    from printgen.render.shop.proof import palette_csv  # (see above)

    assert preset.pdf is not None
    proofs = [
        (
            Output(Kind.SHOP_PROOF, output.name or "cards-print", preset.name),
            proof(data, preset.pdf),
        )
        for output, data in files
    ]
    palette = game_palette(game)
    named = dict(palette.colours)
    for element, tones in palette.elements.items():
        named.update({f"{element}.{tone}": value for tone, value in vars(tones).items()})
    colours = {k: v for k, v in named.items() if isinstance(v, str) and len(v) == 7}
    proofs.append((Output(Kind.SHOP_COLOURS, shop=preset.name), palette_csv(colours, preset.pdf)))
    return proofs


def _pngs(
    decks: Sequence[DeckFaces],
    preset: ShopPreset,
    png: Callable[[str, float, int], bytes],
) -> list[tuple[Output, bytes]]:
    """Each face's image once, by face name, then the manifest. Its rows name the images as
    the kit does (`<face>.png`, beside the manifest): the shop's upload reads them so."""
    images: dict[str, bytes] = {}
    rows = []
    for deck in decks:
        back = deck.back.name
        images.setdefault(back, png(deck.back.svg, preset.bleed_mm, preset.dpi))
        for card, face in deck.fronts:
            images.setdefault(face.name, png(face.svg, preset.bleed_mm, preset.dpi))
            rows.append((f"{face.name}.png", card.count, f"{back}.png", deck.deck.name, card.id))
    files = [(Output(Kind.CARD_IMAGE, name, preset.name), images[name]) for name in sorted(images)]
    if preset.manifest:
        files.append((Output(Kind.SHOP_MANIFEST, shop=preset.name), manifest_csv(rows)))
    return files


def manifest_csv(rows: Sequence[tuple[str, int, str, str, str]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(MANIFEST_COLUMNS)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")
