"""A die's faces print in the kit's language: `Face 1_en` beside `Face 1` was read for the
die's name but not its faces, so `--lang en` printed an Italian word die under an English
heading (a designer's trial). A face with no translation keeps its own word."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.pieces_game import PAROLE, write_game

GAME = PAROLE + "components:\n  dado: {file: dado.csv, kind: dice}\n"
DICE = (
    "name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6,name_en,Face 1_en,Face 2_en,Face 4_en\n"
    "Dado,1,Mima,Disegna,Canta,Urla,Jolly,Passa,Word die,Mime,Draw,Shout\n"
)


def _words(cli, tmp_path: Path, *lang: str) -> set[str]:
    out = tmp_path / "out"
    run = cli("build", "parole", "--data", tmp_path / "data", "--out", out, *lang)
    assert run.code == 0, run.err
    with pdfplumber.open(out / "parole" / "dado.pdf") as pdf:
        return {w["text"] for page in pdf.pages for w in page.extract_words()}


def test_the_faces_print_in_the_kit_s_language(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", GAME, {"dado.csv": DICE})
    english = _words(cli, tmp_path, "--lang", "en")
    assert {"Mime", "Draw", "Shout", "Canta", "Jolly"} <= english
    assert not {"Mima", "Disegna", "Urla"} & english


def test_the_first_language_prints_as_written(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", GAME, {"dado.csv": DICE})
    assert {"Mima", "Disegna", "Urla"} <= _words(cli, tmp_path)


def test_an_unknown_icon_in_a_translation_is_named_at_its_cell(cli, tmp_path: Path) -> None:
    dice = DICE.replace("Dado,1,Mima,", "Dado,1,:mime:,").replace(",Mime,", ",:nosuchicon:,")
    write_game(tmp_path / "data", GAME, {"dado.csv": dice, "icons/mime.svg": ICON})
    out = tmp_path / "out"
    run = cli("build", "parole", "--data", tmp_path / "data", "--out", out, "--lang", "en")
    assert run.code == 2
    assert "dado.csv:2: column 'Face 1_en': unknown icon ':nosuchicon:'" in run.err, run.err


ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="4"/></svg>'
)
