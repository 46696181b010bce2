"""Statistics over played games, as plain JSON-ready values (rounded, in a fixed key order)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from printgen.sim.play import GameRecord

Z95 = 1.959963984540054


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound near 0 and 1, unlike +-2 sigma)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default), `q` in 0..100."""
    if not sorted_values:
        return 0.0
    position = (len(sorted_values) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)


def distribution(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {}
    return {
        "mean": _r(sum(ordered) / len(ordered)),
        "min": _r(ordered[0]),
        "p10": _r(percentile(ordered, 10)),
        "p25": _r(percentile(ordered, 25)),
        "median": _r(percentile(ordered, 50)),
        "p75": _r(percentile(ordered, 75)),
        "p90": _r(percentile(ordered, 90)),
        "max": _r(ordered[-1]),
    }


def proportion(successes: int, trials: int) -> dict[str, Any]:
    low, high = wilson(successes, trials)
    rate = successes / trials if trials else 0.0
    return {"count": successes, "rate": _r(rate), "ci95": [_r(low), _r(high)]}


def histogram(values: Sequence[int], bins: int = 20) -> list[dict[str, int]]:
    """Equal-width bins over whole numbers: [{from, to, count}] (to inclusive)."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    counts = Counter((v - low) // width for v in values)
    return [
        {"from": low + i * width, "to": low + (i + 1) * width - 1, "count": counts.get(i, 0)}
        for i in range(max(counts) + 1)
    ]


def summarize(records: Sequence[GameRecord], seats: int) -> dict[str, Any]:
    n = len(records)
    lengths = [r.length for r in records]
    wins = Counter(seat for r in records for seat in r.winners)
    summary: dict[str, Any] = {
        "games": n,
        "length": {**distribution(lengths), "histogram": histogram(lengths)},
        "wins_by_seat": {str(seat + 1): proportion(wins.get(seat, 0), n) for seat in range(seats)},
        "no_winner": proportion(sum(1 for r in records if not r.winners), n),
        "endings": {
            reason: proportion(count, n)
            for reason, count in sorted(Counter(r.reason for r in records).items())
        },
    }
    score_keys = sorted({k for r in records for k in r.scores})
    if score_keys:
        summary["scores"] = {
            k: distribution([r.scores[k] for r in records if k in r.scores]) for k in score_keys
        }
    summary["facts"] = _facts(records)
    return summary


def _facts(records: Sequence[GameRecord]) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for key in sorted({k for r in records for k in r.facts}):
        values = [r.facts[key] for r in records if key in r.facts]
        if all(isinstance(v, bool) for v in values):
            facts[key] = proportion(sum(values), len(values))
        elif all(isinstance(v, (int, float)) for v in values):
            facts[key] = distribution(values)
        else:
            facts[key] = {str(k): c for k, c in sorted(Counter(map(str, values)).items())}
    return facts


def _r(value: float) -> float:
    return round(float(value), 4)
