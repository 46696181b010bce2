"""`printgen simulate`: exit codes and messages, the JSON object, the table, determinism."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.games import WITH_ENGINE

GAMES = WITH_ENGINE


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_json_whatever_the_jobs(cli: Any, game: str) -> None:
    n = "260"  # two batches of up to 250 games
    one = cli("simulate", game, "--games", n, "--seed", "11", "--json", "--bot", "greedy,random")
    two = cli("simulate", game, "--games", n, "--seed", "11", "--json", "--jobs", "2",
              "--bot", "greedy,random")  # fmt: skip
    assert one.code == two.code == 0, one.err + two.err
    assert one.out == two.out
    other = cli("simulate", game, "--games", n, "--seed", "12", "--json", "--bot", "greedy,random")
    assert other.out != one.out


def test_json_fields(cli: Any) -> None:
    run = cli("simulate", "elementa", "--games", "50", "--json")
    assert run.code == 0 and run.err == ""
    out = run.json()
    assert list(out) == [
        "game", "players", "seed", "bots", "options", "games", "length", "decisions",
        "wins_by_seat", "wins_by_team", "no_winner", "endings", "scores", "facts",
    ]  # fmt: skip
    assert out["game"] == "elementa" and out["players"] == 4 and out["games"] == 50
    assert out["bots"] == ["random"] * 4 and out["options"] == {}
    assert out["length"]["unit"] == "hands" and out["length"]["median"] == 10
    assert {"mean", "min", "p10", "p25", "median", "p75", "p90", "max", "histogram"} <= set(
        out["length"]
    )
    assert set(out["wins_by_seat"]) == {"1", "2", "3", "4"}
    assert set(out["wins_by_team"]) == {"team_a", "team_b"}
    team_a = out["wins_by_team"]["team_a"]
    assert set(team_a) == {"count", "rate", "ci95"} and team_a["ci95"][0] <= team_a["rate"]
    total = sum(e["count"] for e in out["endings"].values())
    assert total == 50 and set(out["endings"]) <= {"score", "relic sweep", "draw"}
    assert set(out["scores"]) == {"team_a", "team_b"}
    assert "relic_sweep" in out["facts"] and "relics.team_a" in out["facts"]


@pytest.mark.parametrize(
    "args,unit,fact",
    [
        (["mywuxing"], "plays", "universe_ran_out"),
        (["mywuxing", "--mode", "think", "--players", "4"], "plays", "tie_break"),
        (["cl4sh", "--mode", "competition"], "turns", "duels"),
        (["the-way", "--mode", "coop-arc2", "--players", "3", "--expansion"], "turns", "arc2_won"),
        (["the-way", "--mode", "coop-arc1"], "turns", "arc1_won"),
        (["feng-shui-master", "--players", "1"], "rounds", "passed"),
    ],
)
def test_each_game_reports_its_unit_and_facts(
    cli: Any, args: list[str], unit: str, fact: str
) -> None:
    run = cli("simulate", *args, "--games", "20", "--json", "--bot", "greedy")
    assert run.code == 0, run.err
    out = run.json()
    assert out["length"]["unit"] == unit and fact in out["facts"]


def test_cooperative_games_count_the_team(cli: Any) -> None:
    out = cli("simulate", "the-way", "--mode", "coop-arc1", "--games", "40", "--json").json()
    assert out["options"] == {"mode": "coop-arc1"}
    won = out["wins_by_team"]["players"]["count"]
    assert won == out["wins_by_seat"]["1"]["count"] == out["wins_by_seat"]["2"]["count"]
    assert won == out["endings"].get("arc 1 won", {"count": 0})["count"]


def test_the_table_without_json(cli: Any) -> None:
    run = cli("simulate", "feng-shui-master", "--games", "20", "--bot", "greedy")
    assert run.code == 0 and run.err == ""  # no progress bar when not on a terminal
    assert "Feng Shui Master: 20 games, 2 players, greedy bots, seed 0" in run.out
    assert "game length (rounds)" in run.out and "wins by seat" in run.out
    assert "how games end" in run.out and "95% CI" in run.out
    with pytest.raises(json.JSONDecodeError):
        json.loads(run.out)


@pytest.mark.parametrize(
    "args,message",
    [
        (["elementa", "--players", "3"], "--players 3: Elementa takes 4 to 4 players"),
        (["mywuxing", "--players", "9"], "--players 9: MyWuXing takes 2 to 8 players"),
        (["feng-shui-master", "--players", "4"], "takes 1 to 3 players"),
        (["chess"], "chess"),
        (["cl4sh", "--bot", "clever"], "unknown bot 'clever' (bots: random, greedy, mcts, mcts:N)"),
        (["cl4sh", "--bot", "greedy,random,random"], "3 bots for 2 players"),
        (["the-way", "--mode", "solo"], "--mode solo: the-way takes one of versus"),
        (["elementa", "--mode", "think"], "--mode think: elementa takes no --mode"),
        (["cl4sh", "--expansion"], "--expansion: CL4SH has no expansion deck"),
        (["cl4sh", "--report", "out.pdf"], "give a file name ending in .html"),
    ],
)
def test_bad_input_is_exit_2_with_a_message(cli: Any, args: list[str], message: str) -> None:
    run = cli("simulate", *args, "--games", "5")
    assert run.code == 2 and run.out == ""
    assert message in run.err and "Traceback" not in run.err


@pytest.mark.parametrize("args", [["--games", "0"], ["--players", "0"], ["--jobs", "0"]])
def test_out_of_range_numbers_are_exit_2(cli: Any, args: list[str]) -> None:
    run = cli("simulate", "cl4sh", *args)
    assert run.code == 2 and "Invalid value" in run.err
