"""The worked examples of examples.yaml, each run through the game's engine (or its `scoring:`
rules) as one check."""

from __future__ import annotations

from printgen.model import Game
from printgen.rules.engine import Check, engine_of
from printgen.rules.examples import load_examples, run_example
from printgen.rules.scoring import scored


def example_checks(game: Game) -> list[Check]:
    examples = load_examples(game)  # their shape is checked with or without an engine
    checkable = engine_of(game) is not None or scored(game)
    if not checkable and not examples:  # a designer's game: nothing to check
        return [Check("examples", True, "warning", "none to check (no examples.yaml, no engine)")]
    if not checkable:
        detail = f"{len(examples)} in {game.folder.name}/examples.yaml"
        return [
            Check(
                "examples",
                False,
                "warning",
                f"not checked: no engine and no scoring: rules in game.yaml ({detail})",
            )
        ]
    if not examples:
        return [
            Check(
                "examples",
                False,
                "warning",
                f"no worked examples ({game.folder.name}/examples.yaml)",
            )
        ]
    checks = []
    for example in examples:
        _, diffs = run_example(game, example)
        where = f"{example.file}:{example.line}"
        checks.append(
            Check(
                f"example: {example.name}",
                not diffs,
                "error",
                "holds" if not diffs else f"{where}: " + "; ".join(diffs),
            )
        )
    return checks
