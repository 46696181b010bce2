"""`simulate --report FILE.html`: the statistics with charts, one self-contained HTML file.

Charts are drawn with matplotlib as inline SVG (no scripts, no network). matplotlib loads only
here, when a report is asked for.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from printgen.errors import UsageError
from printgen.render.writer import write_atomic


def _svg(figure: Any) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def charts(summary: dict[str, Any]) -> dict[str, str]:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "printgen"  # fixed ids: same input, same bytes
    import matplotlib.pyplot as plt

    out: dict[str, str] = {}
    bins = summary["length"]["histogram"]
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.bar(
        [b["from"] for b in bins],
        [b["count"] for b in bins],
        width=[b["to"] - b["from"] + 1 for b in bins],
        align="edge",
        color="#3b6ea5",
    )
    ax.set_xlabel("game length (decisions)")
    ax.set_ylabel("games")
    out["length"] = _svg(fig)
    plt.close(fig)

    seats = summary["wins_by_seat"]
    fig, ax = plt.subplots(figsize=(6, 3))
    names = list(seats)
    rates = [100 * seats[s]["rate"] for s in names]
    errors = [
        [100 * (seats[s]["rate"] - seats[s]["ci95"][0]) for s in names],
        [100 * (seats[s]["ci95"][1] - seats[s]["rate"]) for s in names],
    ]
    ax.bar(names, rates, yerr=errors, capsize=4, color="#c0504d")
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate % (95% CI)")
    out["seats"] = _svg(fig)
    plt.close(fig)

    scores = summary.get("scores") or {}
    if scores:
        fig, ax = plt.subplots(figsize=(6, 3))
        keys = list(scores)
        stats = [
            {
                "label": k,
                "whislo": scores[k]["p10"],
                "q1": scores[k]["p25"],
                "med": scores[k]["median"],
                "q3": scores[k]["p75"],
                "whishi": scores[k]["p90"],
                "fliers": [],
            }
            for k in keys
        ]
        ax.bxp(stats, showfliers=False)
        ax.set_ylabel("score (p10-p90 whiskers)")
        out["scores"] = _svg(fig)
        plt.close(fig)
    return out


def render_report(summary: dict[str, Any], name: str) -> bytes:
    env = Environment(
        loader=PackageLoader("printgen.sim", "templates"), autoescape=select_autoescape(["html"])
    )
    page = env.get_template("report.html.j2").render(
        name=name, summary=summary, charts=charts(summary)
    )
    return page.encode("utf-8")


def write_report(summary: dict[str, Any], name: str, path: Path) -> None:
    if path.suffix.lower() not in (".html", ".htm"):
        raise UsageError(f"--report {path}: give a file name ending in .html")
    write_atomic(path, render_report(summary, name))
