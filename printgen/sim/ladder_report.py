"""`compare --bots ... --report FILE.html`: the skill ladder as a page: the table (each cell
shaded by how far it is from an even share), the order and the skill gap, and one chart of
every pairing with its 95% interval. Same summary, same bytes (as `compare`'s report)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import PackageLoader, Undefined, select_autoescape

from printgen.files.atomic import write_atomic
from printgen.model.sandbox import Sandbox
from printgen.sim.compare_report import COLOURS
from printgen.sim.ladder_summary import LadderSummary, Score, is_alone, is_pairs
from printgen.sim.report import _svg, check_report_path

__all__ = ["check_report_path", "render_report", "write_report"]


def chart(summary: LadderSummary) -> str:
    """An SVG bar chart: each bot's score against each other bot (or alone), with intervals,
    and the even share as a line."""
    import matplotlib  # optional extra (charts), only when a report is drawn

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "printgen"  # fixed ids: same input, same bytes
    matplotlib.rcParams["text.parse_math"] = False  # names from data are text, never $math$
    import matplotlib.pyplot as plt

    bars = list(_bars(summary))
    fig, ax = plt.subplots(figsize=(max(3.2, 0.9 * len(bars)), 2.6))
    values = [100 * e["value"] for _, e in bars]
    errors = [
        [100 * (e["value"] - e["ci95"][0]) if e["ci95"] else 0.0 for _, e in bars],
        [100 * (e["ci95"][1] - e["value"]) if e["ci95"] else 0.0 for _, e in bars],
    ]
    bots = summary["bots"]
    colours = [COLOURS[bots.index(label.split(" vs ")[0]) % len(COLOURS)] for label, _ in bars]
    ax.bar([label for label, _ in bars], values, yerr=errors, capsize=3, color=colours)
    if summary["even_share"]:
        ax.axhline(100 * summary["even_share"], color="#7f7f7f", linewidth=0.8, linestyle="--")
    ax.set_ylabel("wins, %", fontsize=8)
    ax.tick_params(labelsize=7)
    plt.setp(ax.get_xticklabels(), rotation=30, ha="right")
    svg = _svg(fig)
    plt.close(fig)
    return svg


def _bars(summary: LadderSummary) -> list[tuple[str, Score]]:
    """Each bot alone (a game of one side), else each bot against each other, table order."""
    bars: list[tuple[str, Score]] = []
    for a, row in summary["table"].items():
        if is_alone(row):
            bars.append((a, row))
        elif is_pairs(row):
            bars += [(f"{a} vs {b}", entry) for b, entry in row.items()]
    return bars


def render_report(summary: LadderSummary, name: str) -> bytes:
    env = Sandbox(  # printgen's own page: a missing value prints as nothing
        undefined=Undefined,
        loader=PackageLoader("printgen.sim", "templates"),
        autoescape=select_autoescape(["html", "html.j2"]),
    )
    page = env.get_template("ladder.html.j2").render(
        name=name, summary=summary, chart=chart(summary), colours=COLOURS
    )
    return page.encode("utf-8")


def write_report(summary: LadderSummary, name: str, path: Path) -> None:
    check_report_path(path)
    write_atomic(path, render_report(summary, name))
