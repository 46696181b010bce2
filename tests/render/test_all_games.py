"""Every game with cards builds its cards: decks, backs and names, read back."""

from __future__ import annotations

import math
from pathlib import Path

import pikepdf
import pypdf
import pytest

from printgen.errors import RenderError
from printgen.kit.card_plan import OUTPUTS, wanted_outputs
from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.outputs import Kind
from printgen.render.sheets.card_sheets import deck_sheet
from tests.render.conftest import A4, CARD_DATA, build

CASES = {
    # game: (expected per-deck sheets, back files)
    "cl4sh": ({"deck": 96, "signal": 6}, ["back.png", "back-signal.png"]),
    "the-way": ({"original": 100, "expansion": 44}, ["back.png", "back-expansion.png"]),
    "elementa": ({"deck": 40}, ["back.png"]),
}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_cards_pdf_and_backs_of_every_deck(tmp_path: Path, game_id: str) -> None:
    game = load_game(CARD_DATA / game_id)
    decks, backs = CASES[game_id]
    out = build(game, tmp_path, outputs=("cards.pdf", "cards"))
    sheet = deck_sheet(game.card_size, "a4", 0.0)
    pdf = pypdf.PdfReader(out / "cards.pdf")
    assert len(pdf.pages) == sum(2 * math.ceil(n / sheet.capacity) for n in decks.values())
    text = "\n".join(page.extract_text() for page in pdf.pages)
    for deck in game.printed_decks:
        for card in deck.cards:
            assert card.name in text, card.name
    names = {p.name for p in (out / "cards").iterdir()}
    assert set(backs) <= names
    assert {f"{c.id}.png" for d in game.printed_decks for c in d.cards} <= names
    assert pikepdf.open(out / "cards.pdf").check_pdf_syntax() == []


def test_the_way_expansion_cards_are_marked_and_share_the_back(tmp_path: Path) -> None:
    game = load_game(CARD_DATA / "the-way")
    out = build(game, tmp_path, outputs=("cards",))
    assert (out / "cards" / "back.png").read_bytes() == (
        out / "cards" / "back-expansion.png"
    ).read_bytes()
    from printgen.render.faces.game_faces import game_faces
    from printgen.render.text.textfit import ApproxMeasure

    original, expansion = game_faces(game, ApproxMeasure())
    assert all("EXPANSION" in face.svg for _, face in expansion.fronts)
    assert not any("EXPANSION" in face.svg for _, face in original.fronts)


def test_a_game_without_cards_writes_nothing(tmp_path: Path) -> None:
    game = load_game(CARD_DATA / "feng-shui-master")
    assert build_part(card_files, game, A4, tmp_path) == []
    assert not (tmp_path / "feng-shui-master").exists()


def test_outputs_can_be_limited() -> None:
    assert wanted_outputs() == OUTPUTS
    tts_and_sheets = wanted_outputs(card_outputs(["tts", "cards.pdf"]))
    assert tts_and_sheets == (Kind.CARD_SHEETS, Kind.TTS_SHEET)
    with pytest.raises(RenderError, match=r"unknown card output <Kind\.RULEBOOK: 'rulebook'>"):
        wanted_outputs([Kind.RULEBOOK])


SIXTH_GAME = """\
id: sixth
name: Sixth Game
players: {min: 2, max: 4}
elements: [fire, water, moon]
card_size: {width: 2.5in, height: 3.5in}
columns:
  element: element?
  power: int[0..9]?
  text: text?
kinds:
  plain: {label: Plain card}
components:
  deck:
    file: cards.csv
    declared: 5
"""


def test_a_new_game_prints_with_the_generic_design(tmp_path: Path) -> None:
    folder = tmp_path / "sixth"
    folder.mkdir()
    (folder / "game.yaml").write_text(SIXTH_GAME)
    (folder / "cards.csv").write_text(
        "id,name,count,kind,element,power,text\n"
        "sun,Sun,2,plain,fire,3,Shines on everyone.\n"
        "tide,Tide,2,plain,water,,\n"
        "moon,Moon,1,plain,moon,9,An element without a palette entry still prints.\n"
    )
    out = build(load_game(folder), tmp_path / "out", outputs=("cards.pdf", "cards"))
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(out / "cards.pdf").pages)
    assert {"Sun", "Tide", "Moon", "Shines on everyone."} <= set(text.splitlines())
    assert sorted(p.name for p in (out / "cards").iterdir()) == [
        "back.png",
        "moon.png",
        "sun.png",
        "tide.png",
    ]


def test_printgen_imports_no_renderer_until_it_renders() -> None:
    import subprocess
    import sys

    code = (
        "import sys, printgen.cli, printgen.kit.cards, printgen.render.text.fonts, "
        "printgen.commands.build; "
        "print(sorted(m for m in ('cairosvg', 'cairocffi', 'pikepdf', 'fontTools') "
        "if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
