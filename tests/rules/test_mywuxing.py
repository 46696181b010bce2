"""MyWuXing's engine: every rule of RULINGS.md with hand-worked values, bad situations, the
invariants of issue 3 as properties, and random whole games through the state API."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.errors import DataError, SituationError, UsageError
from printgen.model import Game, load_game
from printgen.rules.api import CHANCE, TERMINAL, pick
from printgen.rules.mywuxing import (
    RELATION,
    MyWuXingState,
    deck_of,
    duel_winner,
    new_game,
    resolve_duel,
    resolve_play,
    score,
)
from printgen.rules.mywuxing.ending import TIE
from tests.conftest import CARD_DATA, edit

GAME = load_game(CARD_DATA / "mywuxing")
CARDS = ["water", "wood", "fire", "earth", "metal", "dragon", "star"]


def play(universe: str, revealed: list[str], pot: list[str] | None = None) -> dict[str, Any]:
    situation: dict[str, Any] = {"game": "mywuxing", "universe": universe, "revealed": revealed}
    if pot is not None:
        situation["pot"] = pot
    return score(situation, GAME).to_json()


def to(pot=(), void=(), player1=(), player2=()) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    return {"pot": [*pot], "void": [*void], "player1": [*player1], "player2": [*player2]}


# --- relations -------------------------------------------------------------------------------

# Card x against Universe card u: (absorbs, absorbed, destroys, destroyed) for each u, by hand
# from "wood feeds fire feeds earth feeds metal feeds water feeds wood" and "wood overcomes earth
# overcomes water overcomes fire overcomes metal overcomes wood".
BY_HAND = {
    "water": ("wood", "metal", "earth", "fire"),
    "fire": ("earth", "wood", "water", "metal"),
    "earth": ("metal", "fire", "wood", "water"),
    "metal": ("water", "earth", "fire", "wood"),
    "wood": ("fire", "water", "metal", "earth"),
}


@pytest.mark.parametrize("u", list(BY_HAND))
def test_relations_against_each_universe_card(u: str) -> None:
    absorbs, absorbed, destroys, destroyed = BY_HAND[u]
    assert RELATION[absorbs, u] == "absorbs"
    assert RELATION[absorbed, u] == "absorbed"
    assert RELATION[destroys, u] == "destroys"
    assert RELATION[destroyed, u] == "destroyed"
    assert RELATION[u, u] == "draw"


def test_power_relations() -> None:
    for u in CARDS:
        assert RELATION["dragon", u] == RELATION["star", u] == "power"
    for x in BY_HAND:
        assert RELATION[x, "dragon"] == "absorbed"
        assert RELATION[x, "star"] == "destroyed"


# --- the seven rules, in order -----------------------------------------------------------------


def test_rule_1_a_star_voids_everything_else_and_stays_alone() -> None:
    got = play("fire", ["earth", "star"], pot=["metal", "star"])
    assert got["to"] == to(pot=["star"], void=["fire", "metal", "star", "earth"])
    assert got["winner"] is None and got["rule"] == "1"
    assert got["relations"] == ["absorbs", "power"]


def test_rule_1_two_stars_cancel() -> None:
    got = play("fire", ["star", "star"], pot=["wood"])
    assert got["to"] == to(pot=["fire", "wood", "star", "star"])


def test_rule_1_comes_before_the_dragon() -> None:
    got = play("metal", ["star", "dragon"])
    assert got["to"] == to(pot=["star"], void=["metal", "dragon"])


def test_rule_2_two_dragons_join_the_pot() -> None:
    got = play("water", ["dragon", "dragon"], pot=["star"])
    assert got["to"] == to(pot=["water", "star", "dragon", "dragon"])
    assert got["rule"] == "2"


def test_rule_3_the_dragon_goes_to_the_void_and_its_player_takes_the_rest() -> None:
    got = play("earth", ["dragon", "wood"], pot=["fire", "star", "metal"])  # wood destroys earth
    assert got["to"] == to(
        pot=["star"], void=["dragon"], player1=["earth", "fire", "metal", "wood"]
    )
    assert got["winner"] == 1 and got["relations"] == ["power", "destroys"]


def test_rule_4_same_element_is_a_draw_even_when_it_absorbs() -> None:
    got = play("metal", ["water", "water"])  # metal feeds water: both absorb
    assert got["to"] == to(pot=["metal", "water", "water"])
    assert got["winner"] is None and got["rule"] == "4"


def test_rule_4_but_both_go_to_the_void_when_the_universe_destroys_them() -> None:
    got = play("fire", ["metal", "metal"], pot=["star"])  # fire overcomes metal
    assert got["to"] == to(pot=["fire", "star"], void=["metal", "metal"])


def test_rule_5_the_absorber_takes_every_card_in_play() -> None:
    got = play("earth", ["wood", "metal"], pot=["water"])  # wood destroys, metal absorbs
    assert got["to"] == to(player2=["earth", "water", "wood", "metal"])
    assert got["winner"] == 2 and got["relations"] == ["destroys", "absorbs"]


def test_rule_5_leaves_a_star_in_the_pot() -> None:
    got = play("wood", ["fire", "earth"], pot=["star", "water"])
    assert got["to"] == to(pot=["star"], player1=["wood", "water", "fire", "earth"])


def test_rule_6_the_destroyer_sends_the_pot_and_the_other_card_to_the_void() -> None:
    got = play("wood", ["water", "metal"], pot=["star", "fire"])  # water absorbed, metal destroys
    assert got["to"] == to(void=["wood", "star", "fire", "water"], player2=["metal"])
    assert got["winner"] is None and got["rule"] == "6"


def test_rule_7_each_card_alone() -> None:
    assert play("metal", ["earth", "wood"])["to"] == to(pot=["metal", "earth"], void=["wood"])
    assert play("fire", ["fire", "wood"])["to"] == to(pot=["fire", "fire", "wood"])
    got = play("water", ["fire", "metal"], pot=["dragon"])
    assert got["to"] == to(pot=["water", "dragon", "metal"], void=["fire"])
    assert got["rule"] == "7"


def test_universe_star() -> None:
    got = play("star", ["dragon", "wood"], pot=["star", "fire"])
    assert got["to"] == to(pot=["star"], void=["star", "fire", "dragon", "wood"])
    assert got["relations"] == ["power", "destroyed"] and got["winner"] is None


def test_universe_dragon() -> None:
    got = play("dragon", ["water", "dragon"], pot=["fire"])
    assert got["to"] == to(pot=["dragon", "fire", "water", "dragon"])
    assert got["relations"] == ["absorbed", "power"]
    got = play("dragon", ["water", "star"], pot=["fire"])
    assert got["to"] == to(pot=["star"], void=["dragon", "fire", "water"])
    got = play("dragon", ["star", "star"])
    assert got["to"] == to(pot=["dragon", "star", "star"])


def test_the_design_example_and_its_explanation() -> None:
    result = score(
        {"game": "mywuxing", "universe": "water", "pot": ["metal"], "revealed": ["earth", "wood"]},
        GAME,
    )
    assert result.to_json()["to"] == to(player2=["water", "metal", "earth", "wood"])
    text = result.explain()
    assert "earth destroys water" in text and "wood absorbs water" in text
    assert "Rule 5" in text and "player 2: water, metal, earth, wood" in text


def test_pot_may_be_empty_or_null() -> None:
    assert play("water", ["wood", "fire"], pot=[]) == play("water", ["wood", "fire"])
    situation = {"game": "mywuxing", "universe": "water", "pot": None, "revealed": ["wood", "fire"]}
    assert score(situation, GAME).to_json()["winner"] == 1


# --- player against player (Think WuXing) and the tie-breaker ----------------------------------


@pytest.mark.parametrize(
    ("a", "b", "pot", "void", "p1", "p2", "won"),
    [
        ("wood", "water", [], [], ["wood", "water"], [], 1),  # water feeds wood
        ("water", "wood", [], [], [], ["water", "wood"], 2),
        ("earth", "water", [], ["water"], ["earth"], [], 1),  # earth overcomes water
        ("fire", "water", [], ["fire"], [], ["water"], 2),
        ("metal", "metal", ["metal", "metal"], [], [], [], None),
        ("dragon", "fire", [], ["dragon"], ["fire"], [], 1),
        ("dragon", "dragon", ["dragon", "dragon"], [], [], [], None),
        ("dragon", "star", ["star"], ["dragon"], [], [], 2),
        ("star", "star", ["star", "star"], [], [], [], None),
    ],
)
def test_player_against_player(
    a: str, b: str, pot: list[str], void: list[str], p1: list[str], p2: list[str], won: int | None
) -> None:
    out = resolve_duel(a, b)
    assert (out.pot, out.void, out.p1, out.p2) == (pot, void, p1, p2)
    assert out.hand_winner == won == duel_winner(a, b)
    assert out.winner is None  # the pot is never won player against player


# --- bad situations ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("situation", "path", "words"),
    [
        (["water"], (), "mapping"),
        (
            {"game": "mywuxing", "universe": "water", "revealed": ["wood", "fire"], "pots": []},
            ("pots",),
            "accepted keys: game, universe, pot, revealed",
        ),
        ({"universe": "water", "revealed": ["wood", "fire"]}, ("game",), "missing"),
        (
            {"game": "elementa", "universe": "water", "revealed": ["wood", "fire"]},
            ("game",),
            "'mywuxing'",
        ),
        ({"game": "mywuxing", "revealed": ["wood", "fire"]}, ("universe",), "missing"),
        ({"game": "mywuxing", "universe": "water"}, ("revealed",), "missing"),
        (
            {"game": "mywuxing", "universe": "Water", "revealed": ["wood", "fire"]},
            ("universe",),
            "write it 'water'",
        ),
        (
            {"game": "mywuxing", "universe": "fire x", "revealed": ["wood", "fire"]},
            ("universe",),
            "unknown card",
        ),
        (
            {"game": "mywuxing", "universe": 3, "revealed": ["wood", "fire"]},
            ("universe",),
            "expected a card",
        ),
        (
            {"game": "mywuxing", "universe": "promo", "revealed": ["wood", "fire"]},
            ("universe",),
            "unknown card",
        ),
        (
            {"game": "mywuxing", "universe": "water", "revealed": ["wood", "fire", "earth"]},
            ("revealed",),
            "exactly 2 cards",
        ),
        ({"game": "mywuxing", "universe": "water", "revealed": []}, ("revealed",), "got 0"),
        (
            {"game": "mywuxing", "universe": "water", "revealed": "wood"},
            ("revealed",),
            "a list of 2 cards",
        ),
        (
            {"game": "mywuxing", "universe": "water", "revealed": ["wood", None]},
            ("revealed", 1),
            "expected a card",
        ),
        (
            {"game": "mywuxing", "universe": "water", "pot": "metal", "revealed": ["wood", "fire"]},
            ("pot",),
            "a list of cards",
        ),
        (
            {
                "game": "mywuxing",
                "universe": "water",
                "pot": ["metal", {"x": 1}],
                "revealed": ["wood", "fire"],
            },
            ("pot", 1),
            "expected a card",
        ),
        (
            {
                "game": "mywuxing",
                "universe": "water",
                "pot": ["star", "star", "star"],
                "revealed": ["star", "star"],
            },
            ("revealed", 1),
            "only 4",
        ),
        (
            {
                "game": "mywuxing",
                "universe": "water",
                "pot": ["water"] * 7,
                "revealed": ["water", "wood"],
            },
            ("revealed", 0),
            "only 8",
        ),
    ],
)
def test_bad_situations_name_the_offending_value(situation: Any, path: tuple, words: str) -> None:
    with pytest.raises(SituationError) as caught:
        score(situation, GAME)
    assert caught.value.path == path
    assert words in caught.value.message


# --- properties (issue 3) ------------------------------------------------------------------------

card = st.sampled_from(CARDS)


@settings(max_examples=400, deadline=None)
@given(u=card, pot=st.lists(card, max_size=6), a=card, b=card)
def test_every_play_conserves_cards(u: str, pot: list[str], a: str, b: str) -> None:
    out = resolve_play(u, pot, a, b)
    in_play = [u, *pot, a, b]
    moved = [*out.pot, *out.void, *out.p1, *out.p2]
    assert Counter(moved) == Counter(in_play)
    for pile in (out.pot, out.void, out.p1, out.p2):  # each pile keeps the input's order
        rest = iter(in_play)
        assert all(any(c == x for x in rest) for c in pile)
    assert out.relations == (RELATION[a, u], RELATION[b, u])
    if out.winner is not None:  # the taker has the Universe card; only Stars stay in the pot
        assert u in (out.p1 if out.winner == 1 else out.p2)
        assert set(out.pot) <= {"star"} and not out.void[1:]
    if out.void and out.rule in ("1", "dragon-universe", "star-universe"):
        assert out.pot == ["star"]


@settings(max_examples=100, deadline=None)
@given(a=card, b=card)
def test_every_duel_conserves_cards(a: str, b: str) -> None:
    out = resolve_duel(a, b)
    assert Counter([*out.pot, *out.void, *out.p1, *out.p2]) == Counter([a, b])
    if a == b:
        assert duel_winner(a, b) is None
    else:
        assert {duel_winner(a, b), duel_winner(b, a)} == {1, 2}


# --- whole games ---------------------------------------------------------------------------------


def random_game(state: MyWuXingState, rng: random.Random, check: bool = True) -> MyWuXingState:
    bound = 500
    while not state.is_terminal():
        bound -= 1
        assert bound > 0, "the game does not end"
        if check:
            state.check_invariants()
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            actions, weights = zip(*outcomes, strict=True)
            state.apply(rng.choices(actions, weights)[0])
        else:
            actions = state.legal_actions()
            assert actions
            state.apply(rng.choice(list(actions)))
    state.check_invariants()
    return state


@pytest.mark.parametrize("mode", ["learn", "think"])
@pytest.mark.parametrize("players", range(2, 9))
def test_random_games_end_and_keep_every_card(mode: str, players: int) -> None:
    rng = random.Random(players * 7 + len(mode))
    for _ in range(25):
        state = random_game(new_game(GAME, players, mode=mode), rng)
        result = state.result()
        assert result.winners and all(0 <= s < players for s in result.winners)
        assert sum(result.scores.values()) <= 52
        each = GAME.deal.cards_each[players]  # type: ignore[union-attr]
        assert result.facts["plays"] <= 52 - each * players
        assert result.reason in ("last player standing", "universe deck used up", "no cards left")


@settings(max_examples=40, deadline=None)
@given(data=st.data(), players=st.integers(2, 8), mode=st.sampled_from(["learn", "think"]))
def test_states_reached_by_legal_moves_stay_legal(
    data: st.DataObject, players: int, mode: str
) -> None:
    state = new_game(GAME, players, mode=mode)
    for _ in range(400):
        state.check_invariants()
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            moves = [a for a, _ in state.chance_outcomes()]
        else:
            moves = list(state.legal_actions())
        state.apply(data.draw(st.sampled_from(moves)))
    assert state.is_terminal()


def test_learn_has_only_chance_nodes_and_think_has_choices() -> None:
    learn = new_game(GAME, 3)
    assert learn.current_player() == CHANCE and learn.legal_actions() == ()
    rng = random.Random(5)
    seen = set()
    think = new_game(GAME, 3, mode="think")
    while not think.is_terminal():
        seen.add(think.current_player())
        if think.current_player() == CHANCE:
            think.apply(rng.choices(*zip(*think.chance_outcomes(), strict=True))[0])
        else:
            think.apply(rng.choice(list(think.legal_actions())))
    assert {0, 1, 2} & seen


def draw(state: MyWuXingState, *cards: str) -> None:
    for c in cards:
        assert state.current_player() == CHANCE, state.phase
        state.apply(c)


def test_learn_first_play_and_rotation() -> None:
    state = new_game(GAME, 3)
    draw(state, "water", "wood", "fire")  # Universe, player 1 (seat 0), player 2 (seat 1)
    assert state.bottom[0] == [("water", "wood", "fire")]
    assert [state.count(s) for s in range(3)] == [9, 6, 7]
    assert (state.leader, state.other, state.queue) == (1, 2, [-1, 1, 2])
    state.check_invariants()


def test_won_batches_come_up_mixed_and_uniform_ones_without_chance() -> None:
    state = new_game(GAME, 2)
    batch = ("water", "water", "wood", "fire", "dragon", "star", "earth", "metal")
    for c in batch:  # seat 0's 8 dealt cards, known: a won batch
        state.unseen[state.words.index(c)] -= 1
    state.unseen_total -= 8
    state.hidden[0], state.bottom[0] = 0, [batch]
    state.check_invariants()
    draw(state, "fire")  # the Universe card
    assert dict(state.chance_outcomes()) == {
        "water": 0.25,
        "wood": 0.125,
        "fire": 0.125,
        "dragon": 0.125,
        "star": 0.125,
        "earth": 0.125,
        "metal": 0.125,
    }
    state.apply("water")
    assert state.bottom[0] == [("water", "wood", "fire", "dragon", "star", "earth", "metal")]
    with pytest.raises(ValueError):
        state.apply("promo")


def test_both_players_out_together_go_to_the_tie_breaker() -> None:
    plays = [  # (Universe, seat 0's card, seat 1's card): the seats alternate as players 1 and 2
        ("water", "fire", "fire"),  # rule 4, water destroys fire: both to the Void
        ("fire", "metal", "metal"),  # rule 4, fire destroys metal: both to the Void
        ("water", "earth", "earth"),
        ("earth", "wood", "wood"),
        ("wood", "water", "water"),
        ("metal", "earth", "earth"),
        ("fire", "wood", "wood"),
        ("earth", "fire", "fire"),
    ]
    for tie_breaker, duel, winners in (
        ("sudden-death", ("fire", "metal"), (0,)),
        ("sudden-death", ("metal", "fire"), (1,)),
        ("shared", (), (0, 1)),
    ):
        state = new_game(GAME, 2, tie_breaker=tie_breaker)
        for u, a, b in plays:
            draw(state, u, a, b)
        assert sorted(state.void) == ["fire", "fire", "metal", "metal"]
        draw(state, *duel)  # from the Universe Deck, which still holds 28 cards
        assert state.current_player() == TERMINAL
        result = state.result()
        assert result.winners == winners and result.reason == "no cards left"
        assert result.facts["tie_break"] == (tie_breaker == "sudden-death")
        state.check_invariants()


def test_tie_breaker_shared_when_the_void_runs_out() -> None:
    """The Universe Deck used up, the tie-breaker turns the Void over; when that runs out too,
    the tied players share the win."""
    state = new_game(GAME, 2)
    plays = [("water", "fire", "fire")] + [("earth", "metal", "metal")] * 4
    plays += [("wood", "water", "water"), ("fire", "wood", "wood"), ("water", "earth", "earth")]
    for u, a, b in plays:
        draw(state, u, a, b)
    assert state.phase == TIE and state.void == ["fire", "fire"] and state.universe_left == 28
    for word, at in state.at.items():  # as if the Universe Deck had been used up into the pot
        state.pot += [word] * state.unseen[at]
        state.unseen[at] = 0
    state.unseen_total = state.universe_left = 0
    state.check_invariants()
    assert dict(state.chance_outcomes()) == {"fire": 1.0}
    draw(state, "fire", "fire")  # the Void held only two Fires: a draw, and nothing left
    assert state.result().winners == (0, 1)


def think_first_play(**options: Any) -> MyWuXingState:
    state = new_game(GAME, 2, mode="think", **options)
    draw(state, "wood", "earth", "water", "fire", "metal")  # hands, then the Universe card
    assert state.hand == [["wood", "earth"], ["water", "fire"]]
    assert state.current_player() == 0
    assert state.legal_actions() == [("universe", 1), ("player", 1)]
    return state


def test_think_player_against_player() -> None:
    state = think_first_play()
    state.apply(("player", 1))
    assert state.current_player() == 0 and state.legal_actions() == ["wood", "earth"]
    state.apply("wood")
    assert state.current_player() == 1
    state.apply("water")  # water feeds wood: seat 0 takes both; the pot keeps the Universe card
    assert state.pot == ["metal"] and state.bottom[0] == [("wood", "water")]
    assert [state.count(0), state.count(1)] == [9, 7] and state.leader == 1
    state.check_invariants()
    with pytest.raises(ValueError):
        state.apply(("player", 1))


def test_think_against_the_universe_and_the_winner_leads() -> None:
    state = think_first_play(next_leader="winner")
    state.apply(("universe", 1))
    state.apply("earth")  # earth feeds metal: absorbed, joins the pot
    state.apply("water")  # metal feeds water: seat 1 absorbs, takes everything
    assert state.bottom[1] == [("metal", "earth", "water")] and state.pot == []
    assert state.leader == 1


def test_think_power_universe_allows_only_a_universe_play() -> None:
    state = new_game(GAME, 2, mode="think")
    draw(state, "wood", "earth", "water", "fire", "star")
    assert state.legal_actions() == [("universe", 1)]
    state.apply(("universe", 1))
    state.apply("wood")
    state.apply("fire")
    assert state.pot == ["star"] and state.void == ["wood", "fire"]


def test_clone_is_independent() -> None:
    state = new_game(GAME, 4, mode="think")
    rng = random.Random(3)
    for _ in range(30):
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[0])
    copy = state.clone()
    before = (copy.hand, copy.pot, copy.void, copy.bottom, copy.unseen)
    snapshot = repr(before)
    random_game(state, rng)
    assert repr((copy.hand, copy.pot, copy.void, copy.bottom, copy.unseen)) == snapshot
    random_game(copy, rng)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, {}),
        (9, {}),
        (2, {"mode": "fast"}),
        (2, {"colour": 1}),
        (2, {"first": 2}),
        (2, {"next_leader": "loser"}),
    ],
)
def test_new_game_refuses_bad_options(players: int, options: dict[str, Any]) -> None:
    with pytest.raises(UsageError):
        new_game(GAME, players, **options)


def test_settings_come_from_the_data(data_copy: Path) -> None:
    game_yaml = data_copy / "mywuxing" / "game.yaml"
    edit(game_yaml, "tie_breaker: sudden-death", "tie_breaker: shared")
    edit(game_yaml, "next_leader: rotate", "next_leader: winner")
    game: Game = load_game(data_copy / "mywuxing")
    state = new_game(game, 2)
    assert (state.deck.tie_breaker, state.deck.next_leader) == ("shared", "winner")
    edit(game_yaml, "tie_breaker: shared", "tie_breaker: coin")
    with pytest.raises(DataError, match=r"game.yaml:\d+: rules.tie_breaker"):
        new_game(load_game(data_copy / "mywuxing"), 2)


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "learn"},
        {"mode": "think", "universe_runs_out": "void"},
        {"mode": "learn", "universe_runs_out": "void", "tie_breaker": "sudden-death"},
    ],
)
def test_the_fast_chance_draw_is_the_generic_one(options: dict[str, Any]) -> None:
    """`sample_chance` skips building the outcome list for speed; for every chance node of
    many games (Universe and Player Decks, won batches, a reborn Universe Deck, tie-breaks) it
    must draw what `api.pick(chance_outcomes())` draws, with the same calls to the generator,
    or a seed would play a different game."""
    seen: Counter[str] = Counter()
    for game in range(60):
        state = new_game(GAME, 2 + game % 4, **options)
        rng = random.Random(game)
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                state.apply(rng.choice(list(state.legal_actions())))
                continue
            twin = random.Random()
            twin.setstate(rng.getstate())
            fast, generic = state.sample_chance(rng), pick(state.chance_outcomes(), twin)
            assert fast == generic and rng.getstate() == twin.getstate()
            chances = {p for _, p in state.chance_outcomes()}
            kind = "one" if chances == {1.0} else "uniform" if len(chances) == 1 else "weighted"
            seen[f"{'tie' if state.phase == TIE else 'draw'} {kind}"] += 1
            state.apply(fast)
    assert {"draw one", "draw uniform", "draw weighted"} <= set(seen)  # every path was taken
    assert any(key.startswith("tie") for key in seen)


@pytest.mark.parametrize(
    "options", [{"mode": "learn"}, {"mode": "think", "universe_runs_out": "void"}]
)
def test_the_fused_chance_step_is_draw_then_apply(options: dict[str, Any]) -> None:
    """`play_chance` (the simulation's step at a chance node) draws and applies in one go; it
    must leave the same state, with the same calls to the generator, as `sample_chance` then
    `apply` on a copy, at every chance node of many games (unseen pool, batches, tie-breaks)."""
    for game in range(40):
        state = new_game(GAME, 2 + game % 4, **options)
        rng = random.Random(game)
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                state.apply(rng.choice(list(state.legal_actions())))
                continue
            twin, twin_rng = state.clone(), random.Random()
            twin_rng.setstate(rng.getstate())
            drawn = twin.sample_chance(twin_rng)
            twin.apply(drawn)
            assert state.play_chance(rng) == drawn
            assert vars(state) == vars(twin) and rng.getstate() == twin_rng.getstate()


@pytest.mark.parametrize("change", ["lose a card", "copy a card", "swap a card"])
def test_the_end_check_finds_a_card_lost_or_made(change: str) -> None:
    """The conservation check run after every simulated game: every card of the deck is in
    exactly one place (a lost, copied or changed card is a bug of the engine)."""
    state = random_game(new_game(GAME, 3), random.Random(5))
    pile = state.pot or state.void or state.aside
    assert pile, "a finished game has cards won or in the Void"
    if change == "lose a card":
        pile.pop()
    elif change == "copy a card":
        pile.append(pile[0])
    else:
        other = next(w for w in state.words if w != pile[0])
        pile[0] = other
    with pytest.raises(AssertionError, match="cards not conserved"):
        state.check_invariants()


def test_every_settings_problem_is_reported_at_once(data_copy: Path) -> None:
    """Declared settings (model/schema.py): three wrong values, three problems, each with its
    line and the allowed values, none hiding the others."""
    game_yaml = data_copy / "mywuxing" / "game.yaml"
    edit(game_yaml, "hand_size: 2 ", "hand_size: 50 ")
    edit(game_yaml, "partner: next ", "partner: all ")
    edit(game_yaml, "max_plays: 2000 ", "max_plays: lots ")
    with pytest.raises(DataError) as caught:
        deck_of(load_game(data_copy / "mywuxing"))
    assert [(p.field, p.message) for p in caught.value.problems] == [
        ("rules.think.hand_size", "expected a whole number from 1 to 20, got 50"),
        ("rules.think.partner", "expected one of next, any, got 'all'"),
        ("rules.max_plays", "expected a whole number, got text 'lots'"),
    ]
    text = game_yaml.read_text(encoding="utf-8").splitlines()
    assert [p.line for p in caught.value.problems] == [
        next(n for n, line in enumerate(text, 1) if f" {key}:" in line)
        for key in ("hand_size", "partner", "max_plays")
    ]


def test_absent_settings_take_the_sources_choices(data_copy: Path) -> None:
    """Without `rules:` the engine plays the source's defaults: a hand of two, the first value
    of each choice, the guard of 2,000 plays."""
    game_yaml = data_copy / "mywuxing" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    start, end = text.index("rules:\n"), text.index("\n# The rules engine")
    game_yaml.write_text(text[:start] + "rules:\n" + text[end:], encoding="utf-8")
    deck = deck_of(load_game(data_copy / "mywuxing"))
    assert (deck.hand_size, deck.max_plays) == (2, 2000)
    assert (deck.next_leader, deck.partner, deck.tie_breaker) == ("rotate", "next", "sudden-death")
    assert (deck.player_dragon, deck.player_star, deck.universe_runs_out) == (
        "void",
        "pot",
        "count",
    )
