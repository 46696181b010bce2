"""Feng Shui Master's engine: hand-worked quarters, values and scores, placement rules, bad
situations, a changed Energy Map, properties, and random whole games through the state API.
Expected values are worked out by hand here, independently of examples.yaml.

Default circles (vertex i, j touches squares (i,j) (i,j+1) (i+1,j) (i+1,j+1)): (1,3) (2,2)
(2,4) (3,1) (3,5) (4,2) (4,4) (5,3). Feeding: water > wood > fire > earth > metal > water.
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
from printgen.rules.api import CHANCE
from printgen.rules.feng_shui import (
    CONVERT,
    PLACE,
    FengShuiState,
    can_place,
    new_game,
    quarters,
    rules_of,
    score,
    violation,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "card_data" / "feng-shui-master"
ELEMENTS = ("water", "wood", "fire", "earth", "metal")
FEEDER = {"wood": "water", "fire": "wood", "earth": "fire", "metal": "earth", "water": "metal"}
CIRCLES = [(1, 3), (2, 2), (2, 4), (3, 1), (3, 5), (4, 2), (4, 4), (5, 3)]
Squares = dict[tuple[int, int], str]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(DATA)


def rows(squares: Squares, size: int = 6) -> list[str]:
    """A map as the situation writes it, from {(row, square): element}, both 1-based."""
    return [
        " ".join(squares.get((r, c), ".") for c in range(1, size + 1)) for r in range(1, size + 1)
    ]


def sheet(squares: Squares, name: str = "Ada", **converted: int) -> dict[str, Any]:
    return {"name": name, "map": rows(squares), "converted": converted}


def run(game: Game, *sheets: dict[str, Any]) -> dict[str, Any]:
    return score({"game": "feng-shui-master", "players": list(sheets)}, game).to_json()


def values(**given: int) -> dict[str, int]:
    return {e: given.get(e, 0) for e in ELEMENTS}


# --- quarters and values ------------------------------------------------------------------


def test_rulebook_example(game: Game) -> None:
    squares = {(2, 3): "fire", (3, 3): "fire", (1, 4): "wood", (2, 2): "wood", (1, 1): "water"}
    result = run(game, sheet(squares, fire=2, wood=1))
    ada = result["players"][0]
    assert ada["values"] == values(fire=5, wood=2, water=1)
    assert ada["filled_quarters"] == 3
    assert result["details"][0]["quarters"] == values(fire=3)
    assert ada["score"] == 5 * 2 + 2 * 1


@pytest.mark.parametrize(
    ("squares", "expected", "filled"),
    [
        # metal feeds water in circle (3,5); nothing feeds the metal
        ({(3, 6): "water", (4, 6): "metal"}, values(water=2, metal=1), 1),
        # fire feeds earth in (3,1); earth feeds metal in (4,2); the earth has no fire in (4,2)
        ({(4, 1): "fire", (4, 2): "earth", (5, 3): "metal"}, values(fire=1, earth=2, metal=2), 2),
        # an earth in two circles, with a fire in each: +2
        ({(2, 4): "earth", (1, 4): "fire", (3, 5): "fire"}, values(earth=3, fire=2), 2),
        # water next to wood but in no circle: nothing is fed
        ({(1, 1): "water", (1, 2): "wood"}, values(water=1, wood=1), 0),
        # a diagonal feeder in the same circle counts
        ({(5, 3): "wood", (6, 4): "fire"}, values(wood=1, fire=2), 1),
        # feeding goes one way: fire feeds earth, earth does not feed fire
        ({(2, 3): "fire", (2, 4): "earth"}, values(fire=1, earth=2), 1),
        # the same element never feeds itself
        ({(2, 2): "fire", (2, 3): "fire", (3, 2): "fire", (3, 3): "fire"}, values(fire=4), 0),
    ],
)
def test_quarters_by_hand(
    game: Game, squares: Squares, expected: dict[str, int], filled: int
) -> None:
    ada = run(game, sheet(squares))["players"][0]
    assert ada["values"] == expected
    assert ada["filled_quarters"] == filled


# --- placement rules ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("squares", "row", "message"),
    [
        (
            {(2, 3): "fire", (1, 2): "water"},
            1,
            "fire at row 2, square 3 touches water at row 1, square 2: fire may not touch water",
        ),
        (
            {(1, 1): "water", (1, 2): "fire"},
            0,
            "fire at row 1, square 2 touches water at row 1, square 1: fire may not touch water",
        ),
        (
            {(3, 3): "metal", (4, 4): "fire"},
            3,
            "fire at row 4, square 4 touches metal at row 3, square 3: fire may not touch metal",
        ),
        (
            {(5, 5): "metal", (6, 6): "wood"},
            5,
            "wood at row 6, square 6 touches metal at row 5, square 5: wood may not touch metal",
        ),
        (
            {(4, 1): "wood", (4, 2): "metal"},
            3,
            "wood at row 4, square 1 touches metal at row 4, square 2: wood may not touch metal",
        ),
    ],
)
def test_broken_placement_names_both_squares(
    game: Game, squares: Squares, row: int, message: str
) -> None:
    with pytest.raises(SituationError) as caught:
        run(game, sheet({}, name="Bo"), sheet(squares))
    assert caught.value.path == ("players", 1, "map", row)
    assert caught.value.message == message


@pytest.mark.parametrize(
    "squares",
    [
        {(1, 1): "fire", (1, 3): "water", (3, 1): "metal"},  # two squares apart: no contact
        {(3, 3): "earth", (2, 2): "water", (2, 3): "metal", (4, 2): "wood", (4, 4): "fire"},
        {(r, c): "fire" for r in range(1, 7) for c in range(1, 7)},  # an element touches itself
        {(1, 1): "wood", (1, 2): "water", (1, 3): "metal", (2, 2): "water"},
    ],
)
def test_legal_maps(game: Game, squares: Squares) -> None:
    run(game, sheet(squares))


# --- scores, majorities and winners -------------------------------------------------------


def test_two_player_majorities(game: Game) -> None:
    ada = sheet({(1, 1): "water", (1, 2): "water"}, water=5)
    bo = sheet({(6, 6): "water", (6, 5): "metal"}, name="Bo", water=1, metal=7)
    result = run(game, ada, bo)
    # Ada: 2 x 5 + 5 (water 2 > 1) = 15; Bo: 1 + 7 + 5 (metal 1 > 0) = 13
    assert [p["majority_bonus"] for p in result["players"]] == [5, 5]
    assert [p["score"] for p in result["players"]] == [15, 13]
    assert result["winner"] == "Ada" and result["decided_by"] == "score"
    assert result["details"][1]["majority"] == ["metal"]


def test_solo_has_no_majority(game: Game) -> None:
    result = run(game, sheet({(1, 1): "earth"}, earth=7))
    assert result["players"][0]["majority_bonus"] == 0
    assert result["players"][0]["score"] == 7
    assert result["passed"] is False and result["winner"] is None


def test_solo_pass_mark(game: Game) -> None:
    full = {(r, c): "earth" for r in range(1, 7) for c in range(1, 7)}
    result = run(game, sheet(full, earth=3))  # 36 x 3 = 108
    assert result["players"][0]["score"] == 108
    assert result["players"][0]["passed"] is True
    assert result["winner"] == "Ada" and result["passed"] is True


def test_quarters_break_a_tie_only_among_the_tied(game: Game) -> None:
    ada = sheet({(1, 1): "fire", (1, 2): "fire", (6, 1): "wood"}, fire=3)  # 6, 0 quarters
    bo = sheet({(2, 2): "wood", (2, 3): "fire"}, name="Bo", fire=3)  # 6, 1 quarter
    cy = sheet({(2, 2): "wood", (2, 3): "fire"}, name="Cy", fire=1)  # 2, 1 quarter
    result = run(game, ada, bo, cy)
    assert [p["score"] for p in result["players"]] == [6, 6, 2]
    assert [p["majority_bonus"] for p in result["players"]] == [0, 0, 0]
    assert result["winner"] == "Bo" and result["decided_by"] == "filled quarters"


def test_full_tie_has_no_winner(game: Game) -> None:
    same = {(2, 2): "wood", (2, 3): "fire"}
    result = run(game, sheet(same, fire=2), sheet(same, name="Bo", fire=2))
    assert result["winner"] is None and result["decided_by"] == "tie"
    assert (
        "no winner"
        in score(
            {"game": "feng-shui-master", "players": [sheet(same), sheet(same, name="Bo")]}, game
        ).explain()
    )


def test_explain_lists_each_element(game: Game) -> None:
    text = score(
        {
            "game": "feng-shui-master",
            "players": [sheet({(2, 3): "fire", (2, 2): "wood"}, fire=2), sheet({}, name="Bo")],
        },
        game,
    ).explain()
    fire = next(line for line in text.splitlines() if line.strip().startswith("fire"))
    assert fire.split() == ["fire", "1", "1", "2", "2", "4"]  # squares quarters value x points
    assert "majority bonus: +10 (wood, fire)" in text


# --- bad situations -----------------------------------------------------------------------

EMPTY = rows({})


@pytest.mark.parametrize(
    ("situation", "path", "words"),
    [
        ([], (), "mapping"),
        ({"game": "feng-shui-master"}, (), "players"),
        ({"game": "feng-shui-master", "players": [], "x": 1}, ("x",), "accepted: game, players"),
        ({"game": "elementa", "players": []}, ("game",), "feng-shui-master"),
        ({"players": []}, ("players",), "1 to 3"),
        ({"players": [{"map": EMPTY}] * 4}, ("players",), "1 to 3"),
        ({"players": ["Ada"]}, ("players", 0), "mapping"),
        ({"players": [{"name": "Ada"}]}, ("players", 0), "missing key 'map'"),
        (
            {"players": [{"map": EMPTY, "colour": "red"}]},
            ("players", 0, "colour"),
            "accepted: name, map, converted",
        ),
        ({"players": [{"map": EMPTY, "name": 7}]}, ("players", 0, "name"), "name"),
        (
            {"players": [{"map": EMPTY, "name": "A"}, {"map": EMPTY, "name": "A"}]},
            ("players", 1, "name"),
            "used twice",
        ),
        ({"players": [{"map": EMPTY[:5]}]}, ("players", 0, "map"), "got 5 rows"),
        ({"players": [{"map": "fire"}]}, ("players", 0, "map"), "6 rows"),
        (
            {"players": [{"map": [*EMPTY[:2], ". . .", *EMPTY[3:]]}]},
            ("players", 0, "map", 2),
            "expected 6 squares, got 3",
        ),
        (
            {"players": [{"map": [*EMPTY[:3], ". . fier . . .", *EMPTY[4:]]}]},
            ("players", 0, "map", 3),
            "row 4, square 3: 'fier'",
        ),
        ({"players": [{"map": [*EMPTY[:3], 42, *EMPTY[4:]]}]}, ("players", 0, "map", 3), "row"),
        (
            {"players": [{"map": EMPTY, "converted": {"fire": 8}}]},
            ("players", 0, "converted", "fire"),
            "0..7",
        ),
        (
            {"players": [{"map": EMPTY, "converted": {"fire": -1}}]},
            ("players", 0, "converted", "fire"),
            "0..7",
        ),
        (
            {"players": [{"map": EMPTY, "converted": {"fire": True}}]},
            ("players", 0, "converted", "fire"),
            "0..7",
        ),
        (
            {"players": [{"map": EMPTY, "converted": {"fire": "2"}}]},
            ("players", 0, "converted", "fire"),
            "0..7",
        ),
        (
            {"players": [{"map": EMPTY, "converted": {"air": 1}}]},
            ("players", 0, "converted", "air"),
            "unknown element",
        ),
        (
            {"players": [{"map": EMPTY, "converted": [1, 2]}]},
            ("players", 0, "converted"),
            "mapping",
        ),
    ],
)
def test_bad_situations(game: Game, situation: Any, path: tuple[Any, ...], words: str) -> None:
    with pytest.raises(SituationError) as caught:
        score(situation, game)
    assert caught.value.path == path
    assert words in caught.value.message


def test_rows_may_be_lists_and_any_case(game: Game) -> None:
    grid = [["Water", ".", ".", ".", ".", "."], *EMPTY[1:]]
    result = score({"players": [{"map": grid, "converted": {"water": 2}}]}, game).to_json()
    assert result["players"][0]["score"] == 2 and result["players"][0]["name"] == "Player 1"


# --- another Energy Map from the data ------------------------------------------------------


def copy_with(tmp_path: Path, old: str, new: str, source: Path | None = None) -> Game:
    """A copy of the data (or of an earlier copy in `source`) with one edit to game.yaml."""
    folder = tmp_path / "feng-shui-master"
    shutil.copytree(DATA if source is None else source / "feng-shui-master", folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_game(folder)


def test_circles_come_from_the_data(tmp_path: Path) -> None:
    changed = copy_with(
        tmp_path,
        "circles: [[1, 3], [2, 2], [2, 4], [3, 1], [3, 5], [4, 2], [4, 4], [5, 3]]",
        "circles: [[1, 1]]",
    )
    squares = {(2, 3): "fire", (3, 3): "fire", (1, 4): "wood", (2, 2): "wood", (1, 1): "water"}
    ada = run(changed, sheet(squares))["players"][0]
    # only circle (1,1) is left: water (1,1) feeds the wood at (2,2); the fires are not fed
    assert ada["values"] == values(fire=2, wood=3, water=1)
    assert ada["filled_quarters"] == 1


def test_a_larger_map_from_the_data(tmp_path: Path) -> None:
    copy_with(tmp_path, "rows: 6\n    columns: 6", "rows: 7\n    columns: 7")
    changed = copy_with(tmp_path / "again", "[5, 3]]", "[5, 3], [6, 6]]", tmp_path)
    grid = {(7, 7): "wood", (6, 6): "water"}
    result = score({"players": [{"map": rows(grid, 7), "converted": {"wood": 1}}]}, changed)
    assert result.to_json()["players"][0]["values"] == values(wood=2, water=1)
    with pytest.raises(SituationError, match="expected 7 rows"):
        score({"players": [{"map": rows(grid, 6)}]}, changed)
    state = new_game(changed, 2)
    play(state, random.Random(3), check_every_step=True)


def test_a_circle_off_the_grid_is_a_data_error(tmp_path: Path) -> None:
    changed = copy_with(tmp_path, "[5, 3]]", "[6, 3]]")
    with pytest.raises(DataError, match="inner vertex"):
        rules_of(changed)


def test_every_settings_problem_is_reported_at_once(tmp_path: Path) -> None:
    """The settings are declared (model/schema.py): three wrong keys, three problems, each with
    its own line, instead of the first one only."""
    copy_with(tmp_path, "conversion_track: 7", "conversion_track: 0")
    copy_with(tmp_path / "b", "majority_bonus: 5", "majority_bonus: five", tmp_path)
    changed = copy_with(tmp_path / "c", "rows: 6", "rows: 100", tmp_path / "b")
    with pytest.raises(DataError) as caught:
        rules_of(changed)
    lines = {p.field: p.line for p in caught.value.problems}
    text = changed.located.file
    assert [str(p) for p in caught.value.problems] == [
        f"{text}:{lines['rules.energy_map.rows']}: rules.energy_map.rows: "
        "expected a whole number from 2 to 99, got 100",
        f"{text}:{lines['rules.conversion_track']}: rules.conversion_track: "
        "expected a whole number from 1 to 99, got 0",
        f"{text}:{lines['rules.majority_bonus']}: rules.majority_bonus: "
        "expected a whole number, got text 'five'",
    ]
    assert len(set(lines.values())) == 3


def test_circle_problems_are_all_reported(tmp_path: Path) -> None:
    changed = copy_with(tmp_path, "[[1, 3], [2, 2],", "[[1, 3], [1, 3], [9, 9], [2, 2],")
    with pytest.raises(DataError) as caught:
        rules_of(changed)
    assert [p.message for p in caught.value.problems] == [
        "circle [1, 3] is listed twice",
        "circle [9, 9] is not an inner vertex: rows 1..5, columns 1..5",
    ]


# --- properties ---------------------------------------------------------------------------

cells = st.lists(st.sampled_from((None, *ELEMENTS)), min_size=36, max_size=36)


def legal_grid(game: Game, wanted: list[str | None]) -> list[str | None]:
    """Place the wanted elements square by square, skipping any that would break a rule."""
    rules = rules_of(game)
    grid: list[str | None] = [None] * 36
    for index, element in enumerate(wanted):
        if element is not None and can_place(grid, index, element, rules):
            grid[index] = element
    assert violation(grid, rules) is None
    return grid


def quarters_by_coordinates(grid: list[str | None]) -> dict[str, int]:
    """An independent count, on (row, square) coordinates and the cycle written out here."""
    at = {(i // 6 + 1, i % 6 + 1): x for i, x in enumerate(grid)}
    filled = dict.fromkeys(ELEMENTS, 0)
    for i, j in CIRCLES:
        four = [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)]
        for square in four:
            x = at[square]
            if x and any(at[o] == FEEDER[x] for o in four if o != square):
                filled[x] += 1
    return filled


@settings(max_examples=300, deadline=None)
@given(cells)
def test_quarters_never_exceed_the_circles(game: Game, wanted: list[str | None]) -> None:
    grid = legal_grid(game, wanted)
    rules = rules_of(game)
    counted = quarters(grid, rules)
    assert counted == quarters_by_coordinates(grid)
    assert sum(counted.values()) <= 32
    for element in ELEMENTS:  # each quarter fills at most once: at most one per occupied slot
        slots = sum(grid[s] == element for four in rules.circle_squares for s in four)
        assert counted[element] <= slots


@settings(max_examples=100, deadline=None)
@given(
    st.lists(cells, min_size=2, max_size=3),
    st.lists(st.dictionaries(st.sampled_from(ELEMENTS), st.integers(0, 7)), min_size=3, max_size=3),
)
def test_majorities_are_strict(
    game: Game, sheets: list[list[str | None]], crosses: list[dict[str, int]]
) -> None:
    players = []
    for n, wanted in enumerate(sheets):
        grid = legal_grid(game, wanted)
        squares = {(i // 6 + 1, i % 6 + 1): x for i, x in enumerate(grid) if x}
        players.append(sheet(squares, name=f"P{n}", **crosses[n]))
    result = run(game, *players)
    for element in ELEMENTS:
        got = [p["values"][element] for p in result["players"]]
        leaders = [n for n, d in enumerate(result["details"]) if element in d["majority"]]
        assert len(leaders) <= 1
        if leaders:
            assert all(got[leaders[0]] > v for n, v in enumerate(got) if n != leaders[0])
    for p, d in zip(result["players"], result["details"], strict=True):
        assert p["score"] == sum(p["values"][e] * d["converted"][e] for e in ELEMENTS) + 5 * len(
            d["majority"]
        )


# --- whole games --------------------------------------------------------------------------


def play(state: FengShuiState, rng: random.Random, check_every_step: bool) -> int:
    steps = 0
    rules = state.rules
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            actions = state.legal_actions()
            assert actions
            grid = state.grids[seat]
            converting = len(state.pool) <= state.left
            for kind, element, face, *_ in actions:
                cols = rules.columns
                placeable = face <= rules.rows and any(
                    can_place(grid, (face - 1) * cols + c, element, rules) for c in range(cols)
                )
                # a placeable die is placed, except the last dice of the round: converted
                assert kind == (CONVERT if converting or not placeable else PLACE)
            action = rng.choice(list(actions))
        state.apply(action)
        steps += 1
        assert steps < 2000, "the game does not end"
        if check_every_step:
            state.check_invariants()
    return steps


@pytest.mark.parametrize("players", [1, 2, 3])
def test_random_games_keep_invariants_and_end(game: Game, players: int) -> None:
    rng = random.Random(players)
    for n in range(60):
        state = new_game(game, players, first_player=n % players)
        play(state, rng, check_every_step=n < 5)
        state.check_invariants()
        result = state.result()
        assert any(
            state.filled[s] == 36 or 7 in state.crosses[s].values() for s in range(players)
        ), "the game ended without its trigger"
        scores = [result.scores[str(s)] for s in range(players)]
        if players == 1:
            assert result.winners == ((0,) if scores[0] >= 100 else ())
        elif result.winners:
            assert scores[result.winners[0]] == max(scores)


def roll(state: FengShuiState, *faces: int) -> None:
    for face in faces:
        assert state.current_player() == CHANCE
        state.apply(face)


def test_forced_conversion_and_the_last_round(game: Game) -> None:
    state = new_game(game, 1)
    state.grids[0][0:6] = ["earth"] * 6  # row 1 is full
    state.filled[0] = 6
    roll(state, *[1] * 10)
    assert state.legal_actions() == [
        (CONVERT, e, 1) for e in ("metal", "earth", "fire", "wood", "water")
    ]
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    # two metals, two earths ...: no track reaches 7, so a new round begins
    assert state.rounds == 2 and state.current_player() == CHANCE
    assert state.crosses[0] == dict.fromkeys(ELEMENTS, 2)
    state.crosses[0]["fire"] = 6
    roll(state, *[1] * 10)
    while state.pool:
        state.apply((CONVERT, "fire", 1) if ("fire", 1) in state.pool else state.legal_actions()[0])
        assert state.last_round
    # the round was played out; the second fire found a full track and added no cross
    assert state.is_terminal() and state.rounds == 2
    assert state.crosses[0]["fire"] == 7
    assert state.result().facts["rounds"] == 2


def test_a_placeable_die_may_not_be_converted(game: Game) -> None:
    state = new_game(game, 2)
    roll(state, *[3] * 10)
    assert state.current_player() == 0
    assert all(a[0] == PLACE for a in state.legal_actions())
    with pytest.raises(ValueError, match="may not be converted"):
        state.apply((CONVERT, "fire", 3))
    state.apply((PLACE, "fire", 3, 2))
    assert state.current_player() == 1
    with pytest.raises(ValueError, match="cannot be placed"):
        state.apply((PLACE, "fire", 3, 7))
    for _ in range(7):  # the rest of the eight picks, alternating
        state.apply(state.legal_actions()[0])
    assert len(state.pool) == 2 and state.current_player() == 0
    assert all(a[0] == CONVERT for a in state.legal_actions())  # the last dice of the round
    state.apply(state.legal_actions()[0])
    assert state.current_player() == 1
    state.apply(state.legal_actions()[0])
    assert state.rounds == 2 and state.first == 1  # the first player token moves on
    roll(state, *[3] * 10)
    assert state.current_player() == 1


def test_water_touching_fire_is_never_placed(game: Game) -> None:
    state = new_game(game, 1)
    state.grids[0][7] = "fire"  # row 2, square 2
    state.filled[0] = 1
    roll(state, *[1] * 10)
    squares = {a[3] for a in state.legal_actions() if a[:2] == (PLACE, "water")}
    assert squares == {4, 5, 6}  # squares 1, 2 and 3 of row 1 touch the fire
    copy = state.clone()
    copy.apply((PLACE, "water", 1, 4))
    assert state.grids[0][3] is None and copy.grids[0][3] == "water"


def test_full_map_triggers_the_last_round(game: Game) -> None:
    state = new_game(game, 1)
    state.grids[0] = ["earth"] * 35 + [None]
    state.filled[0] = 35
    roll(state, *[6] * 10)
    state.apply((PLACE, "metal", 6, 6))
    assert state.last_round
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.rounds == 1 and state.filled[0] == 36


def test_options_are_checked(game: Game) -> None:
    with pytest.raises(UsageError):
        new_game(game, 4)
    with pytest.raises(UsageError):
        new_game(game, 2, first_player=2)
    with pytest.raises(UsageError):
        new_game(game, 2, mode="versus")


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 9),
    st.floats(allow_nan=False),
    st.text(max_size=3),
    st.lists(st.integers(), max_size=2),
)
token = st.one_of(st.sampled_from([".", "fire", "water", "wood", "earth", "metal"]), junk)
row = st.one_of(
    st.lists(token, min_size=5, max_size=7).map(lambda ws: " ".join(map(str, ws))),
    st.lists(token, min_size=5, max_size=7),
    junk,
)
player = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(st.sampled_from(["Ada", "Bo"]), junk),
        "map": st.one_of(st.lists(row, min_size=5, max_size=7), junk),
        "converted": st.one_of(
            st.dictionaries(
                st.sampled_from([*ELEMENTS, "air"]), st.one_of(st.integers(-1, 8), junk)
            ),
            junk,
        ),
        "extra": junk,
    },
)


@settings(max_examples=200, deadline=None)
@given(st.lists(player, max_size=4))
def test_malformed_sheets_raise_only_situation_errors(
    game: Game, players: list[dict[str, Any]]
) -> None:
    try:
        result = score({"game": "feng-shui-master", "players": players}, game)
    except SituationError as exc:
        assert exc.message
    else:
        result.to_json()
        result.explain()
