"""A `compare` summary as one table: rows of metrics, a line for each variant."""

from __future__ import annotations

from printgen.sim.compare_summary import CompareSummary
from printgen.sim.table import bots_text


def format_compare(summary: CompareSummary, name: str) -> str:
    variants = summary["variants"]
    lines = [
        f"{name}: {summary['games']} games a variant (the same seeds for each), "
        f"{summary['players']} players, {bots_text(summary['bots'])}, seed {summary['seed']}"
    ]
    if summary.get("options"):
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in summary["options"].items()))
    for v in variants:
        settings = ", ".join(f"{k}={t}" for k, t in v["set"].items())
        lines.append(f"  {v['name']}{' (baseline)' if v is variants[0] else '':<11} {settings}")
    width = max([len(m["label"]) for m in summary["metrics"].values()] + [20])
    lines += [
        "",
        f"{'metric':<{width}}  {'':2} {'value':>8}  {'95% CI':<17}  "
        f"{'vs A':>8}  {'95% CI (paired)':<17}",
    ]
    for metric in summary["metrics"].values():
        rate = metric["kind"] == "rate"
        for i, (variant, entry) in enumerate(metric["variants"].items()):
            label = metric["label"] if i == 0 else ""
            row = f"{label:<{width}}  {variant:<2} {_num(entry['value'], rate):>8}  "
            row += f"{_ci(entry['ci95'], rate):<17}"
            versus = entry.get("vs_a")
            if versus:
                mark = "  *" if versus["significant"] else ""
                row += f"  {_num(versus['diff'], rate, sign=True):>8}  "
                row += f"{_ci(versus['ci95'], rate):<17}{mark}"
            lines.append(row.rstrip())
    lines += [
        "",
        "rates in %, their differences in percentage points; first-player advantage: seat 1's "
        "win rate minus an even share;",
        "seat balance: the largest gap of a seat's win rate from an even share; completion: "
        "games ended by the rules, not a cap;",
        "* the 95% interval of the difference from A (paired by seed) leaves 0 out",
    ]
    return "\n".join(lines)


def _num(value: float, rate: bool, sign: bool = False) -> str:
    shown = (100 * value if rate else value) + 0.0
    text = f"{shown:.1f}" if rate else f"{shown:.2f}"
    return ("+" if sign and not text.startswith("-") else "") + text


def _ci(ci: list[float] | None, rate: bool) -> str:
    if ci is None:
        return "-"
    low, high = (100 * x if rate else x for x in ci)
    return f"{low:.1f} .. {high:.1f}" if rate else f"{low:.2f} .. {high:.2f}"
