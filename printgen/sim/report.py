"""`simulate --report FILE.html`: the statistics with charts, one self-contained HTML file.

Charts are drawn with matplotlib as inline SVG: no scripts, no fonts or images fetched, no
URL anywhere (the SVG's namespace and metadata declarations are left out, as HTML allows).
Ids are fixed and dates left out, so the same statistics give the same bytes. matplotlib loads
only here, when a report is asked for; it is an optional extra (`pip install 'printgen[charts]'`),
and a report asked for without it is refused before the run, naming the extra.
"""

from __future__ import annotations

import io
import re
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from jinja2 import PackageLoader, Undefined, select_autoescape

from printgen.errors import UsageError
from printgen.files.atomic import write_atomic
from printgen.files.guarded import unwritable
from printgen.model.sandbox import Sandbox
from printgen.sim.summary import Proportion, Summary
from printgen.sim.table import bots_text, even_share

if TYPE_CHECKING:  # matplotlib is an optional extra, loaded only when a report is drawn
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

BLUE, RED, GREY = "#3b6ea5", "#c0504d", "#7f7f7f"


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)
    return re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", text)


def _rates(ax: Axes, entries: dict[str, Proportion], labels: list[str], colour: str) -> None:
    rates = [100 * e["rate"] for e in entries.values()]
    errors = [
        [100 * (e["rate"] - e["ci95"][0]) for e in entries.values()],
        [100 * (e["ci95"][1] - e["rate"]) for e in entries.values()],
    ]
    ax.bar(labels, rates, yerr=errors, capsize=4, color=colour)


def charts(summary: Summary) -> dict[str, str]:
    """The report's charts as SVG, by name: game length, wins by seat or team, endings, and
    the scores when the games keep them."""
    plt = _pyplot()
    drawn = [
        ("length", _length_chart),
        ("seats", _seats_chart),
        ("endings", _endings_chart),
        ("scores", _scores_chart),
    ]
    out: dict[str, str] = {}
    for name, draw in drawn:
        fig = draw(plt, summary)
        if fig is not None:
            out[name] = _svg(fig)
            plt.close(fig)
    return out


def _pyplot() -> ModuleType:
    """matplotlib's pyplot, set to draw the same bytes for the same input."""
    import matplotlib  # only the simulation report draws with it: start-up of the rest

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "printgen"  # fixed ids: same input, same bytes
    matplotlib.rcParams["text.parse_math"] = False  # names from data are text, never $math$
    import matplotlib.pyplot as plt  # as above: only the report's charts need it

    return plt


def _length_chart(plt: ModuleType, summary: Summary) -> Figure:
    bins = summary["length"]["histogram"]
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.bar(
        [b["from"] - 0.5 for b in bins],
        [b["count"] for b in bins],
        width=[b["to"] - b["from"] + 1 for b in bins],
        align="edge",
        color=BLUE,
    )
    ax.set_xlabel(f"game length ({summary['length']['unit']})")
    ax.set_ylabel("games")
    return fig


def _seats_chart(plt: ModuleType, summary: Summary) -> Figure:
    teams = summary.get("wins_by_team", {})
    fig, ax = plt.subplots(figsize=(6, 3))
    if teams:  # partners share every result: the teams say it all
        _rates(ax, teams, [f"team {t}" for t in teams], BLUE)
    else:
        _rates(ax, summary["wins_by_seat"], [f"seat {s}" for s in summary["wins_by_seat"]], RED)
    if even_share(summary):
        ax.axhline(100 * even_share(summary), color=GREY, linestyle="--", linewidth=1)
    ax.set_ylabel("win rate % (95% CI)")
    return fig


def _endings_chart(plt: ModuleType, summary: Summary) -> Figure:
    endings = summary["endings"]
    fig, ax = plt.subplots(figsize=(6, 0.5 + 0.4 * len(endings)))
    ax.barh(list(endings), [100 * e["rate"] for e in endings.values()], color=BLUE)
    ax.invert_yaxis()
    ax.set_xlabel("games %")
    return fig


def _scores_chart(plt: ModuleType, summary: Summary) -> Figure | None:
    """A box per score kept (None when the games keep none)."""
    scores = summary.get("scores") or {}
    if not scores:
        return None
    fig, ax = plt.subplots(figsize=(6, 3))
    stats = [
        {
            "label": key,
            "whislo": d["p10"],
            "q1": d["p25"],
            "med": d["median"],
            "q3": d["p75"],
            "whishi": d["p90"],
            "mean": d["mean"],
            "fliers": [],
        }
        for key, d in scores.items()
    ]
    ax.bxp(stats, showfliers=False, showmeans=True)
    ax.set_ylabel("score (box: p25-p75; whiskers: p10-p90)")
    return fig


def render_report(summary: Summary, name: str) -> bytes:
    env = Sandbox(  # printgen's own page: a missing value prints as nothing
        undefined=Undefined,
        loader=PackageLoader("printgen.sim", "templates"),
        autoescape=select_autoescape(["html", "html.j2"]),
    )
    page = env.get_template("report.html.j2").render(
        name=name,
        summary=summary,
        charts=charts(summary),
        bots=bots_text(summary["bots"]),
        even=even_share(summary),
    )
    return page.encode("utf-8")


REPORT_ROOM = 8_000_000
"""Bytes set aside before the run: a report is 0.1 to 2 MB (its charts inline)."""


def check_report_path(path: Path) -> None:
    """Refuse a report name that cannot be written, before any game is played: a folder in
    the way, no permission, a name too long for the disk, no room on it."""
    if path.suffix.lower() not in (".html", ".htm"):
        raise UsageError(f"--report {path}: give a file name ending in .html")
    problem = unwritable(path, REPORT_ROOM)
    if problem is not None:
        raise UsageError(f"--report {path}: cannot be written: {problem}")


CHARTS_MISSING = (
    "--report {path}: its charts are drawn with matplotlib, which is not installed; "
    "install the charts extra: pip install 'printgen[charts]'"
)


def check_chart_report(path: Path) -> None:
    """Refuse a simulation report, before any game is played, that cannot be written or
    whose charts cannot be drawn: matplotlib is an optional extra (`printgen[charts]`)."""
    check_report_path(path)
    if find_spec("matplotlib") is None:
        raise UsageError(CHARTS_MISSING.format(path=path))


def write_report(summary: Summary, name: str, path: Path) -> None:
    check_report_path(path)
    save_report(path, render_report(summary, name))


def save_report(path: Path, page: bytes) -> None:
    """Write the report; a disk that filled up during the run is a UsageError, not a crash."""
    try:
        write_atomic(path, page)
    except OSError as exc:
        raise UsageError(f"--report {path}: cannot be written: {exc.strerror or exc}") from None
