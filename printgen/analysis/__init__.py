"""`printgen analyze`: a deck's balance read from its data, as designers read a spreadsheet.

Per-column statistics for the whole game and each deck, kind and suit (`stats`); the cost
curve, a least-squares fit of the cost against the other numbers per kind with the cards
furthest off it (`curve`); near-duplicate cards (`duplicates`); and keywords the cards use that
the rulebook never mentions, with terms the rulebook defines that no card uses (`keywords`).

Layer: beside render and sim (it reads the model and draws its own small SVG charts); check
uses its keyword gaps in `validate`, kit links each game's report from the gallery.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.analysis.curve import Curve, cost_curve
from printgen.analysis.deck import Deck, deck_of
from printgen.analysis.duplicates import NearDuplicate, near_duplicates
from printgen.analysis.keywords import Keywords, keywords
from printgen.analysis.stats import GroupStats, group_stats
from printgen.errors import UsageError
from printgen.model import Game
from printgen.model.schema import did_you_mean

__all__ = ["Analysis", "analyse", "keywords_of"]


@dataclass(frozen=True)
class Analysis:
    game: Game
    deck: Deck
    groups: list[GroupStats]
    curve: Curve
    duplicates: list[NearDuplicate]
    keywords: Keywords

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game.id,
            "cards": len(self.deck.rows),
            "copies": sum(r.copies for r in self.deck.rows),
            "columns": dict(self.deck.kinds),
            "groups": [g.to_json() for g in self.groups],
            "cost_curve": self.curve.to_json(),
            "near_duplicates": [d.to_json() for d in self.duplicates],
            "keywords": self.keywords.to_json(),
        }


def analyse(game: Game, cost: str | None = None) -> Analysis:
    """The whole analysis of a game; `cost` names its cost column (else it is guessed)."""
    deck = deck_of(game)
    if cost is not None and cost not in deck.numbers:
        numbers = [c for c in deck.numbers if c != "count"]
        raise UsageError(
            f"--cost {cost}: {game.id} has no number column {cost!r}"
            f"{did_you_mean(cost, numbers)} (number columns: {', '.join(numbers) or 'none'})"
        )
    return Analysis(
        game,
        deck,
        group_stats(deck),
        cost_curve(deck, cost),
        near_duplicates(deck),
        keywords(deck),
    )


def keywords_of(game: Game) -> Keywords:
    """Only the keyword gaps (what `validate` notes)."""
    return keywords(deck_of(game))
