"""Every crash the fuzzer found (tests/hardening/test_fuzz.py, benchmarks/fuzz.py), as a small
named case: the data that crashed printgen (exit 3, "internal error") now gets a message that
names the file, the line and what was expected, and exit 1 or 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import edit


def assert_reported(run, code: int, *phrases: str) -> None:
    """Exit `code` (1: a check failed, 2: bad input), every phrase said, no internal error."""
    text = run.out + run.err
    assert run.code == code, text
    assert "internal error" not in text and "Traceback" not in text, text
    for phrase in phrases:
        assert phrase in text, f"{phrase!r} not in:\n{text}"


# --- the loader: a mapping with a wrongly typed value was used as if it were right ----------


def test_an_example_name_that_is_a_list(cli, data_copy: Path) -> None:
    # was: TypeError: unhashable type: 'list' (rules/examples.py)
    edit(
        data_copy / "mywuxing" / "examples.yaml",
        "- name: Wood absorbs Water",
        "- name: [Wood, absorbs, Water]",
    )
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert_reported(run, 2, "examples.yaml:6: examples[0].name: expected the example's name")


def test_a_component_file_that_is_a_list(cli, data_copy: Path) -> None:
    # was: TypeError: unsupported operand type(s) for /: 'PosixPath' and 'list' (model/load.py)
    edit(data_copy / "elementa" / "game.yaml", "file: cards.csv", "file: [cards.csv]")
    run = cli("validate", "elementa", "--data", data_copy)
    assert_reported(
        run, 2, "game.yaml", "components.deck.file: expected a .csv, .xlsx or .ods file"
    )


def test_a_component_file_that_is_null(cli, data_copy: Path) -> None:
    # was: TypeError: unsupported operand type(s) for /: 'PosixPath' and 'NoneType'
    edit(data_copy / "cl4sh" / "game.yaml", "file: signal.csv", "file: !!null ''")
    run = cli("validate", "cl4sh", "--data", data_copy)
    assert_reported(run, 2, "components.signal: give exactly one of file or from")


def test_a_component_named_by_a_number(cli, data_copy: Path) -> None:
    # was: TypeError: sequence item 0: expected str instance, int found (a component `2:`
    # passed as a name, then ", ".join(components) in a message)
    edit(
        data_copy / "feng-shui-master" / "game.yaml",
        "  dice:\n    file: dice.csv",
        "  2:\n    file: dice.csv",
    )
    run = cli("validate", "feng-shui-master", "--data", data_copy)
    assert_reported(run, 2, "game.yaml:14: components.2: expected a lowercase name")


def test_a_deal_without_its_pool(cli, data_copy: Path) -> None:
    # was: KeyError: 'pool' (model/load.py)
    edit(data_copy / "mywuxing" / "game.yaml", "  pool: playable\n", "")
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert_reported(run, 2, "mywuxing/game.yaml:", "deal.pool: missing (required)")


def test_more_players_min_than_max(cli, data_copy: Path) -> None:
    edit(
        data_copy / "mywuxing" / "game.yaml",
        "players: {min: 2, max: 8}",
        "players: {min: 9, max: 8}",
    )
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert_reported(run, 2, "players.min: 9 is more than players.max 8")


def test_a_kind_that_requires_a_list(cli, data_copy: Path) -> None:
    # `x in columns` with an unhashable x
    edit(data_copy / "mywuxing" / "game.yaml", "requires: [element]", "requires: [[element]]")
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert_reported(run, 2, "kinds.element.requires: expected a list of names, got ['element']")


def test_a_number_of_thousands_of_digits(cli, data_copy: Path) -> None:
    # was: ValueError: Exceeds the limit (4300 digits) for integer string conversion
    edit(
        data_copy / "the-way" / "original.csv",
        "air-single,Air Single,12,single,air,1",
        "air-single,Air Single,12,single,air," + "9" * 5000,
    )
    edit(
        data_copy / "the-way" / "original.csv",
        "air-double,Air Double,3,",
        "air-double,Air Double," + "7" * 5000 + ",",
    )
    run = cli("validate", "the-way", "--data", data_copy)
    assert_reported(
        run,
        2,
        "original.csv:2: column 'borders': expected a whole number from 1 to 4, got '9999",
        "(5000 characters)",
        "original.csv:3: column 'count'",
    )
    assert len(run.err) < 1000  # the value is not echoed whole


def test_a_yaml_date_is_text(cli, data_copy: Path) -> None:
    # was: TypeError: Object of type date is not JSON serializable (validate --json)
    edit(
        data_copy / "elementa" / "examples.yaml",
        "expect: {effective: [3, 5, 0, 3], winner: 1}",
        "expect: {effective: [3, 5, 0, 3], winner: 2001-12-14}",
    )
    run = cli("validate", "elementa", "--data", data_copy, "--json")
    assert_reported(run, 1)
    details = [c["detail"] for c in run.json()["games"]["elementa"]["checks"] if not c["ok"]]
    assert any('winner: expected "2001-12-14", engine found 1' in d for d in details), details


@pytest.mark.parametrize(
    "tagged",
    ["!!binary aGVsbG8=", "!!python/object:os.system ls", "!!python/name:os.system", "!custom x"],
)
def test_a_yaml_tag_is_refused(cli, data_copy: Path, tagged: str) -> None:
    edit(
        data_copy / "mywuxing" / "game.yaml",
        "subtitle: Learn WuXing and Think WuXing",
        f"subtitle: {tagged}",
    )
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert_reported(run, 2, "mywuxing/game.yaml:4:")
    assert "unsupported YAML tag" in run.err or "bad value" in run.err


# --- the checks of `validate`: game-specific invariants read game.yaml without checking it ----


def test_feng_shui_without_a_dice_component(cli, data_copy: Path) -> None:
    # was: KeyError: 'dice' (rules/checks.py)
    edit(
        data_copy / "feng-shui-master" / "game.yaml",
        "  dice:\n    file: dice.csv",
        "  die:\n    file: dice.csv",
    )
    run = cli("validate", "feng-shui-master", "--data", data_copy)
    assert_reported(run, 1, "dice per element: ", "expected a component 'dice'; found die")


def test_feng_shui_circles_that_are_not_pairs_of_numbers(cli, data_copy: Path) -> None:
    # was: TypeError: unhashable type: 'dict' (rules/checks.py, counting doubled circles)
    edit(
        data_copy / "feng-shui-master" / "game.yaml",
        "circles: [[1, 3], [2, 2],",
        "circles: [[{a: 1}, 3], [2, 2],",
    )
    run = cli("validate", "feng-shui-master", "--data", data_copy)
    assert_reported(run, 1, "circles.0: expected [row, column] of a grid vertex, got [{'a': 1}, 3]")


def test_the_way_event_symbols_that_are_lists(cli, data_copy: Path) -> None:
    # was: TypeError: unhashable type: 'list' (rules/the_way/cards.py)
    edit(data_copy / "the-way" / "game.yaml", "symbols: [void]}", "symbols: [[void]]}")
    run = cli("validate", "the-way", "--data", data_copy)
    assert_reported(run, 1, "rules.events.symbols: expected a list of names, got ['void']")


def test_the_way_pieces_per_player_that_are_not_numbers(cli, data_copy: Path) -> None:
    edit(
        data_copy / "the-way" / "game.yaml",
        "pieces_per_player: {2: 2, 3: 1, 4: 1}",
        "pieces_per_player: {2: two, 3: 1, 4: 1}",
    )
    run = cli("validate", "the-way", "--data", data_copy)
    assert_reported(run, 1, "rules.versus.pieces_per_player: 2: expected a whole number, got 'two'")


def test_the_way_board_that_is_text(cli, data_copy: Path) -> None:
    # was: AttributeError: 'str' object has no attribute 'get' (render/designs/the_way.py,
    # through the font check)
    text = (data_copy / "the-way" / "game.yaml").read_text()
    start = text.index("  board:\n")
    end = text.index("  pawns:")
    (data_copy / "the-way" / "game.yaml").write_text(text[:start] + "  board: promo\n" + text[end:])
    run = cli("validate", "the-way", "--data", data_copy)
    assert_reported(run, 1, "rules.board: expected {size: N, gates:")


def test_the_way_board_of_a_billion_squares(cli, data_copy: Path) -> None:
    edit(data_copy / "the-way" / "game.yaml", "size: 7 ", "size: 1000000001 ")
    run = cli("validate", "the-way", "--data", data_copy)
    assert_reported(  # issue 20: every number under rules: is bounded at load, with its line
        run, 2, "rules.board.size: 1000000001 is beyond the limit of 100000 for a setting"
    )


def test_the_way_source_lists_that_are_text(cli, data_copy: Path) -> None:
    # was: AttributeError: 'str' object has no attribute 'get' (rules/the_way/checks.py)
    text = (data_copy / "the-way" / "game.yaml").read_text()
    start = text.index("  assorted_duals:\n")
    end = text.index("\ndeal:")
    (data_copy / "the-way" / "game.yaml").write_text(
        text[:start] + "  assorted_duals: see the rulebook\n" + text[end:]
    )
    run = cli("validate", "the-way", "--data", data_copy, "--json")
    assert_reported(run, 0)
    checks = {c["name"]: c for c in run.json()["games"]["the-way"]["checks"]}
    assert checks["assorted duals as the source lists them (original)"]["detail"] == (
        "game.yaml has no source list to compare"
    )


def test_the_way_symbols_per_kind_that_is_a_list(cli, data_copy: Path) -> None:
    edit(
        data_copy / "the-way" / "game.yaml",
        "symbols_per_kind: {single: 1, double: 2, dual: 2, all: 1}",
        "symbols_per_kind: [single, double]",
    )
    run = cli("validate", "the-way", "--data", data_copy)
    assert_reported(run, 1, "rules.symbols_per_kind: expected a mapping kind -> number")


@pytest.mark.parametrize("value", ["'/>;9x'", "{x: 1}"])
def test_cl4sh_second_tie_draws_that_are_not_numbers(cli, data_copy: Path, value: str) -> None:
    # was: ValueError: invalid literal for int() / TypeError: int() argument ... 'dict'
    edit(
        data_copy / "cl4sh" / "game.yaml",
        "second_tie_draws: {challenger: 2, defender: 1}",
        f"second_tie_draws: {{challenger: 2, defender: {value}}}",
    )
    run = cli("validate", "cl4sh", "--data", data_copy)
    assert_reported(run, 1, "rules.second_tie_draws.defender: expected a whole number")


def test_cl4sh_dominance_onto_a_list(cli, data_copy: Path) -> None:
    edit(
        data_copy / "cl4sh" / "game.yaml", "dominates: {water: fire,", "dominates: {water: [fire],"
    )
    run = cli("validate", "cl4sh", "--data", data_copy)
    assert_reported(
        run,
        1,
        "rules.dominates.water: expected one of the elements fire, earth, air, water, got ['fire']",
    )


def test_cl4sh_kinds_lists_of_lists(cli, data_copy: Path) -> None:
    edit(
        data_copy / "cl4sh" / "game.yaml",
        "play_on_anything: [almighty, shield, pickup]",
        "play_on_anything: [[almighty], shield, pickup]",
    )
    run = cli("validate", "cl4sh", "--data", data_copy)
    assert_reported(run, 1, "rules.play_on_anything: expected a list of kinds")


def test_a_deal_table_left_empty(cli, data_copy: Path) -> None:
    # was: ValueError: min() arg is an empty sequence (rules/checks.py)
    edit(data_copy / "elementa" / "game.yaml", "cards_each: {4: 3}", "cards_each: {}")
    run = cli("validate", "elementa", "--data", data_copy)
    assert_reported(run, 1, "FAIL deal table: ", "no deal for 4 players")


# --- build: what stopped a build or its summary -------------------------------------------


def test_a_file_where_a_kit_folder_should_be(cli, data_copy: Path, tmp_path: Path) -> None:
    # was: FileExistsError (exit 3) from write_atomic in the part's builder
    out = tmp_path / "out"
    out.mkdir()
    (out / ".printgen-out").write_text("printgen's folder")
    (out / "feng-shui-master").write_text("not a folder")
    run = cli("build", "feng-shui-master", "--data", data_copy, "--out", out)
    assert_reported(
        run,
        2,
        "feng-shui-master/parts failed: cannot write ",
        "feng-shui-master: File exists",
    )


def test_a_broken_examples_file_still_gives_the_summary_and_the_gallery(
    cli, data_copy: Path, tmp_path: Path
) -> None:
    # found in review: the gallery's validate() raised, so the build ended on that message
    # alone, with no summary of the parts and no index.html
    examples = data_copy / "mywuxing" / "examples.yaml"
    examples.write_text(examples.read_text() + "  - [oops\n")
    (data_copy / "mywuxing" / "rules.md").unlink()  # the cards alone: quicker
    out = tmp_path / "out"
    run = cli("build", "mywuxing", "--data", data_copy, "--out", out, "--jobs", "1")
    assert_reported(run, 0, "built 1 part, 0 unchanged, 0 failed")
    assert "examples.yaml:212:1: a list opened with" in (out / "index.html").read_text()


# --- found in the rulebook and simulation report code, fixed there ---


def test_a_rulebook_front_matter_nested_too_deeply(cli, data_copy: Path, tmp_path: Path) -> None:
    (data_copy / "feng-shui-master" / "rules.md").write_text(
        "---\ntitle: " + "[" * 3000 + "]" * 3000 + "\n---\n## A\n", encoding="utf-8"
    )
    run = cli(
        "build", "feng-shui-master", "--data", data_copy, "--out", tmp_path / "out", "--jobs", "1"
    )
    assert_reported(run, 2, "feng-shui-master/rules failed: ", "rules.md")


def test_a_team_name_with_dollar_signs_in_the_simulation_report(
    cli, data_copy: Path, tmp_path: Path
) -> None:
    edit(
        data_copy / "elementa" / "game.yaml",
        "teams: {team_a: [1, 3], team_b: [2, 4]}",
        "teams: {'$\\frac{a$': [1, 3], team_b: [2, 4]}",
    )
    run = cli(
        "simulate",
        "elementa",
        "--data",
        data_copy,
        "--games",
        "5",
        "--report",
        tmp_path / "report.html",
    )
    assert_reported(run, 0)


def test_a_suit_colour_without_its_fill(cli, data_copy: Path) -> None:
    # was: KeyError: 'fill' (render/faces/colours.py), found by the fuzzer
    edit(data_copy / "cl4sh" / "design.yaml", '{fill: "#5e320f", ', "{")
    run = cli("validate", "cl4sh", "--data", data_copy)
    assert_reported(run, 2, "design.yaml:", "palette.suits.earth: expected a colour")
