"""Statistics over played games, as plain JSON-ready values (rounded, in a fixed key order)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from printgen.sim.summary import Bin, Distribution, Fact, Played, Proportion, Scores, TeamWins
from printgen.sim.tally import BOOL, NUMBER, FactValue, Tally

Z95 = 1.959963984540054


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound near 0 and 1, unlike +-2 sigma)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the edges
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default), `q` in 0..100."""
    return _percentile([(v, 1) for v in sorted_values], len(sorted_values), q)


def distribution(values: Iterable[float] | Mapping[float, int]) -> Distribution:
    """Mean, extremes and percentiles of values, given one by one or as value -> count."""
    counts = values if isinstance(values, Mapping) else Counter(values)
    ordered = sorted((float(v), c) for v, c in counts.items() if c > 0)
    n = sum(c for _, c in ordered)
    if not n:
        return {}
    return {
        "mean": _r(sum(v * c for v, c in ordered) / n),
        "min": _r(ordered[0][0]),
        "p10": _r(_percentile(ordered, n, 10)),
        "p25": _r(_percentile(ordered, n, 25)),
        "median": _r(_percentile(ordered, n, 50)),
        "p75": _r(_percentile(ordered, n, 75)),
        "p90": _r(_percentile(ordered, n, 90)),
        "max": _r(ordered[-1][0]),
    }


def _percentile(ordered: list[tuple[float, int]], n: int, q: float) -> float:
    """The percentile of the `n` values that `ordered` (value, count), ascending, stands for."""
    if not n:
        return 0.0
    position = (n - 1) * q / 100
    low = math.floor(position)
    below, above = _nth(ordered, low), _nth(ordered, min(low + 1, n - 1))
    return below + (above - below) * (position - low)


def _nth(ordered: list[tuple[float, int]], index: int) -> float:
    for value, count in ordered:
        if index < count:
            return value
        index -= count
    return ordered[-1][0]


def proportion(successes: int, trials: int) -> Proportion:
    low, high = wilson(successes, trials)
    rate = successes / trials if trials else 0.0
    return {"count": successes, "rate": _r(rate), "ci95": [_r(low), _r(high)]}


def histogram(values: Iterable[int] | Mapping[int, int], bins: int = 20) -> list[Bin]:
    """Equal-width bins over whole numbers: [{from, to, count}] (to inclusive)."""
    counts = values if isinstance(values, Mapping) else Counter(values)
    present = [v for v, c in counts.items() if c > 0]
    if not present:
        return []
    low, high = min(present), max(present)
    width = max(1, math.ceil((high - low + 1) / bins))
    binned: Counter[int] = Counter()
    for value, count in counts.items():
        binned[(value - low) // width] += count
    return [
        {"from": low + i * width, "to": low + (i + 1) * width - 1, "count": binned.get(i, 0)}
        for i in range(max(binned) + 1)
    ]


def summarize(tally: Tally, seats: int, teams: Mapping[str, Sequence[int]] | None = None) -> Played:
    """Everything the games say, as one JSON-ready object (same tally, same object)."""
    n = tally.games
    wins = dict.fromkeys(range(seats), 0)
    for winners, count in tally.winners.items():
        for seat in winners:
            wins[seat] += count
    every = facts(tally.facts)
    return {
        "games": n,
        "length": {
            "unit": tally.unit,
            **distribution(tally.lengths),
            "histogram": histogram(tally.lengths),
        },
        "decisions": distribution(tally.decisions),
        "wins_by_seat": {str(seat + 1): proportion(wins[seat], n) for seat in range(seats)},
        **_team_wins(tally, teams),
        "no_winner": proportion(tally.winners.get((), 0), n),
        "endings": {
            reason: proportion(count, n) for reason, count in sorted(tally.reasons.items())
        },
        **_scores(tally),
        "facts": {k: v for k, v in every.items() if k != tally.unit},  # that one's the length
    }


def _team_wins(tally: Tally, teams: Mapping[str, Sequence[int]] | None) -> TeamWins:
    if not teams:
        return {}
    return {
        "wins_by_team": {
            team: proportion(tally.winners.get(tuple(sorted(members)), 0), tally.games)
            for team, members in teams.items()
        }
    }


def _scores(tally: Tally) -> Scores:
    if not tally.scores:
        return {}
    return {
        "scores": {
            _score_name(k): distribution(tally.scores[k])
            for k in sorted(tally.scores, key=_seat_order)
        }
    }


def facts(tallied: Mapping[str, Mapping[tuple[str, FactValue], int]]) -> dict[str, Fact]:
    """Per-game facts summed up key by key, over the games that report the key: booleans as a
    rate with its interval, numbers as a distribution, anything else as categories, each a rate.
    (Lists and mappings arrive flattened by `Tally`: `key.seat1`, `key.team_a`.)"""
    out: dict[str, Fact] = {}
    for key in sorted(tallied):
        counts = tallied[key]
        n = sum(counts.values())
        kinds = {kind for kind, _ in counts}
        if kinds == {BOOL}:
            out[key] = proportion(counts.get((BOOL, True), 0), n)
        elif kinds == {NUMBER}:
            # a NUMBER's value is a number (`tally.kind_of`): the test only tells mypy so
            out[key] = distribution(
                {v: c for (_, v), c in counts.items() if not isinstance(v, str)}
            )
        else:
            named: Counter[str] = Counter()
            for (_, value), count in counts.items():
                named[str(value)] += count
            out[key] = {c: proportion(k, n) for c, k in sorted(named.items())}
    return out


def _seat_order(key: str) -> tuple[int, str]:
    return (int(key), "") if key.isdigit() else (1 << 30, key)


def _score_name(key: str) -> str:
    """Scores keyed by 0-based seat ("0") are shown as "seat 1"; team names stay."""
    return f"seat {int(key) + 1}" if key.isdigit() else key


def _r(value: float) -> float:
    return round(float(value), 4)
