"""`printgen score mywuxing FILE`: one Learn WuXing play (DESIGN.md section 4).

```yaml
game: mywuxing
universe: water          # an element, dragon or star
pot: [metal]             # optional: cards already in the pot under it
revealed: [earth, wood]  # player 1's card, player 2's card
```
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import SituationError
from printgen.model import Game
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.rules.mywuxing.cards import DRAGON, STAR, Deck, deck_of
from printgen.rules.mywuxing.play import PlayOutcome, resolve_play

KEYS = ("game", "universe", "pot", "revealed")

RULE_TEXT = {
    "1": "Rule 1: a Destructive Star is revealed",
    "2": "Rule 2: both players reveal an Infinite Dragon",
    "3": "Rule 3: one player reveals an Infinite Dragon",
    "4": "Rule 4: both players reveal the same element",
    "5": "Rule 5: a card absorbs the Universe card (absorbing beats destroying)",
    "6": "Rule 6: a card destroys the Universe card",
    "7": "Rule 7: each card alone",
    "star-universe": "The Universe card is a Destructive Star",
    "dragon-universe": "The Universe card is an Infinite Dragon",
}

VERB = {
    "absorbs": "absorbs",
    "absorbed": "is absorbed by",
    "destroys": "destroys",
    "destroyed": "is destroyed by",
    "draw": "draws with",
}


@dataclass(frozen=True)
class PlayScore:
    """One resolved play: the contract fields of DESIGN.md section 4, plus `rule`."""

    universe: str
    pot_before: tuple[str, ...]
    revealed: tuple[str, str]
    outcome: PlayOutcome

    def to_json(self) -> dict[str, object]:
        out = self.outcome
        return {
            "relations": list(out.relations),
            "winner": out.winner,
            "to": {"pot": out.pot, "void": out.void, "player1": out.p1, "player2": out.p2},
            "rule": out.rule,
        }

    def explain(self) -> str:
        out, u = self.outcome, self.universe
        below = f", on a pot of {', '.join(self.pot_before)}" if self.pot_before else ""
        lines = [f"Universe card: {u}{below}."]
        for player, (card, rel) in enumerate(zip(self.revealed, out.relations, strict=True), 1):
            if rel == "power":
                name = "an Infinite Dragon" if card == DRAGON else "a Destructive Star"
                lines.append(f"Player {player} reveals {card}: {name}.")
            elif u in (DRAGON, STAR):
                does = "the Dragon absorbs it" if u == DRAGON else "the Star destroys it"
                lines.append(f"Player {player} gives {card}: {does}.")
            else:
                lines.append(f"Player {player} reveals {card}: {card} {VERB[rel]} {u}.")
        lines.append(_why(out, self.revealed, u) + ".")
        for key, label in (
            ("p1", "player 1"),
            ("p2", "player 2"),
            ("pot", "pot"),
            ("void", "void"),
        ):
            cards = getattr(out, key)
            if cards:
                lines.append(f"  -> {label}: {', '.join(cards)}")
        taker = f"player {out.winner} takes the pot" if out.winner else "nobody takes the pot"
        lines.append(f"Winner: {taker}.")
        return "\n".join(lines)


def _why(out: PlayOutcome, revealed: tuple[str, str], u: str) -> str:
    """The deciding rule in words."""
    a, b = revealed
    head = RULE_TEXT[out.rule]
    if out.rule == "star-universe":
        return f"{head}: the players' cards and the pot go to the Void; the Star stays alone"
    if out.rule == "dragon-universe":
        if (a == STAR) != (b == STAR):
            return f"{head} and a Star is added: all else goes to the Void; the Star stays alone"
        if a == b == STAR:
            return f"{head} and both players add a Star: they cancel, all join the pot"
        return f"{head}: the players' cards join the pot"
    if out.rule == "1":
        if a == b:
            return f"{head} by both players: the Stars cancel, all join the pot, none to the Void"
        return f"{head}: every other card goes to the Void; the Star stays alone in the pot"
    if out.rule == "2":
        return f"{head}: both Dragons join the pot"
    sticky = STAR in out.pot and out.winner is not None
    tail = " (the Star in the pot stays there)" if sticky else ""
    if out.rule == "3":
        return f"{head}: the Dragon goes to the Void, player {out.winner} takes the rest{tail}"
    if out.rule == "4":
        if out.void:
            return f"{head}: a draw, but {u} destroys {a}: both go to the Void"
        return f"{head}: a draw, both join the pot"
    if out.rule == "5":
        return f"{head}: player {out.winner} takes every card in play{tail}"
    if out.rule == "6":
        return (
            f"{head}: the pot and the opponent's card go to the Void; player "
            f"{out.hand_winner}'s card goes back under their deck"
        )
    return f"{head}: drawn or absorbed cards join the pot, destroyed cards go to the Void"


def score(situation: YamlMapping, game: Game) -> PlayScore:
    """Resolve the situation's play; a SituationError names the offending value."""
    deck = deck_of(game)
    if not isinstance(situation, dict):
        raise SituationError((), f"expected a mapping with keys {', '.join(KEYS)}")
    for key in situation:
        if key not in KEYS:
            raise SituationError((key,), f"unknown key; accepted keys: {', '.join(KEYS)}")
    if "game" not in situation:
        raise SituationError(("game",), f"missing (required): {game.id!r}")
    if situation["game"] != game.id:
        raise SituationError(("game",), f"expected {game.id!r}, got {situation.get('game')!r}")
    if "universe" not in situation:
        raise SituationError(("universe",), "missing (required): the Universe card")
    if "revealed" not in situation:
        raise SituationError(("revealed",), "missing (required): the two players' cards")
    universe = _card(situation["universe"], ("universe",), deck)
    pot = _cards(situation.get("pot"), "pot", deck, None)
    revealed = _cards(situation["revealed"], "revealed", deck, 2)
    _check_counts(universe, pot, revealed, deck)
    a, b = revealed
    return PlayScore(universe, tuple(pot), (a, b), resolve_play(universe, pot, a, b))


def _card(value: YamlValue, path: tuple[object, ...], deck: Deck) -> str:
    accepted = ", ".join(deck.words)
    if not isinstance(value, str):
        raise SituationError(path, f"expected a card ({accepted}), got {value!r}")
    if value not in deck.counts:
        hint = ""
        if value.strip().lower() in deck.counts:
            hint = f" (write it {value.strip().lower()!r})"
        raise SituationError(path, f"unknown card {value!r}{hint}; cards: {accepted}")
    return value


def _cards(value: YamlValue, key: str, deck: Deck, exactly: int | None) -> list[str]:
    if value is None and exactly is None:
        return []
    if not isinstance(value, list):
        want = f"a list of {exactly} cards" if exactly else "a list of cards"
        raise SituationError((key,), f"expected {want}, got {value!r}")
    if exactly is not None and len(value) != exactly:
        what = "player 1's card and player 2's card"
        raise SituationError((key,), f"expected exactly {exactly} cards ({what}), got {len(value)}")
    return [_card(item, (key, i), deck) for i, item in enumerate(value)]


def _check_counts(universe: str, pot: list[str], revealed: list[str], deck: Deck) -> None:
    """No card may be in play more often than the deck holds it."""
    seen: dict[str, int] = {}
    places: list[tuple[tuple[object, ...], str]] = [(("universe",), universe)]
    places += [(("pot", i), card) for i, card in enumerate(pot)]
    places += [(("revealed", i), card) for i, card in enumerate(revealed)]
    for path, card in places:
        seen[card] = seen.get(card, 0) + 1
        if seen[card] > deck.counts[card]:
            raise SituationError(
                path,
                f"{seen[card]} cards {card!r} in play, but the deck has only {deck.counts[card]}",
            )
