"""MyWuXing against its source rulebook (shared/seeds/000), through `simulate` and the engine.

Each test quotes the source; issue 15 listed the disagreements these tests pin down.
"""

from __future__ import annotations

from typing import Any

from printgen.model import load_game
from printgen.rules.api import CHANCE
from printgen.rules.mywuxing import new_game, resolve_duel
from tests.conftest import CARD_DATA

RULES_MD = (CARD_DATA / "mywuxing" / "rules.md").read_text(encoding="utf-8")
GAME = load_game(CARD_DATA / "mywuxing")


def think_at_target(players: int, **options: Any) -> Any:
    """A Think WuXing game at the leader's first choice (hands of element cards)."""
    state = new_game(GAME, players, mode="think", **options)
    while state.current_player() == CHANCE:
        outcomes = [a for a, _ in state.chance_outcomes() if a not in ("dragon", "star")]
        state.apply(outcomes[0])
    return state


def test_option_1_the_leader_plays_the_next_player() -> None:
    """Source, Option 1: "Lead Player can now choose which card to play when it is their turn and
    choose to play against the Universe card or Player 2's hand instead. Like "Learn WuXing" the
    game rotates clockwise." The leader's partner is the next player; choosing any player is
    Options 2 and 3 ("inviting any ONE Player to join the hand or can choose to play any ONE
    Player direct")."""
    assert think_at_target(4).legal_actions() == [("universe", 1), ("player", 1)]
    any_player = think_at_target(4, partner="any").legal_actions()
    assert sorted(any_player) == sorted((w, s) for w in ("universe", "player") for s in (1, 2, 3))
    assert "invites any one other player" not in RULES_MD
    assert 'rule("think.partner")' in RULES_MD


def test_options_2_and_3_are_playable_in_simulate(cli: Any) -> None:
    """Source: "Option 2: … The Player who has been played against commences the next play",
    "Option 3: … The Player who wins the hand chooses again." Both play through `--set`."""
    for leader in ("opponent", "winner"):
        run = cli(
            "simulate", "mywuxing", "--mode", "think", "--players", "4", "--games", "20",
            "--json", "--set", "rules.think.partner=any",
            "--set", f"rules.think.next_leader={leader}",
        )  # fmt: skip
        assert run.code == 0, run.err
        assert sum(e["count"] for e in run.json()["endings"].values()) == 20


def test_the_void_can_become_the_new_universe_deck(cli: Any) -> None:
    """Source: "When the Universe Deck is run down there are 2 choices: 1. Count who has the most
    cards in hand to see who wins. … 2. The Void can be turned over & become the new Universe
    Deck laid face down for play to continue." Choice 1 is the default; choice 2 is
    `universe_runs_out: void`, and then no game ends by the Universe Deck running out while the
    Void holds cards."""

    def facts(*extra: str) -> dict[str, Any]:
        run = cli(
            "simulate", "mywuxing", "--mode", "think", "--players", "4", "--games", "60",
            "--bot", "greedy", "--json", *extra,
        )  # fmt: skip
        assert run.code == 0, run.err
        return dict(run.json())

    counted = facts()
    assert counted["endings"]["universe deck used up"]["count"] > 0
    assert counted["facts"]["void_turned"]["max"] == 0
    reborn = facts("--set", "rules.universe_runs_out=void")
    assert reborn["facts"]["void_turned"]["max"] >= 1
    used_up = reborn["endings"].get("universe deck used up", {"count": 0})["count"]
    assert used_up < counted["endings"]["universe deck used up"]["count"]


def test_player_against_player_power_cards_follow_the_settings() -> None:
    """Source: "The Infinite Dragon when played by players, not the Universe, must always be
    discarded to THE VOID while the Player absorbs all the other cards" and "The Destructive Star
    always remains in play". Player against player the engine follows the same: a Dragon goes to
    the Void, a Star to the pot; game.yaml `rules.think` records both, with the alternatives."""
    think = GAME.rules["think"]
    assert (think["player_dragon"], think["player_star"]) == ("void", "pot")
    dragon = resolve_duel("dragon", "fire")
    assert (dragon.void, dragon.p1, dragon.p2) == (["dragon"], ["fire"], [])
    star = resolve_duel("water", "star")
    assert (star.void, star.pot) == (["water"], ["star"])
    kept = resolve_duel("dragon", "fire", dragon="returns")
    assert kept.p1 == ["dragon", "fire"] and not kept.void
    back = resolve_duel("water", "star", star="returns")
    assert back.p2 == ["star"] and back.void == ["water"] and not back.pot


def test_the_tie_breaker_draws_from_the_universe_deck() -> None:
    """Source: "Tie Breaker is where 2 players draw on their last cards. Each player
    alternatively takes a card from the top of the Universe Deck for a player vs player sudden
    death until a player absorbs or destroys their opponent's final element." Worked by hand:
    two players, 8 cards each; eight plays in which both reveal the same element, one the
    Universe card does not destroy (rule 4: both join the pot), so both run out in the eighth
    play with the Void empty and 52 - 16 - 8 = 28 cards still in the Universe Deck. The
    tie-breaker is played from those 28 (it used to end at once as a shared win, the empty Void
    having nothing to draw): Fire for player 1, Metal for player 2, and Fire destroys Metal."""
    state = new_game(GAME, 2)
    plays = [("wood", "water"), ("fire", "wood"), ("earth", "fire"), ("metal", "earth")] * 2
    for universe, both in plays:  # (Universe card, the element both players reveal)
        for card in (universe, both, both):
            assert state.current_player() == CHANCE
            state.apply(card)
    assert state.void == [] and state.held == [0, 0] and state.universe_left == 28
    assert state.current_player() == CHANCE  # the tie-breaker's first draw
    left = {"water": 4, "wood": 2, "fire": 2, "earth": 2, "metal": 6, "dragon": 8, "star": 4}
    assert dict(state.chance_outcomes()) == {card: n / 28 for card, n in left.items()}
    state.apply("fire")  # player 1's card, from the top of the Universe Deck
    state.apply("metal")  # player 2's card
    result = state.result()
    assert result.winners == (0,) and result.reason == "no cards left"
    assert result.facts["tie_break"] and state.universe_left == 26
    state.check_invariants()


def test_the_quick_reference_names_the_partner_the_setting_gives() -> None:
    """Source, Option 1: "choose to play against the Universe card or Player 2's hand instead";
    inviting "any ONE Player" is Options 2 and 3. The quick reference said "one invited player"
    whatever the setting; it now follows `think.partner` (the next player by default)."""
    from printgen.render.rulebook import rulebook_html
    from printgen.render.rulebook.source import sources

    html = rulebook_html(sources(GAME)[0])
    assert "one invited player" not in html
    assert "together with the next player" in " ".join(html.split())


def test_the_variants_say_which_are_the_sources() -> None:
    """The Variants section said the original "offers several ways to play" and listed this
    edition's own alternatives among them; each line now says whose it is, and the Dragon
    counter's reading of "neutralizing the play" is a printed decision."""
    import yaml

    text = yaml.safe_load((CARD_DATA / "mywuxing" / "clarifications.yaml").read_text("utf-8"))
    settings = text["settings"]
    assert "this edition's" in settings["think.player_dragon"]["values"]["returns"]
    assert "this edition's" in settings["think.player_star"]["values"]["returns"]
    assert "Option 1" in settings["think.next_leader"]["values"]["rotate"]
    assert "offers several ways to play; this edition picks one of each" not in RULES_MD
    assert "neutralizing the play" in text["decisions"]["dragon-counter"]["source"]
