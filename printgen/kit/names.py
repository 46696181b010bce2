"""The kit's file names (DESIGN.md section 6): where each output a renderer makes goes.

Renderers key what they make by what it is (`printgen.render.outputs.Output`); this is the one
place that turns that into a path under `OUT/<game>/`. A shop's files go to `shop/<shop>/`,
each PDF there checked by `printgen preflight` for the shop's target with its table beside it
(`<file>.preflight.txt`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from printgen.errors import PreflightFailed, PrintgenError, ShopError
from printgen.render.outputs import Kind, Output

Made = Mapping[Output, bytes] | Iterable[tuple[Output, bytes]]
"""What a part's renderer returns: each output's bytes, as a mapping or made one at a time."""

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
    Kind.BOARD: "board.pdf",
    Kind.PLAYER_SHEET: "player-sheet.pdf",
    Kind.COMPONENTS: "components.pdf",
}
"""The home kit's files, `{name}` the output's name and `{lang}` `.<language>` for a rulebook
in a language other than the game's main one."""

SHOP: dict[Kind, str] = {
    Kind.CARD_IMAGE: "{name}.png",
    Kind.SHOP_MANIFEST: "manifest.csv",
    Kind.DECK_PRINT: "{name}.pdf",
    Kind.PRINT_CARDS: "cards-print.pdf",
    Kind.RULEBOOK: "rules{lang}.pdf",
}
"""A shop's files, under `shop/<shop>/`."""

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


def named(made: Made) -> Iterator[tuple[str, bytes]]:
    """Each output's path and bytes, in the order made; a shop's PDF followed by its preflight
    table. A shop's files (which come one after the other) are held until the shop's last
    one and given only when every PDF of them passes its preflight: a shop's folder is whole
    or not written. When a shop fails (here, or in its renderer: ShopError), the other
    outputs still come, and one ShopError naming every failed shop is raised at the end."""
    pairs = made.items() if isinstance(made, Mapping) else made
    failures: dict[str, tuple[str, int]] = {}
    held: list[tuple[Output, bytes]] = []
    try:
        for output, data in pairs:
            if held and output.shop != held[0][0].shop:
                yield from _shop_files(held, failures)
                held = []
            if output.shop:
                held.append((output, data))
            else:
                yield path_of(output), data
    except ShopError as exc:
        failures.update(exc.failures)
    yield from _shop_files(held, failures)
    if failures:
        raise ShopError(failures)


def _shop_files(
    held: list[tuple[Output, bytes]], failures: dict[str, tuple[str, int]]
) -> Iterator[tuple[str, bytes]]:
    """One shop's files, each PDF followed by its preflight table; none when one fails (the
    shop's message then goes to `failures`)."""
    if not held:
        return
    shop = held[0][0].shop
    files: list[tuple[str, bytes]] = []
    problems: list[tuple[str, int]] = []
    for output, data in held:
        try:
            files += _preflighted(shop, path_of(output), data)
        except PreflightFailed as exc:
            problems.append((str(exc), 1))
        except PrintgenError as exc:
            problems.append((str(exc), 2))
    if problems:
        failures[shop] = ("; ".join(m for m, _ in problems), max(c for _, c in problems))
        return
    yield from files


def _preflighted(shop: str, path: str, data: bytes) -> list[tuple[str, bytes]]:
    if not path.endswith(".pdf"):
        return [(path, data)]
    from printgen.kit.shop_check import preflighted
    from printgen.render.shop.presets import load_preset

    return list(preflighted(path, data, load_preset(shop).preflight).items())
