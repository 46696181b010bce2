"""The statistics functions, against values worked by hand."""

from __future__ import annotations

import pytest

from printgen.sim.play import GameRecord
from printgen.sim.stats import (
    distribution,
    facts,
    histogram,
    percentile,
    proportion,
    summarize,
    wilson,
)
from printgen.sim.tally import Tally


def test_wilson_interval_of_5_in_10() -> None:
    # p = 0.5, z^2 = 3.8415: centre (0.5 + 0.19207) / 1.38415 = 0.5,
    # half 1.96 * sqrt(0.025 + 0.0096037) / 1.38415 = 0.26340
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.23659, abs=1e-5)
    assert high == pytest.approx(0.76341, abs=1e-5)


def test_wilson_interval_at_the_edges() -> None:
    # 0 in 10: centre 0.19207 / 1.38415 = 0.13876, half the same: [0, 0.27753]
    assert wilson(0, 10) == (0.0, pytest.approx(0.27753, abs=1e-5))
    assert wilson(10, 10) == (pytest.approx(0.72247, abs=1e-5), 1.0)
    assert wilson(0, 0) == (0.0, 1.0)  # nothing known


def test_wilson_interval_narrows_with_more_games() -> None:
    low, high = wilson(500, 1000)
    assert high - low == pytest.approx(2 * 1.96 * (0.25 / 1000) ** 0.5, rel=0.01)


def test_proportion_is_rounded_json() -> None:
    assert proportion(1, 3) == {"count": 1, "rate": 0.3333, "ci95": [0.0615, 0.7923]}


def test_percentiles_interpolate_between_ranks() -> None:
    values = [1.0, 2.0, 3.0, 4.0]
    assert percentile(values, 50) == 2.5
    assert percentile(values, 25) == 1.75  # position 0.75 between 1 and 2
    assert percentile(values, 90) == pytest.approx(3.7)
    assert percentile(values, 0) == 1.0 and percentile(values, 100) == 4.0
    assert percentile([], 50) == 0.0


def test_distribution() -> None:
    d = distribution([4, 1, 3, 2, 10])
    assert d == {
        "mean": 4.0,
        "min": 1.0,
        "p10": 1.4,
        "p25": 2.0,
        "median": 3.0,
        "p75": 4.0,
        "p90": 7.6,
        "max": 10.0,
    }
    assert distribution([]) == {}


def test_histogram_bins_whole_numbers() -> None:
    # 1..5 in 2 bins: width ceil(5 / 2) = 3: [1, 3] and [4, 6]
    assert histogram([1, 1, 2, 5], bins=2) == [
        {"from": 1, "to": 3, "count": 3},
        {"from": 4, "to": 6, "count": 1},
    ]
    assert histogram([7, 7]) == [{"from": 7, "to": 7, "count": 2}]
    assert histogram([]) == []


def tallied(*per_game: dict[str, object]) -> dict[str, object]:
    games = [GameRecord(0, "s", 1, "turns", 1, (), "over", {}, f) for f in per_game]
    return facts(Tally.of(games).facts)


def test_facts_by_kind() -> None:
    out = tallied(
        {"sweep": True, "plays": 3, "gate": "air", "relics": {"a": 5, "b": 0}, "q": [1, 2]},
        {"sweep": False, "plays": 5, "gate": None, "relics": {"a": 2, "b": 3}, "q": [3, 4]},
    )
    assert out["sweep"] == proportion(1, 2)
    assert out["plays"]["mean"] == 4.0
    assert out["gate"] == {"air": proportion(1, 2), "none": proportion(1, 2)}
    assert out["relics.a"]["mean"] == 3.5 and out["relics.b"]["max"] == 3.0
    assert out["q.seat1"]["mean"] == 2.0 and out["q.seat2"]["mean"] == 3.0
    assert list(out) == sorted(out)


def test_facts_count_only_the_games_that_report_them() -> None:
    out = tallied({"passed": True}, {"passed": False}, {}, {"passed": True})
    assert out["passed"] == proportion(2, 3)


def record(winners: tuple[int, ...], reason: str, length: int, **scores: float) -> GameRecord:
    return GameRecord(0, "s", length, "turns", 2 * length, winners, reason, scores, {"turns": 1})


def test_summary_counts_seats_teams_endings_and_scores() -> None:
    games = [
        record((0, 2), "score", 10, team_a=30, team_b=20),
        record((1, 3), "relic sweep", 10, team_a=5, team_b=8),
        record((0, 2), "score", 12, team_a=40, team_b=10),
        record((), "draw", 11, team_a=20, team_b=20),
    ]
    s = summarize(Tally.of(games), 4, {"team_a": (0, 2), "team_b": (1, 3)})
    assert s["games"] == 4
    assert s["length"]["unit"] == "turns" and s["length"]["mean"] == 10.75
    assert s["decisions"]["max"] == 24.0
    assert s["wins_by_seat"]["1"] == proportion(2, 4) == s["wins_by_team"]["team_a"]
    assert s["wins_by_seat"]["2"] == proportion(1, 4) == s["wins_by_team"]["team_b"]
    assert s["no_winner"] == proportion(1, 4)
    assert list(s["endings"]) == ["draw", "relic sweep", "score"]
    assert s["endings"]["score"] == proportion(2, 4)
    assert s["scores"]["team_a"]["mean"] == 23.75
    assert "turns" not in s["facts"]  # the length itself, not repeated


def test_summary_names_seat_scores() -> None:
    games = [record((0,), "won", 3, **{"0": 5.0, "1": 2.0, "10": 1.0})]
    assert list(summarize(Tally.of(games), 11)["scores"]) == ["seat 1", "seat 2", "seat 11"]


def test_counts_give_the_same_statistics_as_values() -> None:
    values = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
    counts: dict[float, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    assert distribution(counts) == distribution(values)
    assert histogram({1: 2, 5: 3}, bins=2) == histogram([1, 1, 5, 5, 5], bins=2)


def test_tallies_merge_in_any_order() -> None:
    games = [record((k % 2,), "won", 5 + k, **{"0": float(k)}) for k in range(10)]
    whole = Tally.of(games)
    halves = Tally.of(games[5:]).merge(Tally.of(games[:5]))
    assert summarize(halves, 2) == summarize(whole, 2)
    assert whole.games == 10 and whole.lengths[7] == 1


def test_true_and_one_are_different_facts() -> None:
    out = tallied({"x": True}, {"x": 1})
    assert out["x"] == {"1": proportion(1, 2), "True": proportion(1, 2)}
