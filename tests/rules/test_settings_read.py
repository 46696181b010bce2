"""Every read of a game's `rules:` outside its engine's own reader goes through the engine's
declared settings (printgen/rules/per_game.py): one default, in the declaration, and a
misspelt setting reported at its line with the setting meant, never silently defaulted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from printgen.rules.clarifications import clarifications_of
from printgen.rules.the_way.parts import part_values
from tests.conftest import edit


def line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


def test_a_misspelt_rule_setting_in_game_yaml_is_reported(cli: Any, data_copy: Path) -> None:
    path = data_copy / "feng-shui-master" / "game.yaml"
    edit(path, "  conversion_track:", "  conversion_trak:")
    line = next(
        n
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if text.startswith("  conversion_trak:")
    )
    run = cli("validate", "feng-shui-master", "--data", data_copy)
    assert run.code == 1 and "Traceback" not in run.err  # a failed check (DESIGN.md section 5)
    assert (
        f"game.yaml:{line}: rules.conversion_trak: unknown key; "
        "did you mean 'conversion_track'?" in run.out + run.err
    )


def test_a_clarified_setting_left_out_of_game_yaml_reads_its_declared_default(
    data_copy: Path,
) -> None:
    """MyWuXing's engine plays `think.partner: next` when game.yaml leaves it out (its
    declaration's default); the clarification prints that rule, not an error."""
    folder = data_copy / "mywuxing"
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    start = text.index("    partner: next")
    end = text.index("    player_dragon:")
    (folder / "game.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    assert "partner" not in load_game(folder).rules["think"]
    assert clarifications_of(load_game(folder)).settings["think.partner"].value == "next"


def test_a_clarification_of_a_misspelt_setting_says_which_was_meant(data_copy: Path) -> None:
    folder = data_copy / "mywuxing"
    path = folder / "clarifications.yaml"
    edit(path, "  think.partner:", "  think.partnr:")
    with pytest.raises(DataError) as caught:
        clarifications_of(load_game(folder))
    said = [str(p).removeprefix(str(folder) + "/") for p in caught.value.problems]
    assert said == [
        f"clarifications.yaml:{line_of(path, '  think.partnr:')}: settings.think.partnr: "
        "no setting 'partnr' in rules.think; did you mean 'partner'? (its settings: "
        "hand_size, next_leader, partner, player_dragon, player_star)"
    ], said


def test_the_way_parts_print_the_gate_colours_game_yaml_declares(data_copy: Path) -> None:
    """card_data/the-way/game.yaml: air yellow, fire red, earth brown, water blue; a gate
    without `colour:` prints none (the declared default, "")."""
    folder = data_copy / "the-way"
    values = part_values(load_game(folder))
    assert {g["element"]: g["colour"] for g in values["gates"]} == {
        "air": "yellow",
        "fire": "red",
        "earth": "brown",
        "water": "blue",
    }
    edit(folder / "game.yaml", "fire: {colour: red, next_to", "fire: {next_to")
    values = part_values(load_game(folder))
    assert {g["element"]: g["colour"] for g in values["gates"]}["fire"] == ""
    assert {p["element"]: p["colour"] for p in values["pawns"]}.get("fire", "") == ""
