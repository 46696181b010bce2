"""An energy-map player sheet's player-sheet.pdf and components.pdf (DESIGN.md section 6):
`kit: [player-sheet]`. It draws the engine's parsed rules (`Engine.part_models`): the map's
rows, columns and circles, what may not touch what, the conversion tracks, the dice rolled."""

from __future__ import annotations

from typing import Any

from printgen.model import Game
from printgen.render.boards.design import PartDesign, design_of
from printgen.render.outputs import Kind, Output
from printgen.rules.engine import part_model

PART = "player-sheet"  # game.yaml `kit: [player-sheet]`; its design: player-sheet.yaml
SheetRules = Any  # the engine's parsed rules of the sheet (part_models["player-sheet"])


def touch_text(rules: SheetRules) -> str:
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


def rounds(rules: SheetRules) -> list[tuple[str, int, int]]:
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


def sheet_pdf(game: Game, paper_name: str, design: PartDesign | None = None) -> bytes:
    """The bytes of player-sheet.pdf: one page, one sheet (photocopy it for more players)."""
    from printgen.render.boards.pdfkit import Page, assemble
    from printgen.render.boards.sheet_layout import sheet_layout
    from printgen.render.draw.svg import render_game_template

    design = design or design_of(game, PART)
    rules = part_model(game, PART)
    layout = sheet_layout(rules, paper_name, design)
    svg = render_game_template(
        game.folder,
        "player-sheet.svg.j2",
        L=layout,
        r=rules,
        p=_palette(game),
        name=game.name,
        subtitle=game.subtitle,
        touch_text=touch_text(rules),
        free=[e for e in rules.elements if not rules.forbid.get(e)],
        feeder=rules.feeder,
        rounds=rounds(rules),
    )
    return assemble([Page(svg)])


def _palette(game: Game) -> dict[str, Any]:
    from printgen.render.faces.game_palette import game_palette

    return game_palette(game).to_template()


def sheet_files(game: Game, options: Any) -> dict[Output, bytes]:
    """The player sheet and its small components (the kit names them)."""
    from printgen.render.boards.sheet_components import components_pdf

    design = design_of(game, PART)
    paper = str(getattr(options, "paper", "a4"))
    return {
        Output(Kind.PLAYER_SHEET): sheet_pdf(game, paper, design),
        Output(Kind.COMPONENTS): components_pdf(game, paper, design),
    }
