"""A card deck's back `boxes:` may leave a box out with `null` (its boxes replace the
design's back): `frame: null` there stopped validate with an internal error (StopIteration),
as a box with no content did. A box with no content is named at the deck's `boxes:`."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import GOALS_DECK, HARBOUR, write_game

DESIGN = """\
decks:
  goals:
    back:
      boxes:
        frame: null
        word: {{{word}, size: 20pt}}
"""


def _game(tmp_path: Path, word: str) -> None:
    files = {"goals.csv": "name,count\nGather,2\n", "design.yaml": DESIGN.format(word=word)}
    write_game(tmp_path / "data", HARBOUR + GOALS_DECK, files)


def test_a_null_box_on_a_deck_s_back_is_not_drawn(cli, tmp_path: Path) -> None:
    _game(tmp_path, "text: Goal")
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", tmp_path / "out")
    assert run.code == 0, run.err
    assert (tmp_path / "out" / "harbour" / "cards.pdf").is_file()


def test_a_box_with_no_content_is_named(cli, tmp_path: Path) -> None:
    _game(tmp_path, "colour: red")
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert run.code == 2
    assert "design.yaml:4: decks.goals.back.boxes.word: needs exactly one of" in run.err, run.err
    assert "Traceback" not in run.err


def test_a_misspelt_content_key_is_named(cli, tmp_path: Path) -> None:
    _game(tmp_path, "txet: Goal")
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert run.code == 2
    assert "unknown key 'txet'; did you mean 'text'?" in run.err, run.err
