"""An engine's diagrams are values; the rulebook draws them (issue 39). The Way's `board` is
in no bundled rules file, so it is drawn here; Feng Shui Master's `energy-map` too. Expected
values are read off each game.yaml by hand."""

from __future__ import annotations

import re
from pathlib import Path

from printgen.model import load_game
from printgen.render.rulebook.diagrams import diagrams_of
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import sources
from printgen.rules.engine import engine_of
from printgen.rules.pictures import Gate, RingGrid, Sheet, SquareBoard, Tracks

ROOT = Path(__file__).resolve().parents[2]
CARD_DATA = ROOT / "card_data"


def test_the_rules_draw_nothing() -> None:
    """No module of the rules layer writes SVG: the engines give values."""
    drawing = re.compile(r"<svg|<rect|<text|<circle|<path")
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "printgen" / "rules").rglob("*.py"))
        if drawing.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_way_gives_its_board_as_values_and_the_rulebook_draws_it() -> None:
    game = load_game(CARD_DATA / "the-way")
    engine = engine_of(game)
    assert engine is not None
    (source, *_) = sources(game)
    board = engine.diagrams["board"](source)
    # size 7: squares -3..3; each gate next to its edge square, one beyond it, facing out
    assert board == SquareBoard(
        3,
        "void",
        (
            Gate("air", (0, 3), (0, 4), (0, 1)),
            Gate("fire", (3, 0), (4, 0), (1, 0)),
            Gate("earth", (0, -3), (0, -4), (0, -1)),
            Gate("water", (-3, 0), (-4, 0), (-1, 0)),
        ),
    )
    svg, width_mm, caption = diagrams_of(game)["board"](source, Icons(game))
    drawn = "".join(svg.parts)
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", drawn)
    # the coordinates, below the grid and left of it: −3 to 3 twice
    assert sorted(labels) == sorted(["−3", "−2", "−1", "0", "1", "2", "3"] * 2)
    assert width_mm == 88 and caption == ""


def test_feng_shui_gives_its_sheet_as_values_and_the_rulebook_draws_it() -> None:
    game = load_game(CARD_DATA / "feng-shui-master")
    engine = engine_of(game)
    assert engine is not None
    (source, *_) = sources(game)
    sheet = engine.diagrams["energy-map"](source)
    circles = ((1, 3), (2, 2), (2, 4), (3, 1), (3, 5), (4, 2), (4, 4), (5, 3))
    elements = ("water", "wood", "fire", "earth", "metal")
    assert sheet == Sheet(
        RingGrid(6, 6, circles),
        Tracks("Conversion tracks", 7, tuple((element, 0) for element in elements)),
    )
    svg, width_mm, _ = diagrams_of(game)["energy-map"](source, Icons(game))
    drawn = "".join(svg.parts)
    assert "Conversion tracks" in drawn and width_mm == 112
    # one ring a circle: eight arcs of two halves each in the rings' path
    rings = re.search(r'<path d="([^"]*)" fill="none" stroke="[^"]*" stroke-width="0.5"/>', drawn)
    assert rings is not None and rings.group(1).count("a4.2,4.2 0 1,0") == 16
