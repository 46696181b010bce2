"""Worked examples (`card_data/<game>/examples.yaml`): loaded, run through the engine, compared.

Each example is `{name, text, situation, expect}`; `expect` holds some of the fields of the
engine's `score(...).to_json()`, each compared with ==. The rulebook prints the same examples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.errors import DataError, PrintgenError, Problem, SituationError
from printgen.model import Game
from printgen.model.schema import Key, check_mapping
from printgen.model.sources import Located, load_yaml
from printgen.rules.engine import require_engine

EXAMPLE_KEYS = {
    "name": Key(True, str, "the example's name"),
    "text": Key(False, str, "a sentence for the rulebook"),
    "situation": Key(True, dict, "a situation mapping (DESIGN.md section 4)"),
    "expect": Key(True, dict, "the expected result fields"),
}


@dataclass(frozen=True)
class Example:
    name: str
    text: str
    situation: dict[str, Any]
    expect: dict[str, Any]
    file: str
    line: int
    located: Located


def load_examples(game: Game) -> list[Example]:
    """The game's examples; none when it has no examples.yaml."""
    path = game.folder / "examples.yaml"
    if not path.exists():
        return []
    raw, loc = load_yaml(path)
    problems: list[Problem] = []
    doc = check_mapping(raw, loc, {"examples": Key(True, list, "a list of examples")}, "", problems)
    if problems:
        raise DataError(problems)
    examples: list[Example] = []
    names: set[str] = set()
    items = loc.child("examples")
    for index, item in enumerate(doc["examples"]):
        here = items.child(index)
        spec = check_mapping(item, here, EXAMPLE_KEYS, f"examples[{index}]", problems)
        if not spec or any(k not in spec for k in ("name", "situation", "expect")):
            continue
        if spec["name"] in names:
            problems.append(here.problem("name", "name", f"{spec['name']!r} is used twice"))
        names.add(spec["name"])
        examples.append(
            Example(
                spec["name"],
                spec.get("text") or "",
                spec["situation"],
                spec["expect"],
                loc.file,
                items.line_of(index),
                here.child("situation"),
            )
        )
    if problems:
        raise DataError(problems)
    return examples


def run_example(game: Game, example: Example) -> tuple[dict[str, Any] | None, list[str]]:
    """The engine's result for an example and the differences from `expect` (none: it holds)."""
    try:
        result = require_engine(game, "score").score(example.situation, game).to_json()
    except SituationError as exc:
        line = example.located.at_path(exc.path)
        return None, [f"{example.file}:{line}: the situation is refused: {exc}"]
    except PrintgenError as exc:
        return None, [f"{example.file}:{example.line}: {exc}"]
    diffs = []
    for key, expected in example.expect.items():
        if key not in result:
            diffs.append(f"{key}: expected {show(expected)}, the engine gives no {key!r}")
        elif result[key] != expected:
            diffs.append(f"{key}: expected {show(expected)}, engine found {show(result[key])}")
    return result, diffs


def show(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)
