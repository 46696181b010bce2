"""`analyze --report FILE.html` and the gallery's `analysis.html`: the analysis as one
self-contained page, its charts drawn by `charts` (no scripts, nothing fetched, no dates: the
same data gives the same bytes)."""

from __future__ import annotations

from collections.abc import Callable

from jinja2 import PackageLoader, Undefined, select_autoescape
from markupsafe import Markup

from printgen.analysis import Analysis
from printgen.analysis.charts import bar_chart, curve_chart
from printgen.analysis.curve import NOTABLE, Fit
from printgen.analysis.keywords import listed
from printgen.analysis.text import number
from printgen.errors import display_path
from printgen.model.sandbox import Sandbox

MOST_BARS = 24
"""A category of more values than this is listed, not charted."""


def render_report(analysis: Analysis) -> bytes:
    env = Sandbox(  # printgen's own page: every value from the data is escaped
        undefined=Undefined,
        loader=PackageLoader("printgen.analysis", "templates"),
        autoescape=select_autoescape(["html", "html.j2"]),
    )
    env.filters["number"] = number
    env.filters["here"] = _in_folder(analysis)
    page = env.get_template("report.html.j2").render(
        game=analysis.game,
        analysis=analysis,
        copies=sum(r.copies for r in analysis.deck.rows),
        decks=list(dict.fromkeys(r.deck for r in analysis.deck.rows)),
        charts=_charts(analysis),
        curves=_curves(analysis),
        notable=NOTABLE,
        undefined=_in_folder(analysis)(listed(analysis.keywords.undefined, most=1000)),
        unused=listed(analysis.keywords.unused, most=1000),
    )
    return page.encode("utf-8")


def _in_folder(analysis: Analysis) -> Callable[[str], str]:
    """A place (`card_data/x/cards.csv:3`) as the game's folder names it (`cards.csv:3`): the
    page is the same wherever the data folder is."""
    prefix = display_path(analysis.game.folder) + "/"
    return lambda where: str(where).replace(prefix, "")


def _charts(analysis: Analysis) -> dict[tuple[int, str], Markup]:
    """A bar chart for each column of each group, (group index, column) -> SVG: a number
    column's values in order, a category's by how many copies hold each (up to MOST_BARS)."""
    charts = {}
    for k, group in enumerate(analysis.groups):
        title = group.group.label
        for column, found in group.numbers.items():
            charts[(k, column)] = bar_chart(found.distribution, f"{title}: {column}")
        for column, counts in group.values.items():
            if 1 < len(counts) <= MOST_BARS:
                charts[(k, column)] = bar_chart(counts, f"{title}: {column}")
    return charts


def _curves(analysis: Analysis) -> dict[str, Markup]:
    curve = analysis.curve
    if curve.cost is None:
        return {}
    charts = {}
    for name, fit in curve.fits.items():
        points = _points(analysis, fit.kind, curve.cost, fit)
        charts[name] = curve_chart(fit, points, curve.cost)
    return charts


def _points(analysis: Analysis, kind: str, cost: str, fit: Fit) -> list[tuple[float, float, str]]:
    """Each card of the kind: (the curve's cost, its printed cost, its id)."""
    points = []
    for row in analysis.deck.rows:
        value = row.card.fields.get(cost)
        if row.card.kind != kind or not isinstance(value, (int, float)):
            continue
        expected = fit.intercept + sum(
            c * float(row.card.number(name)) for name, c in fit.coefficients.items()
        )
        points.append((expected, float(value), row.card.id))
    return points
