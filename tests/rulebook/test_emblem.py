"""The cover emblem: the badges the rulebook's front matter names, clockwise from the top, or
every symbol of the game in its listed order; a symbol the game lacks is named."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from printgen.render.faces.game_palette import game_palette
from printgen.render.rulebook.diagrams import emblem
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import read_source
from tests.conftest import CARD_DATA, edit

BADGE = re.compile(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="9.5" fill="(#[0-9a-f]{6})"')


def badges(folder: Path) -> list[tuple[str, float, float]]:
    """Each badge's element (by its fill) and centre, in drawing order."""
    game = load_game(folder)
    fills = {vars(t)["fill"]: name for name, t in game_palette(game).elements.items()}
    svg = str(emblem.draw(read_source(game, "en", folder / "rules.md"), Icons(game)))
    return [(fills[f], float(x), float(y)) for x, y, f in BADGE.findall(svg)]


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", folder)
    return folder


def test_the_front_matter_orders_the_badges_from_the_top(game_copy: Path) -> None:
    found = badges(game_copy)
    assert [name for name, *_ in found] == ["wood", "fire", "earth", "metal", "water"]
    assert found[0][1:] == (50.0, 16.0)  # the first at the top
    assert found[1][1] > 50  # then clockwise: to the right
    rules = game_copy / "rules.md"
    edit(rules, "emblem: [wood, fire, earth, metal, water]", "emblem: [metal, water]")
    assert [name for name, *_ in badges(game_copy)] == ["metal", "water"]


def test_without_it_every_symbol_in_the_games_order(game_copy: Path) -> None:
    edit(game_copy / "rules.md", "emblem: [wood, fire, earth, metal, water]", "")
    assert [name for name, *_ in badges(game_copy)] == ["water", "wood", "fire", "earth", "metal"]


def test_a_symbol_the_game_lacks_is_named_with_a_close_one(game_copy: Path) -> None:
    rules = game_copy / "rules.md"
    edit(rules, "emblem: [wood, fire, earth, metal, water]", "emblem: [wood, fyre, wood]")
    game = load_game(game_copy)
    with pytest.raises(DataError) as caught:
        read_source(game, "en", rules)
    messages = [str(p) for p in caught.value.problems]
    assert any(
        "rules.md: front matter: emblem: the game has no symbol 'fyre'; did you mean 'fire'?" in m
        for m in messages
    ), messages
    assert any("'wood' is named twice" in m for m in messages), messages
