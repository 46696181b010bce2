"""`printgen compare GAME --bots ...`: the skill ladder, by seat, seeds paired."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.sim.ladder import LadderSpec, ladder_batch, ladder_spec, summarize_ladder
from printgen.sim.ladder_report import render_report
from tests.sim.conftest import spec


def test_without_decisions_every_pairing_is_even_and_the_gap_is_zero(cli: Any) -> None:
    """Learn WuXing has no decisions: whatever the bots, seat 1 and seat 2 play the same game
    for a seed, and every game has a winner (a tie is shared: 1/2 each). A bot's score against
    another, averaged over the two seats, is then exactly 1/2 in every game: the table is an
    even share with a zero-width interval and the skill gap is 0."""
    run = cli("compare", "mywuxing", "--bots", "random,greedy", "--games", "40", "--json")
    assert run.code == 0, run.err
    summary = run.json()
    cell = summary["table"]["random"]["greedy"]
    assert cell["value"] == 0.5 and cell["ci95"] == [0.5, 0.5] and cell["games"] == 40
    assert summary["skill_gap"]["value"] == 0.0 and summary["even_share"] == 0.5
    by_seat = cell["by_unit"]
    assert round(by_seat["1"]["value"] + by_seat["2"]["value"], 4) == 1.0


def test_a_ladder_ranks_the_stronger_bot_first(cli: Any) -> None:
    """Think WuXing: the greedy bot (one play ahead) against random play."""
    run = cli(
        "compare", "mywuxing", "--mode", "think", "--bots", "random,greedy", "--games", "150",
        "--json",
    )  # fmt: skip
    assert run.code == 0, run.err
    summary = run.json()
    assert summary["order"] == ["greedy", "random"]
    gap = summary["skill_gap"]
    assert gap["stronger"] == "greedy" and gap["ci95"][0] > 0
    greedy, rand = summary["table"]["greedy"]["random"], summary["table"]["random"]["greedy"]
    assert abs(greedy["value"] + rand["value"] - 1.0) < 1e-3  # two sides: every game is won
    text = cli("compare", "mywuxing", "--mode", "think", "--bots", "random,greedy",
               "--games", "150")  # fmt: skip
    assert "skill gap: +" in text.out and "order, strongest first: greedy, random" in text.out


def test_a_solo_game_ranks_each_bot_alone() -> None:
    """Feng Shui Master alone: each bot takes the exam; the gap is the pass rates' difference,
    paired by seed."""
    ladder = ladder_spec(spec("feng-shui-master", 1), ("random", "greedy"), {})
    assert ladder.seatings() == [("random",), ("greedy",)]
    summary = summarize_ladder(ladder, ladder_batch((ladder, 0, 30)))
    rand, greedy = summary["table"]["random"]["value"], summary["table"]["greedy"]["value"]
    gap = summary["skill_gap"]
    assert gap["stronger"] == "greedy" and gap["value"] == round(greedy - rand, 4)


def test_teams_take_sides_together() -> None:
    """Elementa, two teams of two: a bot takes a whole team; the other bot the other team."""
    ladder = ladder_spec(spec("elementa", 4), ("random", "greedy"), {"A": (0, 2), "B": (1, 3)})
    assert sorted(ladder.seatings()) == sorted(
        [("random", "greedy", "random", "greedy"), ("greedy", "random", "greedy", "random")]
    )


def test_four_seats_play_each_bot_alone_at_a_table_of_the_other() -> None:
    ladder = ladder_spec(spec("the-way", 4), ("random", "greedy"), {})
    seatings = ladder.seatings()
    assert len(seatings) == 8  # 2 ordered pairs x 4 seats
    assert ("greedy", "random", "random", "random") in seatings
    assert ("random", "greedy", "greedy", "greedy") in seatings


def test_any_split_of_the_seeds_gives_the_same_figures() -> None:
    ladder: LadderSpec = ladder_spec(spec("cl4sh", 2, mode="set"), ("random", "mcts:3"), {})
    whole = summarize_ladder(ladder, ladder_batch((ladder, 0, 6)))
    halves = ladder_batch((ladder, 0, 4)).merge(ladder_batch((ladder, 4, 6)))
    assert summarize_ladder(ladder, halves) == whole


def test_the_report_is_the_same_bytes_for_the_same_summary(cli: Any, tmp_path: Path) -> None:
    report = tmp_path / "ladder.html"
    run = cli("compare", "mywuxing", "--mode", "think", "--bots", "random,greedy", "--games", "20",
              "--json", "--report", report)  # fmt: skip
    assert run.code == 0, run.err
    page = report.read_text(encoding="utf-8")
    assert "Skill gap" in page and "<svg" in page and "vs greedy" in page
    assert render_report(run.json(), "MyWuXing") == report.read_bytes()


def test_bad_ladders_are_refused(cli: Any) -> None:
    for args, message in (
        (("--bots", "random"), "two or more different bots"),
        (("--bots", "random,random"), "two or more different bots"),
        (("--bots", "random,mtcs"), "did you mean 'mcts'?"),
        (("--bots", "random,greedy", "--vary", "rules.max_plays=10,20"), "not both"),
        ((), "give --vary"),
    ):
        run = cli("compare", "mywuxing", *args)
        assert run.code == 2 and message in run.err, (args, run.err)


def test_a_score_won_in_every_seed_keeps_an_interval() -> None:
    """Worked by hand. Greedy beating random in all 300 seeds has no spread, so the normal
    interval would be 100-100 %. Wilson's for 300 of 300: 1 - 3.8415 / 303.8415 = 0.98736,
    so 98.7-100 %, and the gap above an even half 48.7-50 points. All 300 lost: 0-1.26 %. A
    solo gap (pass-rate difference, -1..1) of 1 in every seed: 0.9874-1. Two seeds of 0 and
    two of 1 keep the normal interval: sd sqrt(1/3), half 1.96 x 0.5774 / 2 = 0.5658, cut to
    the range 0-1; 1/2 in every seed (no decisions) keeps its zero width."""
    from printgen.sim.ladder import _entry
    from printgen.sim.metrics import SCALE, Sums

    def alike(n: int, score: float) -> Sums:
        x = round(score * SCALE)
        return Sums(n, n * x, n * x * x)

    assert _entry(alike(300, 1.0))["ci95"] == [0.9874, 1.0]
    assert _entry(alike(300, 1.0), shift=0.5) == {
        "value": 0.5, "ci95": [0.4874, 0.5], "games": 300,
    }  # fmt: skip
    assert _entry(alike(300, 0.0))["ci95"] == [0.0, 0.0126]
    assert _entry(alike(300, 1.0), floor=-1.0)["ci95"] == [0.9874, 1.0]
    assert _entry(alike(300, -1.0), floor=-1.0)["ci95"] == [-1.0, -0.9874]
    assert _entry(alike(40, 0.5))["ci95"] == [0.5, 0.5]
    assert _entry(alike(40, 0.0), floor=-1.0)["ci95"] == [0.0, 0.0]
    spread = Sums(4, 2 * SCALE, 2 * SCALE * SCALE)
    assert _entry(spread)["ci95"] == [0.0, 1.0]
    assert _entry(spread, floor=-1.0)["ci95"] == [-0.0658, 1.0]
