"""Feng Shui Master's rulebook pictures as values: the player sheet (the `energy-map` diagram,
a `Sheet`: the Energy Map of `rules.energy_map` and the conversion tracks), and a worked
example's finished maps with their scores (`Grids`). The rulebook draws them
(`printgen.render.rulebook`).

A circle at vertex (i, j) is the corner shared by squares (i, j), (i, j+1), (i+1, j) and
(i+1, j+1), rows and columns counted from 1 (RULINGS.md); one quarter lies in each square.
"""

from __future__ import annotations

from collections.abc import Mapping

from printgen.errors import PrintgenError
from printgen.layout.labels import fill
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.rules.feng_shui.rules import FengShuiRules, rules_of
from printgen.rules.feng_shui.situation import parse_map
from printgen.rules.parsed import mapped
from printgen.rules.pictures import (
    Grids,
    RingGrid,
    ScoredGrid,
    Sheet,
    Square,
    Tracks,
    example_words,
)
from printgen.rules.pictures import Rulebook as Source


def energy_map(source: Source) -> RingGrid:
    """The empty Energy Map: its rows, columns and circles, as game.yaml's declared settings
    give them (`rules_of`: a wrong one is reported there, at its line)."""
    rules = rules_of(source.game)
    return RingGrid(rules.rows, rules.columns, rules.circles)


def sheet(source: Source) -> Sheet:
    """The player sheet: the empty map, and a conversion track an element, none crossed."""
    length = rules_of(source.game).track
    crossed = tuple((element, 0) for element in source.game.elements)
    return Sheet(energy_map(source), Tracks(source.label("conversion_tracks"), length, crossed))


def circle_squares(vertex: Square) -> list[Square]:
    i, j = vertex
    return [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)]


def feng_shui(source: Source, situation: YamlMapping, result: dict[str, object]) -> Grids | None:
    """Each player's map with its filled quarters, and the scores the engine found."""
    players = situation.get("players")
    scored = result.get("players")
    if not isinstance(players, list) or not isinstance(scored, list) or not players:
        return None
    try:
        rules = rules_of(source.game)
        grids = [
            parse_map(mapped(p).get("map"), ("players", k, "map"), rules)
            for k, p in enumerate(players)
        ]
    except (PrintgenError, KeyError, TypeError):
        return None
    empty = energy_map(source)
    return Grids(
        tuple(
            _scored(source, _filled_in(empty, grid, rules), item, score)
            for grid, item, score in zip(grids, players, scored, strict=False)
        )
    )


def _filled_in(empty: RingGrid, grid: list[str | None], rules: FengShuiRules) -> RingGrid:
    """The map with the elements placed on it, and each circle quarter they fill: a square's
    quarter is filled when another square round the same circle holds the element feeding it."""
    cols = empty.columns
    squares = {(i // cols + 1, i % cols + 1): e for i, e in enumerate(grid) if e is not None}
    filled = tuple(
        (vertex, sq)
        for vertex in empty.rings
        for sq in circle_squares(vertex)
        if sq in squares
        and any(
            squares.get(other) == rules.feeder[squares[sq]]
            for other in circle_squares(vertex)
            if other != sq
        )
    )
    return RingGrid(empty.rows, cols, empty.rings, tuple(squares.items()), filled)


def _scored(
    source: Source, grid: RingGrid, item: YamlValue, score: Mapping[str, object]
) -> ScoredGrid:
    """A player's map with each element's value times its conversions, the total (and any
    majority bonus) and the quarters filled."""
    converted = mapped(mapped(item).get("converted"))
    values = score.get("values")
    values = values if isinstance(values, dict) else {}
    counts = tuple(
        (e, f"{values.get(e, 0)}×{converted.get(e, 0)}")
        for e in source.game.elements
        if values.get(e) or converted.get(e)
    )
    bonus = score.get("majority_bonus") or 0
    total = f"{score.get('name', '')}: {score.get('score', 0)}"
    if bonus:
        total += f" (+{bonus})"
    quarters = example_words(source).get("quarters", "{n}")
    return ScoredGrid(grid, counts, total, fill(quarters, {"n": score.get("filled_quarters", 0)}))
