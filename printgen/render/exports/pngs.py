"""Bitmaps: per-card PNGs for print-shop upload and Tabletop Simulator deck sheets.

- `cards/<face>.png`: each unique face at 300 dpi with the preset's bleed (`tgc` 1/8 in: a
  poker card is 825 x 1125 px; `mpc` 0.12 in: 822 x 1122 px).
- `tts/<deck>-<n>.png`: every card of the deck (each copy, in data order) on sheets of at most
  10 x 7 slots, the back in the last slot (TTS shows it for hidden cards); no side over
  4096 px; cards at trim size, no bleed. `tts/<deck>-<n>.json` says what TTS's import dialog
  asks for (width, height, number of cards).

PNGs are RGB with no time or text chunks, so the same input gives the same bytes; the per-card
PNGs carry their resolution (pHYs, 300 dpi).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from printgen.layout.sizes import Size
from printgen.render.draw import png
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.faces.face import RECORD_BLEED_MM, DeckFaces

if TYPE_CHECKING:
    from printgen.render.draw import vector  # cairo: imported by the functions that draw

DPI = 300
PRESET_BLEED_IN: dict[str, float] = {"tgc": 1 / 8, "mpc": 0.12}
TTS_MAX_COLUMNS, TTS_MAX_ROWS, TTS_MAX_PX = 10, 7, 4096


def png_size(trim: Size, preset: str) -> tuple[int, int]:
    return bleed_png_size(trim, PRESET_BLEED_IN[preset] * 25.4)


def bleed_png_size(trim: Size, bleed_mm: float, dpi: int = DPI) -> tuple[int, int]:
    return (
        round((trim.width + 2 * bleed_mm) / 25.4 * dpi),
        round((trim.height + 2 * bleed_mm) / 25.4 * dpi),
    )


def card_png(drawing: vector.Recorded, trim: Size, preset: str) -> bytes:
    """One face at 300 dpi with the preset's bleed."""
    return bleed_png(drawing, trim, PRESET_BLEED_IN[preset] * 25.4)


def bleed_png(drawing: vector.Recorded, trim: Size, bleed_mm: float, dpi: int = DPI) -> bytes:
    """One face at `dpi` with `bleed_mm` on every side (at most the drawing's own bleed),
    rasterised by pdfium from its own vector page (printgen.render.draw.raster)."""
    return next(bleed_pngs([drawing], trim, bleed_mm, dpi))


def bleed_pngs(
    drawings: Sequence[vector.Recorded], trim: Size, bleed_mm: float, dpi: int = DPI
) -> Iterator[bytes]:
    """`bleed_png` of each drawing, one at a time, the same bytes: their pages are drawn into
    one PDF (printgen.render.draw.raster.draw_bitmaps), which is cheaper than one PDF a face."""
    from printgen.render.draw import png, vector  # cairo and Pillow: only when PNGs are drawn
    from printgen.render.draw.raster import (
        draw_bitmaps,  # cairo, Pillow, pypdfium2: only when PNGs are drawn
    )

    width, height = bleed_png_size(trim, bleed_mm, dpi)
    offset = RECORD_BLEED_MM - bleed_mm

    def drawer(drawing: vector.Recorded) -> Callable[[CairoContext], None]:
        def draw(context: CairoContext) -> None:
            context.scale(dpi / 25.4, dpi / 25.4)
            vector.paint(context, drawing, -offset, -offset)

        return draw

    for rows in draw_bitmaps(width, height, [drawer(drawing) for drawing in drawings]):
        yield png.encode(rows, dpi)


@dataclass(frozen=True)
class TtsSheet:
    name: str
    columns: int
    rows: int
    cards: int
    card_px: tuple[int, int]

    @property
    def size_px(self) -> tuple[int, int]:
        return self.columns * self.card_px[0], self.rows * self.card_px[1]

    def manifest(self) -> dict[str, object]:
        return {
            "image": f"{self.name}.png",
            "width": self.columns,
            "height": self.rows,
            "number": self.cards,
            "back": "last slot (hidden card)",
            "card_px": list(self.card_px),
            "sheet_px": list(self.size_px),
        }

    def manifest_bytes(self) -> bytes:
        """`tts/<sheet>.json`: what TTS's import dialog asks for."""
        return (json.dumps(self.manifest(), indent=2, sort_keys=True) + "\n").encode()


def tts_card_px(trim: Size) -> tuple[int, int]:
    """The largest card size that keeps a full 10 x 7 sheet within 4096 px both ways."""
    width = min(
        TTS_MAX_PX // TTS_MAX_COLUMNS,
        math.floor(TTS_MAX_PX / TTS_MAX_ROWS * trim.width / trim.height),
    )
    height = min(round(width * trim.height / trim.width), TTS_MAX_PX // TTS_MAX_ROWS)
    return width, height


def tts_layout(deck_name: str, cards: int, trim: Size) -> list[TtsSheet]:
    """Sheets for `cards` cards: 69 a sheet at most, each with one slot kept for the back."""
    per_sheet = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1
    count = max(1, math.ceil(cards / per_sheet))
    sheets = []
    for index in range(count):
        on_sheet = min(per_sheet, cards - index * per_sheet)
        slots = on_sheet + 1
        columns = min(TTS_MAX_COLUMNS, max(2, slots))
        rows = max(2, math.ceil(slots / columns))
        sheets.append(
            TtsSheet(f"{deck_name}-{index + 1}", columns, rows, on_sheet, tts_card_px(trim))
        )
    return sheets


def tts_sheets(
    deck: DeckFaces, drawings: Mapping[str, vector.Recorded], trim: Size
) -> Iterator[tuple[TtsSheet, bytes, bytes]]:
    """(layout, PNG, manifest JSON) of each TTS sheet of `deck`, one sheet at a time: each card
    is painted straight into its slot, so no more than one sheet's pixels are held at once
    however large the deck."""
    faces = list(deck.run())
    start = 0
    for layout in tts_layout(deck.deck.name, len(faces), trim):
        chunk = faces[start : start + layout.cards]
        start += layout.cards
        svgs = [face.svg for face in chunk]
        yield (
            layout,
            tts_sheet_png(layout, svgs, deck.back.svg, drawings, trim),
            (layout.manifest_bytes()),
        )


def tts_sheet_png(
    layout: TtsSheet,
    svgs: Sequence[str],
    back_svg: str,
    drawings: Mapping[str, vector.Recorded],
    trim: Size,
) -> bytes:
    """One TTS sheet: the faces of `svgs` in slot order, the back in the last slot, each at
    trim size (no bleed) in its slot."""
    from printgen.render.draw.raster import (
        draw_bitmap,  # cairo, Pillow, pypdfium2: only when PNGs are drawn
    )

    cw, ch = layout.card_px
    placed: Sequence[tuple[int, str]] = [
        *enumerate(svgs),
        (layout.columns * layout.rows - 1, back_svg),
    ]

    def draw(context: CairoContext) -> None:
        for slot, svg in placed:
            x, y = (slot % layout.columns) * cw, (slot // layout.columns) * ch
            _paint_trimmed(context, drawings[svg], trim, x, y, (cw, ch))

    return png.encode(draw_bitmap(*layout.size_px, draw))


def tts_back(deck: DeckFaces, drawings: Mapping[str, vector.Recorded], trim: Size) -> bytes:
    """The deck's back alone at the sheets' card size: TTS's BackURL image."""
    from printgen.render.draw.raster import (
        draw_bitmap,  # cairo, Pillow, pypdfium2: only when PNGs are drawn
    )

    card = tts_card_px(trim)
    back = drawings[deck.back.svg]
    image = draw_bitmap(*card, lambda context: _paint_trimmed(context, back, trim, 0, 0, card))
    return png.encode(image)


def _paint_trimmed(
    context: CairoContext,
    drawing: vector.Recorded,
    trim: Size,
    x: int,
    y: int,
    card: tuple[int, int],
) -> None:
    """`drawing` cut to its trim, scaled to `card` pixels, its top-left at pixel (x, y)."""
    from printgen.render.draw import vector  # cairo and Pillow: only when PNGs are drawn

    context.save()
    context.rectangle(x, y, *card)
    context.clip()
    context.translate(x, y)
    context.scale(card[0] / trim.width, card[1] / trim.height)
    vector.paint(context, drawing, -RECORD_BLEED_MM, -RECORD_BLEED_MM)
    context.restore()
