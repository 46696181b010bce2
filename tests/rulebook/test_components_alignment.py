"""In a components table where names carry their suit's icon, a name without one starts where
the others do (a designer's trial: the Oak, of no suit, stood out left of the iconed rows)."""

from __future__ import annotations

import re
from pathlib import Path

from printgen.model import load_game
from printgen.render.rulebook import blocks
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import sources
from tests.conftest import edit


def _names(tiny: Path) -> list[tuple[str, str]]:
    """Each row's name cell: its classes and its content."""
    kinds = '  element: {label: "Element <card>", requires: [element]}\n'
    edit(tiny / "game.yaml", kinds, kinds + "  plain: {label: Plain}\n")
    game = load_game(tiny)
    html = str(blocks.components_table(sources(game)[0], Icons(game)))
    return re.findall(r'<td class="(name[^"]*)">(.*?)</td>', html)


def test_a_name_without_an_icon_gets_the_room_of_one(tiny: Path) -> None:
    with (tiny / "cards.csv").open("a", encoding="utf-8") as cards:
        cards.write("plain,Plain,1,plain,\n")
    names = _names(tiny)
    (plain,) = [classes for classes, name in names if "Plain" in name]
    assert plain == "name room-1"
    iconed = [(c, n) for c, n in names if "Plain" not in n and "Total" not in n]
    assert iconed and all(c == "name" and n.count('<img class="icon"') == 1 for c, n in iconed)


def test_a_table_without_icons_gets_no_room(tiny: Path) -> None:
    (tiny / "cards.csv").write_text(
        "id,name,count,kind,element\nplain,Plain,3,plain,\nbare,Bare,2,plain,\n", encoding="utf-8"
    )
    names = _names(tiny)
    assert names and all(c == "name" and "<img" not in n for c, n in names)


def test_a_row_of_several_names_is_moved_as_a_whole(tiny: Path) -> None:
    """A row of several names (a kind's cards side by side, which may wrap) gets the room
    for all its lines, not a gap after each comma (a review's finding) nor on its first line
    alone."""
    with (tiny / "cards.csv").open("a", encoding="utf-8") as cards:
        cards.write("a,Alpha,1,plain,\nb,Beta,1,plain,\nc,Gamma,1,plain,\n")
    (row,) = [(c, n) for c, n in _names(tiny) if "Alpha" in n]
    assert row[0] == "name room-1" and "Beta" in row[1] and "Gamma" in row[1]
