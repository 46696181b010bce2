"""Worked-example pictures for CL4SH: a play on the pile, a duel, a match's points."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from printgen.layout.minicard import Face, H, W, card, label
from printgen.layout.minicard import phrase as _ex
from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg

_NUMBERED = re.compile(r"^([a-z]+) (\d+)$")
_AS = re.compile(r"^almighty as (.+)$")


def face(source: Source, text: str) -> Face:
    """A CL4SH card string (`fire 3`, `echo`, `pickup 1`, `almighty as water 9`, `almighty as
    pickup 2`) as a face."""
    text = " ".join(str(text).lower().split())
    match = _NUMBERED.match(text)
    if match and match.group(1) in source.game.elements:
        return Face(element=match.group(1), number=int(match.group(2)))
    match = _AS.match(text)
    if match:  # an Almighty shows the card it became, under its own name
        became = face(source, match.group(1))
        return replace(became, title="Almighty", dark=True)
    for comp in source.game.components.values():
        for item in comp.cards:
            if item.id == text.replace(" ", "-"):
                element = item.get("element")
                amount = item.get("amount")
                return Face(
                    element=element,
                    number=f"+{amount}" if amount else None,
                    title=item.name,
                    dark=True,
                    glyph="" if element else "✶",
                )
    return Face(title=text, dark=True)


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
    svg = Svg(100, 33)
    muted = icons.colour("muted")
    card(svg, icons, 4, 2, face(source, str(situation["top"])))
    label(svg, 4 + W / 2, H + 6.5, _ex(source, "top"), size=2.7, colour=muted)
    svg.arrow(20, 2 + H / 2, 27, 2 + H / 2, muted, width=0.6, head=2)
    step = min(W + 1.5, 50 / max(len(played), 1))
    for k, text in enumerate(played):
        card(svg, icons, 29 + k * step, 2, face(source, str(text)))
    end = 29 + (len(played) - 1) * step + W
    label(svg, (29 + end) / 2, H + 6.5, _ex(source, "play"), size=2.7, colour=muted)
    ok = bool(result.get("valid"))
    _verdict(svg, icons, 88, 2 + H / 2 - 1, ok)
    label(svg, 88, 2 + H / 2 + 7.5, _ex(source, "valid" if ok else "invalid"), size=2.8, bold=True)
    if result.get("sequence_points"):
        label(
            svg,
            88,
            2 + H / 2 + 11,
            f"+{result['sequence_points']} {_ex(source, 'points')}",
            size=2.6,
            colour=muted,
        )
    return svg, 58


def _duel(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float]:
    duel = situation["duel"]
    svg = Svg(100, 33)
    winner = result.get("winner")
    accent, muted = icons.colour("accent"), icons.colour("muted")
    for x, side in ((22.0, "challenger"), (65.0, "defender")):
        won = winner == side
        card(svg, icons, x, 2, face(source, str(duel[side])), ring=accent if won else None)
        text = _ex(source, side) + (f": {_ex(source, 'wins')}" if won else "")
        label(
            svg,
            x + W / 2,
            H + 7,
            text,
            size=2.8,
            bold=won,
            colour=icons.colour("accent_dark") if won else muted,
        )
    label(svg, 50, 2 + H / 2 + 1.5, "vs", size=4.5, bold=True, colour=muted)
    if winner == "tie":
        label(svg, 50, H + 7, _ex(source, "tie"), size=3, bold=True)
    return svg, 58


def _points(source: Source, icons: Icons, result: dict[str, Any]) -> tuple[Svg, float]:
    points = {str(k): int(v) for k, v in (result.get("points") or {}).items()}
    target = int(source.game.rules.get("match_target", 15))
    svg = Svg(100, 8 + 8 * len(points) + 5)
    winner = result.get("match_winner")
    ink, accent = icons.colour("ink"), icons.colour("accent")
    span = 62.0
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
    return svg, 58
