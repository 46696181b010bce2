"""The two boxes parts add to the card boxes (DESIGN.md section 11): `grid:` (square or hex
cells) and `track:` (numbered spaces round the box's edge). Here they are read and checked;
`printgen.render.faces.board_draw` draws them.

```yaml
parts:
  board:
    boxes:
      map:   {grid: {shape: hex, columns: 9, rows: 7, size: 30mm}, top: 20mm, bottom: 20mm,
              fill: paper, stroke: muted, coordinates: true,
              labels: {E4: Nest}, cells: [{at: [A1, I7], fill: creek.light, icon: creek}]}
      score: {track: {spaces: 60, first: 1, size: 12mm}, anchor: trim, mark: accent}
```
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from printgen.layout.geometry import LayoutError
from printgen.layout.units import parse_length
from printgen.model.design_keys import BOX_OPTIONS, CELL, CONTENT
from printgen.model.schema import did_you_mean

if TYPE_CHECKING:  # the layouts load when a grid or a track is read: most faces have neither
    from printgen.layout.grid import GridSpec
    from printgen.layout.track import TrackSpec

KINDS = ("grid", "track")
"""The box contents read here (and laid out by `board_draw`)."""
GRID_KEYS = tuple(CONTENT["grid"].keys or ())
TRACK_KEYS = tuple(CONTENT["track"].keys or ())
GRID_OPTIONS = set(BOX_OPTIONS["grid"])
TRACK_OPTIONS = set(BOX_OPTIONS["track"])
CELL_KEYS = tuple(CELL.keys or ())
MAX_CELLS = 10_000
"""More cells than this in one grid is a typo (a 1000 x 1000 map), not a board."""


def grid_of(value: object) -> GridSpec:
    """The grid a box's `grid:` asks for; ValueError saying what is wrong (`columns: ...`)."""
    from printgen.layout.grid import SHAPES, GridSpec  # start-up time: only a grid box loads it

    mapping = _mapping(value, GRID_KEYS, "{shape: square | hex, columns: N, rows: N, size: L}")
    shape = mapping.get("shape", "square")
    if shape not in SHAPES:
        raise ValueError(
            f"shape: expected square or hex, got {shape!r}{did_you_mean(str(shape), SHAPES)}"
        )
    columns, rows = _whole(mapping, "columns"), _whole(mapping, "rows")
    if columns * rows > MAX_CELLS:
        raise ValueError(f"{columns} x {rows} cells is more than {MAX_CELLS} in one grid")
    corner_up = mapping.get("corner_up", False)
    if not isinstance(corner_up, bool):
        raise ValueError(f"corner_up: expected true or false, got {corner_up!r}")
    size = _length(mapping, "size") if "size" in mapping else None
    try:
        return GridSpec(str(shape), columns, rows, size, corner_up)
    except LayoutError as exc:
        raise ValueError(str(exc)) from None


def track_of(value: object) -> TrackSpec:
    """The track a box's `track:` asks for; ValueError saying what is wrong."""
    from printgen.layout.track import TrackSpec  # start-up time: only a track box loads it

    mapping = _mapping(value, TRACK_KEYS, "{spaces: N, first: N, size: LENGTH}")
    spaces = _whole(mapping, "spaces")
    first = mapping.get("first", 0)
    if isinstance(first, bool) or not isinstance(first, int) or abs(first) > 100_000:
        raise ValueError(f"first: expected a whole number, got {first!r}")
    if "size" not in mapping:
        raise ValueError("size: missing (the least width of a space, such as 12mm)")
    try:
        return TrackSpec(spaces, _length(mapping, "size"), first)
    except LayoutError as exc:
        raise ValueError(str(exc)) from None


def _mapping(value: object, keys: tuple[str, ...], shape: str) -> Mapping[object, object]:
    if not isinstance(value, dict):
        raise ValueError(f"expected a mapping {shape}, got {value!r}")
    for key in value:
        if key not in keys:
            raise ValueError(
                f"{key}: unknown key{did_you_mean(str(key), keys)} (accepted: {', '.join(keys)})"
            )
    return value


def _whole(mapping: Mapping[object, object], key: str) -> int:
    value = mapping.get(key)
    if isinstance(value, str) and "{" in value:
        return 1  # a template (`"{{ size }}"`), filled and checked when the grid is drawn
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{key}: expected a whole number of 1 or more, got {value!r}")
    if value > MAX_CELLS:
        raise ValueError(f"{key}: {value} is more than {MAX_CELLS}")
    return value


def _length(mapping: Mapping[object, object], key: str) -> float:
    value = mapping[key]
    try:
        if not isinstance(value, (str, int, float)):  # a list or a mapping
            raise ValueError(f"expected a length such as 63.5mm or 2.5in, got {value!r}")
        return parse_length(value)
    except ValueError as exc:
        raise ValueError(f"{key}: {exc}") from None


def problems_of(box_what: str, values: Mapping[str, object]) -> list[tuple[str, str]]:
    """(key, message) for what is wrong in a grid or track box's own values."""
    found: list[tuple[str, str]] = []
    try:
        grid_of(values[box_what]) if box_what == "grid" else track_of(values[box_what])
    except ValueError as exc:
        found.append((box_what, str(exc)))
    if box_what == "grid":
        found += _grid_option_problems(values)
    for key in ("label_size",):
        if key in values:
            value = values[key]
            try:
                parse_length(value if isinstance(value, str) else f"{value}pt")
            except ValueError as exc:
                found.append((key, str(exc)))
    return found


def _grid_option_problems(values: Mapping[str, object]) -> list[tuple[str, str]]:
    found = []
    labels = values.get("labels")
    if labels is not None and not (
        isinstance(labels, dict) and all(isinstance(v, (str, int, float)) for v in labels.values())
    ):
        found.append(("labels", "expected {CELL: text, ...}, such as {A1: Start}"))
    if "coordinates" in values and not isinstance(values["coordinates"], bool):
        found.append(("coordinates", f"expected true or false, got {values['coordinates']!r}"))
    cells = values.get("cells")
    if cells is not None:
        found += [("cells", message) for message in _cell_rule_problems(cells)]
    return found


def _cell_rule_problems(cells: object) -> list[str]:
    """What is wrong with a grid's `cells:` rules: each a mapping with `at:` and known keys."""
    if not isinstance(cells, list) or not all(isinstance(c, dict) for c in cells):
        return ["expected a list of {at: CELL, fill: ..., icon: ..., text: ...}"]
    found = []
    for number, rule in enumerate(cells, start=1):
        bad = [k for k in rule if k not in CELL_KEYS]
        if bad:
            found.append(
                f"rule {number}: unknown key {bad[0]!r}"
                f"{did_you_mean(str(bad[0]), CELL_KEYS)} (accepted: {', '.join(CELL_KEYS)})"
            )
        elif "at" not in rule:
            found.append(f"rule {number}: needs at: (a cell such as C3)")
    return found
