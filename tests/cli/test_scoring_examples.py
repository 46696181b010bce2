"""Worked examples for a designer's game (issue 37): six `holds:` examples checked by validate
through game.yaml `scoring:`, one wrong on purpose; fixed, they pass, and the rulebook prints
each one with its players' scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.rulebook import rule_files
from tests.scoring_game import GAME, WRONG, fixed, write_game


def test_validate_names_the_wrong_example_and_each_rules_share(cli, tmp_path: Path) -> None:
    write_game(tmp_path)
    run = cli("validate", GAME, "--data", tmp_path)
    assert run.code == 1, run.err
    failed = [line for line in run.out.splitlines() if "FAIL example" in line]
    assert failed == [
        f"  FAIL example: {WRONG}: {tmp_path}/bazaar/examples.yaml:20: "
        "Ada: expected 8, computed 7 (silk majority 6 + value 1)"
    ]
    assert "FAIL worked examples: 5 of 6 hold" in run.out


def test_fixed_examples_pass(cli, tmp_path: Path) -> None:
    write_game(tmp_path, examples=fixed())
    run = cli("validate", GAME, "--data", tmp_path, "--json")
    assert run.code == 0, run.out
    checks = run.json()["games"][GAME]["checks"]
    held = [c["name"] for c in checks if c["name"].startswith("example: ") and c["ok"]]
    assert len(held) == 6


def test_a_holds_example_in_a_game_without_scoring_fails(cli, tmp_path: Path) -> None:
    from tests.scoring_game import GAME_YAML

    write_game(tmp_path, GAME_YAML[: GAME_YAML.index("scoring:")], examples=fixed())
    run = cli("validate", GAME, "--data", tmp_path)
    assert run.code == 0  # nothing to check them with: a warning, as for any engine-less game
    assert "warn examples: not checked: no engine and no scoring: rules" in run.out


def test_an_example_with_both_situation_and_holds_is_bad_input(cli, tmp_path: Path) -> None:
    examples = fixed().replace(
        "    holds: {Ada: [silk-1, silk-2]", "    situation: {}\n    holds: {Ada: [silk-1, silk-2]"
    )
    write_game(tmp_path, examples=examples)
    run = cli("validate", GAME, "--data", tmp_path)
    assert run.code == 2 and "Traceback" not in run.err
    assert (
        "examples.yaml:2: examples[0]: give one of situation: (for an engine) or holds:" in run.err
    )


@pytest.fixture(scope="module")
def rulebook(tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """The fixed game's rules.pdf: each page's words with their places."""
    folder = tmp_path_factory.mktemp("bazaar-rules")
    game = load_game(write_game(folder / "data", examples=fixed()))
    build_part(rule_files, game, None, folder / "out")
    with pdfplumber.open(folder / "out" / GAME / "rules.pdf") as pdf:
        return [page.extract_words() for page in pdf.pages]


def _rows(words: list[dict[str, Any]]) -> list[str]:
    """The page's words joined line by line (a line: words whose baselines are within 1 pt),
    with no spaces: the pictures' labels are placed letter by letter."""
    rows: dict[float, list[dict[str, Any]]] = {}
    for word in words:
        line = next((y for y in rows if abs(y - word["bottom"]) < 1), word["bottom"])
        rows.setdefault(line, []).append(word)
    return ["".join(w["text"] for w in sorted(row, key=lambda w: w["x0"])) for row in rows.values()]


def test_the_rulebook_prints_every_example_with_its_scores(
    rulebook: list[list[dict[str, Any]]],
) -> None:
    rows = [row for page in rulebook for row in _rows(page)]
    text = "\n".join(rows)
    for name in ("Most silk", "A tie splits the six", "Every suit", "Three share the silk"):
        assert name.replace(" ", "") in text
    assert "Twosets" in text and WRONG.replace(" ", "") in text
    # each player's frame, top to bottom: name, first card, total, the other cards, the rules
    # that score for them; the totals worked out by hand in tests/scoring_game.py
    assert _run(rows, ["Twosets", "Ada", "SilkOne", "46", "SilkTwo", "points"])
    assert _run(rows, ["2×SpiceThree", "2×JadeFour", "2×SaltFive"])
    assert _run(rows, ["silkmajority6+suits10+value27+run3", "Bo", "SilkTwo", "2", "value2"])
    assert _run(rows, ["Ajokerisnosilk", "Ada", "Joker", "7", "SilkOne", "points"])
    assert _run(rows, ["silkmajority6+value1", "Bo", "SpiceThree", "3", "value3"])
    assert "Ada’stwosilkbeatBo’snone." in rows


def _run(rows: list[str], expected: list[str]) -> bool:
    """Whether `expected` stands in `rows` one after the other."""
    return any(rows[k : k + len(expected)] == expected for k in range(len(rows)))
