"""The loader: the bundled data loads into the model; each kind of bad input is reported with
its file, line and field, all problems of a file together."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_all, load_game
from printgen.model.sources import parse_yaml_value
from tests.conftest import CARD_DATA, edit


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_game(folder)
    return [str(p) for p in caught.value.problems]


def test_bundled_games_load_with_their_totals() -> None:
    games = {g.id: g for g in load_all(CARD_DATA)}
    assert list(games) == ["mywuxing", "cl4sh", "the-way", "elementa", "feng-shui-master"]
    assert games["mywuxing"].totals == {"deck": 54, "playable": 52}
    assert games["the-way"].totals == {"original": 100, "expansion": 44}
    assert games["elementa"].totals == {"deck": 40}
    assert games["cl4sh"].totals == {"deck": 96, "signal": 6}
    assert games["feng-shui-master"].totals == {"dice": 15}


def test_cards_carry_typed_fields_and_their_line() -> None:
    game = load_game(CARD_DATA / "elementa")
    fire3 = next(c for c in game.components["deck"].cards if c.id == "fire-3")
    assert (fire3.kind, fire3.text("suit"), fire3.number("value"), fire3.count) == (
        "number",
        "fire",
        3,
        1,
    )
    assert fire3.file.endswith("elementa/cards.csv") and fire3.line == 18
    way = load_game(CARD_DATA / "the-way")
    dual = next(c for c in way.components["original"].cards if c.id == "dual-air-fire")
    assert dual.names("symbols") == ("air", "fire") and dual.number("borders") == 2


def test_malformed_yaml_names_file_line_and_column(data_copy: Path) -> None:
    game_yaml = data_copy / "mywuxing" / "game.yaml"
    edit(game_yaml, "players: {min: 2, max: 8}", "players: {min: 2, max: 8")
    [problem] = problems_of(data_copy / "mywuxing")
    assert problem.startswith(f"{game_yaml}:")
    assert problem == (
        f"{game_yaml}:6:9: a mapping opened with '{{' is not closed with '}}' (or a ',' is missing)"
    )


def test_missing_column_is_named_at_the_header_line(data_copy: Path) -> None:
    cards = data_copy / "the-way" / "original.csv"
    cards.write_text(cards.read_text().replace(",borders", ",border", 1))
    problems = problems_of(data_copy / "the-way")
    assert any(
        "original.csv:1: column 'borders': missing column; did you mean 'border'?" in p
        for p in problems
    )


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("x", "column 'count': expected a whole number, got 'x'"),
        ("-3", "column 'count': expected a whole number of copies (0 or more), got -3"),
        ("10001", "column 'count': 10001 copies of one card is over the limit of 10000"),
        ("2.5", "column 'count': expected a whole number, got '2.5'"),
    ],
)
def test_bad_counts_are_refused(data_copy: Path, bad: str, message: str) -> None:
    edit(data_copy / "mywuxing" / "cards.csv", "fire,Fire,8,", f"fire,Fire,{bad},")
    [problem] = problems_of(data_copy / "mywuxing")
    assert problem.endswith(f"mywuxing/cards.csv:4: {message}")


def test_unknown_element_lists_the_accepted_ones(data_copy: Path) -> None:
    edit(
        data_copy / "mywuxing" / "cards.csv",
        "metal,Metal,8,element,metal",
        "metal,Metal,8,element,aether",
    )
    [problem] = problems_of(data_copy / "mywuxing")
    assert problem.endswith(
        "cards.csv:6: column 'element': unknown element 'aether'; "
        "expected one of water, wood, fire, earth, metal"
    )


def test_a_misspelt_element_is_asked_about(data_copy: Path) -> None:
    edit(
        data_copy / "mywuxing" / "cards.csv",
        "metal,Metal,8,element,metal",
        "metal,Metal,8,element,metl",
    )
    [problem] = problems_of(data_copy / "mywuxing")
    assert problem.endswith(
        "cards.csv:6: column 'element': unknown element 'metl'; did you mean 'metal'? "
        "expected one of water, wood, fire, earth, metal"
    )


def test_unknown_yaml_key_lists_the_accepted_keys(data_copy: Path) -> None:
    edit(data_copy / "elementa" / "game.yaml", "card_size: tarot", "card_size: tarot\ncolour: red")
    [problem] = problems_of(data_copy / "elementa")
    assert (
        "game.yaml:8: colour: unknown key; did you mean 'columns'? "
        "(accepted keys: id, name, subtitle" in problem
    )


def test_a_misspelt_column_is_asked_about(data_copy: Path) -> None:
    edit(data_copy / "elementa" / "cards.csv", "name_it", "nam_it")
    problems = problems_of(data_copy / "elementa")
    assert any(
        "cards.csv:1: column 'nam_it': unknown column; did you mean 'name_it'?" in p
        for p in problems
    )


def test_every_problem_of_a_file_is_reported_together(data_copy: Path) -> None:
    cards = data_copy / "elementa" / "cards.csv"
    edit(cards, "fire-3,Fire 3,1,number,fire,3", "fire-3,Fire 3,many,number,fire,9")
    edit(cards, "wood-1,Wood 1,1,number,wood,", "wood-1,Wood 1,1,number,steam,")
    problems = problems_of(data_copy / "elementa")
    assert len(problems) == 3
    assert any("column 'count': expected a whole number, got 'many'" in p for p in problems)
    assert any("column 'value': expected a whole number from 1 to 7, got 9" in p for p in problems)
    assert any("column 'suit': unknown element 'steam'" in p for p in problems)


def test_kind_rules_from_game_yaml(data_copy: Path) -> None:
    edit(
        data_copy / "mywuxing" / "cards.csv",
        "dragon,Infinite Dragon,8,dragon,,",
        "dragon,Infinite Dragon,8,dragon,fire,",
    )
    [problem] = problems_of(data_copy / "mywuxing")
    assert problem.endswith(
        "cards.csv:7: column 'element': a dragon card has no element; leave it empty"
    )


def test_duplicate_id_names_both_lines(data_copy: Path) -> None:
    edit(data_copy / "mywuxing" / "cards.csv", "wood,Wood,8", "water,Wood,8")
    [problem] = problems_of(data_copy / "mywuxing")
    assert problem.endswith(
        "cards.csv:3: column 'id': 'water' already used on line 2; ids are unique across a game"
    )


def test_missing_data_folder() -> None:
    with pytest.raises(DataError) as caught:
        load_all(Path("/nonexistent/printgen-data"))
    assert "data folder not found" in str(caught.value)


def test_yaml_aliases_cannot_expand_without_bound() -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i, name in enumerate("bcdefg"):
        prev = "abcdefg"[i]
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    with pytest.raises(DataError) as caught:
        parse_yaml_value("\n".join(lines), "bomb.yaml")
    assert "refusing to read it" in str(caught.value)


def test_yaml_locations_follow_nested_paths() -> None:
    _, loc = parse_yaml_value("a: 1\nb:\n  - x\n  - {c: 2, d: [5,\n      6]}\n", "t.yaml")
    assert loc.at_path(("b", 1, "d")) == 4
    assert loc.at_path(("b", 1, "d", 1)) == 5
    assert loc.at_path(("b", 0)) == 3
