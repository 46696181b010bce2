"""validate notes the rows a translation leaves empty: an Italian deck of 176 words with 6
translated printed 170 in Italian in its English kit, and validate said nothing (a
designer's trial). A deck translated row by row gets no note."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import PAROLE, write_game

GAME = PAROLE + "components:\n  words: {file: words.csv}\n"


def test_the_rows_left_untranslated_are_counted(cli, tmp_path: Path) -> None:
    cards = "name,text,name_en,text_en\nGatto,miao,Cat,meow\nCane,bau,,\nPesce,,,\n"
    write_game(tmp_path / "data", GAME, {"words.csv": cards})
    run = cli("validate", "parole", "--data", tmp_path / "data")
    assert run.code == 0, run.err
    assert (
        "translations given: note: [en] words.csv: 2 of 3 rows have no name_en, 1 of 2 rows"
        " have no text_en (those rows print as written in that language's kit)"
    ) in " ".join(run.out.split()), run.out


def test_a_whole_translation_gets_no_note(cli, tmp_path: Path) -> None:
    cards = "name,text,name_en,text_en\nGatto,miao,Cat,meow\nPesce,,Fish,\n"
    write_game(tmp_path / "data", GAME, {"words.csv": cards})
    run = cli("validate", "parole", "--data", tmp_path / "data")
    assert run.code == 0, run.err
    assert "translations given" not in run.out
