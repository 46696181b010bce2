"""A note of what validate read without game.yaml declaring it."""

from __future__ import annotations

from printgen.model import Game
from printgen.rules.engine import Check


def undeclared_note(game: Game) -> list[Check]:
    """The columns read as optional text because game.yaml does not declare them."""
    decks = [d for d in game.components.values() if d.undeclared]
    listed = "; ".join(f"{d.file}: " + ", ".join(map(repr, d.undeclared)) for d in decks)
    if not listed:
        return []
    text = f"read as optional text: {listed} (declare them under columns: to type them)"
    return [Check("undeclared columns", True, "warning", text)]
