"""The five bundled games get the analysis too (issue 37): `analyze` runs on each, and one
column of each matches a count made by hand from its CSV files; the gallery of a build links
each game's analysis page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.games import ALL

EIGHT_EACH = {str(n): 8 for n in range(1, 10)}
HAND_COUNTS: dict[str, tuple[str, str, str, dict[str, int]]] = {
    # game: (group, its value, column, copies of each value), counted from the CSV files
    # mywuxing/cards.csv: 8 of each element; Dragons, Stars and the promo have none
    "mywuxing": (
        "all",
        "",
        "element",
        dict.fromkeys(["water", "wood", "fire", "earth", "metal"], 8),
    ),
    # cl4sh/cards.csv: four elements numbered 1 to 9, two of each; Havoc cards have no number
    "cl4sh": ("all", "", "number", EIGHT_EACH),
    # the-way/original.csv: 1 border: 48 Singles, 12 Doubles, 3 + 3 Void and Wild Singles;
    # 2: 4 element Duals and 12 assorted; 4: 12 Alls and 3 + 3 Void and Wild Alls.
    # expansion.csv: 1: 9 + 3 + 9 + 3; 2: 18 assorted and the Void and Wild Duals
    "the-way": ("all", "", "borders", {"1": 66 + 24, "2": 16 + 20, "4": 18}),
    # elementa/cards.csv: five suits numbered 1 to 7, one card each; relics have no value
    "elementa": ("all", "", "value", {str(n): 5 for n in range(1, 8)}),
    # feng-shui-master/dice.csv: three dice of each element
    "feng-shui-master": (
        "all",
        "",
        "element",
        dict.fromkeys(["water", "wood", "fire", "earth", "metal"], 3),
    ),
}


def _analysis(cli: Any, game: str) -> dict[str, Any]:
    run = cli("analyze", game, "--json")
    assert run.code == 0, run.err
    found: dict[str, Any] = run.json()
    return found


def test_every_bundled_game_is_counted_by_hand() -> None:
    assert set(HAND_COUNTS) == set(ALL)


@pytest.mark.parametrize("game", HAND_COUNTS)
def test_a_column_matches_the_hand_count(cli, game: str) -> None:
    group, value, column, expected = HAND_COUNTS[game]
    found = _analysis(cli, game)
    (stats,) = [g for g in found["groups"] if (g["group"], g["value"]) == (group, value)]
    if column in stats["numbers"]:
        assert stats["numbers"][column]["distribution"] == expected
        assert stats["numbers"][column]["copies"] == sum(expected.values())
    else:
        assert stats["values"][column] == expected


def test_the_way_per_deck(cli) -> None:
    groups = {(g["group"], g["value"]): g for g in _analysis(cli, "the-way")["groups"]}
    assert groups[("deck", "original")]["numbers"]["borders"]["distribution"] == {
        "1": 66,
        "2": 16,
        "4": 18,
    }
    assert groups[("deck", "expansion")]["copies"] == 44


def test_cl4sh_numbers_summed_up(cli) -> None:
    (everything,) = [g for g in _analysis(cli, "cl4sh")["groups"] if g["group"] == "all"]
    number = everything["numbers"]["number"]
    assert (number["min"], number["max"], number["mean"], number["median"]) == (1, 9, 5, 5)
    assert number["cards"] == 36  # 4 elements x 9 numbers; the 72 copies above


def test_the_gallery_links_each_games_analysis(two_builds: tuple[Path, Path]) -> None:
    out, _ = two_builds
    gallery = (out / "index.html").read_text(encoding="utf-8")
    for game in ("mywuxing", "the-way", "feng-shui-master"):
        assert f'<a class="analysis" href="{game}/analysis.html">Deck analysis</a>' in gallery
        page = (out / game / "analysis.html").read_text(encoding="utf-8")
        assert "Deck analysis" in page and "<svg" in page
    page = (out / "mywuxing" / "analysis.html").read_text(encoding="utf-8")
    assert "<td>element</td><td>earth 8 · fire 8 · metal 8 · water 8 · wood 8</td>" in page
