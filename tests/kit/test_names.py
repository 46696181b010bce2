"""The kit owns the file names of DESIGN.md section 6 (issue 12): renderers key what they make
by what it is (`printgen.render.outputs`), `printgen.kit.names` says where each goes, and no
renderer names a contract file."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from printgen.check.rulebook import _file_of
from printgen.kit.names import CARD_SELECTION, HOME, SHOP, card_outputs, path_of
from printgen.model import Game
from printgen.render.outputs import CARD_OUTPUTS, Kind, Output
from printgen.render.rulebook.source import sources
from tests.games import BUNDLED

RENDER = Path(__file__).resolve().parents[2] / "printgen" / "render"

CONTRACT = [  # DESIGN.md sections 6 and 10, spelled out here, not read from the code
    (Output(Kind.CARD_SHEETS), "cards.pdf"),
    (Output(Kind.FOLD_SHEETS), "cards-fold.pdf"),
    (Output(Kind.PRINT_CARDS), "cards-print.pdf"),
    (Output(Kind.CARD_IMAGE, "fire-3"), "cards/fire-3.png"),
    (Output(Kind.CARD_IMAGE, "back"), "cards/back.png"),
    (Output(Kind.TTS_SHEET, "deck-1"), "tts/deck-1.png"),
    (Output(Kind.TTS_NUMBERS, "deck-1"), "tts/deck-1.json"),
    (Output(Kind.TTS_BACK, "deck"), "tts/deck-back.png"),
    (Output(Kind.TTS_SAVED_OBJECT), "tts/saved-object.json"),
    (Output(Kind.TTP_SHEET, "deck-1"), "ttp/deck-1.png"),
    (Output(Kind.TTP_TEMPLATE, "deck-1"), "ttp/deck-1.json"),
    (Output(Kind.RULEBOOK), "rules.pdf"),
    (Output(Kind.RULEBOOK, "it"), "rules.it.pdf"),
    (Output(Kind.RULES_BOOKLET), "rules-booklet.pdf"),
    (Output(Kind.RULES_BOOKLET, "it"), "rules-booklet.it.pdf"),
    (Output(Kind.PART, "board"), "board.pdf"),
    (Output(Kind.PART, "player-sheet"), "player-sheet.pdf"),
    (Output(Kind.PART, "components"), "components.pdf"),
    (Output(Kind.CARD_IMAGE, "fire-3", "tgc"), "shop/tgc/fire-3.png"),
    (Output(Kind.SHOP_MANIFEST, shop="mpc"), "shop/mpc/manifest.csv"),
    (Output(Kind.DECK_PRINT, "deck", "dtc"), "shop/dtc/deck.pdf"),
    (Output(Kind.PRINT_CARDS, shop="print"), "shop/print/cards-print.pdf"),
    (Output(Kind.RULEBOOK, "it", "print"), "shop/print/rules.it.pdf"),
]


@pytest.mark.parametrize(("output", "path"), CONTRACT, ids=[p for _, p in CONTRACT])
def test_each_output_goes_to_its_contract_file(output: Output, path: str) -> None:
    assert path_of(output) == path


def test_every_kind_has_a_file() -> None:
    """A kind a renderer may make that the kit cannot name would fail only when built."""
    assert set(Kind) == set(HOME) | set(SHOP)
    assert len({path_of(output) for output, _ in CONTRACT}) == len(CONTRACT)


def test_card_outputs_are_chosen_by_their_files() -> None:
    assert card_outputs(["cards.pdf", "tts"]) == (Kind.CARD_SHEETS, Kind.TTS_SHEET)
    assert set(CARD_SELECTION.values()) == set(CARD_OUTPUTS)
    for name, kind in CARD_SELECTION.items():
        assert path_of(Output(kind, "x")).startswith(name.removesuffix(".pdf"))


@pytest.mark.parametrize("game", BUNDLED, ids=[game.id for game in BUNDLED])
def test_validate_names_each_rulebook_as_the_kit_writes_it(game: Game) -> None:
    for source in sources(game):
        assert _file_of(source.output) == path_of(source.output)


_FILE = re.compile(
    r"(^|/)(cards|cards-fold|cards-print|board|player-sheet|components|rules[\w.-]*)\.pdf$"
    r"|^(cards|tts|ttp|shop)/|manifest\.csv$|saved-object\.json$"
)


def _names_in_code(path: Path) -> list[str]:
    """String pieces of `path` (f-strings' literal parts too) that look like a contract file,
    docstrings and comments aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        f"{path.relative_to(RENDER.parent.parent)}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and _FILE.search(node.value)
    ]


def test_no_renderer_names_a_contract_file() -> None:
    found = [hit for path in sorted(RENDER.rglob("*.py")) for hit in _names_in_code(path)]
    assert found == []


def test_the_name_finder_finds_names() -> None:
    """The test above would see a renderer that chose a name (as printgen/kit/cards.py did)."""
    assert _FILE.search("cards.pdf") and _FILE.search("tts/") and _FILE.search("rules.it.pdf")
    assert _FILE.search("shop/") and _FILE.search("manifest.csv")
    assert not _FILE.search("card-pdf") and not _FILE.search(".pdf")
