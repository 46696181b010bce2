"""The Way's engine: the board, every card kind, blocked moves and gates worked out by hand, bad
situations, the deck checks, properties, scripted versus and cooperative flows, and random
games through the state API. Independent of card_data/the-way/examples.yaml.

Board (RULINGS.md): x, y from -3 to 3, the Void at (0, 0); gates: air north of (0, 3), fire east
of (3, 0), earth south of (0, -3), water west of (-3, 0).
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
from printgen.rules.the_way import (
    WayState,
    board_of,
    deck_composition_checks,
    find_card,
    new_game,
    rules_of,
    score,
)
from tests.rules.playout import play_randomly

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "card_data" / "the-way"
PAWNS = ("air", "fire", "earth", "water")


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(DATA)


def run(game: Game, pieces: dict[str, Any], card: str, *targets: str) -> dict[str, Any]:
    situation = {"game": "the-way", "pieces": pieces, "play": card, "targets": list(targets)}
    return score(situation, game).to_json()


def where(game: Game, pieces: dict[str, Any], card: str, *targets: str) -> dict[str, Any]:
    return run(game, pieces, card, *targets)["positions"]


# --- the board -----------------------------------------------------------------------------


def test_board_from_game_yaml(game: Game) -> None:
    board = board_of(game)
    assert board.half == 3 and board.pawns == PAWNS
    assert board.gate == {"air": (0, 3), "fire": (3, 0), "earth": (0, -3), "water": (-3, 0)}
    assert board.way == {"air": (0, 1), "fire": (1, 0), "earth": (0, -1), "water": (-1, 0)}
    assert board.beyond["air"] == (0, 4) and board.beyond["water"] == (-4, 0)
    assert board.opposite == {"air": "earth", "earth": "air", "fire": "water", "water": "fire"}


@pytest.mark.parametrize(
    ("card", "start", "end"),
    [
        ("air-single", [1, 1], [1, 2]),
        ("fire-single", [1, 1], [2, 1]),
        ("earth-single", [1, 1], [1, 0]),
        ("water-single", [1, 1], [0, 1]),
        ("void-single", [-2, 3], [-1, 2]),  # diagonal toward the centre
        ("void-single", [0, -3], [0, -2]),
        ("void-single", [0, 0], [0, 0]),  # in the Void, toward the Void: stays
        ("fire-double", [-1, 2], [1, 2]),
        ("void-all", [3, -3], [2, -2]),
    ],
)
def test_single_piece_moves(game: Game, card: str, start: list[int], end: list[int]) -> None:
    targets = [] if card.endswith("-all") else ["water"]
    assert where(game, {"water": start}, card, *targets) == {"water": end}


def test_leaving_only_through_the_own_gate(game: Game) -> None:
    assert run(game, {"air": [0, 3]}, "air-single", "air")["exits"] == ["air"]
    assert where(game, {"air": [0, 3]}, "air-single", "air") == {"air": "out"}
    assert where(game, {"air": [1, 3]}, "air-single", "air") == {"air": [1, 3]}  # no gate there
    assert where(game, {"fire": [0, 3]}, "air-single", "fire") == {"fire": [0, 3]}
    assert where(game, {"earth": [0, -3]}, "earth-single", "earth") == {"earth": "out"}
    assert where(game, {"water": [-3, 0]}, "water-single", "water") == {"water": "out"}
    assert where(game, {"water": [-3, 3]}, "air-single", "water") == {"water": [-3, 3]}


def test_occupied_squares_block_except_the_void(game: Game) -> None:
    pieces = {"air": [1, 0], "fire": [2, 0]}
    assert where(game, pieces, "fire-single", "air") == pieces
    assert where(game, {"air": [1, 0], "fire": [0, 0]}, "water-single", "air") == {
        "air": [0, 0],
        "fire": [0, 0],
    }
    blocked = run(game, pieces, "fire-single", "air")["steps"][0]
    assert blocked["blocked"] == "(2, 0) holds fire"


def test_doubles_step_twice(game: Game) -> None:
    assert run(game, {"fire": [2, 0]}, "fire-double", "fire")["exits"] == ["fire"]
    assert where(game, {"fire": [1, 0], "air": [3, 0]}, "fire-double", "fire") == {
        "fire": [2, 0],
        "air": [3, 0],
    }
    # the second step of a Void Double goes on toward the centre
    assert where(game, {"air": [3, 2]}, "x-void-double", "air") == {"air": [1, 0]}
    # a Wild Double takes one symbol for both steps
    assert where(game, {"air": [0, 0]}, "x-wild-double", "air as earth") == {"air": [0, -2]}


def test_duals_move_in_printed_order_unless_told(game: Game) -> None:
    # water-air: west first, then north
    assert where(game, {"air": [-3, 2]}, "dual-water-air", "air", "air") == {"air": [-3, 3]}
    assert where(game, {"air": [0, 2], "fire": [-1, 3]}, "dual-water-air", "air", "air") == {
        "air": [-1, 2],
        "fire": [-1, 3],
    }
    result = run(game, {"air": [0, 2], "fire": [-1, 3]}, "dual-air-water", "air", "air")
    assert result["positions"] == {"air": [0, 3], "fire": [-1, 3]}  # north, then west blocked
    assert [s["blocked"] is None for s in result["steps"]] == [True, False]
    both = run(game, {"air": [0, 3], "water": [-3, 0]}, "dual-air-water", "air", "water")
    assert both["exits"] == ["air", "water"] and both["winner"] == "air"


def test_alls_move_the_farthest_first(game: Game) -> None:
    pieces = {"air": [0, -1], "fire": [0, -2], "earth": [0, 0], "water": [1, 0]}
    assert where(game, pieces, "earth-all") == {
        "air": [0, -2],
        "fire": [0, -3],
        "earth": [0, -1],
        "water": [1, -1],
    }
    # the Void All: farthest from the centre first, ties in pawn order
    assert where(game, {"air": [1, 2], "fire": [2, 2], "earth": [0, 0]}, "void-all") == {
        "air": [0, 1],
        "fire": [1, 1],
        "earth": [0, 0],
    }
    assert where(game, {"fire": [2, 1], "air": [2, -1], "earth": [2, 0]}, "void-all") == {
        "air": [1, 0],
        "fire": [2, 1],
        "earth": [2, 0],
    }


def test_wild_all_moves_each_piece_its_own_way(game: Game) -> None:
    pieces = {"air": [0, 0], "fire": [1, 0], "water": "out"}
    moved = where(game, pieces, "wild-all", "air as fire", "fire as fire")
    assert moved == {"air": [0, 0], "fire": [2, 0], "water": "out"}  # air went first: blocked
    moved = where(game, pieces, "wild-all", "fire as fire", "air as fire")
    assert moved == {"air": [1, 0], "fire": [2, 0], "water": "out"}


def test_waiting_pieces_enter_toward_the_centre(game: Game) -> None:
    pieces = {
        "air": "outside earth",
        "fire": "outside water",
        "earth": "outside air",
        "water": "outside fire",
    }
    assert where(game, pieces, "void-all") == {
        "air": [0, -3],
        "fire": [-3, 0],
        "earth": [0, 3],
        "water": [3, 0],
    }
    assert where(game, pieces, "fire-all") == {**pieces, "fire": [-3, 0]}
    assert where(game, pieces, "air-single", "earth") == pieces
    assert where(game, {"air": "outside earth", "fire": [0, -3]}, "air-single", "air") == {
        "air": "outside earth",
        "fire": [0, -3],
    }


def test_arc_flags(game: Game) -> None:
    done = run(game, {"air": [1, 1], "fire": [0, 0]}, "void-single", "air")
    assert done["all_in_void"] and not done["all_out"]
    out = run(game, {"air": "out", "fire": [2, 0]}, "fire-double", "fire")
    assert out["all_out"] and out["exits"] == ["fire"]


def test_card_names_and_explanation(game: Game) -> None:
    rules = rules_of(game)
    assert find_card(rules, "Air–Fire Dual") == find_card(rules, "dual-air-fire")
    assert find_card(rules, "  fire SINGLE ") == find_card(rules, "fire-single")
    text = score(
        {"game": "the-way", "pieces": {"air": [0, 3], "fire": [0, 2]}, "play": "air-all"}, game
    ).explain()
    assert "leaves the board through its own gate" in text and "(0, 2) -> (0, 3)" in text


# --- bad situations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("situation", "path", "words"),
    [
        ([], (), "mapping"),
        ({"game": "cl4sh", "pieces": {}, "play": "x"}, ("game",), "the-way"),
        ({"game": "the-way", "play": "air-single"}, ("pieces",), "missing"),
        ({"game": "the-way", "pieces": {"air": [0, 0]}}, ("play",), "missing"),
        ({"game": "the-way", "piece": {}}, ("piece",), "accepted keys: game, pieces, play"),
        ({"game": "the-way", "pieces": [], "play": "air-single"}, ("pieces",), "mapping"),
        (
            {"game": "the-way", "pieces": {"wind": [0, 0]}, "play": "air-single"},
            ("pieces", "wind"),
            "pawns: air, fire",
        ),
        (
            {"game": "the-way", "pieces": {"air": [0, 4]}, "play": "air-single"},
            ("pieces", "air"),
            "off the board",
        ),
        (
            {"game": "the-way", "pieces": {"air": [0, "1"]}, "play": "air-single"},
            ("pieces", "air"),
            "[x, y]",
        ),
        (
            {"game": "the-way", "pieces": {"air": "outside void"}, "play": "air-single"},
            ("pieces", "air"),
            "outside <element>",
        ),
        (
            {"game": "the-way", "pieces": {"air": [1, 1], "fire": [1, 1]}, "play": "air-single"},
            ("pieces", "fire"),
            "only the Void",
        ),
        (
            {"game": "the-way", "pieces": {"air": [0, 0]}, "play": "air-triple"},
            ("play",),
            "unknown card",
        ),
        ({"game": "the-way", "pieces": {"air": [0, 0]}, "play": 3}, ("play",), "unknown card"),
        (
            {"game": "the-way", "pieces": {"air": [0, 0]}, "play": "air-single"},
            ("targets",),
            "needs 1 target",
        ),
        (
            {"game": "the-way", "pieces": {"air": [0, 0]}, "play": "air-all", "targets": ["air"]},
            ("targets",),
            "needs 0 target",
        ),
        (
            {
                "game": "the-way",
                "pieces": {"air": [0, 0]},
                "play": "air-single",
                "targets": ["fire"],
            },
            ("targets", 0),
            "not a piece in the game",
        ),
        (
            {
                "game": "the-way",
                "pieces": {"air": "out", "fire": [0, 0]},
                "play": "air-single",
                "targets": ["air"],
            },
            ("targets", 0),
            "has left",
        ),
        (
            {
                "game": "the-way",
                "pieces": {"air": [0, 0]},
                "play": "wild-single",
                "targets": ["air"],
            },
            ("targets", 0),
            "a Wild needs",
        ),
        (
            {
                "game": "the-way",
                "pieces": {"air": [0, 0]},
                "play": "air-single",
                "targets": ["air as fire"],
            },
            ("targets", 0),
            "only a Wild",
        ),
        (
            {
                "game": "the-way",
                "pieces": {"air": [0, 0]},
                "play": "air-single",
                "targets": [{"air": 1}],
            },
            ("targets", 0),
            "piece name",
        ),
        (
            {
                "game": "the-way",
                "pieces": {"air": [0, 0]},
                "play": "air-single",
                "targets": {"air": 1},
            },
            ("targets",),
            "list",
        ),
        (
            {
                "game": "the-way",
                "pieces": {"air": [0, 0], "fire": [1, 1]},
                "play": "wild-all",
                "targets": ["air as air", "air as fire"],
            },
            ("targets",),
            "exactly once",
        ),
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
    st.integers(-5, 5),
    st.text(max_size=8),
    st.sampled_from(
        ["out", "outside air", "air", "air as void", "wild-all", "x-dual-void-wild", "air-single"]
    ),
)
junk_tree = st.recursive(
    junk,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from([*PAWNS, "x"]), inner, max_size=4)
    ),
    max_leaves=10,
)


@settings(max_examples=200, deadline=None)
@given(junk_tree, junk_tree, junk_tree)
def test_malformed_situations_raise_only_situation_errors(
    game: Game, pieces: Any, card: Any, targets: Any
) -> None:
    for situation in (
        {"game": "the-way", "pieces": pieces, "play": card, "targets": targets},
        {
            "game": "the-way",
            "pieces": {"air": [0, 0], "fire": pieces},
            "play": "wild-all",
            "targets": targets,
        },
        pieces,
    ):
        try:
            result = score(situation, game)
        except SituationError as exc:
            assert exc.message
        else:
            result.to_json()
            result.explain()


# --- deck checks ---------------------------------------------------------------------------


def test_deck_checks_on_the_shipped_data(game: Game) -> None:
    checks = {c.name: c.to_json() for c in deck_composition_checks(game)}
    assert all(set(c) == {"name", "ok", "level", "detail"} for c in checks.values())
    assert checks["symbols per kind"]["ok"]
    assert checks["assorted duals (original)"]["ok"]
    assert checks["assorted duals (expansion)"]["ok"]
    source = checks["assorted duals as the source lists them (original)"]
    assert not source["ok"] and source["level"] == "warning"
    for words in (
        "10 names",
        "air-fire and fire-air twice",
        "12",
        "earth-water",
        "water-earth",
        "fire-water",
        "water-fire",
    ):
        assert words in source["detail"]
    assert checks["assorted duals as the source lists them (expansion)"]["ok"]


def test_deck_checks_find_broken_decks(tmp_path: Path) -> None:
    folder = tmp_path / "the-way"
    shutil.copytree(DATA, folder)
    original = folder / "original.csv"
    text = original.read_text(encoding="utf-8")
    text = text.replace("dual-air-fire,Air–Fire Dual,1,", "dual-air-fire,Air–Fire Dual,2,")
    text = text.replace("dual-water-earth,Water–Earth Dual,1,dual,water-earth,2\n", "")
    text = text.replace(
        "air-double,Air Double,3,double,air-air,1", "air-double,Air Double,3,double,air-fire,1"
    )
    original.write_text(text, encoding="utf-8")
    expansion = folder / "expansion.csv"
    expansion.write_text(
        expansion.read_text(encoding="utf-8") + "x-dual-air-fire,Extra,1,dual,air-fire,2\n",
        encoding="utf-8",
    )
    checks = {c.name: c.to_json() for c in deck_composition_checks(load_game(folder))}
    assert not checks["symbols per kind"]["ok"]
    assert "air-double" in checks["symbols per kind"]["detail"]
    bad = checks["assorted duals (original)"]
    assert not bad["ok"] and bad["level"] == "error"
    assert "missing water-earth" in bad["detail"] and "air-fire x2" in bad["detail"]
    assert (
        "not an assorted Dual of this deck: air-fire"
        in (checks["assorted duals (expansion)"]["detail"])
    )


def test_bad_board_data_is_a_data_error(tmp_path: Path) -> None:
    folder = tmp_path / "the-way"
    shutil.copytree(DATA, folder)
    path = folder / "game.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("next_to: [3, 0]", "next_to: [2, 0]"),
        encoding="utf-8",
    )
    with pytest.raises(DataError, match="next_to"):
        board_of(load_game(folder))


# --- properties ----------------------------------------------------------------------------

squares = st.tuples(st.integers(-3, 3), st.integers(-3, 3))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(squares, min_size=4, max_size=4),
    st.lists(st.booleans(), min_size=4, max_size=4),
    st.data(),
)
def test_moves_keep_the_board_legal(
    game: Game, spots: list[tuple[int, int]], live: list[bool], data: st.DataObject
) -> None:
    rules = rules_of(game)
    board = rules.board
    pieces: dict[str, Any] = {}
    taken: set[tuple[int, int]] = set()
    for pawn, sq, keep in zip(PAWNS, spots, live, strict=True):
        if keep and (sq == (0, 0) or sq not in taken):
            pieces[pawn] = list(sq)
            taken.add(sq)
    if not pieces:
        pieces["air"] = [0, 0]
    card = data.draw(st.sampled_from(rules.types))
    names = list(pieces)
    steps = board.steps
    if card.kind == "all":
        count = len(names) if card.symbols[0] == "wild" else 0
        order = data.draw(st.permutations(names))[:count]
        targets = [f"{p} as {data.draw(st.sampled_from(steps))}" for p in order]
    else:
        wanted = 2 if card.kind == "dual" else 1
        targets = []
        for symbol in card.symbols[:wanted]:
            pawn = data.draw(st.sampled_from(names))
            targets.append(
                f"{pawn} as {data.draw(st.sampled_from(steps))}" if symbol == "wild" else pawn
            )
    result = run(game, pieces, card.id, *targets)
    after = result["positions"]
    assert set(after) == set(pieces)
    on_board = [tuple(v) for v in after.values() if isinstance(v, list)]
    assert len([s for s in on_board if s != (0, 0)]) == len({s for s in on_board if s != (0, 0)})
    for pawn, value in after.items():
        assert isinstance(value, list) or value == "out"
        if value == "out":
            assert pawn in result["exits"]
    for step in result["steps"]:
        start, end = step["from"], step["to"]
        if step["blocked"] or end == "out":
            continue
        dx, dy = end[0] - start[0], end[1] - start[1]
        if step["symbol"] == "void":
            assert max(abs(start[0]), abs(start[1])) - max(abs(end[0]), abs(end[1])) == 1
        else:
            assert (dx, dy) == board.way[step["symbol"]]


# --- whole games: scripted flows -----------------------------------------------------------


def code(game: Game, card: str) -> int:
    found = find_card(rules_of(game), card)
    assert found is not None, card
    return found


def dealt(game: Game, players: int, mode: str, hands: list[list[str]]) -> WayState:
    """A new game whose deal gives these hands (no events among them in co-op)."""
    state = new_game(game, players, mode=mode)
    for hand in hands:
        for card in hand:
            assert state.current_player() == CHANCE
            state.apply(code(game, card))
    state.check_invariants()
    return state


def test_versus_setup(game: Game) -> None:
    state = dealt(game, 2, "versus", [["air-single"] * 4, ["fire-single"] * 4])
    assert state.current_player() == 0
    assert state.pos == [(0, 0)] * 4 and state.owner == [0, 1, 0, 1]
    three = new_game(game, 3)
    assert three.pos == [(0, 0), (0, 0), (0, 0), None] and three.owner == [0, 1, 2, -1]
    assert sorted(set(state.legal_actions())) == sorted(
        {("play", code(game, "air-single")), ("discard", code(game, "air-single")), ("draw",)}
    )


def test_versus_the_first_piece_out_wins_for_its_owner(game: Game) -> None:
    state = dealt(game, 2, "versus", [["fire-double"] + ["air-single"] * 3, ["water-single"] * 4])
    state.pos[1] = (2, 0)  # player 1's fire piece
    state.apply(("play", code(game, "fire-double")))
    assert state.current_player() == 0
    moves = state.legal_actions()
    assert moves == [("move", i, "fire") for i in range(4)]
    state.apply(("move", 1, "fire"))
    assert state.current_player() == TERMINAL
    assert state.result().winners == (1,) and state.result().reason == "gate reached"
    state.check_invariants()


def test_versus_turns_draw_and_discard(game: Game) -> None:
    state = dealt(game, 2, "versus", [["air-single"] * 4, ["wild-single"] + ["water-single"] * 3])
    state.apply(("discard", code(game, "air-single")))
    assert state.current_player() == CHANCE and state.pending == [0, 0]
    state.apply(code(game, "earth-all"))
    state.apply(code(game, "void-all"))
    assert len(state.hands[0]) == 5 and state.current_player() == 1
    state.apply(("play", code(game, "wild-single")))
    assert len(state.legal_actions()) == 4 * 5  # every piece, every element way or void
    state.apply(("move", 0, "water"))
    assert state.pos[0] == (-1, 0) and state.current_player() == 0
    state.apply(("play", code(game, "earth-all")))  # an All needs no decision
    assert state.pos == [(-1, -1), (0, -1), (0, 0), (0, 0)] and state.current_player() == 1
    state.check_invariants()


def test_coop_setup_resolves_events_at_once(game: Game) -> None:
    state = new_game(game, 2, mode="coop-arc1")
    b = board_of(game)
    assert state.pos == [b.beyond[b.opposite[p]] for p in PAWNS]
    cards = ["void-all", "air-single", "air-single", "air-single"] + ["fire-single"] * 4
    for card in cards:
        state.apply(code(game, card))
    # the Void All, dealt first, went to the discard pile and moved every piece in
    assert state.pos == [(0, -3), (-3, 0), (0, 3), (3, 0)]
    assert state.discard == [code(game, "void-all")] and state.pending == [0]
    state.apply(code(game, "water-single"))  # the replacement
    assert len(state.hands[0]) == 4 and state.pending == [0]  # player 0's turn: a draw
    state.apply(code(game, "air-all"))  # an event: played at once, then replaced
    assert state.pos == [(0, -2), (-3, 1), (0, 3), (3, 1)] and state.pending == [0]
    state.apply(code(game, "earth-single"))
    assert state.current_player() == 0 and len(state.hands[0]) == 5
    state.apply(("play", code(game, "earth-single")))
    state.apply(("move", 2, "earth"))  # the earth piece toward the Void
    assert state.pos[2] == (0, 2)
    assert state.pending == [-1] * 8  # 4 pieces out of the Void: burn 2 each
    for _ in range(8):
        state.apply(state.chance_outcomes()[0][0])
    assert len(state.burn) == 8 and state.pending == [1]
    state.check_invariants()


def test_coop_arc1_win_and_arc2(game: Game) -> None:
    for mode in ("coop-arc1", "coop-arc2"):
        state = dealt(game, 2, mode, [["earth-single"] * 4, ["fire-single"] * 4])
        state.apply(code(game, "air-single"))  # player 0's turn draw
        state.pos = [(0, 1), (0, 0), (0, 0), (0, 0)]
        state.apply(("play", code(game, "earth-single")))
        state.apply(("move", 0, "earth"))
        if mode == "coop-arc1":
            assert state.result().reason == "arc 1 won" and state.result().winners == (0, 1)
            continue
        assert state.arc == 2 and not state.is_terminal()
        assert state.discard == [code(game, "earth-single")] and state.draw_n == 100 - 9
        assert state.pending == [-1] * 8  # now every piece must leave: all 4 burn
        state.check_invariants()


def test_coop_arc2_win(game: Game) -> None:
    state = dealt(game, 2, "coop-arc2", [["water-single"] * 4, ["fire-single"] * 4])
    state.apply(code(game, "air-single"))
    state.arc = 2
    b = board_of(game)
    state.pos = [b.beyond["air"], b.beyond["fire"], b.beyond["earth"], (-3, 0)]
    state.apply(("play", code(game, "water-single")))
    state.apply(("move", 3, "water"))
    assert state.result().reason == "arc 2 won" and state.result().facts["arc"] == 2


def test_coop_running_out_of_cards_loses(game: Game) -> None:
    state = dealt(game, 2, "coop-arc1", [["water-single"] * 4, ["fire-single"] * 4])
    state.apply(code(game, "air-single"))
    left = [c for c, k in enumerate(state.draw) for _ in range(k)]
    state.burn += left[3:]  # leave three cards to draw
    for c in left[3:]:
        state.draw[c] -= 1
    state.draw_n = 3
    state.check_invariants()
    state.apply(("draw",))
    state.apply(state.chance_outcomes()[0][0])
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    assert state.result().reason == "deck depleted" and state.result().winners == ()


def test_options(game: Game) -> None:
    with pytest.raises(UsageError):
        new_game(game, 5)
    with pytest.raises(UsageError):
        new_game(game, 2, mode="solo")
    big = new_game(game, 2, expansion=True)
    assert big.draw_n == 144
    state = new_game(game, 2)
    with pytest.raises(ValueError):
        state.apply(("draw",))  # chance deals first
    copy = state.clone()
    copy.apply(copy.chance_outcomes()[0][0])
    assert state.draw_n == 100 and copy.draw_n == 99


# --- whole games: random play --------------------------------------------------------------


def test_random_games_keep_invariants_and_end(game: Game) -> None:
    rng = random.Random(11)
    reasons: dict[str, int] = {}
    for n in range(240):
        mode = ("versus", "coop-arc1", "coop-arc2")[n % 3]
        players = 2 + n % 3
        state = new_game(game, players, mode=mode, expansion=n % 2 == 0, max_turns=400)
        play_randomly(state, players, rng, 1 if n < 30 else 25)
        result = state.result()
        reasons[result.reason] = reasons.get(result.reason, 0) + 1
        if result.reason == "gate reached":
            out = [
                i
                for i, sq in enumerate(state.pos)
                if sq is not None and state.b.has_left(state.pos, i)
            ]
            assert len(out) == 1 and result.winners == (state.owner[out[0]],)
    assert reasons.get("gate reached") and reasons.get("deck depleted")


# --- settings (game.yaml `rules:`, declared in the_way/settings.py) ------------------------


def copy_with(tmp_path: Path, *changes: tuple[str, str]) -> Game:
    """The bundled data with game.yaml changed (each `old` must be there)."""
    folder = tmp_path / "the-way"
    shutil.copytree(DATA, folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return load_game(folder)


def test_every_settings_problem_is_reported_at_once(tmp_path: Path) -> None:
    """Four wrong values, four problems, each on its own line with the allowed values; none
    stops the others from being found (a gate's keys are checked with the rest); in line order."""
    changed = copy_with(
        tmp_path,
        ("size: 7 ", "size: 8 "),
        ("direction: north", "direction: up"),
        ("hand: 4\n", "hand: 0\n"),
        ("burn_per_piece: 2", "burn_per_piece: many"),
    )
    with pytest.raises(DataError) as caught:
        rules_of(changed)
    text = changed.located.file
    lines = {p.field: p.line for p in caught.value.problems}
    assert [str(p) for p in caught.value.problems] == [
        f"{text}:{lines['rules.board.size']}: rules.board.size: "
        "expected an odd whole number from 3 to 99, got 8",
        f"{text}:{lines['rules.board.gates.air.direction']}: rules.board.gates.air.direction: "
        "expected one of north, east, south, west, got 'up'",
        f"{text}:{lines['rules.versus.hand']}: rules.versus.hand: "
        "expected a whole number from 1 to 99, got 0",
        f"{text}:{lines['rules.cooperative.burn_per_piece']}: rules.cooperative.burn_per_piece: "
        "expected a whole number, got text 'many'",
    ]
    assert len(set(lines.values())) == 4


def test_cross_checks_of_board_and_cards_are_reported_together(tmp_path: Path) -> None:
    """What only the board and the deck can tell: a gate off the edge, a pawn without a gate,
    more pieces than pawns, an event kind no card has; all four at once."""
    changed = copy_with(
        tmp_path,
        ("next_to: [3, 0]", "next_to: [2, 0]"),
        ("pawns: [air, fire, earth, water]", "pawns: [air, fire, earth, wood]"),
        ("pieces_per_player: {2: 2,", "pieces_per_player: {2: 3,"),
        ("kinds: [all]", "kinds: [al]"),
    )
    with pytest.raises(DataError) as caught:
        rules_of(changed)
    assert [(p.field, p.message) for p in caught.value.problems] == [
        (
            "rules.board.gates.fire.next_to",
            "expected an edge square [x, y] whose east step leaves the board, got [2, 0]",
        ),
        ("rules.pawns", "expected a list of gate elements (air, fire, earth, water), got 'wood'"),
        (
            "rules.versus.pieces_per_player.2",
            "2 players with 3 pieces each need 6 pawns, the board has 4",
        ),
        (
            "rules.events.kinds",
            "unknown kind 'al'; did you mean 'all'? (the deck's kinds: all, double, dual, single)",
        ),
    ]
    assert len({p.line for p in caught.value.problems}) == 4
