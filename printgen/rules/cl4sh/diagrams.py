"""Worked-example pictures for CL4SH: a play on the pile, a duel, a match's points."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from printgen.layout.minicard import EXAMPLE_MM, H, MiniCard, W, card, label
from printgen.layout.minicard import phrase as _ex
from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg

CARD = 1.5
"""Mini cards half as large again as the shared size, so that a Havoc card's name fits inside
at the smallest label size."""
_NUMBERED = re.compile(r"^([a-z]+) (\d+)$")
_AS = re.compile(r"^almighty as (.+)$")


def face(source: Source, text: str) -> MiniCard:
    """A CL4SH card string (`fire 3`, `echo`, `pickup 1`, `almighty as water 9`, `almighty as
    pickup 2`) as a face."""
    text = " ".join(str(text).lower().split())
    match = _NUMBERED.match(text)
    if match and match.group(1) in source.game.elements:
        return MiniCard(element=match.group(1), number=int(match.group(2)))
    match = _AS.match(text)
    if match:  # an Almighty shows the card it became, under its own name
        became = face(source, match.group(1))
        return replace(became, title="Almighty", dark=True)
    for comp in source.game.components.values():
        for item in comp.cards:
            if item.id == text.replace(" ", "-"):
                element = item.get("element")
                amount = item.get("amount")
                return MiniCard(
                    element=element,
                    number=f"+{amount}" if amount else None,
                    title=item.name,
                    dark=True,
                    glyph="" if element else "✶",
                )
    return MiniCard(title=text, dark=True)


def cl4sh(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float] | None:
    if "valid" in result and "top" in situation:
        return _play(source, icons, situation, result)
    if "winner" in result and "duel" in situation:
        return _duel(source, icons, situation, result)
    if "points" in result:
        return _points(source, icons, result)
    return None


def _verdict(svg: Svg, icons: Icons, x: float, y: float, ok: bool) -> None:
    colour = icons.tones("wood").fill if ok else icons.tones("fire").fill
    svg.el("circle", cx=x, cy=y, r=4.6, fill=colour)
    if ok:
        svg.el(
            "path",
            d=f"M{x - 2.2},{y + 0.1}L{x - 0.6},{y + 1.9}L{x + 2.4},{y - 1.9}",
            fill="none",
            stroke="#ffffff",
            stroke_width=1.1,
            stroke_linecap="round",
            stroke_linejoin="round",
        )
    else:
        svg.el(
            "path",
            d=f"M{x - 1.8},{y - 1.8}L{x + 1.8},{y + 1.8}M{x + 1.8},{y - 1.8}L{x - 1.8},{y + 1.8}",
            stroke="#ffffff",
            stroke_width=1.1,
            stroke_linecap="round",
        )


def _play(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float]:
    played = situation["play"] if isinstance(situation["play"], list) else [situation["play"]]
    w, h = W * CARD, H * CARD
    svg = Svg(100, h + 13, printed_mm=EXAMPLE_MM)
    muted = icons.colour("muted")
    below = 2 + h + 5
    card(svg, icons, 4, 2, face(source, str(situation["top"])), scale=CARD)
    label(svg, 4 + w / 2, below, _ex(source, "top"), colour=muted)
    svg.arrow(4 + w + 1.5, 2 + h / 2, 4 + w + 7, 2 + h / 2, muted, width=0.6, head=2)
    first, last = 4 + w + 9, 75.0  # where the played cards go
    step = min(w + 1.5, (last - first - w) / max(len(played) - 1, 1))
    for k, text in enumerate(played):
        card(svg, icons, first + k * step, 2, face(source, str(text)), scale=CARD)
    end = first + (len(played) - 1) * step + w
    label(svg, (first + end) / 2, below, _ex(source, "play"), colour=muted)
    ok = bool(result.get("valid"))
    _verdict(svg, icons, 89, 2 + h / 2 - 2, ok)
    label(svg, 89, 2 + h / 2 + 7, _ex(source, "valid" if ok else "invalid"), bold=True)
    if result.get("sequence_points"):
        label(
            svg,
            89,
            2 + h / 2 + 12,
            f"+{result['sequence_points']} {_ex(source, 'points')}",
            colour=muted,
        )
    return svg, EXAMPLE_MM


def _duel(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float]:
    duel = situation["duel"]
    w, h = W * CARD, H * CARD
    svg = Svg(100, h + 9, printed_mm=EXAMPLE_MM)
    winner = result.get("winner")
    accent, muted = icons.colour("accent"), icons.colour("muted")
    for centre, side in ((26.0, "challenger"), (74.0, "defender")):
        won = winner == side
        ring = accent if won else None
        card(svg, icons, centre - w / 2, 2, face(source, str(duel[side])), scale=CARD, ring=ring)
        text = _ex(source, side) + (f": {_ex(source, 'wins')}" if won else "")
        label(
            svg,
            centre,
            h + 7,
            text,
            bold=won,
            colour=icons.colour("accent_dark") if won else muted,
        )
    label(svg, 50, 2 + h / 2 + 1.5, "vs", size=5, bold=True, colour=muted)
    if winner == "tie":
        label(svg, 50, h + 7, _ex(source, "tie"), bold=True)
    return svg, EXAMPLE_MM


def _points(source: Source, icons: Icons, result: dict[str, Any]) -> tuple[Svg, float]:
    points = {str(k): int(v) for k, v in (result.get("points") or {}).items()}
    target = int(source.game.rules.get("match_target", 15))
    svg = Svg(100, 8 + 8 * len(points) + 5, printed_mm=EXAMPLE_MM)
    winner = result.get("match_winner")
    ink, accent = icons.colour("ink"), icons.colour("accent")
    span = 52.0
    for k, (name, value) in enumerate(points.items()):
        y = 4 + k * 8
        label(svg, 16, y + 3.6, name, size=3.2, bold=name == winner, anchor="end")
        svg.el("rect", x=19, y=y, width=span, height=5, rx=1, fill="#f1ece1")
        svg.el(
            "rect",
            x=19,
            y=y,
            width=span * min(value, target) / target,
            height=5,
            rx=1,
            fill=accent if name == winner else icons.colour("muted"),
        )
        label(
            svg,
            19 + span + 2,
            y + 3.8,
            f"{value} {_ex(source, 'points')}",
            size=3,
            bold=name == winner,
            anchor="start",
        )
    x_target = 19 + span
    svg.el(
        "line",
        x1=x_target,
        y1=2,
        x2=x_target,
        y2=6 + 8 * len(points),
        stroke=ink,
        stroke_width=0.4,
        stroke_dasharray="1 0.8",
    )
    line = _ex(source, "match_winner", name=winner) if winner else _ex(source, "no_match_winner")
    label(svg, 50, 8 + 8 * len(points) + 2, line, size=3, bold=bool(winner))
    return svg, EXAMPLE_MM
