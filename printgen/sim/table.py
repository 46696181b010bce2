"""A simulation summary as a readable table for the terminal."""

from __future__ import annotations

from typing import Any


def _pct(entry: dict[str, Any]) -> str:
    low, high = entry["ci95"]
    return f"{100 * entry['rate']:5.1f}%  (95% CI {100 * low:.1f}-{100 * high:.1f}%)"


def format_summary(summary: dict[str, Any], name: str) -> str:
    lines = [
        f"{name}: {summary['games']} games, {summary['players']} players, "
        f"{summary['bot']} bots, seed {summary['seed']}"
    ]
    if summary.get("options"):
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in summary["options"].items()))
    length = summary["length"]
    lines += [
        "",
        "game length (decisions)",
        f"  mean {length['mean']:.1f}  median {length['median']:g}  "
        f"p10 {length['p10']:g}  p90 {length['p90']:g}  min {length['min']:g}  "
        f"max {length['max']:g}",
        "",
        "wins by seat",
    ]
    for seat, entry in summary["wins_by_seat"].items():
        lines.append(f"  seat {seat:>2}  {_pct(entry)}")
    lines.append(f"  no winner {_pct(summary['no_winner'])}")
    lines += ["", "how games end"]
    for reason, entry in summary["endings"].items():
        lines.append(f"  {reason:<28} {_pct(entry)}")
    if summary.get("scores"):
        lines += ["", "scores"]
        for key, dist in summary["scores"].items():
            lines.append(
                f"  {key:<16} mean {dist['mean']:.1f}  median {dist['median']:g}  "
                f"p10 {dist['p10']:g}  p90 {dist['p90']:g}"
            )
    if summary.get("facts"):
        lines += ["", "facts"]
        for key, value in summary["facts"].items():
            if "rate" in value:
                lines.append(f"  {key:<28} {_pct(value)}")
            elif "mean" in value:
                lines.append(
                    f"  {key:<28} mean {value['mean']:.2f}  median {value['median']:g}"
                    f"  max {value['max']:g}"
                )
            else:
                lines.append(f"  {key:<28} " + ", ".join(f"{k}: {v}" for k, v in value.items()))
    return "\n".join(lines)
