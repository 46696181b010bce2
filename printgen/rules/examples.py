"""Worked examples (`card_data/<game>/examples.yaml`): loaded, run through the engine (or the
game's `scoring:` rules), compared.

An engine's example is `{name, text, situation, expect}`; `expect` holds some of the fields of
the engine's `score(...).to_json()`, each compared with ==. A game scored by `scoring:` gives
`{name, text, holds: {PLAYER: [card ids]}, expect: {PLAYER: points}}` (DESIGN.md section 11):
each expected score is compared with the sum of the rules. The rulebook prints the same examples.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from printgen.errors import DataError, PrintgenError, Problem, SituationError
from printgen.model import Game
from printgen.model.checked import Checked
from printgen.model.schema import Key, check_mapping
from printgen.model.sources import Located, load_yaml_value
from printgen.model.yaml_kinds import EXAMPLE_KEYS
from printgen.model.yaml_value import YamlMapping
from printgen.rules.engine import require_engine
from printgen.rules.parsed import mapped
from printgen.rules.scoring import HoldsScore, score_holds, scored, shown


@dataclass(frozen=True)
class Example:
    name: str
    text: str
    situation: YamlMapping
    expect: YamlMapping
    file: str
    line: int
    located: Located
    holds: YamlMapping | None = None
    """`holds:` of an example checked through the game's `scoring:` rules, else None."""
    placed: YamlMapping | None = None
    """`placed:` of such an example: the pieces each player laid on the board."""

    @property
    def scored(self) -> bool:
        """Whether the game's `scoring:` rules check it (it gives holds: or placed:)."""
        return self.holds is not None or self.placed is not None


def load_examples(game: Game) -> list[Example]:
    """The game's examples; none when it has no examples.yaml."""
    path = game.folder / "examples.yaml"
    if not path.exists():
        return []
    raw, loc = load_yaml_value(path)
    problems: list[Problem] = []
    doc = check_mapping(raw, loc, {"examples": Key(True, list, "a list of examples")}, "", problems)
    if problems:
        raise DataError(problems)
    examples: list[Example] = []
    names: set[str] = set()
    items = loc.child("examples")
    for index, item in enumerate(doc.list_of("examples")):
        here = items.child(index)
        spec = check_mapping(item, here, EXAMPLE_KEYS, f"examples[{index}]", problems)
        if not spec or any(k not in spec for k in ("name", "expect")):
            continue
        scoring = "holds" in spec or "placed" in spec
        if ("situation" in spec) == scoring:
            problems.append(_one_kind(loc, items, index))
            continue
        if scoring:
            _check_points(spec.mapping("expect"), here.child("expect"), index, problems)
        name = spec.text("name")
        if name in names:
            problems.append(here.problem("name", "name", f"{name!r} is used twice"))
        names.add(name)
        examples.append(_example(spec, loc.file, items.line_of(index), here, scoring))
    if problems:
        raise DataError(problems)
    return examples


def _example(spec: Checked, file: str, line: int, here: Located, scoring: bool) -> Example:
    """An example whose keys EXAMPLE_KEYS checked: text where text, mappings where mappings."""
    holds, placed = spec.get("holds"), spec.get("placed")
    return Example(
        spec.text("name"),
        spec.text_or_none("text") or "",
        mapped(spec.get("situation")),
        mapped(spec["expect"]),
        file,
        line,
        here if scoring else here.child("situation"),
        holds if isinstance(holds, dict) else None,
        placed if isinstance(placed, dict) else None,
    )


def _one_kind(loc: Located, items: Located, index: int) -> Problem:
    """An example gives an engine's situation: or the scoring rules' holds: and placed:."""
    return Problem(
        loc.file,
        items.line_of(index),
        f"examples[{index}]",
        "give one of situation: (for an engine) or holds: and placed: (for scoring: rules)",
    )


def _check_points(expect: YamlMapping, here: Located, index: int, problems: list[Problem]) -> None:
    """`expect:` of a `holds:` example: each player's points, a number."""
    for player, value in expect.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            problems.append(
                here.problem(
                    player,
                    f"examples[{index}].expect.{player}",
                    f"expected the player's points (a number), got {value!r}",
                )
            )


def run_example(game: Game, example: Example) -> tuple[dict[str, object] | None, list[str]]:
    """The engine's result for an example and the differences from `expect` (none: it holds)."""
    if example.scored:
        return _run_holds(game, example)
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


def _run_holds(game: Game, example: Example) -> tuple[dict[str, object] | None, list[str]]:
    """A `holds:` example through the game's `scoring:` rules: each expected player's score
    against the sum of the rules, a mismatch naming the player and each rule's share."""
    if not scored(game):
        return None, [
            f"{example.file}:{example.line}: holds: is scored by game.yaml scoring:, "
            "which this game does not give"
        ]
    try:
        result = score_holds(game, example.holds, example.placed)
    except SituationError as exc:
        line = example.located.at_path(exc.path)
        return None, [f"{example.file}:{line}: {exc}"]
    return result.to_json(), _score_diffs(result, example.expect)


def _score_diffs(result: HoldsScore, expect: YamlMapping) -> list[str]:
    diffs = []
    scores = result.scores
    for player, expected in expect.items():
        if isinstance(expected, bool) or not isinstance(expected, (int, float)):
            continue  # refused when loaded (_check_points)
        name = str(player)
        if name not in scores:
            diffs.append(f"{name}: expected {shown(expected)}, but holds: gives {name} no cards")
        elif abs(scores[name] - expected) > 1e-9:
            diffs.append(
                f"{name}: expected {shown(expected)}, computed {shown(scores[name])} "
                f"({result.shares(name)})"
            )
    return diffs


def show(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)
