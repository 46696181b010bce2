"""A kit built in another language prints printgen's own words in it: with `--lang de` the
sheets' footers, the scale bar's note, the dice labels' heading, a tuck box's count and glue
flap, and a board's tile pages were English (a designer's trial). They are the `kit:` words
of printgen's label files (en, fr, de, it, es), which a game's rules-labels.<lang>.yaml may
change or give (a Dutch kit); the parts' titles and notes and the game's subtitle come from
its `component_names:`, `part_notes:` and `subtitle:` there. An English kit is unchanged."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
subtitle: Build the harbour
players: {{min: 2, max: 4}}
languages: [en, {lang}]
card_size: poker
components:
  goals: {{file: goals.csv}}
  pearls: {{file: pearls.csv, shape: circle, size: 20mm}}
  dice: {{file: dice.csv, kind: dice}}
parts:
  board: {{size: [300mm, 250mm], title: Harbour board}}
  pad: {{size: [100mm, 150mm], copies: 2, title: Score pad, note: Tear one off a game.}}
  box: {{tuck_box: goals, title: Card box}}
"""
FILES = {
    "goals.csv": "name,count\nGather,5\n",
    "pearls.csv": "name,count\nWhite,6\n",
    "dice.csv": "name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nTide,2,1,2,3,4,5,6\n",
}
GERMAN = """\
game_name: Der Hafen
component_names: {board: Hafenplan, pad: Wertungsblock, box: Kartenschachtel, goals: Ziele}
part_notes: {pad: Einen pro Spiel abreißen.}
subtitle: Baue den Hafen
"""


def _texts(cli, tmp_path: Path, lang: str, labels: str) -> dict[str, str]:
    files = {**FILES, f"rules-labels.{lang}.yaml": labels} if labels else FILES
    write_game(tmp_path / "data", GAME.format(lang=lang), files)
    out = tmp_path / "out"
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", out, "--lang", lang)
    assert run.code == 0, run.err
    texts = {}
    for name in ("cards.pdf", "pearls.pdf", "dice.pdf", "board.pdf", "pad.pdf", "box.pdf"):
        with pdfplumber.open(out / "harbour" / name) as pdf:
            texts[name] = "\n".join(page.extract_text() or "" for page in pdf.pages[:2])
    return texts


def test_a_german_kit_says_printgens_words_in_german(cli, tmp_path: Path) -> None:
    texts = _texts(cli, tmp_path, "de", GERMAN)
    how = "100 % (Originalgröße) drucken · beidseitig, lange Kante · Der Hafen"
    assert how in texts["cards.pdf"]
    assert "Der Hafen · Ziele · Blatt 1 von 1 · Vorderseiten" in texts["cards.pdf"]
    assert "ZIELE" in texts["cards.pdf"] and "GOALS" not in texts["cards.pdf"]  # the backs
    assert "Balken messen: genau so lang" in texts["pearls.pdf"]
    heading = "Etiketten für 2 leere 16-mm-Würfel (je 14 mm): einen Block auf jeden Würfel kleben"
    assert heading in texts["dice.pdf"]
    assert "Abschnitt 1 von 2 (Spalte A, Reihe 1)" in texts["board.pdf"]
    assert "Hafenplan" in texts["board.pdf"] and "Harbour board" not in texts["board.pdf"]
    pad = texts["pad.pdf"]
    assert "Wertungsblock" in pad and "Einen pro Spiel abreißen." in pad and "Score pad" not in pad
    assert "Baue den Hafen" in pad and "Build the harbour" not in pad
    assert "Der Hafen" in pad and "Harbour" not in pad  # the game's name (game_name)
    box = texts["box.pdf"].replace(" ", "")
    assert "5Karten" in box and "Ziele" in box
    assert "KLEBEN" in box or "NEBELK" in box  # the glue flap, turned: read either way
    for text in texts.values():
        assert "print at 100 %" not in text and "sheet 1 of" not in text


def test_a_dutch_kit_takes_the_games_words_and_english_for_the_rest(cli, tmp_path: Path) -> None:
    dutch = 'kit: {print_100: "op 100 % afdrukken", sheet: "vel {n} van {total}"}\n'
    texts = _texts(cli, tmp_path, "nl", dutch)
    assert "op 100 % afdrukken · two-sided, flip on long edge · Harbour" in texts["cards.pdf"]
    assert "vel 1 van 1 · fronts" in texts["cards.pdf"]


def test_a_malformed_label_file_is_named_and_the_kit_keeps_printgens(cli, tmp_path: Path) -> None:
    """A `{field}` no label takes in rules-labels.de.yaml, and no German rulebook to read it:
    the file was dropped with nothing said (the review). validate names it at its line."""
    bad = 'component_names: {board: Hafenplan}\nkit: {sheet: "Blatt {x} von {total}"}\n'
    files = {**FILES, "rules-labels.de.yaml": bad}
    write_game(tmp_path / "data", GAME.format(lang="de"), files)
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert "rules labels: " in run.out
    assert "rules-labels.de.yaml:2: kit.sheet: unknown field {x}" in run.out
    out = tmp_path / "out"
    built = cli("build", "harbour", "--data", tmp_path / "data", "--out", out, "--lang", "de")
    assert built.code == 0, built.err
    with pdfplumber.open(out / "harbour" / "cards.pdf") as pdf:
        assert "Blatt 1 von 1" in pdf.pages[0].extract_text()  # printgen's German


def test_a_first_language_reads_its_own_label_file(cli, tmp_path: Path) -> None:
    """A game in German first (`languages: [de, en]`) takes rules-labels.de.yaml too, as its
    rulebook does."""
    game = GAME.format(lang="en").replace("languages: [en, en]", "languages: [de, en]")
    write_game(tmp_path / "data", game, {**FILES, "rules-labels.de.yaml": GERMAN})
    out = tmp_path / "out"
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", out)
    assert run.code == 0, run.err
    with pdfplumber.open(out / "harbour" / "pad.pdf") as pdf:
        assert "Wertungsblock" in pdf.pages[0].extract_text()
