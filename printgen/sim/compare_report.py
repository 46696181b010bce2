"""`compare --report FILE.html`: the comparison table and one chart panel per metric, the
variants side by side with their 95% intervals; a * beside a variant's name marks a difference
from the baseline whose interval leaves 0 out. Same summary, same bytes (as `simulate`'s)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import PackageLoader, Undefined, select_autoescape

from printgen.model.sandbox import Sandbox
from printgen.sim.compare_summary import CompareSummary
from printgen.sim.report import _svg, check_report_path, save_report
from printgen.sim.table import bots_text

COLOURS = ("#3b6ea5", "#c0504d", "#9bbb59", "#8064a2", "#f79646", "#4bacc6", "#7f7f7f")

__all__ = ["check_report_path", "render_report", "write_report"]


def panels(summary: CompareSummary) -> dict[str, str]:
    """metric name -> an SVG bar chart of that metric, one bar a variant."""
    import matplotlib  # optional extra (charts), only when a report is drawn

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "printgen"  # fixed ids: same input, same bytes
    matplotlib.rcParams["text.parse_math"] = False  # names from data are text, never $math$
    import matplotlib.pyplot as plt

    out: dict[str, str] = {}
    for name, metric in summary["metrics"].items():
        scale = 100.0 if metric["kind"] == "rate" else 1.0
        entries = list(metric["variants"].items())
        fig, ax = plt.subplots(figsize=(3.2, 2.2))
        values = [scale * e["value"] for _, e in entries]
        errors = [
            [scale * (e["value"] - e["ci95"][0]) if e["ci95"] else 0.0 for _, e in entries],
            [scale * (e["ci95"][1] - e["value"]) if e["ci95"] else 0.0 for _, e in entries],
        ]
        colours = [COLOURS[i % len(COLOURS)] for i in range(len(entries))]
        labels = [
            f"{v} *" if e.get("vs_a", {}).get("significant") else v for v, e in entries
        ]  # a * beside a variant whose difference from A is significant
        ax.bar(labels, values, yerr=errors, capsize=3, color=colours)
        ax.axhline(0, color="#7f7f7f", linewidth=0.6)
        ax.set_ylabel("%" if metric["kind"] == "rate" else "mean", fontsize=8)
        ax.tick_params(labelsize=8)
        out[name] = _svg(fig)
        plt.close(fig)
    return out


def render_report(summary: CompareSummary, name: str) -> bytes:
    env = Sandbox(  # printgen's own page: a missing value prints as nothing
        undefined=Undefined,
        loader=PackageLoader("printgen.sim", "templates"),
        autoescape=select_autoescape(["html", "html.j2"]),
    )
    page = env.get_template("compare.html.j2").render(
        name=name,
        summary=summary,
        charts=panels(summary),
        bots=bots_text(summary["bots"]),
        colours=COLOURS,
    )
    return page.encode("utf-8")


def write_report(summary: CompareSummary, name: str, path: Path) -> None:
    check_report_path(path)
    save_report(path, render_report(summary, name))
