"""CL4SH's engine: hand-worked plays, runs, Havoc cards, duels and match scoring, bad situations,
properties, scripted whole-game flows and random games through the state API. Expected values
are worked out by hand here, independently of card_data/cl4sh/examples.yaml.

Dominance loop (RULINGS.md): water > fire > earth > air > water; fire-air and earth-water are
unrelated.
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
from printgen.rules.cl4sh import Cl4shState, find_card, new_game, rules_of, score
from printgen.rules.cl4sh.cards import pile_of
from tests.rules.playout import play_randomly

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "card_data" / "cl4sh"
ELEMENTS = ("fire", "earth", "air", "water")
BEATS = {"water": "fire", "fire": "earth", "earth": "air", "air": "water"}
NUMBERED = [f"{e} {n}" for e in ELEMENTS for n in range(1, 10)]
HAVOC = ["almighty", "echo", "duel", "chain-reaction", "balance", "shield", "pickup 1", "pickup 2"]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(DATA)


def play(game: Game, top: str, *cards: str) -> dict[str, Any]:
    return score({"game": "cl4sh", "top": top, "play": list(cards)}, game).to_json()


def duel(game: Game, a: str, b: str) -> str:
    return score({"game": "cl4sh", "duel": {"challenger": a, "defender": b}}, game).to_json()[
        "winner"
    ]


# --- valid plays ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "card", "valid"),
    [
        ("earth 3", "fire 1", True),  # fire dominates earth
        ("water 9", "air 1", True),  # air dominates water
        ("fire 9", "water 1", True),  # water dominates fire
        ("air 9", "earth 1", True),  # earth dominates air
        ("fire 3", "fire 4", True),  # same element, higher
        ("fire 3", "fire 3", False),  # same element, equal
        ("fire 8", "fire 2", False),  # same element, lower
        ("earth 1", "air 9", False),  # earth dominates air
        ("earth 3", "water 9", False),  # unrelated
        ("air 3", "fire 9", False),  # unrelated
        ("fire 3", "echo", True),  # echo is water
        ("water 1", "echo", False),  # water 0 on water 1
        ("earth 5", "duel", True),  # duel is fire
        ("water 5", "duel", False),  # water dominates fire
        ("water 5", "chain-reaction", True),  # air dominates water
        ("air 5", "balance", True),  # earth dominates air
        ("fire 5", "balance", False),  # fire dominates earth
        ("water 9", "almighty", True),
        ("earth 9", "shield", True),
        ("air 9", "pickup 2", True),
        ("echo", "water 1", True),  # echo counts as water 0
        ("echo", "fire 9", False),  # water dominates fire
        ("duel", "fire 1", True),
        ("balance", "chain-reaction", False),  # air 0 on earth 0: earth dominates air
        ("shield", "water 1", True),  # any card follows a shield
        ("pickup 1", "earth 1", True),  # and a pick-up
        ("almighty", "air 1", True),  # and an undeclared almighty
        ("almighty as fire 9", "fire 9", False),
        ("almighty as fire 9", "water 1", True),
    ],
)
def test_single_cards(game: Game, top: str, card: str, valid: bool) -> None:
    result = play(game, top, card)
    assert result["valid"] is valid, result["reason"]
    assert result["kind"] == ("single" if valid else "invalid")


def test_reasons_name_the_rule(game: Game) -> None:
    assert play(game, "earth 3", "fire 1")["reason"] == "fire dominates earth"
    assert play(game, "earth 3", "earth 5")["reason"] == (
        "same element (earth) with a higher number: 5 > 3"
    )
    assert "unrelated" in play(game, "earth 3", "water 2")["reason"]
    assert play(game, "fire 2", "earth 9")["reason"] == "fire dominates earth"
    assert "Havoc" in play(game, "water 4", "echo")["reason"]


def test_runs(game: Game) -> None:
    run = play(game, "fire 1", "fire 2", "fire 3", "fire 4", "fire 5")
    assert run["valid"] and run["kind"] == "run" and run["sequence_points"] == 2
    assert run["pile_after"] == "fire 5"
    assert play(game, "fire 6", "water 2", "water 1")["valid"]  # any order, lowest decides
    three = play(game, "air 9", "earth 7", "earth 8", "earth 9")
    assert three["valid"] and three["sequence_points"] == 0
    assert not play(game, "fire 5", "fire 5", "fire 6")["valid"]  # lowest 5 is not higher
    assert not play(game, "fire 3", "fire 4", "fire 6")["valid"]  # a gap
    assert not play(game, "fire 3", "fire 4", "fire 4")["valid"]  # a repeat
    assert not play(game, "earth 1", "fire 2", "water 3")["valid"]  # two elements
    assert not play(game, "earth 1", "fire 2", "duel")["valid"]  # a Havoc card in a run
    assert not play(game, "earth 1", "air 2", "air 3")["valid"]  # earth dominates air


def test_pickups_slam_together(game: Game) -> None:
    slam = play(game, "water 3", "pickup 1", "pickup 2", "pickup 2")
    assert slam["valid"] and slam["kind"] == "pickups" and "draws 5" in slam["reason"]
    assert not play(game, "water 3", "pickup 1", "shield")["valid"]


def test_almighty_declared_on_the_pile(game: Game) -> None:
    result = play(game, "almighty as water 9", "air 1")
    assert result["valid"] and result["pile_after"] == "air 1"
    assert play(game, "fire 2", "almighty as earth 4")["pile_after"] == "earth 4"
    assert play(game, "fire 2", "almighty")["pile_after"] == "any card"


def test_card_strings_are_read_loosely(game: Game) -> None:
    rules = rules_of(game)
    assert find_card(rules, " Fire  3 ") == find_card(rules, "fire-3")
    assert find_card(rules, "Chain Reaction") == find_card(rules, "chain-reaction")
    assert find_card(rules, "pickup-2") == find_card(rules, "pickup 2")
    assert find_card(rules, "fire 10") is None


# --- duels and scoring ---------------------------------------------------------------------


def test_duels(game: Game) -> None:
    assert duel(game, "water 2", "fire 9") == "challenger"  # dominance beats the number
    assert duel(game, "earth 9", "fire 1") == "defender"
    assert duel(game, "fire 4", "fire 7") == "defender"  # same element: higher number
    assert duel(game, "air 6", "fire 5") == "challenger"  # unrelated: higher number
    assert duel(game, "earth 3", "water 3") == "tie"
    assert duel(game, "air 8", "air 8") == "tie"


def test_match_points(game: Game) -> None:
    def events(*items: tuple[str, str]) -> dict[str, Any]:
        return score({"game": "cl4sh", "events": [{k: v} for k, v in items]}, game).to_json()

    result = events(("duel_won", "Ada"), ("sequence4", "Bo"), ("set_won", "Ada"))
    assert result["points"] == {"Ada": 4, "Bo": 2} and result["match_winner"] is None
    five = events(*[("set_won", "Cy")] * 5)
    assert five["points"] == {"Cy": 15} and five["match_winner"] == "Cy"
    assert five["match_ended_at"] == 4
    late = events(*[("set_won", "Ada")] * 4, *[("sequence4", "Bo")] * 8, ("set_won", "Ada"))
    assert late["points"] == {"Ada": 12, "Bo": 16} and late["match_winner"] == "Bo"
    assert late["after_end"] == [12]  # Ada's last set comes after the end: not counted
    assert events()["points"] == {}


def test_scoring_reads_game_yaml(tmp_path: Path) -> None:
    folder = tmp_path / "cl4sh"
    shutil.copytree(DATA, folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "dominates: {water: fire, fire: earth, earth: air, air: water}",
        "dominates: {fire: water, water: air, air: earth, earth: fire}",
    )
    text = text.replace("set_won: 3}", "set_won: 5}").replace(
        "match_target: 15", "match_target: 10"
    )
    path.write_text(text, encoding="utf-8")
    changed = load_game(folder)
    assert play(changed, "water 3", "fire 1")["valid"]  # the loop reversed
    assert not play(changed, "fire 3", "water 1")["valid"]
    result = score({"game": "cl4sh", "events": [{"set_won": "A"}, {"set_won": "A"}]}, changed)
    assert result.to_json()["points"] == {"A": 10} and result.to_json()["match_winner"] == "A"


def test_bad_rules_data_is_a_data_error(tmp_path: Path) -> None:
    folder = tmp_path / "cl4sh"
    shutil.copytree(DATA, folder)
    path = folder / "game.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("sequence_min: 4", "sequence_min: x"),
        encoding="utf-8",
    )
    with pytest.raises(DataError, match="sequence_min"):
        rules_of(load_game(folder))


def copy_with(tmp_path: Path, *changes: tuple[str, str]) -> Game:
    """The bundled CL4SH data with game.yaml changed (each `old` must be there)."""
    folder = tmp_path / "cl4sh"
    shutil.copytree(DATA, folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return load_game(folder)


def test_every_settings_problem_is_reported_at_once(tmp_path: Path) -> None:
    """Declared settings (model/schema.py): four wrong values, four problems, each with its own
    line, the allowed range named; none stops the others from being found."""
    changed = copy_with(
        tmp_path,
        ("sequence_min: 4", "sequence_min: 1"),
        ("set_won: 3}", "set_won: three}"),
        ("max_turns: 2000", "max_turns: 0"),
        ("match_end: moment", "match_end: later"),
    )
    with pytest.raises(DataError) as caught:
        rules_of(changed)
    text = changed.located.file
    lines = {p.field: p.line for p in caught.value.problems}
    assert [str(p) for p in caught.value.problems] == [
        f"{text}:{lines['rules.sequence_min']}: rules.sequence_min: "
        "expected a whole number from 2 to 99, got 1",
        f"{text}:{lines['rules.scoring.set_won']}: rules.scoring.set_won: "
        "expected a whole number, got text 'three'",
        f"{text}:{lines['rules.match_end']}: rules.match_end: "
        "expected one of moment, end_of_set, got 'later'",
        f"{text}:{lines['rules.max_turns']}: rules.max_turns: "
        "expected a whole number from 1 to 100000, got 0",
    ]
    assert len(set(lines.values())) == 4


def test_settings_that_name_no_card_are_reported_together(tmp_path: Path) -> None:
    """The cross checks against the deck: an unknown element and a misspelt kind (which would
    otherwise silently match no card), both reported, each on its own line."""
    changed = copy_with(
        tmp_path,
        ("air: water}", "air: wate}"),
        ("open_after: [almighty, shield, pickup]", "open_after: [almighty, sheild, pickup]"),
    )
    with pytest.raises(DataError) as caught:
        rules_of(changed)
    assert [(p.field, p.message) for p in caught.value.problems] == [
        (
            "rules.dominates.air",
            "expected one of the elements fire, earth, air, water, got 'wate'",
        ),
        (
            "rules.open_after",
            "unknown kind 'sheild'; did you mean 'shield'? (the deck's kinds: almighty, "
            "balance, chain-reaction, duel, echo, number, pickup, shield)",
        ),
    ]
    assert len({p.line for p in caught.value.problems}) == 2


def test_explanations(game: Game) -> None:
    text = score({"game": "cl4sh", "top": "earth 3", "play": ["fire 1"]}, game).explain()
    assert "fire dominates earth" in text and "fire 1" in text
    text = score(
        {"game": "cl4sh", "duel": {"challenger": "air 2", "defender": "fire 2"}}, game
    ).explain()
    assert "tie" in text and "draw 2" in text
    text = score({"game": "cl4sh", "events": [{"set_won": "Ada"}]}, game).explain()
    assert "Ada +3 = 3" in text


# --- bad situations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("situation", "path", "words"),
    [
        ("top", (), "mapping"),
        ({"game": "cl4sh"}, (), "top and play, or duel, or events"),
        ({"game": "elementa", "duel": {}}, ("game",), "cl4sh"),
        ({"game": "cl4sh", "tops": "fire 1"}, ("tops",), "accepted keys: game, top, play"),
        ({"game": "cl4sh", "top": "fire 1"}, ("play",), "needs top and play"),
        ({"game": "cl4sh", "play": ["fire 1"]}, ("top",), "needs top and play"),
        ({"game": "cl4sh", "top": "fire 1", "play": [], "duel": {}}, ("duel",), "one of"),
        ({"game": "cl4sh", "top": "fire x", "play": ["fire 2"]}, ("top",), "unknown card"),
        ({"game": "cl4sh", "top": "fire 1", "play": ["fire 2", 7]}, ("play", 1), "card string"),
        ({"game": "cl4sh", "top": "fire 1", "play": []}, ("play",), "non-empty"),
        ({"game": "cl4sh", "top": "fire 1", "play": {"a": 1}}, ("play",), "non-empty"),
        ({"game": "cl4sh", "top": "fire 10", "play": "fire 2"}, ("top",), "1 to 9"),
        ({"game": "cl4sh", "top": "echo as fire 3", "play": "fire 2"}, ("top",), "Almighty"),
        ({"game": "cl4sh", "top": "almighty as almighty", "play": "fire 2"}, ("top",), "other"),
        ({"game": "cl4sh", "duel": "fire 1"}, ("duel",), "challenger"),
        ({"game": "cl4sh", "duel": {"challenger": "fire 1"}}, ("duel", "defender"), "missing"),
        (
            {"game": "cl4sh", "duel": {"challenger": "fire 1", "defender": "x"}},
            ("duel", "defender"),
            "unknown card",
        ),
        (
            {"game": "cl4sh", "duel": {"challenger": "almighty", "defender": "fire 2"}},
            ("duel", "challenger"),
            "cannot be used in a duel",
        ),
        (
            {"game": "cl4sh", "duel": {"challenger": "fire 1", "defender": "fire 2", "x": 1}},
            ("duel", "x"),
            "accepted keys",
        ),
        ({"game": "cl4sh", "events": {"set_won": "A"}}, ("events",), "list"),
        ({"game": "cl4sh", "events": [{"set_won": "A"}, "x"]}, ("events", 1), "one key"),
        (
            {"game": "cl4sh", "events": [{"set_won": "A", "duel_won": "B"}]},
            ("events", 0),
            "one key",
        ),
        (
            {"game": "cl4sh", "events": [{"sequence5": "A"}]},
            ("events", 0, "sequence5"),
            "duel_won, sequence4, set_won",
        ),
        ({"game": "cl4sh", "events": [{"set_won": 3}]}, ("events", 0, "set_won"), "name"),
    ],
)
def test_bad_situations(game: Game, situation: Any, path: tuple[Any, ...], words: str) -> None:
    with pytest.raises(SituationError) as caught:
        score(situation, game)
    assert caught.value.path == path
    assert words in caught.value.message


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 12),
    st.text(max_size=6),
    st.sampled_from([*NUMBERED[:6], *HAVOC, "almighty as fire 3", "fire x", "shield as air 2"]),
)
junk_tree = st.recursive(
    junk,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)


@settings(max_examples=200, deadline=None)
@given(
    junk_tree,
    junk_tree,
    st.lists(
        st.dictionaries(
            st.sampled_from(["duel_won", "sequence4", "set_won", "x"]), junk, max_size=2
        ),
        max_size=4,
    ),
)
def test_malformed_situations_raise_only_situation_errors(
    game: Game, a: Any, b: Any, events: list[Any]
) -> None:
    for situation in (
        {"game": "cl4sh", "top": a, "play": b},
        {"game": "cl4sh", "duel": {"challenger": a, "defender": b}},
        {"game": "cl4sh", "duel": a},
        {"game": "cl4sh", "events": events},
        {"game": "cl4sh", "events": a},
        a,
    ):
        try:
            result = score(situation, game)
        except SituationError as exc:
            assert exc.message
        else:
            result.to_json()
            result.explain()


# --- properties ----------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(NUMBERED), st.sampled_from(NUMBERED))
def test_single_validity_and_duels_follow_the_loop(game: Game, top: str, card: str) -> None:
    (te, tn), (ce, cn) = top.split(), card.split()
    expected = BEATS[ce] == te or (ce == te and int(cn) > int(tn))
    assert play(game, top, card)["valid"] is expected
    forward, backward = duel(game, card, top), duel(game, top, card)
    swap = {"challenger": "defender", "defender": "challenger", "tie": "tie"}
    assert backward == swap[forward]
    if BEATS[ce] == te:
        assert forward == "challenger"
    elif BEATS[te] != ce:  # no dominance either way: the number decides
        assert forward == ("tie" if cn == tn else "challenger" if cn > tn else "defender")


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(NUMBERED), st.sampled_from(ELEMENTS), st.integers(1, 8), st.integers(2, 9))
def test_a_run_is_valid_when_its_lowest_card_is(
    game: Game, top: str, element: str, low: int, length: int
) -> None:
    high = min(9, low + length - 1)
    cards = [f"{element} {n}" for n in range(low, high + 1)]
    run = play(game, top, *cards)
    assert run["valid"] is play(game, top, cards[0])["valid"]
    if run["valid"] and len(cards) > 1:
        assert run["sequence_points"] == (2 if len(cards) >= 4 else 0)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["duel_won", "sequence4", "set_won"]), st.sampled_from(["A", "B", "C"])
        ),
        max_size=20,
    )
)
def test_points_add_up_and_the_first_to_15_wins(game: Game, items: list[tuple[str, str]]) -> None:
    gain = {"duel_won": 1, "sequence4": 2, "set_won": 3}
    result = score({"game": "cl4sh", "events": [{k: v} for k, v in items]}, game).to_json()
    running: dict[str, int] = {}
    first = None
    for what, who in items:
        running[who] = running.get(who, 0) + gain[what]
        if running[who] >= 15:
            first = who
            break
    assert result["match_winner"] == first
    assert result["points"] == running  # nothing after the match's end counts


# --- whole games: scripted flows -----------------------------------------------------------


def code(game: Game, text: str) -> int:
    found = find_card(rules_of(game), text)
    assert found is not None, text
    return found


def rig(game: Game, hands: list[list[str]], top: str, mode: str = "set") -> Cl4shState:
    """A state after the deal with the given hands and top card; the rest is the draw pile."""
    state = new_game(game, len(hands), mode=mode)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    counts = [t.count for t in state.r.types]
    state.hands = [[code(game, c) for c in hand] for hand in hands]
    for c in [h for hand in state.hands for h in hand] + [code(game, top)]:
        counts[c] -= 1
    state.draw, state.draw_n = counts, sum(counts)
    state.discard = [code(game, top)]
    state.pile = pile_of(state.r, code(game, top))
    state.signal = [False] * state.n
    state.signals_left = state.r.signals
    for p in range(state.n):
        state._sync_signal(p)
    state._legal = None
    state.check_invariants()
    return state


def act(state: Cl4shState, *cards: str, arg: Any = None) -> None:
    game_codes = tuple(code_of(state, c) for c in cards)
    state.apply(("play", game_codes, arg))
    state.check_invariants()


def code_of(state: Cl4shState, text: str) -> int:
    found = find_card(state.r, text)
    assert found is not None
    return found


def deal_next(state: Cl4shState, card: str) -> None:
    assert state.current_player() == CHANCE
    state.apply(code_of(state, card))


def test_the_deal(game: Game) -> None:
    state = new_game(game, 4)
    draws = 0
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[-1][0])
        draws += 1
    assert draws == 4 * 7 + 1
    assert [len(h) for h in state.hands] == [7, 7, 7, 7]
    assert len(state.discard) == 1 and state.draw_n == 96 - 29
    assert state.current_player() == 0
    state.check_invariants()


def test_legal_plays_single_runs_and_draw(game: Game) -> None:
    state = rig(game, [["fire 4", "fire 5", "fire 6", "water 1", "earth 9"], ["air 1"]], "fire 3")
    plays = {
        tuple(state.r.types[c].label for c in a[1]) for a in state.legal_actions() if a[0] == "play"
    }
    assert plays == {
        ("fire 4",),
        ("fire 5",),
        ("fire 6",),
        ("fire 4", "fire 5"),
        ("fire 4", "fire 5", "fire 6"),
        ("fire 5", "fire 6"),
        ("water 1",),
    }
    assert ("draw",) in state.legal_actions()


def test_run_of_four_scores_and_signal_cards(game: Game) -> None:
    state = rig(game, [["fire 2", "fire 3", "fire 4", "fire 5", "air 1"], ["air 2"]], "fire 1")
    act(state, "fire 2", "fire 3", "fire 4", "fire 5")
    assert state.points == [2, 0] and state.signal == [True, True] and state.signals_left == 4
    assert state.current_player() == 1 and state.pile == pile_of(state.r, code(game, "fire 5"))
    state.apply(("draw",))
    deal_next(state, "earth 9")  # not playable on fire 5: the turn passes
    assert state.current_player() == 0 and not state.signal[1]
    with pytest.raises(ValueError):
        act(state, "air 1")  # air and fire are unrelated


def test_illegal_play_is_refused(game: Game) -> None:
    state = rig(game, [["air 1", "fire 9"], ["air 2"]], "fire 5")
    with pytest.raises(ValueError):
        act(state, "air 1")
    act(state, "fire 9")
    assert state.current_player() == 1


def test_emptying_the_hand_wins_the_set(game: Game) -> None:
    state = rig(game, [["fire 6"], ["air 2"]], "fire 5")
    assert state.signal == [True, True]  # one card each
    act(state, "fire 6")
    assert state.current_player() == TERMINAL
    result = state.result()
    assert result.winners == (0,) and result.reason == "hand emptied"
    assert result.scores == {"0": 3.0, "1": 0.0}


def test_competition_deals_a_new_set(game: Game) -> None:
    state = rig(game, [["fire 6"], ["air 2"]], "fire 5", mode="competition")
    act(state, "fire 6")
    assert state.points == [3, 0] and state.sets == 1
    assert state.current_player() == CHANCE and len(state.pending) == 15
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    assert state.current_player() == 1  # the next set starts one seat on
    state.check_invariants()


def test_drawn_card_may_be_played_at_once(game: Game) -> None:
    state = rig(game, [["earth 1"], ["air 2", "air 3"]], "fire 5")
    state.apply(("draw",))
    deal_next(state, "water 2")
    assert state.current_player() == 0
    assert state.legal_actions() == [("play", (code(game, "water 2"),), None), ("keep",)]
    state.apply(("keep",))
    assert state.current_player() == 1 and len(state.hands[0]) == 2


def test_pickups_slammed_skip_the_next_player(game: Game) -> None:
    state = rig(game, [["pickup 1", "pickup 2", "fire 9"], ["air 1"], ["air 2"]], "earth 3")
    act(state, "pickup 1", "pickup 2")
    assert state.pending == [1, 1, 1]
    for card in ("water 1", "water 2", "water 3"):
        deal_next(state, card)
    assert len(state.hands[1]) == 4 and state.current_player() == 2


def test_shield_blocks_a_pickup_out_of_turn(game: Game) -> None:
    state = rig(game, [["pickup 2", "fire 9"], ["shield", "air 1", "air 4"], ["air 2"]], "earth 3")
    act(state, "pickup 2")
    assert state.current_player() == 1 and state.legal_actions() == [("block",), ("take",)]
    state.apply(("block",))
    assert state.discard[0] == code(game, "shield") and state.pending == []
    assert state.current_player() == 1 and state.hands[1] == [
        code(game, "air 1"),
        code(game, "air 4"),
    ]
    state.check_invariants()


def test_shield_on_your_turn_guards_against_balance(game: Game) -> None:
    state = rig(game, [["shield", "fire 9"], ["balance", "air 1"], ["air 2", "air 3"]], "air 5")
    act(state, "shield")
    assert state.guard == [True, False, False] and state.pile[0] == -1
    act(state, "balance")  # any card may follow a shield
    assert state.guard == [False, False, False] and state.pending == [2, 2]
    deal_next(state, "fire 1")
    deal_next(state, "fire 2")
    assert len(state.hands[2]) == 4 and len(state.hands[0]) == 1
    assert state.current_player() == 2  # play goes on after the Balance player


def test_an_empty_draw_pile_is_refilled_before_a_shield_decision(game: Game) -> None:
    hands = [["balance", "fire 9"], ["air 1"], ["shield", "air 2"]]
    state = rig(game, hands, "air 5")
    state.discard = [c for c, k in enumerate(state.draw) for _ in range(k)] + state.discard
    state.draw, state.draw_n = [0] * len(state.draw), 0
    state.check_invariants()
    act(state, "balance")
    assert state.pending == [1, 1] and state.draw_n == 96 - 4 - 1  # 4 in hands, 1 on top
    assert state.discard == [code(game, "balance")]  # the top card stays
    assert state.current_player() == CHANCE and state.chance_outcomes()
    deal_next(state, "fire 1")
    deal_next(state, "fire 2")
    assert state.current_player() == 2 and state.legal_actions() == [("block",), ("take",)]


def test_echo_gives_an_extra_turn_in_its_element(game: Game) -> None:
    state = rig(game, [["echo", "water 4", "water 5", "fire 9", "air 1"], ["air 2"]], "fire 2")
    act(state, "echo")
    assert state.current_player() == 0
    labels = {
        tuple(state.r.types[c].label for c in a[1]) for a in state.legal_actions() if a[0] == "play"
    }
    assert labels == {("water 4",), ("water 5",), ("water 4", "water 5")}
    act(state, "water 4")
    assert state.current_player() == 1


def test_duel_winner_scores_and_play_resumes_after_the_challenger(game: Game) -> None:
    state = rig(
        game,
        [["duel", "water 2", "air 1"], ["fire 6", "earth 1"], ["air 3"]],
        "earth 4",
        mode="competition",
    )
    act(state, "duel", arg=1)
    assert state.current_player() == 0
    assert state.legal_actions() == [("duel", code(game, "air 1")), ("duel", code(game, "water 2"))]
    state.apply(("duel", code(game, "water 2")))
    assert state.current_player() == 1
    state.apply(("duel", code(game, "fire 6")))
    assert state.points == [1, 0, 0] and state.stats["duels"] == 1
    assert state.discard[:2] == [code(game, "water 2"), code(game, "fire 6")]
    assert state.pending == [1, 1]  # the loser draws rules.duel_loser_draws
    deal_next(state, "water 1")
    deal_next(state, "water 3")
    assert state.current_player() == 1
    state.check_invariants()


def test_a_second_duel_tie_costs_cards(game: Game) -> None:
    state = rig(
        game, [["duel", "air 5", "air 6", "earth 1"], ["fire 5", "fire 6", "earth 2"]], "earth 4"
    )
    act(state, "duel", arg=1)
    for card in ("air 5", "fire 5", "air 6", "fire 6"):
        state.apply(("duel", code(game, card)))
    assert state.pending == [0, 0, 1] and state.points == [0, 0]
    for card in ("water 1", "water 2", "water 3"):
        deal_next(state, card)
    assert len(state.hands[0]) == 3 and len(state.hands[1]) == 2
    assert state.current_player() == 1


def test_duelist_without_element_cards_draws_until_one(game: Game) -> None:
    state = rig(game, [["duel", "air 7", "earth 1"], ["shield"]], "earth 4")
    act(state, "duel", arg=1)
    assert state.legal_actions() == [("block",), ("take",)]
    state.apply(("take",))
    state.apply(("duel", code(game, "air 7")))
    assert state.current_player() == CHANCE and state.pending == [1]
    deal_next(state, "echo")
    deal_next(state, "air 2")
    assert state.current_player() == 1
    state.apply(("duel", code(game, "air 2")))
    assert state.points == [1, 0]


def test_chain_reaction_switches_seats_or_skips(game: Game) -> None:
    hands = [["chain-reaction", "fire 1", "fire 2"], ["air 1"], ["air 2"]]
    state = rig(game, hands, "water 3")
    act(state, "chain-reaction", arg=1)  # the next player: skipped, another turn
    assert state.current_player() == 0 and state.order == [0, 1, 2]
    state = rig(game, hands, "water 3")
    act(state, "chain-reaction", arg=2)  # player 0 moves to seat 2; seat 0 (player 2) is next
    assert state.order == [2, 1, 0] and state.current_player() == 2
    state.apply(("draw",))
    deal_next(state, "fire 9")  # fire and air are unrelated: not playable
    assert state.current_player() == 1


def test_nothing_to_draw_or_play_stalls(game: Game) -> None:
    state = rig(game, [["air 1", "air 2"], ["air 3", "air 4"]], "earth 9")
    state.aside = [c for c, k in enumerate(state.draw) for _ in range(k)]  # out of reach
    state.draw, state.draw_n = [0] * len(state.draw), 0
    state.check_invariants()
    assert state.legal_actions() == [("pass",)]
    state.apply(("pass",))
    state.apply(("pass",))
    assert state.result().reason == "stalled" and state.result().winners == ()


def test_turn_cap_and_options(game: Game) -> None:
    state = new_game(game, 3, max_turns=3)
    rng = random.Random(1)
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert state.result().reason in ("stalled", "hand emptied") and state.turns <= 3
    with pytest.raises(UsageError):
        new_game(game, 7)
    with pytest.raises(UsageError):
        new_game(game, 3, mode="tournament")
    copy = state.clone()
    assert copy.hands == state.hands and copy.hands is not state.hands


# --- whole games: random play --------------------------------------------------------------


def test_random_games_keep_invariants_and_end(game: Game) -> None:
    rng = random.Random(7)
    reasons: dict[str, int] = {}
    for n in range(200):
        players, mode = 2 + n % 5, ("set", "competition")[n % 2]
        state = new_game(game, players, mode=mode)
        play_randomly(state, players, rng, 1 if n < 40 else 50)
        result = state.result()
        reasons[result.reason] = reasons.get(result.reason, 0) + 1
        if result.reason == "match won":
            assert max(state.points) >= 15 and state.points[result.winners[0]] >= 15
        elif result.reason == "hand emptied":
            assert state.hands[result.winners[0]] == []
    assert reasons.get("hand emptied") and reasons.get("match won")
