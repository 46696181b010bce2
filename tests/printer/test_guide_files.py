"""The print guide lists the files the build wrote (issue 32's home files): every file it
names exists, every PDF of the kit's folder is named (those not for home printing in a note),
cards, pieces, parts and a cutter's sheets with their paper; a board printed whole on A3 and
tiled on A4 says which pages go on which paper; a kit too long for one page goes on to a
second rather than off the first. Read back from print-guide.pdf's text."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.pieces_game import build_game

GAME = """\
id: isle
name: Isle
players: {min: 2, max: 4}
card_size: poker
components:
  deck: {file: cards.csv}
  tiles: {file: tiles.csv, shape: hex, size: 30mm}
  tokens: {file: tokens.csv, shape: circle, size: 20mm}
parts:
  board: {size: [380mm, 260mm], title: Island board}
  sheet: {size: a5, copies: 2, title: Player sheet}
"""
FILES = {
    "cards.csv": "name,count,text\nShore,3,Walk on.\n",
    "tiles.csv": "name,count\nSand,4\n",
    "tokens.csv": "name,count\nShell,3\n",
    "rules.md": "## Setup\n\nLay the board.\n",
}


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_game(tmp_path_factory.mktemp("guide-files"), GAME, FILES, "--cutter", "silhouette")


def guide_text(kit: Path) -> str:
    run = subprocess.run(
        ["pdftotext", str(kit / "print-guide.pdf"), "-"], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    return " ".join(run.stdout.split())


def test_every_file_named_exists_and_every_pdf_is_named(kit: Path) -> None:
    text = guide_text(kit)
    named = set(re.findall(r"[\w-]+(?:\.[\w-]+)*\.(?:pdf|svg|dxf)", text))
    assert named, text
    assert {name for name in named if not (kit / name).exists()} == set()
    pdfs = {p.name for p in kit.glob("*.pdf")} - {"print-guide.pdf"}
    assert pdfs - named == set()
    # cards, pieces, parts and the cutter's sheets each have their line, with their paper
    for name in ("cards.pdf", "tiles.pdf", "tokens.pdf", "board.pdf", "sheet.pdf"):
        assert re.search(rf"{re.escape(name)} — \d+ sheets?", text), name
    for name in ("cards-cut.pdf", "tiles-cut.pdf", "tokens-cut.pdf"):
        line = re.search(rf"{re.escape(name)} — (\d+) sheets? (.*?)\.", text)
        assert line is not None, name
        assert line[2].startswith("Card stock"), line[2]
        assert f"open {name.replace('.pdf', '.svg')}" in text
    assert "Also in this folder, not for printing at home: cards-print.pdf" in text
    assert "rules.pdf, the rulebook to read on screen" in text


def test_the_board_says_what_goes_on_a3_and_what_on_a4(kit: Path) -> None:
    import pikepdf

    with pikepdf.open(kit / "board.pdf") as pdf:
        pages = len(pdf.pages)
        first = [round(float(v) / 72 * 25.4) for v in pdf.pages[0].mediabox[2:]]
        second = [round(float(v) / 72 * 25.4) for v in pdf.pages[1].mediabox[2:]]
    assert sorted(first) == [297, 420] and sorted(second) == [210, 297]
    text = guide_text(kit)
    assert f"board.pdf — {pages - 1} sheets (A4; or page 1 alone on A3)" in text
    assert "Page 1 is the whole island board on one A3 sheet" in text
    assert f"On A4 print pages 2–{pages} instead" in text


def test_a_long_guide_goes_on_to_a_second_page(kit: Path) -> None:
    import pdfplumber

    with pdfplumber.open(kit / "print-guide.pdf") as pdf:
        pages = [page.extract_words() for page in pdf.pages]
        height = float(pdf.pages[0].height)
        texts = [" ".join((page.extract_text() or "").split()) for page in pdf.pages]
    assert len(pages) == 2
    bottoms = [max(w["bottom"] for w in words) for words in pages]
    assert all(bottom <= height - 15 / 25.4 * 72 + 1 for bottom in bottoms), bottoms
    assert texts[1].startswith("Isle: printing the kit at home, continued. Print at 100 %.")
    assert "Scale check" in guide_text(kit)  # the last heading is there, not lost off a page


def test_a_second_languages_booklet_and_book_name_each_other(tmp_path: Path) -> None:
    """A designer's trial: the guide told rules.it.pdf's readers to print rules-booklet.pdf,
    and rules-booklet.it.pdf's that rules.pdf was its book to read on screen."""
    game = GAME.replace("card_size: poker\n", "card_size: poker\nlanguages: [en, it]\n")
    files = {**FILES, "rules.it.md": "## Preparazione\n\nMetti il tabellone.\n"}
    text = guide_text(build_game(tmp_path, game, files))
    assert "(rules.it.pdf is the same book to read on screen)" in text, text
    assert "(rules.pdf is the same book to read on screen)" in text, text
    assert (
        "rules.it.pdf, the rulebook to read on screen (rules-booklet.it.pdf is the one to print)"
        in text
    ), text
