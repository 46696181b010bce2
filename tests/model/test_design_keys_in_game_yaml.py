"""A card design's key written in game.yaml (a designer's first guess) is told where it goes:
it got "unknown key" and a list of game.yaml's keys, none of which says design.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.model.designer import one_deck_game


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('palette: {colours: {paper: "#ffffff"}}', "palette: not a key here: it belongs in design"),
        ("fonts: {body: {family: Lato}}", "fonts: not a key here: it belongs in design.yaml"),
        ("template: card.svg.j2", "template: not a key here: a card's layout is design.yaml"),
    ],
)
def test_a_design_key_in_game_yaml_is_sent_to_design_yaml(
    cli, tmp_path: Path, line: str, said: str
) -> None:
    game = tmp_path / "data" / "trial"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(one_deck_game("cards.csv") + line + "\n", encoding="utf-8")
    (game / "cards.csv").write_text("id,name,count\na,A,1\n", encoding="utf-8")
    run = cli("validate", "--data", game.parent)
    assert run.code == 2
    assert f"game.yaml:8: {said}" in run.err


def test_an_unknown_key_still_lists_the_keys(cli, tmp_path: Path) -> None:
    game = tmp_path / "data" / "trial"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(one_deck_game("cards.csv") + "colour: red\n", encoding="utf-8")
    (game / "cards.csv").write_text("id,name,count\na,A,1\n", encoding="utf-8")
    run = cli("validate", "--data", game.parent)
    assert run.code == 2 and "game.yaml:8: colour: unknown key" in run.err
    assert "(accepted keys: id, name" in run.err
