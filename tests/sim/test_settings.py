"""`--set KEY=VALUE`: a game.yaml value changed for one run, checked like the file itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from printgen.errors import DataError, UsageError
from printgen.model import data_dir_default, load_game
from printgen.model.settings import parse_setting

MYWUXING = data_dir_default() / "mywuxing"


def test_a_setting_changes_the_loaded_game_and_nothing_on_disk() -> None:
    before = (MYWUXING / "game.yaml").read_bytes()
    game = load_game(
        MYWUXING,
        [parse_setting("rules.think.next_leader=winner"), parse_setting("deal.cards_each.4=7")],
    )
    assert game.rules["think"]["next_leader"] == "winner"
    assert game.rules["think"]["hand_size"] == 2  # the rest of the mapping is kept
    assert game.deal is not None and game.deal.cards_each[4] == 7  # the key stays a number
    assert game.deal.cards_each[5] == 5
    assert (MYWUXING / "game.yaml").read_bytes() == before
    assert load_game(MYWUXING).deal.cards_each[4] == 6  # type: ignore[union-attr]


def test_values_are_read_as_yaml() -> None:
    assert parse_setting("a=7").value() == 7
    assert parse_setting("a=true").value() is True
    assert parse_setting("a=null").value() is None
    assert parse_setting("a= winner ").value() == "winner"
    assert parse_setting("a='7'").value() == "7"
    assert parse_setting("a=x=y").value() == "x=y"  # only the first = splits


@pytest.mark.parametrize("text", ["rules", "=3", "rules..x=1", "a=[1,"])
def test_malformed_settings_are_usage_errors(text: str) -> None:
    with pytest.raises(UsageError, match="--set"):
        parse_setting(text)


def test_an_optional_key_the_schema_accepts_may_be_added() -> None:
    game = load_game(MYWUXING, [parse_setting("subtitle=Playtest B")])
    assert game.subtitle == "Playtest B"


@pytest.mark.parametrize(
    "text,line,message",
    [
        ("rules.think.nxt_leader=winner", 38, "no key 'nxt_leader' in rules.think; keys: "
         "hand_size, next_leader"),
        ("deal.cards_each.9=3", 31, "no key '9' in deal.cards_each"),
        ("name.short=MWX", 3, "name is a single value"),
        ("colours=[red]", 2, "no key 'colours' in the top level"),
    ],
)  # fmt: skip
def test_unknown_keys_are_named_with_their_place(text: str, line: int, message: str) -> None:
    with pytest.raises(DataError) as caught:
        load_game(MYWUXING, [parse_setting(text)])
    (problem,) = caught.value.problems
    assert problem.file.endswith("mywuxing/game.yaml") and problem.line == line
    assert problem.field == text.split("=")[0] and message in problem.message


@pytest.mark.parametrize(
    "setting,place,message",
    [  # a wrong type, caught by the schema, and a wrong value, caught by the engine's rules
        ("deal.cards_each.4=seven", "game.yaml:31: deal.cards_each.4:", "expected a whole number"),
        ("players.max=many", "game.yaml:5: players.max:", "expected a whole number"),
        (
            "rules.tie_breaker=coin",
            "game.yaml:{tie_breaker}: rules.tie_breaker:",
            "expected one of",
        ),
        ("rules.think.hand_size=two", "game.yaml:{hand_size}: rules.think.hand_size:", "expected"),
    ],
)
def test_set_errors_exit_2_with_the_place(cli: Any, setting: str, place: str, message: str) -> None:
    lines = (MYWUXING / "game.yaml").read_text(encoding="utf-8").splitlines()
    place = place.format(  # the lines of the keys, wherever game.yaml has them now
        **{key: next(n for n, line in enumerate(lines, 1) if f" {key}:" in line)
           for key in ("tie_breaker", "hand_size")}
    )  # fmt: skip
    run = cli("simulate", "mywuxing", "--players", "4", "--mode", "think", "--games", "5",
              "--set", setting)  # fmt: skip
    assert run.code == 2 and run.out == ""
    assert place in run.err and message in run.err
    assert f"(from --set {setting})" in run.err
    assert "Traceback" not in run.err


def test_unknown_key_exits_2_naming_the_accepted_keys(cli: Any) -> None:
    run = cli("simulate", "mywuxing", "--set", "rules.think.nxt_leader=winner")
    assert run.code == 2
    assert "game.yaml:38: rules.think.nxt_leader: --set" in run.err
    assert "keys: hand_size, next_leader" in run.err


def test_a_set_value_changes_the_games_and_is_shown(cli: Any) -> None:
    args = ("simulate", "mywuxing", "--players", "4", "--mode", "think", "--games", "300",
            "--json")  # fmt: skip
    plain = cli(*args).json()
    winner = cli(*args, "--set", "rules.think.next_leader=winner").json()
    rotate = cli(*args, "--set", "rules.think.next_leader=rotate").json()
    assert "set" not in plain
    assert winner["set"] == {"rules.think.next_leader": "winner"}
    assert rotate["set"] == {"rules.think.next_leader": "rotate"}  # the file's own value
    assert {k: v for k, v in rotate.items() if k != "set"} == plain
    assert winner["wins_by_seat"] != plain["wins_by_seat"]


def test_a_deal_larger_than_the_deck_is_refused_before_any_game(cli: Any, data_copy: Path) -> None:
    run = cli("simulate", "mywuxing", "--data", data_copy, "--set", "deal.cards_each.2=99")
    assert run.code == 2 and run.out == "", run.err
    assert "--set deal.cards_each.2=99: the changed game fails validate's checks" in run.err
    assert "game.yaml:29: 2 players x 99 cards = 198 of 52" in run.err
