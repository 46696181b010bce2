"""Elementa's engine: hand-worked effective values and scores, bad situations, properties, and
random whole games through the state API. Expected values are worked out by hand here,
independently of card_data/elementa/examples.yaml.

Destroying / generating suit: water earth/metal, wood metal/water, fire water/wood,
earth wood/fire, metal fire/earth.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.errors import DataError, SituationError, UsageError
from printgen.model import Game, load_game
from printgen.rules.api import CHANCE, TERMINAL
from printgen.rules.elementa import (
    RELIC,
    ElementaState,
    new_game,
    rules_of,
    score,
    team_score,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "card_data" / "elementa"
SUITS = ("water", "wood", "fire", "earth", "metal")
NUMBERED = [f"{s} {v}" for s in SUITS for v in range(1, 8)]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(DATA)


def table(game: Game, *cards: str) -> dict[str, Any]:
    return score({"game": "elementa", "table": list(cards)}, game).to_json()


def captured(game: Game, a: list[str], b: list[str]) -> dict[str, Any]:
    return score({"game": "elementa", "captured": {"team_a": a, "team_b": b}}, game).to_json()


# --- effective values and the hand winner -------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "effective", "winner"),
    [
        # water 3 -1 earth +1 metal; earth 2 +1 fire; metal 4 -1 fire +1 earth; fire 6 -1 water
        (["water 3", "earth 2", "metal 4", "fire 6"], [3, 3, 4, 5], 3),
        # wood 7 -2 metal +1 water; the metals meet no fire, no earth; water 6 +2 metal
        (["wood 7", "metal 1", "metal 2", "water 6"], [6, 1, 2, 8], 3),
        # earth 5 -1 wood +2 fire = 6 ties wood 6: the earth was played first
        (["earth 5", "fire 2", "fire 3", "wood 6"], [6, 3, 4, 6], 0),
        # water 1 -1 earth = 0 ties the relics; earth 1 meets no wood: 1 wins
        (["relic", "relic", "water 1", "earth 1"], [0, 0, 0, 1], 3),
        (["relic", "fire 1", "water 1", "relic"], [0, 0, 1, 0], 2),
        (["metal 1", "fire 2", "fire 4", "fire 6"], [-2, 2, 4, 6], 3),
        (["relic", "relic", "relic", "relic"], [0, 0, 0, 0], 0),
        # own suit neither adds nor takes: four waters keep their base values
        (["water 2", "water 7", "water 5", "water 1"], [2, 7, 5, 1], 1),
    ],
)
def test_effective_values_and_winner(
    game: Game, cards: list[str], effective: list[int], winner: int
) -> None:
    result = table(game, *cards)
    assert result["effective"] == effective
    assert result["winner"] == winner


def test_card_strings_are_read_loosely(game: Game) -> None:
    assert table(game, "Fire  3", " WATER 5", "Relic", "wood 02")["effective"] == [3, 5, 0, 3]


def test_table_terms_and_explanation(game: Game) -> None:
    result = score({"game": "elementa", "table": ["fire 3", "water 5", "relic", "wood 2"]}, game)
    terms = result.to_json()["terms"]
    assert terms[0] == {"card": "fire 3", "base": 3, "minus": 1, "plus": 1, "effective": 3}
    text = result.explain()
    assert "fire 3: 3 - 1 water + 1 wood = 3" in text
    assert "card 2 (water 5) takes the hand" in text
    tie = score({"game": "elementa", "table": ["fire 5", "water 5", "earth 1", "relic"]}, game)
    assert "Cards 1 and 2 tie at 4; the first played" in tie.explain()


# --- team scoring and the relic sweep -----------------------------------------------------


def test_scoring_stacks(game: Game) -> None:
    # a: one 1 (5) + four 7s (12) + the 7s are a set (+4) = 21; b: three 2s are a set (+3)
    result = captured(
        game,
        ["water 1", "wood 7", "fire 7", "earth 7", "metal 7"],
        ["water 2", "wood 2", "fire 2", "relic"],
    )
    assert result["scores"] == {"team_a": 21, "team_b": 3}
    assert result["relic_sweep"] is None
    assert result["winner"] == "team_a"
    assert result["details"]["team_a"]["set_values"] == [7]


def test_two_of_a_value_is_no_set(game: Game) -> None:
    result = captured(game, ["fire 1", "water 1"], ["fire 3", "water 3", "wood 3"])
    assert result["scores"] == {"team_a": 10, "team_b": 3}


def test_relic_sweep_wins_over_a_higher_score(game: Game) -> None:
    result = captured(game, ["fire 1", "water 1", "wood 1"], [RELIC] * 5)
    assert result["scores"] == {"team_a": 18, "team_b": 0}
    assert result["relic_sweep"] == "team_b"
    assert result["winner"] == "team_b"
    assert (
        "team_b holds all 5 relics"
        in score(
            {"game": "elementa", "captured": {"team_a": [], "team_b": [RELIC] * 5}}, game
        ).explain()
    )


def test_empty_piles_are_a_draw(game: Game) -> None:
    result = captured(game, [], [])
    assert result["scores"] == {"team_a": 0, "team_b": 0}
    assert result["winner"] is None and result["relic_sweep"] is None


def test_whole_deck_split_scores(game: Game) -> None:
    # a: every card of value 1..3 (15 cards): five 1s 25 + sets 15 = 40, + 2 relics
    # b: every card of value 4..7 and 3 relics: five 7s 15 + sets 20 = 35
    a = [f"{s} {v}" for s in SUITS for v in (1, 2, 3)] + [RELIC] * 2
    b = [f"{s} {v}" for s in SUITS for v in (4, 5, 6, 7)] + [RELIC] * 3
    assert captured(game, a, b)["scores"] == {"team_a": 40, "team_b": 35}


def test_scoring_reads_game_yaml(tmp_path: Path) -> None:
    """Rule numbers come from the data: a designer's change reaches the engine."""
    folder = tmp_path / "elementa"
    shutil.copytree(DATA, folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("per_card_of_value: {1: 5, 7: 3}", "per_card_of_value: {1: 2, 6: 4}")
    path.write_text(text.replace("set_size: 3", "set_size: 2"), encoding="utf-8")
    changed = load_game(folder)
    result = score(
        {
            "game": "elementa",
            "captured": {"team_a": ["fire 1", "water 1"], "team_b": ["fire 6", "water 7"]},
        },
        changed,
    ).to_json()
    assert result["scores"] == {"team_a": 6, "team_b": 4}


def test_bad_rules_data_is_a_data_error(tmp_path: Path) -> None:
    folder = tmp_path / "elementa"
    shutil.copytree(DATA, folder)
    path = folder / "game.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("hands: 10", "hands: 9"), encoding="utf-8"
    )
    with pytest.raises(DataError, match="hands"):
        rules_of(load_game(folder))


def test_every_settings_problem_is_reported_at_once(tmp_path: Path) -> None:
    """Declared settings (model/schema.py): three wrong values, three problems with their lines."""
    folder = tmp_path / "elementa"
    shutil.copytree(DATA, folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8").replace("hands: 10", "hands: many")
    text = text.replace("{1: 5, 7: 3}", "{1: -5, 7: 3}").replace("set_size: 3", "set_size: 0")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        rules_of(load_game(folder))
    assert [(p.field, p.message) for p in caught.value.problems] == [
        ("rules.hands", "expected a whole number, got text 'many'"),
        ("rules.scoring.per_card_of_value", "1: expected a whole number from 0 to 1000, got -5"),
        ("rules.scoring.set_size", "expected a whole number from 1 to 99, got 0"),
    ]
    assert len({p.line for p in caught.value.problems}) == 3


# --- bad situations -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("situation", "path", "words"),
    [
        ("table", (), "mapping"),
        ({"game": "elementa"}, (), "exactly one of table"),
        ({"game": "elementa", "table": [], "captured": {}}, (), "exactly one"),
        ({"game": "elementa", "tabel": []}, ("tabel",), "accepted: game, table, captured"),
        ({"game": "mywuxing", "table": []}, ("game",), "elementa"),
        ({"game": "elementa", "table": "fire 3"}, ("table",), "list of cards"),
        ({"game": "elementa", "table": ["fire 3", "water 5"]}, ("table",), "expected 4 cards"),
        ({"game": "elementa", "table": ["fire x", "a", "b", "c"]}, ("table", 0), "'x'"),
        ({"game": "elementa", "table": ["relic", "fire 8", "b", "c"]}, ("table", 1), "1..7"),
        ({"game": "elementa", "table": ["relic", "ice 3", "b", "c"]}, ("table", 1), "suit"),
        ({"game": "elementa", "table": ["relic", 3, "b", "c"]}, ("table", 1), "'fire 3'"),
        ({"game": "elementa", "table": ["fire 3 4", "b", "c", "d"]}, ("table", 0), "'fire 3'"),
        ({"game": "elementa", "table": ["fire 0", "b", "c", "d"]}, ("table", 0), "no card"),
        (
            {"game": "elementa", "table": ["fire 3", "relic", "fire 3", "d"]},
            ("table", 2),
            "more often",
        ),
        ({"game": "elementa", "captured": []}, ("captured",), "team_a, team_b"),
        ({"game": "elementa", "captured": {"team_a": []}}, ("captured",), "missing team"),
        (
            {"game": "elementa", "captured": {"team_a": [], "team_b": [], "team_c": []}},
            ("captured", "team_c"),
            "unknown team",
        ),
        (
            {"game": "elementa", "captured": {"team_a": None, "team_b": []}},
            ("captured", "team_a"),
            "list of cards",
        ),
        (
            {"game": "elementa", "captured": {"team_a": ["relic"] * 3, "team_b": ["relic"] * 3}},
            ("captured", "team_b", 2),
            "5 relics",
        ),
        (
            {"game": "elementa", "captured": {"team_a": ["wood 4"], "team_b": ["wood 4"]}},
            ("captured", "team_b", 0),
            "one wood 4",
        ),
    ],
)
def test_bad_situations(game: Game, situation: Any, path: tuple[Any, ...], words: str) -> None:
    with pytest.raises(SituationError) as caught:
        score(situation, game)
    assert caught.value.path == path
    assert words in caught.value.message


# --- properties ---------------------------------------------------------------------------

tables = (
    st.lists(st.sampled_from(NUMBERED), min_size=0, max_size=4, unique=True)
    .map(lambda cards: cards + [RELIC] * (4 - len(cards)))
    .flatmap(st.permutations)
)


@settings(max_examples=300, deadline=None)
@given(tables)
def test_effective_values_stay_in_range_and_winner_is_first_best(
    game: Game, cards: list[str]
) -> None:
    result = table(game, *cards)
    values = result["effective"]
    assert all(-2 <= v <= 10 for v in values)
    best = max(values)
    assert values[result["winner"]] == best
    assert best not in values[: result["winner"]]
    for card, value in zip(cards, values, strict=True):
        if card == RELIC:
            assert value == 0
        else:  # a direct recount of both cycles
            suit, base = card.split()[0], int(card.split()[1])
            dest = {
                "water": "earth",
                "wood": "metal",
                "fire": "water",
                "earth": "wood",
                "metal": "fire",
            }[suit]
            gen = {
                "water": "metal",
                "wood": "water",
                "fire": "wood",
                "earth": "fire",
                "metal": "earth",
            }[suit]
            suits = [c.split()[0] for c in cards]
            assert value == base - suits.count(dest) + suits.count(gen)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(NUMBERED), unique=True), st.integers(0, 5), st.randoms())
def test_team_score_ignores_order_and_relics(
    game: Game, cards: list[str], relics: int, rnd: Any
) -> None:
    rules = rules_of(game)
    plain = team_score(cards, rules).points
    shuffled = cards + [RELIC] * relics
    rnd.shuffle(shuffled)
    assert team_score(shuffled, rules).points == plain
    ones = sum(c.endswith(" 1") for c in cards)
    sevens = sum(c.endswith(" 7") for c in cards)
    assert plain >= 5 * ones + 3 * sevens
    assert plain <= 5 * ones + 3 * sevens + len(cards)


# --- whole games --------------------------------------------------------------------------


def play(state: ElementaState, rng: random.Random, check_every_step: bool) -> int:
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            actions = state.legal_actions()
            assert actions
            action = rng.choice(list(actions))
        state.apply(action)
        steps += 1
        assert steps <= 80, "a game of 40 draws and 40 plays ran on"
        if check_every_step:
            state.check_invariants()
    return steps


def test_random_games_keep_invariants_and_end(game: Game) -> None:
    rng = random.Random(20240607)
    sweeps = 0
    for n in range(300):
        state = new_game(game, 4, first_player=n % 4)
        assert play(state, rng, check_every_step=n < 30) == 80
        state.check_invariants()
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        result = state.result()
        assert sum(map(len, state.captured)) == 40 and state.hands_played == 10
        piles = state.team_piles()
        scores = {t: team_score(p, state.rules).points for t, p in piles.items()}
        assert result.scores == {t: float(s) for t, s in scores.items()}
        if result.reason == "relic sweep":
            sweeps += 1
            team = result.facts["relic_sweep"]
            assert piles[team].count(RELIC) == 5
            assert result.winners == state.rules.teams[team]
        elif result.reason == "draw":
            assert scores["team_a"] == scores["team_b"] and result.winners == ()
        else:
            best = max(scores, key=scores.__getitem__)
            assert result.winners == state.rules.teams[best]
    assert sweeps > 0  # a sweep happens now and then with random play


def test_hand_winner_leads_and_draws_first(game: Game) -> None:
    state = new_game(game, 4, first_player=1)
    order = [
        "fire 3",
        "water 5",
        "relic",
        "wood 2",
        "fire 1",
        "water 1",
        "relic",
        "wood 1",
        "fire 2",
        "water 2",
        "relic",
        "wood 3",
    ]
    for card in order:  # dealt one at a time clockwise from seat 1
        state.apply(card)
    assert state.hands == [
        ["wood 2", "wood 1", "wood 3"],
        ["fire 3", "fire 1", "fire 2"],
        ["water 5", "water 1", "water 2"],
        ["relic", "relic", "relic"],
    ]
    assert state.current_player() == 1
    for card in ("fire 3", "water 5", "relic", "wood 2"):
        state.apply(card)
    # water 5 (seat 2) takes the hand, leads next and draws first
    assert state.captured[2] == ["fire 3", "water 5", "relic", "wood 2"]
    assert state.current_player() == CHANCE and state.to_draw == [2, 3, 0, 1]
    state.apply("metal 7")
    assert state.hands[2][-1] == "metal 7"
    for card in ("metal 6", "metal 5", "metal 4"):
        state.apply(card)
    assert state.current_player() == 2
    state.check_invariants()


def test_illegal_actions_and_options(game: Game) -> None:
    state = new_game(game, 4)
    with pytest.raises(ValueError):
        state.apply("fire 9")
    for card in ["fire 1", "fire 2", "fire 3", "fire 4", *NUMBERED[:8]]:
        state.apply(card)
    with pytest.raises(ValueError):
        state.apply("earth 7")  # not in seat 0's hand
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert len(state.table) == 0 and len(copy.table) == 1
    with pytest.raises(UsageError):
        new_game(game, 3)
    with pytest.raises(UsageError):
        new_game(game, 4, mode="think")
    with pytest.raises(UsageError):
        new_game(game, 4, first_player=4)


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 9),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.sampled_from(["fire 3", "relic", "wood 8", "fire x", " EARTH  4", "relic 2"]),
)
junk_tree = st.recursive(junk, lambda inner: st.lists(inner, max_size=6), max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(junk_tree, max_size=5),
    st.dictionaries(st.sampled_from(["team_a", "team_b", "team_c", 3]), junk_tree),
)
def test_malformed_situations_raise_only_situation_errors(
    game: Game, cards: list[Any], piles: dict[Any, Any]
) -> None:
    for situation in (
        {"game": "elementa", "table": cards},
        {"game": "elementa", "captured": piles},
        cards,
    ):
        try:
            result = score(situation, game)  # type: ignore[arg-type]
        except SituationError as exc:
            assert exc.message
        else:
            result.to_json()
            result.explain()
