"""The kit's file names (DESIGN.md section 6): where each output a renderer makes goes.

Renderers key what they make by what it is (`printgen.render.outputs.Output`); this is the one
place that turns that into a path under `OUT/<game>/`. A shop's files go to `shop/<shop>/`
(checked before they are written: printgen.kit.shops).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Protocol

from printgen.kit.options import BuildOptions
from printgen.model import Game
from printgen.render.outputs import Kind, Output

Made = Mapping[Output, bytes] | Iterable[tuple[Output, bytes]]
"""What a part's renderer returns: each output's bytes, as a mapping or made one at a time."""


class BuildsPart(Protocol):
    """A part's renderer: `(game, options)` makes the whole part; `outputs` only those kinds
    (None: every one), `piece` one piece of the part (printgen.kit.parts.Part.pieces)."""

    def __call__(
        self,
        game: Game,
        options: BuildOptions,
        outputs: Collection[Kind] | None = None,
        piece: str | None = None,
        /,
    ) -> Made: ...


HOME: dict[Kind, str] = {
    Kind.CARD_SHEETS: "cards.pdf",
    Kind.FOLD_SHEETS: "cards-fold.pdf",
    Kind.PRINT_CARDS: "cards-print.pdf",
    Kind.CARD_IMAGE: "cards/{name}.png",
    Kind.TTS_SHEET: "tts/{name}.png",
    Kind.TTS_NUMBERS: "tts/{name}.json",
    Kind.TTS_BACK: "tts/{name}-back.png",
    Kind.TTS_SAVED_OBJECT: "tts/saved-object.json",
    Kind.TTP_SHEET: "ttp/{name}.png",
    Kind.TTP_TEMPLATE: "ttp/{name}.json",
    Kind.RULEBOOK: "rules{lang}.pdf",
    Kind.RULES_BOOKLET: "rules-booklet{lang}.pdf",
    Kind.PIECE_SHEETS: "{name}.pdf",
    Kind.PIECE_FOLD: "{name}-fold.pdf",
    Kind.PIECE_IMAGE: "{name}.png",
    Kind.TTS_PIECE: "tts/{name}.png",
    Kind.PART: "{name}.pdf",
    Kind.CUT_SHEETS: "{name}-cut.pdf",
    Kind.CUT_CONTOUR: "{name}-cut.svg",
    Kind.CUT_DXF: "{name}-cut.dxf",
}
"""The home kit's files, `{name}` the output's name and `{lang}` `.<language>` for a rulebook
in a language other than the game's main one."""

SHOP: dict[Kind, str] = {
    Kind.CARD_IMAGE: "{name}.png",
    Kind.SHOP_MANIFEST: "manifest.csv",
    Kind.DECK_PRINT: "{name}.pdf",
    Kind.PRINT_CARDS: "cards-print.pdf",
    Kind.RULEBOOK: "rules{lang}.pdf",
    Kind.SHOP_PROOF: "proof/{name}.pdf",
    Kind.SHOP_COLOURS: "proof/colours.csv",
}
"""A shop's files, under `shop/<shop>/` (its soft proof under `proof/`: not for upload)."""

CARD_SELECTION: dict[str, Kind] = {
    "cards.pdf": Kind.CARD_SHEETS,
    "cards-fold.pdf": Kind.FOLD_SHEETS,
    "cards-print.pdf": Kind.PRINT_CARDS,
    "cards": Kind.CARD_IMAGE,
    "tts": Kind.TTS_SHEET,
}
"""The card outputs by the file or folder they make, for choosing some of them
(`card_files(outputs=...)`; the benchmarks and tests name them so)."""


def path_of(output: Output) -> str:
    """The output's file, relative to `OUT/<game>/`."""
    lang = f".{output.name}" if output.name else ""
    if output.shop:
        return f"shop/{output.shop}/" + SHOP[output.kind].format(name=output.name, lang=lang)
    return HOME[output.kind].format(name=output.name, lang=lang)


def card_outputs(names: Iterable[str]) -> tuple[Kind, ...]:
    """The card outputs named by their files (`cards.pdf`, `cards`, `tts` ...)."""
    return tuple(CARD_SELECTION[name] for name in names)
