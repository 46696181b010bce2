"""Worked examples from examples.yaml, run through the engine (or the game's `scoring:` rules)
and drawn from its result.

Each example prints its name, a small picture made from the engine's result (the same result
`printgen validate` compares with `expect`) and its sentence. An example whose expectation the
engine does not confirm stops the build: a rulebook never prints a false example. A rulebook in
another language takes each example's name and text from its front matter (`examples:`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from markupsafe import Markup

from printgen.errors import RenderError
from printgen.model import Game
from printgen.render.draw.svg import render_template
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import Source
from printgen.render.rulebook.text import inline_markdown
from printgen.render.rulebook.worked import draw_picture
from printgen.render.rulebook.worked.holds import holds_view
from printgen.rules.engine import engine_of
from printgen.rules.examples import Example, load_examples, run_example
from printgen.rules.parsed import mapped
from printgen.rules.scoring import scored

WIDE_MM = 70  # an example whose picture is wider than this takes a whole row


class Item(TypedDict):
    """One example as examples.html.j2 prints it."""

    name: str
    text: str  # HTML
    svg: str | None  # an <img> of the picture
    wide: bool


def examples_block(source: Source, icons: Icons) -> Markup:
    local = mapped(source.front.get("examples"))
    items: list[Item] = []
    for example, result in runs(source):
        drawing = _drawing(source, icons, example, result)
        own = mapped(local.get(example.name))
        name = str(own.get("name") or example.name)
        items.append(
            {
                "name": name,
                "text": inline_markdown(str(own.get("text") or example.text), _icon(source, icons)),
                "svg": drawing[0].img(drawing[1], name) if drawing is not None else None,
                "wide": drawing is not None and drawing[1] > WIDE_MM,
            }
        )
    if not items:
        return Markup("")
    return Markup(render_template("common/rulebook/examples.html.j2", rows=_rows(items)))


def _drawing(
    source: Source,
    icons: Icons,
    example: Example,
    result: dict[str, object] | None,
) -> tuple[Svg, float] | None:
    """The example's picture, drawn here from the values the engine gives
    (`Engine.example_picture`), or from the data scorer's result for a game scored by its
    game.yaml `scoring:` rules."""
    if not result:
        return None
    engine = engine_of(source.game)
    if engine is None:
        return holds_view(source, icons, result) if scored(source.game) else None
    if engine.example_picture is None:
        return None
    picture = engine.example_picture(source, example.situation, result)
    return draw_picture(picture, icons) if picture is not None else None


def _rows(items: list[Item]) -> list[list[Item]]:
    """Two examples a row; a wide one alone; an odd last one alone."""
    rows: list[list[Item]] = []
    for item in items:
        if item["wide"] or not rows or len(rows[-1]) == 2 or rows[-1][0]["wide"]:
            rows.append([item])
        else:
            rows[-1].append(item)
    return rows


_RUNS: dict[int, tuple[Game, list[tuple[Example, dict[str, object] | None]]]] = {}


def runs(source: Source) -> list[tuple[Example, dict[str, object] | None]]:
    """The game's examples with the engine's results, worked out once for all its rulebooks."""
    game = source.game
    cached = _RUNS.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    found = [(example, _result(source, example)) for example in load_examples(game)]
    _RUNS.clear()  # one game at a time: a build never comes back to an earlier game
    _RUNS[id(game)] = (game, found)
    return found


def _result(source: Source, example: Example) -> dict[str, object] | None:
    if engine_of(source.game) is None and not scored(source.game):
        return None
    try:
        result, diffs = run_example(source.game, example)
    except ImportError:
        return None
    if diffs:
        raise RenderError(
            f"{example.file}:{example.line}: example {example.name!r} does not hold, so the "
            f"rulebook cannot print it: " + "; ".join(diffs)
        )
    return result


def _icon(source: Source, icons: Icons) -> Callable[[str], Markup | None]:
    return lambda name: icons.inline(name, source.element(name))
