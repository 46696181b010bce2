"""`printgen list`: the games, their components and card counts."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default, print_json
from printgen.errors import printable
from printgen.model import Component, load_all

UNITS = {False: ("card", "cards"), True: ("piece", "pieces")}
"""What a component's count counts (one, many), by whether it is of pieces."""


def _shape_of(comp: Component) -> str | None:
    """A deck of pieces' shape (`40 mm flat-top hexagon`, `16 mm die`); None for cards."""
    if not comp.pieces or comp.shape is None:
        return None
    return f"{comp.shape.width:g} mm die" if comp.kind == "dice" else str(comp.shape)


def run(data_dir: Path | None, as_json: bool) -> int:
    games = load_all(data_dir_or_default(data_dir))
    if as_json:
        print_json(
            {
                "games": [
                    {
                        "id": g.id,
                        "name": g.name,
                        "players": {"min": g.min_players, "max": g.max_players},
                        "card_size": str(g.card_size) if g.card_size else None,
                        "components": {
                            name: {
                                "kind": comp.kind,
                                "total": comp.total,
                                "faces": len(comp.cards),
                                "declared": comp.declared,
                                "printed": comp.printed,
                                "shape": _shape_of(comp),
                            }
                            for name, comp in g.components.items()
                        },
                    }
                    for g in games
                ]
            }
        )
        return 0
    for g in games:
        players = (
            f"{g.min_players}"
            if g.min_players == g.max_players
            else f"{g.min_players}-{g.max_players}"
        )
        click.echo(f"{g.id:<18} {printable(g.name)} ({players} players)")
        for name, comp in g.components.items():
            one, many = ("die", "dice") if comp.kind == "dice" else UNITS[bool(comp.pieces)]
            unit = one if comp.total == 1 else many
            faces = len(comp.cards)  # its rows: each a different card, piece or die
            note = (
                f", {comp.derived_from} without {', '.join(comp.exclude_kinds)}"
                if comp.derived_from
                else f", {faces} different faces"
                if faces > 1
                else ", all alike"
                if comp.total > 1
                else ""
            )
            if comp.pieces and comp.kind != "dice":
                note = f" ({comp.shape}){note}"
            click.echo(f"{'':<18}   {printable(name):<10} {comp.total:>4} {unit}{printable(note)}")
    return 0
