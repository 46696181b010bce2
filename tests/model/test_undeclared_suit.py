"""A deck's suit column left undeclared (a header `Suit`, or `rename: {House: suit}` from a
spreadsheet's own header) in a game that lists its `elements:` was read as text: a misspelt
suit (`embr`) printed in no suit's colour and validate said ok (a designer's trial). It is now
read as the game's element, as a declared `suit: element?` is: named at its cell, with a
did-you-mean, exit 2. A game with no elements keeps a text suit (issue 36, trap 2)."""

from __future__ import annotations

from pathlib import Path

from printgen.model import load_game
from tests.pieces_game import write_game

GAME = """\
id: isle
name: Isle
players: {min: 2, max: 4}
elements: [ember, ash]
components:
  deck: {file: cards.csv, rename: {House: suit}}
"""


def _game(tmp_path: Path, rows: str, game: str = GAME) -> Path:
    return write_game(tmp_path / "data", game, {"cards.csv": "id,name,count,House\n" + rows})


def test_a_misspelt_undeclared_suit_is_named_at_its_cell(cli, tmp_path: Path) -> None:
    _game(tmp_path, "a,Spark,1,ember\nb,Ash Two,1,embr\n")
    run = cli("validate", "--data", tmp_path / "data", "isle")
    assert run.code == 2, run.out
    assert (
        "cards.csv:3: column 'House': unknown element 'embr'; did you mean 'ember'? "
        "expected one of ember, ash"
    ) in run.err
    assert "Traceback" not in run.err


def test_a_short_suits_one_letter_slip_gets_a_did_you_mean(cli, tmp_path: Path) -> None:
    short = GAME.replace("[ember, ash]", "[sun, moon, star]")
    _game(tmp_path, "a,Dawn,1,sun\nb,Noon,1,sum\n", short)
    run = cli("validate", "--data", tmp_path / "data", "isle")
    assert run.code == 2, run.out
    assert "unknown element 'sum'; did you mean 'sun'? expected one of sun, moon, star" in run.err


def test_an_undeclared_suit_reads_as_the_games_element(tmp_path: Path) -> None:
    game = load_game(_game(tmp_path, "a,Spark,1,Ember\nb,Cinder,1,\n"))
    assert game.columns["suit"] == "element?"
    spark, cinder = game.components["deck"].cards
    assert spark.fields["suit"] == "ember" and cinder.fields["suit"] is None


def test_without_elements_a_suit_stays_text(tmp_path: Path) -> None:
    plain = GAME.replace("elements: [ember, ash]\n", "")
    game = load_game(_game(tmp_path, "a,Spark,1,Jade\n", plain))
    assert game.columns["suit"] == "text?"
    assert game.components["deck"].cards[0].fields["suit"] == "Jade"
