"""The home sheets (cards.pdf, cards-fold.pdf) in every mode, read back: on A4 and Letter, with
and without a gutter, crop marks and ink saver, the outer 5 mm of every page stay blank (pages
rendered with pypdfium2), every sheet carries its footer, and no text is under 6 pt (pdfplumber
chars). Their geometry depends on the card size, not on the game: CL4SH stands for the poker
decks (MyWuXing and The Way are built in tests/kit and test_home_print), Elementa for tarot.
The whole kits of tests/kit check the other files (issue 16)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from printgen.model import load_game
from tests.printcheck import ink_near_edge, smallest_text
from tests.render.conftest import A4, DESIGN_GAMES, build

HOME = ("cards.pdf", "cards-fold.pdf")
GAMES = ("cl4sh", "elementa")
MODES = {
    "a4": A4,
    "letter": replace(A4, paper="letter"),
    "a4-gutter-saver-nomarks": replace(A4, gutter_mm=2.0, ink_saver=True, crop_marks=False),
    "letter-gutter-saver": replace(A4, paper="letter", gutter_mm=2.0, ink_saver=True),
}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """OUT/<game>/ holding cards.pdf and cards-fold.pdf, for each mode and game."""
    folders = {}
    for game_id in GAMES:
        game = load_game(DESIGN_GAMES[game_id])
        for mode, options in MODES.items():
            out = tmp_path_factory.mktemp(f"home-{mode}")
            folders[(mode, game_id)] = build(game, out, options, HOME)
    return folders


@pytest.mark.parametrize("mode", MODES)
def test_the_outer_5mm_stay_blank_in_every_mode(
    sheets: dict[tuple[str, str], Path], mode: str
) -> None:
    for game_id in GAMES:
        for name in HOME:
            assert ink_near_edge(sheets[(mode, game_id)] / name) == [], (game_id, name)


@pytest.mark.parametrize("mode", MODES)
def test_every_sheet_has_its_footer_in_every_mode(
    sheets: dict[tuple[str, str], Path], mode: str
) -> None:
    import pypdfium2 as pdfium

    for game_id in GAMES:
        for name in HOME:
            document = pdfium.PdfDocument(str(sheets[(mode, game_id)] / name))
            try:
                for number in range(len(document)):
                    text = " ".join(document[number].get_textpage().get_text_range().split())
                    assert "print at 100 % (no scaling)" in text, (game_id, name, number + 1)
            finally:
                document.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_no_text_under_6pt_on_the_sheets(sheets: dict[tuple[str, str], Path], game_id: str) -> None:
    # The modes draw the same faces; this one adds ink-saver backs and the 2 in scale bar.
    size, where = smallest_text(sheets[("letter-gutter-saver", game_id)] / "cards.pdf")
    assert size >= 6.0 - 1e-6, (game_id, round(size, 2), where)
