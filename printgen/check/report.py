"""One game's validate report, and the order its checks run in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.check.columns import undeclared_note
from printgen.check.data import counts, deal, provisional, totals
from printgen.model import Game
from printgen.rules.engine import Check, engine_of


@dataclass(frozen=True)
class GameReport:
    game: Game
    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks if c.level == "error")

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "checks": [c.to_json() for c in self.checks],
            "totals": self.game.totals,
        }


def validate(game: Game) -> GameReport:
    """Every check of one game: data, engine invariants, worked examples, fonts."""
    checks = [*totals(game), counts(game), *deal(game), *provisional(game)]
    engine = engine_of(game)
    rules_broken = False
    if engine is not None and engine.invariants is not None:
        invariants = engine.invariants(game)
        rules_broken = any(not c.ok and c.level == "error" for c in invariants)
        checks += invariants
    from printgen.check.examples import example_checks  # a game without engine: not checked

    checks += example_checks(game)
    if game.card_size is not None and game.printed_decks and rules_broken:
        # a design may draw from the rules settings (a board on the backs): not drawn until
        # the settings above are right, so their own message is the one the designer sees
        checks.append(
            Check("design", False, "error", "not checked: fix the rules settings above first")
        )
    elif game.card_size is not None and game.printed_decks:
        from printgen.check.design import design_checks
        from printgen.check.fonts import font_checks  # every glyph on a card is in its font

        checks += design_checks(game)  # a mistake in the design is bad input: exit 2
        checks += font_checks(game)
    from printgen.check.rulebook import rulebook_checks  # what building the rulebook would refuse

    checks += rulebook_checks(game) + undeclared_note(game)
    return GameReport(game, checks)
