"""Elementa's worked-example pictures for the rulebook (`ENGINE.example_view`), drawn from the
engine's result: the four cards in the order played with their effective values, or each team's
captured pile and score.
"""

from __future__ import annotations

from typing import Any

from printgen.layout.minicard import EXAMPLE_MM, H, MiniCard, W, card, chip, label
from printgen.layout.minicard import phrase as _ex
from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg


def _elementa_face(source: Source, text: str) -> MiniCard:
    parts = text.split()
    if len(parts) == 2 and parts[1].isdigit():
        return MiniCard(element=parts[0], number=int(parts[1]))
    return MiniCard(title=_ex(source, "relic"), dark=True, glyph="◆")


def elementa(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float] | None:
    if "terms" in result:
        return _elementa_table(source, icons, result)
    if "scores" in result:
        return _elementa_captured(source, icons, situation, result)
    return None


def _elementa_table(source: Source, icons: Icons, result: dict[str, Any]) -> tuple[Svg, float]:
    terms = result["terms"]
    svg = Svg(100, 50, printed_mm=EXAMPLE_MM)
    accent, muted = icons.colour("accent"), icons.colour("muted")
    step = 100 / max(len(terms), 1)
    for k, term in enumerate(terms):
        x = k * step + (step - W * 1.15) / 2
        won = k == result.get("winner")
        card(
            svg,
            icons,
            x,
            3,
            _elementa_face(source, str(term["card"])),
            scale=1.15,
            ring=accent if won else None,
        )
        base, minus, plus = term["base"], term["minus"], term["plus"]
        parts = [str(base)] + ([f"− {minus}"] if minus else []) + ([f"+ {plus}"] if plus else [])
        cy = 3 + H * 1.15 + 6
        label(svg, x + W * 1.15 / 2, cy, " ".join(parts), size=2.9, colour=muted)
        label(
            svg,
            x + W * 1.15 / 2,
            cy + 6.2,
            f"= {term['effective']}",
            size=4.6,
            bold=True,
            colour=icons.colour("accent_dark") if won else icons.colour("ink"),
        )
        if won:
            takes = _ex(source, "takes")
            half = len(takes) * max(2.7, svg.smallest) * 0.29  # half its width, bold Lato
            label(
                svg,
                min(max(x + W * 1.15 / 2, half), svg.width - half),
                cy + 10.6,
                takes,
                size=2.7,
                bold=True,
                colour=icons.colour("accent_dark"),
            )
    return svg, EXAMPLE_MM


def _elementa_captured(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float] | None:
    captured = situation.get("captured")
    if not isinstance(captured, dict):
        return None
    per_row = 10
    rows = [(team, [str(c) for c in captured.get(team) or []]) for team in ("team_a", "team_b")]
    heights = [9.5 + 10.6 * max(1, -(-len(cards) // per_row)) for _, cards in rows]
    svg = Svg(100, sum(heights) + 9, printed_mm=EXAMPLE_MM)
    accent, muted = icons.colour("accent"), icons.colour("muted")
    y = 1.0
    for (team, cards), height in zip(rows, heights, strict=True):
        won = result.get("winner") == team
        svg.el(
            "rect",
            x=0.5,
            y=y,
            width=99,
            height=height - 2,
            rx=1.6,
            fill=icons.colour("accent_light") if won else "#f6f2e9",
            stroke=accent if won else icons.colour("rule"),
            stroke_width=0.5 if won else 0.3,
        )
        label(svg, 3, y + 5, _ex(source, team), size=3.8, bold=True, anchor="start")
        score = (result.get("scores") or {}).get(team, 0)
        label(
            svg,
            97,
            y + 5,
            _ex(source, "score", n=score),
            size=4,
            bold=True,
            anchor="end",
            colour=icons.colour("accent_dark") if won else icons.colour("ink"),
        )
        for i, text in enumerate(cards):
            chip(
                svg,
                icons,
                3 + (i % per_row) * 9.4,
                y + 7.2 + (i // per_row) * 10.6,
                _elementa_face(source, text),
                size=7.4,
            )
        y += height
    winner = result.get("winner")
    if winner:
        text = _ex(source, "winner", name=_ex(source, str(winner)).split(" (")[0])
        if result.get("relic_sweep"):
            text += f" ({_ex(source, 'relic_sweep')})"
    else:
        text = _ex(source, "draw_game")
    label(svg, 50, y + 4.8, text, size=3.8, bold=True, colour=muted)
    return svg, EXAMPLE_MM
