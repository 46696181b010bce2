"""The parts a kit is made of, and which games have which.

Cards and rulebooks come from any game's data (printed decks; `rules.md`); boards, sheets
and tuck boxes from its `parts:` and their design, so a new game needs data and a design, not
new core code.

Each part names the functions that plan and build it, so a reader follows the build from here
into the card build (`printgen.kit.cards`) and the renderers.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

from printgen.kit.card_plan import SHOP_PREFIX, WHOLE_DECKS, card_pieces
from printgen.kit.names import BuildsPart, Made
from printgen.kit.options import BuildOptions
from printgen.model import Game
from printgen.render.outputs import Kind
from printgen.render.rulebook.source import has_rules, rule_pieces


@dataclass(frozen=True)
class Part:
    name: str
    build: BuildsPart
    """The renderer: `(game, options) -> {Output: bytes}` (or the same as `(output, bytes)`
    pairs, made one at a time), and `(game, options, None, piece)` for one of `pieces`; the
    kit names and writes the files."""
    applies: Callable[[Game], bool]
    cost: int  # a rough relative cost, to start the slowest parts first
    pieces: Callable[[Game, BuildOptions], Iterable[tuple[str, int]]] | None = None
    """`(game, options) -> [(piece name, cost)]`: the pieces the part can be built in apart
    (`build` then takes `piece=`, and a cost like the parts'), known without building (every
    build plans, even one that then finds nothing to do); None: the part is one piece."""
    last: str | None = None
    """The piece that runs after the part's other pieces, when it joins what they made, and
    the pieces named `<last>-...` with it (the cards' whole-deck pieces, one a PDF, join the
    PDF windows the batches left in the build store)."""
    keys: Callable[[Game, BuildOptions], dict[str, str]] | None = None
    """`(game, options) -> {piece name: key}`: the pieces that are skipped when their key is
    the one the last build recorded and their files are unchanged (the batches of a large
    deck: after one card's edit, every batch but that card's); None: none. Asked only when
    the part's own key has changed."""
    wanted: Callable[[BuildOptions], bool] | None = None
    """`(options) -> bool`: whether the build's options ask for the part at all (the
    cutter's files only with `--cutter`); None: always."""
    renderer: str | None = None
    """The module `build` imports its renderer from when it first runs (start-up time: a
    build that finds the part unchanged never loads it). A build with the part to make
    imports it before its worker processes start, so they inherit it instead of each
    importing it again."""
    loads: Callable[[BuildOptions, str | None], tuple[str, ...]] | None = None
    """`(options, piece) -> modules`: the libraries the renderer imports only when it builds
    that piece (`renderer` does not load them): a build that will give them to more than one
    worker process imports them before it forks them (printgen.kit.run.preload)."""

    def pieces_of(self, game: Game, options: BuildOptions) -> tuple[tuple[str, int], ...]:
        return () if self.pieces is None else tuple(self.pieces(game, options))

    def keys_of(self, game: Game, options: BuildOptions) -> dict[str, str]:
        return {} if self.keys is None else self.keys(game, options)

    def loads_of(self, options: BuildOptions, piece: str | None) -> tuple[str, ...]:
        return () if self.loads is None else self.loads(options, piece)


PDF_LIBRARIES = ("pikepdf", "pypdfium2")
"""What every piece that writes a PDF loads: the PDF writer's, and the gallery preview's."""
SHOP_LIBRARIES = ("printgen.render.shop.pdfx", "printgen.preflight.checks")
"""What a piece that makes a shop's files loads (pikepdf, numpy, PIL's colour management)."""
TYPESETTER = "weasyprint"
"""What a rulebook is typeset with (printgen.render.rulebook.pdf)."""


def card_loads(options: BuildOptions, piece: str | None) -> tuple[str, ...]:
    """A shop's piece, or the cards made whole (a small deck), make the shop's files."""
    shop = bool(options.shops) and (piece is None or piece.startswith(SHOP_PREFIX))
    return PDF_LIBRARIES + (SHOP_LIBRARIES if shop else ())


def rule_loads(options: BuildOptions, piece: str | None) -> tuple[str, ...]:
    """Every rulebook is typeset; with a shop asked, it makes the shop's rulebooks too."""
    return (*PDF_LIBRARIES, TYPESETTER, *(SHOP_LIBRARIES if options.shops else ()))


def pdf_loads(options: BuildOptions, piece: str | None) -> tuple[str, ...]:
    return PDF_LIBRARIES


def card_files(
    game: Game,
    options: BuildOptions,
    outputs: Collection[Kind] | None = None,
    piece: str | None = None,
) -> Made:
    """The cards (printgen.kit.cards.card_files)."""
    # Imported here for start-up time, as the rulebook: the face renderer's drawing, the PDF
    # and PNG writers load in a process that draws cards, not in every build's planning.
    from printgen.kit.cards import card_files as build_cards

    return build_cards(game, options, outputs, piece)


def card_piece_keys(game: Game, options: BuildOptions) -> dict[str, str]:
    """Each batch piece's key (printgen.kit.card_keys), asked when the cards' key changed."""
    from printgen.kit.card_keys import card_piece_keys as keys  # start-up: as card_files

    return keys(game, options)


def rule_files(
    game: Game, options: BuildOptions, outputs: object = None, piece: str | None = None
) -> Made:
    """The rulebooks (printgen.render.rulebook.build.rule_files)."""
    # Imported here for start-up time: the typesetting modules (Markdown, the HTML page and its
    # diagrams, some 150 modules) load only in a process that builds a rulebook, not in every
    # build's planning (a build that finds every part unchanged builds none).
    from printgen.render.rulebook.build import rule_files as build_rules

    return build_rules(game, options, outputs, piece)


def piece_files(
    game: Game,
    options: BuildOptions,
    outputs: Collection[Kind] | None = None,
    piece: str | None = None,
) -> Made:
    """Tiles, tokens and dice (printgen.kit.pieces.piece_files)."""
    # Imported here for start-up time, as the rulebook: cairo and the design engine load only
    # in a process that draws pieces.
    from printgen.kit.pieces import piece_files as build_pieces

    return build_pieces(game, options, outputs, piece)


def cut_files(
    game: Game, options: BuildOptions, outputs: object = None, piece: str | None = None
) -> Made:
    """A cutting machine's files (printgen.kit.cut.cut_files)."""
    from printgen.kit.cut import cut_files as build_cut  # cairo, as for the pieces

    return build_cut(game, options)


def _asks_for_cutter(options: BuildOptions) -> bool:
    return bool(options.cutter)


def _has_pieces(game: Game) -> bool:
    return bool(game.piece_decks)


def _has_cards(game: Game) -> bool:
    return game.card_size is not None and any(d.kind == "cards" for d in game.printed_decks)


def _has_cut_pieces(game: Game) -> bool:
    """Cards, tiles or tokens: what a cutter cuts (dice labels are stickers, cut by hand)."""
    return _has_cards(game) or any(deck.kind != "dice" for deck in game.piece_decks)


def _has_parts(game: Game) -> bool:
    return bool(game.parts)


def part_files(
    game: Game, options: BuildOptions, outputs: object = None, piece: str | None = None
) -> Made:
    """The parts of game.yaml's `parts:` (printgen.render.parts.part_files), one piece."""
    # Imported here for start-up time: drawing parts loads the design renderer and cairo, as
    # the card build does, in the process that builds them only.
    from printgen.render.parts import part_files as build_parts

    return build_parts(game, options)


PARTS: dict[str, Part] = {
    part.name: part
    for part in (
        Part(
            "cards",
            card_files,
            _has_cards,
            3,
            card_pieces,
            WHOLE_DECKS,
            card_piece_keys,
            renderer="printgen.kit.cards",
            loads=card_loads,
        ),
        Part(
            "rules",
            rule_files,
            has_rules,
            2,
            rule_pieces,
            renderer="printgen.render.rulebook.build",
            loads=rule_loads,
        ),
        Part(
            "pieces", piece_files, _has_pieces, 2, renderer="printgen.kit.pieces", loads=pdf_loads
        ),
        Part("parts", part_files, _has_parts, 1, renderer="printgen.render.parts", loads=pdf_loads),
        Part(
            "cut",
            cut_files,
            _has_cut_pieces,
            2,
            wanted=_asks_for_cutter,
            renderer="printgen.kit.cut",
            loads=pdf_loads,
        ),
    )
}


def parts_of(game: Game, options: BuildOptions | None = None) -> list[Part]:
    """The parts `game` has, of those the build's `options` ask for (None: every one)."""
    return [
        part
        for part in PARTS.values()
        if part.applies(game) and (part.wanted is None or options is None or part.wanted(options))
    ]
