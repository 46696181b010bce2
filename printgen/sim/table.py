"""A simulation summary as a readable table for the terminal."""

from __future__ import annotations

from printgen.sim.summary import (
    Distribution,
    Fact,
    Proportion,
    Summary,
    is_categories,
    is_distribution,
    is_rate,
)


def _pct(entry: Proportion) -> str:
    low, high = entry["ci95"]
    return f"{100 * entry['rate']:5.1f}%  (95% CI {100 * low:.1f}-{100 * high:.1f}%)"


def _dist(d: Distribution) -> str:
    if not d:
        return "-"
    return (
        f"mean {d['mean']:.1f}  median {d['median']:g}  p10 {d['p10']:g}  p90 {d['p90']:g}"
        f"  min {d['min']:g}  max {d['max']:g}"
    )


def bots_text(bots: list[str]) -> str:
    if len(set(bots)) == 1:
        return f"{bots[0]} bots"
    return "bots " + ", ".join(f"seat {k + 1} {b}" for k, b in enumerate(bots))


def even_share(summary: Summary) -> float:
    """What each seat (or team) would win if no seat had an advantage; 0 when co-operative."""
    teams = summary.get("wins_by_team", {})
    if teams:
        return 1 / len(teams) if len(teams) > 1 else 0.0
    return 1 / summary["players"] if summary["players"] > 1 else 0.0


def format_summary(summary: Summary, name: str) -> str:
    lines = [
        f"{name}: {summary['games']} games, {summary['players']} players, "
        f"{bots_text(summary['bots'])}, seed {summary['seed']}"
    ]
    if summary.get("options"):
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in summary["options"].items()))
    length = summary["length"]
    lines += [
        "",
        f"game length ({length['unit']})",
        f"  {_dist(length)}",
        f"  player decisions per game: {_dist(summary['decisions'])}",
        "",
        "wins by seat"
        + (f" (an even share is {100 * even_share(summary):.1f}%)" if even_share(summary) else ""),
    ]
    for seat, entry in summary["wins_by_seat"].items():
        lines.append(f"  seat {seat:>2}  {_pct(entry)}")
    for team, entry in summary.get("wins_by_team", {}).items():
        lines.append(f"  team {team:<8} {_pct(entry)}")
    lines.append(f"  no winner {_pct(summary['no_winner'])}")
    lines += ["", "how games end"]
    for reason, entry in summary["endings"].items():
        lines.append(f"  {reason:<28} {_pct(entry)}")
    if summary.get("scores"):
        lines += ["", "scores"]
        for key, dist in summary["scores"].items():
            lines.append(f"  {key:<16} {_dist(dist)}")
    if summary.get("facts"):
        lines += ["", "facts"]
        for key, value in summary["facts"].items():
            lines += _fact_lines(key, value)
    return "\n".join(lines)


def _fact_lines(key: str, value: Fact) -> list[str]:
    if is_rate(value):
        return [f"  {key:<28} {_pct(value)}"]
    if is_distribution(value):
        return [f"  {key:<28} {_dist(value)}"]
    if not is_categories(value):  # never: the three kinds of fact cover all
        raise TypeError(f"fact {key}: {value!r}")
    return [f"  {key:<28} " + ", ".join(f"{k} {100 * v['rate']:.1f}%" for k, v in value.items())]
