"""Validate catches everything build would: each kind of data mistake that makes `build` fail
is reported by `validate` first (exit 1 or 2, with its place), on a designer's small game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import edit
from tests.model.designer import tavern

RULES = """\
# Tavern Brawl

Each player starts with three cards and two :water: coins.

{{ components() }}

{{ examples() }}
"""
EXAMPLES = """\
examples:
  - name: A brawl
    text: The innkeeper wins.
    situation: {players: []}
    expect: {winner: 0}
"""


def with_rules(folder: Path) -> None:
    (folder / "rules.md").write_text(RULES, encoding="utf-8")
    (folder / "examples.yaml").write_text(EXAMPLES, encoding="utf-8")
    edit(folder / "game.yaml", "card_size: poker\n", "card_size: poker\nelements: [water]\n")


def rules(old: str, new: str) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        with_rules(folder)
        edit(folder / "rules.md", old, new)

    return change


Mistake = tuple[str, Callable[[Path], None], str]

MISTAKES: list[Mistake] = [
    (
        "a count that is no number",
        lambda f: edit(f / "cards.csv", "Innkeeper,2,", "Innkeeper,two,"),
        "cards.csv:2: column 'Frequency': expected a whole number, got 'two'",
    ),
    (
        "an image that is not there",
        lambda f: (f / "Img" / "Innkeeper.png").unlink(),
        "cards.csv:2: column 'Card Name': no image 'Innkeeper'",
    ),
    (
        "an icon marker with no icon",
        lambda f: edit(f / "cards.csv", "Gain 2 @coin.", "Gain 2 @gem."),
        "cards.csv:2: column 'Card Ability': unknown icon '@gem'",
    ),
    (
        "a character no font has",
        lambda f: edit(f / "cards.csv", "Gain 2 @coin.", "Gain 2 @coin \U0001f6cf."),
        "U+1F6CF",
    ),
    (
        "an undefined placeholder in the rules",
        rules("{{ components() }}", "{{ totl }}"),
        "tavern/rules.md:5: 'totl' is undefined",
    ),
    (
        "a diagram that does not exist",
        rules("{{ components() }}", '{{ diagram("tavern-map") }}'),
        "tavern-map",
    ),
    (
        "front matter that is not closed",
        rules("# Tavern Brawl", "---\ntitle: Brawl\n# Tavern Brawl"),
        "tavern/rules.md:1: front matter: no closing '---' line",
    ),
    (
        "an icon the rulebook cannot draw",  # it printed as plain ':coins:' with build's exit 0
        rules("two :water: coins", "two :coins: coins"),
        "tavern/rules.md:3: unknown icon ':coins:'; did you mean ':coin:'?",
    ),
    (
        "a worked example without its expectation",
        lambda f: with_rules(f) or edit(f / "examples.yaml", "    expect: {winner: 0}\n", ""),
        "examples.yaml:2: examples[0].expect: missing (required)",
    ),
]


@pytest.mark.parametrize(("what", "change", "message"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_validate_reports_first_what_build_would_fail_on(
    cli, tmp_path: Path, what: str, change: Callable[[Path], None], message: str
) -> None:
    data = tmp_path / "data"
    change(tavern(data))
    built = cli("build", "tavern", "--data", data, "--out", tmp_path / "out", "--jobs", "1")
    assert built.code == 2, f"{what}: build did not fail, so this is no mistake build can hit"
    checked = cli("validate", "tavern", "--data", data)
    assert checked.code in (1, 2), f"{what}: validate passed data that build refused"
    assert message in checked.out + checked.err, (what, checked.out, checked.err)


def test_the_same_game_without_mistakes_passes_both(cli, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with_rules(tavern(data))
    checked = cli("validate", "tavern", "--data", data)
    assert checked.code == 0, checked.out + checked.err
    # no engine, no scoring: its examples are read (their shape checked) but not run, said so
    assert (
        "warn examples: not checked: no engine and no scoring: rules in game.yaml "
        "(1 in tavern/examples.yaml)" in checked.out
    )
    assert "undeclared columns: read as optional text: " in checked.out
    assert "'Card Ability', 'Flavor'" in checked.out
    built = cli("build", "tavern", "--data", data, "--out", tmp_path / "out", "--jobs", "1")
    assert built.code == 0, built.out + built.err
    # Issue 36: build printed no warnings at all; it counts validate's now, and says where
    warned = checked.out.count("\n  warn ")
    assert warned >= 1
    said = f"validate: {warned} warning{'s' * (warned > 1)} (tavern {warned}): read them"
    assert said in built.out, built.out
    where = f"with `printgen validate tavern --data {data}` or in {tmp_path / 'out' / 'index.html'}"
    assert where in built.out


def test_an_icon_the_rulebook_cannot_draw_is_reported_with_the_ones_it_can(
    cli, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    rules("two :water: coins", "two :coins: coins")(tavern(data))
    checked = cli("validate", "tavern", "--data", data)
    assert checked.code == 1
    assert (
        "tavern/rules.md:3: unknown icon ':coins:'; did you mean ':coin:'? "
        "(the rulebook draws :coin:, :d6:, :water:, :wood:"
    ) in checked.out
