"""The gallery's balance page (issue 38): a game's recorded figures (`figures.json`, written by
`printgen figures GAME`) drawn as charts: the win rates by seat against an even share, the skill
ladder's gap, the other rates, each with its 95 % interval, and how long the games last.

Only recorded figures are read, never a simulation: a build stays fast and gives the same bytes
from the same figures. A game with none says how to record them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from jinja2 import PackageLoader, Undefined, select_autoescape
from markupsafe import Markup

from printgen.analysis.charts import interval_chart
from printgen.model import Game
from printgen.model.sandbox import Sandbox
from printgen.rules.figures import recorded_figures


@dataclass
class Run:
    """The figures measured by one simulation (same players, bots, options, games and seed)."""

    title: str
    games: int
    seed: int
    figures: list[dict[str, object]] = field(default_factory=list)  # figures.json's entries
    chart: Markup | None = None
    length: str = ""


def runs(game: Game) -> list[Run]:
    """The recorded figures grouped by the run that measured them, each run charted."""
    recorded = recorded_figures(game).get("figures") or {}
    grouped: dict[str, Run] = {}
    for name, entry in recorded.items():
        if not isinstance(entry, dict) or "value" not in entry:
            continue
        run = grouped.setdefault(
            _run_title(entry), Run(_run_title(entry), _int(entry, "games"), _int(entry, "seed"))
        )
        run.figures.append({"name": name, **entry})
        run.length = run.length or _length(entry)
    for run in grouped.values():
        bars = [(str(f["name"]), _float(f["value"]), _interval(f)) for f in run.figures]
        seats = all(str(f.get("rate", "")).startswith("wins_by_seat") for f in run.figures)
        players = _int(run.figures[0], "players")
        chance = 1 / players if seats and players > 1 else None
        run.chart = interval_chart(bars, run.title, chance)
    return list(grouped.values())


def _int(entry: Mapping[str, object], key: str) -> int:
    value = entry.get(key)
    return value if isinstance(value, int) else 0


def _float(value: object) -> float:
    """A recorded number (`printgen figures` writes rates and intervals as JSON numbers; what
    float() refuses stops the page, as it did)."""
    if isinstance(value, (int, float, str)):
        return float(value)
    raise TypeError(f"figures.json: {value!r} is not a number")


def _interval(entry: Mapping[str, object]) -> tuple[float, float]:
    low, high = _pair(entry.get("ci95")) or (entry["value"], entry["value"])
    return _float(low), _float(high)


def _pair(value: object) -> tuple[object, object] | None:
    """A recorded interval's two ends (None: none recorded)."""
    if not value:
        return None
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return value[0], value[1]
    raise ValueError(f"figures.json: {value!r} is not an interval")


def _sorted_items(value: object) -> list[tuple[str, object]]:
    """A recorded run's options or settings, by name ({} or none: empty)."""
    return sorted((str(k), v) for k, v in value.items()) if isinstance(value, dict) else []


def _run_title(entry: Mapping[str, object]) -> str:
    """`3 players, random bots, mode learn`; a ladder `2 players, ladder random < greedy`."""
    players = _int(entry, "players")
    words = [f"{players} player{'s' if players != 1 else ''}"]
    if entry.get("ladder"):
        words.append("skill ladder " + " < ".join(str(entry["ladder"]).split(",")))
    else:
        words.append(f"{entry.get('bots') or 'random'} bots")
    words += [f"{key} {value}" for key, value in _sorted_items(entry.get("options"))]
    words += [f"{key}: {value}" for key, value in _sorted_items(entry.get("set"))]
    return ", ".join(words)


def _length(entry: Mapping[str, object]) -> str:
    """`17.1 plays on average (median 16)` when the run recorded its games' length."""
    length = entry.get("length")
    if not isinstance(length, dict) or "mean" not in length:
        return ""
    unit = length.get("unit") or "turns"
    mean, median = _float(length["mean"]), length.get("median", "?")
    return f"{mean:.1f} {unit} on average (median {median:g})"


def balance_report(game: Game) -> bytes:
    """The balance page of `game`, from its recorded figures only."""
    env = Sandbox(  # printgen's own page: every value from the data is escaped
        undefined=Undefined,
        loader=PackageLoader("printgen.analysis", "templates"),
        autoescape=select_autoescape(["html", "html.j2"]),
    )
    page = env.get_template("balance.html.j2").render(
        game=game, runs=runs(game), percent=lambda rate: f"{100 * rate:.1f} %"
    )
    return page.encode("utf-8")
