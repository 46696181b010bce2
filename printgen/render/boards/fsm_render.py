"""Feng Shui Master's player-sheet.pdf and components.pdf (DESIGN.md section 6)."""

from __future__ import annotations

from typing import Any

from printgen.model import Game
from printgen.render.boards.design import Design, load_design
from printgen.rules.feng_shui.rules import FengShuiRules

DESIGN = "feng-shui-master/sheet.yaml"


def touch_text(rules: FengShuiRules) -> str:
    """ "Fire may not touch water or metal; wood may not touch metal (diagonals too)." """
    parts = [
        f"{a} may not touch {' or '.join(others)}"
        for a, others in rules.may_not_touch.items()
        if others
    ]
    if not parts:
        return "Any element may touch any other."
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + ", not even diagonally."


def rounds(rules: FengShuiRules) -> list[tuple[str, int, int]]:
    """Player counts that roll the same dice, grouped: [("1–2 players", 10, 2), ...]."""
    groups: dict[tuple[int, int], list[int]] = {}
    for players in range(rules.min_players, rules.max_players + 1):
        groups.setdefault((len(rules.rolled[players]), rules.left[players]), []).append(players)
    result = []
    for (rolled, left), counts in groups.items():
        low, high = counts[0], counts[-1]
        label = f"{low}" if low == high else f"{low}–{high}"
        noun = "player" if high == 1 else "players"
        result.append((f"{label} {noun}", rolled, left))
    return result


def sheet_pdf(game: Game, paper_name: str, design: Design | None = None) -> bytes:
    """The bytes of player-sheet.pdf: one page, one sheet (photocopy it for more players)."""
    from printgen.render.boards.fsm_sheet import sheet_layout
    from printgen.render.boards.pdfkit import Page, assemble
    from printgen.render.svg import render_template
    from printgen.rules.feng_shui.rules import rules_of

    design = design or load_design(DESIGN)
    rules = rules_of(game)
    layout = sheet_layout(rules, paper_name, design)
    svg = render_template(
        "feng-shui-master/player-sheet.svg.j2",
        L=layout,
        r=rules,
        p=_palette(),
        name=game.name,
        subtitle=game.subtitle,
        touch_text=touch_text(rules),
        free=[e for e in rules.elements if not rules.forbid.get(e)],
        feeder=rules.feeder,
        rounds=rounds(rules),
    )
    return assemble([Page(svg)])


def _palette() -> dict[str, Any]:
    from printgen.render.palette import palette_for

    return palette_for("feng-shui-master").to_template()


def sheet_files(game: Game, options: Any) -> dict[str, bytes]:
    """player-sheet.pdf and components.pdf, by name under OUT/<game>/."""
    from printgen.render.boards.fsm_components import components_pdf

    design = load_design(DESIGN)
    paper = str(getattr(options, "paper", "a4"))
    return {
        "player-sheet.pdf": sheet_pdf(game, paper, design),
        "components.pdf": components_pdf(game, paper, design),
    }
