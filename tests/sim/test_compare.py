"""`printgen compare`: same seeds per variant, paired intervals, the table, JSON and report."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from printgen.model.settings import parse_setting
from printgen.sim.compare import _normal, compare_batch
from printgen.sim.measure import _leader, play_measured
from printgen.sim.metrics import SCALE, Sums
from printgen.sim.play import play_game, random_bot
from printgen.sim.runner import new_state
from tests.sim.conftest import spec

DEAL = ("compare", "mywuxing", "--vary", "deal.cards_each.2=8,4", "--games", "300", "--json")


def diffs(summary: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """metric -> variant B's difference from A."""
    return {k: m["variants"]["B"]["vs_a"] for k, m in summary["metrics"].items()}


def test_a_smaller_deal_is_reported_as_a_significant_change(cli: Any) -> None:
    run = cli(*DEAL)
    assert run.code == 0, run.err
    out = run.json()
    assert [v["set"] for v in out["variants"]] == [
        {"deal.cards_each.2": "8"},
        {"deal.cards_each.2": "4"},
    ]
    duration = out["metrics"]["duration"]
    assert duration["label"] == "duration (plays)"
    a, b = duration["variants"]["A"], duration["variants"]["B"]
    assert b["value"] < a["value"]  # fewer cards in hand: shorter games
    change = b["vs_a"]
    assert change["significant"] and change["ci95"][1] < 0
    assert change["diff"] == pytest.approx(b["value"] - a["value"], abs=1e-3)
    assert "vs_a" not in a  # the baseline is not compared with itself


def test_a_rule_a_mode_never_reads_changes_nothing_and_no_interval_leaves_zero(cli: Any) -> None:
    # Learn WuXing never reads the Think leader rule: both variants play the very same games
    run = cli("compare", "mywuxing", "--players", "3", "--games", "300", "--json",
              "--vary", "rules.think.next_leader=rotate,winner")  # fmt: skip
    out = run.json()
    for name, change in diffs(out).items():
        assert not change["significant"], name
        assert change["diff"] == 0 and change["ci95"] == [0, 0], name
    a, b = (out["metrics"]["duration"]["variants"][v] for v in "AB")
    assert a["value"] == b["value"] and a["ci95"] == b["ci95"]


def test_the_leader_rule_in_think_wuxing_changes_the_games(cli: Any) -> None:
    run = cli("compare", "mywuxing", "--players", "4", "--mode", "think", "--games", "1500",
              "--json", "--vary", "rules.think.next_leader=rotate,winner")  # fmt: skip
    changes = diffs(run.json())
    assert any(c["significant"] for c in changes.values())
    assert changes["lead_changes"]["significant"]  # the winner keeps the lead more often


def test_the_same_bytes_whatever_the_jobs(cli: Any) -> None:
    one = cli(*DEAL)
    two = cli(*DEAL, "--jobs", "2")
    assert one.out == two.out and one.code == two.code == 0


def test_the_table_names_each_variant_and_marks_significant_changes(cli: Any) -> None:
    run = cli(*DEAL[:-1])
    assert run.code == 0, run.err
    assert "300 games a variant (the same seeds for each)" in run.out
    assert re.search(r"A \(baseline\)\s+deal.cards_each.2=8", run.out)
    assert re.search(r"B\s+deal.cards_each.2=4", run.out)
    lines = run.out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("duration (plays)"))
    assert lines[at + 1].rstrip().endswith("*")  # B's duration changed significantly


def test_several_keys_make_the_cross_product(cli: Any) -> None:
    run = cli("compare", "mywuxing", "--games", "20", "--json", "--vary", "deal.cards_each.2=8,6",
              "--vary", "rules.tie_breaker=sudden-death,shared")  # fmt: skip
    names = [(v["name"], v["set"]) for v in run.json()["variants"]]
    assert names == [
        ("A", {"deal.cards_each.2": "8", "rules.tie_breaker": "sudden-death"}),
        ("B", {"deal.cards_each.2": "8", "rules.tie_breaker": "shared"}),
        ("C", {"deal.cards_each.2": "6", "rules.tie_breaker": "sudden-death"}),
        ("D", {"deal.cards_each.2": "6", "rules.tie_breaker": "shared"}),
    ]


def test_too_many_variants_are_refused_with_the_count(cli: Any) -> None:
    run = cli("compare", "mywuxing", "--vary", "deal.cards_each.2=3,4,5,6,7",
              "--vary", "deal.cards_each.3=3,4,5,6")  # fmt: skip
    assert run.code == 2 and run.out == ""
    assert "--vary gives 5 x 4 = 20 variants; at most 16" in run.err


@pytest.mark.parametrize(
    "vary,message",
    [
        ("deal.cards_each.2=8", "two values or more"),
        ("deal.cards_each.2=8,,4", "two values or more"),
        ("rules.tiebreaker=a,b", "rules.tiebreaker: --vary rules.tiebreaker=a: no key"),
        ("rules.tie_breaker=shared,coin", "shared, got 'coin' (from --vary"),
        ("deal.cards_each.2=8,30", "deal.cards_each.2=30: the changed game fails"),
    ],
)
def test_bad_variants_exit_2_naming_the_place(cli: Any, vary: str, message: str) -> None:
    run = cli("compare", "mywuxing", "--games", "5", "--vary", vary)
    assert run.code == 2 and run.out == ""
    assert message in run.err, run.err


def test_the_report_has_one_panel_a_metric_and_the_same_bytes_twice(
    cli: Any, tmp_path: Path
) -> None:
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    run = cli(*DEAL, "--report", first)
    cli(*DEAL, "--report", second)
    assert run.code == 0, run.err
    page = first.read_text(encoding="utf-8")
    assert first.read_bytes() == second.read_bytes()
    metrics = run.json()["metrics"]
    assert page.count('<div class="panel">') == len(metrics) == page.count("<svg")
    assert "deal.cards_each.2 = 4" in page
    assert "http" not in page and "<script" not in page  # nothing fetched, nothing run


def test_measured_play_is_the_same_game_as_simulate() -> None:
    s = spec("mywuxing", 3, mode="think")
    for index in range(20):
        seed = f"0:{index}"
        plain = play_game(new_state(s), [random_bot], seed, index)
        measured = play_measured(new_state(s), [random_bot], seed, index)
        assert measured.record == plain
        assert measured.choices >= plain.decisions  # at least one legal move a decision
        assert measured.lead_changes is not None


@pytest.mark.parametrize(("game", "players"), [("cl4sh", 3), ("mywuxing", 3)])
def test_lead_changes_are_counted_move_by_move(game: str, players: int) -> None:
    """The measuring loop looks at the leader only when the standings change, and CL4SH hands
    out its own running list of points: the count must still be the one move by move."""
    s = spec(game, players)
    total = 0
    for index in range(10):
        seed = f"0:{index}"
        moves = play_game(new_state(s), [random_bot], seed, index, record_moves=True).moves
        state = new_state(s)
        leaders = [_leader(list(state.standings()))]
        for move in moves:
            state.apply(move)
            leaders.append(_leader(list(state.standings())))
        alone = [seat for seat in leaders if seat is not None]
        expected = sum(a != b for a, b in pairwise(alone))
        measured = play_measured(new_state(s), [random_bot], seed, index)
        assert measured.lead_changes == expected
        total += expected
    assert total  # the lead did change in some games


def test_a_batch_pairs_each_variant_with_the_baseline_game_by_game() -> None:
    base = spec("mywuxing", 2)
    same = (base, base)
    a, b = compare_batch((same, 0, 30))
    assert a.games == b.games == 30
    assert all(d.s == 0 and d.ss == 0 for d in b.diffs.values())  # identical games
    assert b.values["length"].s == a.values["length"].s
    from dataclasses import replace

    shorter = replace(base, settings=(parse_setting("deal.cards_each.2=4"),))
    _, c = compare_batch(((base, shorter), 0, 30))
    d = c.diff("length")
    assert d.n == 30 and d.s == c.sums("length").s - a.sums("length").s


def test_the_paired_interval_by_hand() -> None:
    # differences 1, 0, 1, 0: mean 0.5, sample variance 1/3, interval 0.5 +- 1.96 sqrt(1/12)
    sums = Sums()
    for x in (1, 0, 1, 0):
        sums.add(x * SCALE)
    centre, half = _normal(sums)
    assert centre == 0.5
    assert half == pytest.approx(1.959963984540054 * (1 / 12) ** 0.5)
    one = Sums()
    one.add(SCALE)
    assert _normal(one) == (1.0, None)


def test_the_leader_is_a_seat_alone_at_the_top() -> None:
    assert _leader([3, 5, 1]) == 1
    assert _leader([5, 5, 1]) is None
    assert _leader([]) is None


def test_json_and_table_give_the_same_numbers(cli: Any) -> None:
    out = cli(*DEAL).json()
    table = cli(*DEAL[:-1]).out
    lines = table.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("duration (plays)"))
    b = out["metrics"]["duration"]["variants"]["B"]
    assert f"{b['value']:.2f}" in lines[at + 1] and f"{b['vs_a']['diff']:.2f}" in lines[at + 1]
    json.dumps(out, allow_nan=False)  # plain JSON: no NaN or Infinity


def test_a_game_stopped_by_its_cap_is_a_timeout_not_a_draw() -> None:
    from printgen.sim.metrics import game_values, units_of

    capped = spec("the-way", 3, max_turns=4)
    state = new_state(capped)
    measured = play_measured(state, [random_bot], "0:0", 0)
    assert measured.record.timeout and measured.record.reason == "stalled"
    values = game_values(measured, 3, units_of(3, {}))
    assert values["timeout"] == SCALE and "draw" not in values
    assert measured.lead_changes is None  # The Way keeps no running score
    coop = play_measured(new_state(spec("the-way", 2, mode="coop-arc1")), [random_bot], "0:1", 1)
    assert not coop.record.timeout and coop.record.length < 1000  # ended by its rules


def test_teams_win_together_and_a_cooperative_game_has_no_seats_to_balance() -> None:
    from printgen.sim.metrics import game_values, units_of

    elementa = new_state(spec("elementa", 4))
    units = units_of(4, elementa.teams())
    assert units == {"team_a": (0, 2), "team_b": (1, 3)}
    values = game_values(play_measured(elementa, [random_bot], "3:0", 0), 4, units)
    assert sum(values.get(f"win:{u}", 0) for u in units) + values.get("draw", 0) == SCALE
    coop = new_state(spec("the-way", 2, mode="coop-arc1"))
    units = units_of(2, coop.teams())
    values = game_values(play_measured(coop, [random_bot], "3:0", 0), 2, units)
    assert "coop_win" in values and "draw" not in values
