"""Scoring of placed pieces (issue 37): the board's cells and the helpers on `placed`, each on
positions worked out by hand on paper from the board's drawing (flat-top hexes, every second
column B, D, F ... half a cell lower; `printgen.layout.grid`), and saltmarsh's worked examples
checked by validate, one made wrong on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from printgen.errors import DataError, SituationError
from printgen.model import load_game
from printgen.model.scoring.board import Board
from printgen.model.scoring.placed import (
    PieceView,
    clusters,
    edge,
    longest_line,
    neighbours,
    on,
    pairs,
)
from printgen.rules.scoring import score_holds
from tests.conftest import edit

SALTMARSH = Path(__file__).resolve().parents[2] / "examples" / "saltmarsh"
HEX = Board("hex", 9, 7)  # saltmarsh's board: A1 to I7
CONTEXT = {"_board": HEX}


def names(pieces: list[PieceView]) -> set[str]:
    return {p["at"] for p in pieces}


def laid(*cells: str, terrain: str = "reed", board: Board = HEX) -> list[PieceView]:
    return [
        PieceView({"id": f"t{k}", "at": at, "terrain": terrain, "side": "front"}, board.cell(at))
        for k, at in enumerate(cells)
    ]


@pytest.mark.parametrize(
    ("cell", "beside"),
    [
        ("E4", {"E3", "E5", "D3", "D4", "F3", "F4"}),  # an even column: its row and the one above
        ("D4", {"D3", "D5", "C4", "C5", "E4", "E5"}),  # an odd column: its row and the one below
        ("A1", {"A2", "B1"}),  # the corner: four of its six sides on the board's edge
        ("I7", {"I6", "H6", "H7"}),  # the far corner: I is an even column, like E
    ],
)
def test_a_hex_cells_neighbours(cell: str, beside: set[str]) -> None:
    every = laid(*(f"{c}{r}" for c in "ABCDEFGHI" for r in range(1, 8)))
    piece = next(p for p in every if p["at"] == cell)
    assert names(neighbours(CONTEXT, piece, every)) == beside


def test_square_and_corner_up_neighbours() -> None:
    square = Board("square", 5, 5)
    every = laid(*(f"{c}{r}" for c in "ABCDE" for r in range(1, 6)), board=square)
    b2 = next(p for p in every if p["at"] == "B2")
    assert names(neighbours({"_board": square}, b2, every)) == {"A2", "C2", "B1", "B3"}
    up = Board("hex", 5, 5, corner_up=True)  # every second row (2, 4) half a cell right
    every = laid(*(f"{c}{r}" for c in "ABCDE" for r in range(1, 6)), board=up)
    b2 = next(p for p in every if p["at"] == "B2")
    assert names(neighbours({"_board": up}, b2, every)) == {"A2", "C2", "B1", "C1", "B3", "C3"}


def test_a_piece_with_no_neighbours() -> None:
    pieces = laid("B2", "E5", "H2")
    assert all(neighbours(CONTEXT, p, pieces) == [] for p in pieces)
    assert [len(g) for g in clusters(CONTEXT, pieces, "terrain")] == [1, 1, 1]
    assert pairs(CONTEXT, pieces) == 0
    assert longest_line(CONTEXT, pieces, "terrain") == 1


def test_groups_join_across_the_half_cell_seam() -> None:
    # C4 and D4 share an edge though D4 sits half a cell lower; D4 and E5 too; E4 is beside
    # D4 but of another terrain; G4 lies apart.
    reeds = laid("C4", "D4", "E5", "G4")
    creek = laid("E4", terrain="creek")
    groups = clusters(CONTEXT, reeds + creek, "terrain")
    assert [sorted(names(g)) for g in groups] == [["C4", "D4", "E5"], ["G4"], ["E4"]]
    assert [names(g) for g in clusters(CONTEXT, reeds + creek, "terrain", "creek")] == [{"E4"}]


def test_pairs_count_each_neighbouring_pair_once() -> None:
    reeds, creeks = laid("C4", "D4"), laid("C5", "E4", terrain="creek")
    # C4-D4 reed-reed; C4-C5, D4-C5, D4-E4 reed-creek; C5 and E4 are not beside each other.
    pieces = reeds + creeks
    assert pairs(CONTEXT, pieces) == 4
    assert pairs(CONTEXT, pieces, "terrain") == 1
    assert pairs(CONTEXT, pieces, "terrain", "reed", "creek") == 3
    assert pairs(CONTEXT, pieces, "terrain", "creek", "creek") == 0


def test_the_edge_of_the_board() -> None:
    pieces = laid("A4", "E1", "I3", "E7", "B7", "E4", "B6")
    # B6 is not on the edge: B7 lies below it. B7 is (a lowered column's last row).
    assert names(edge(CONTEXT, pieces)) == {"A4", "E1", "I3", "E7", "B7"}


def test_straight_lines_follow_the_hex_axes() -> None:
    assert longest_line(CONTEXT, laid("C4", "D4", "E5"), "terrain") == 3  # down-right, a seam
    assert longest_line(CONTEXT, laid("C4", "D4", "E4"), "terrain") == 2  # a bend at D4
    assert longest_line(CONTEXT, laid("E2", "E3", "E4", "E5"), "terrain") == 4  # a column
    assert longest_line(CONTEXT, laid("A2", "B1", "C1"), "terrain") == 3  # up-right


def test_on_finds_pieces_sharing_a_cell() -> None:
    birds = laid("C4", "E5", terrain="")
    tiles = laid("C4", "D4")
    assert names(on(birds, tiles)) == {"C4"}


@pytest.fixture(scope="module")
def saltmarsh_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("data")
    shutil.copytree(SALTMARSH, data / "saltmarsh")
    return data


def placed_error(saltmarsh_copy: Path, placed: dict[str, Any]) -> SituationError:
    game = load_game(saltmarsh_copy / "saltmarsh")
    with pytest.raises(SituationError) as raised:
        score_holds(game, None, placed)
    return raised.value


@pytest.mark.parametrize(
    ("placed", "path", "message"),
    [
        ({"Ada": [{"piece": "red", "at": "E4"}]}, ("placed", "Ada", 0, "piece"), "'reed'?"),
        ({"Ada": [{"piece": "reed", "at": "J1"}]}, ("placed", "Ada", 0, "at"), "A1 to I7"),
        (
            {"Ada": [{"piece": "reed", "at": "E4", "side": "back"}]},
            ("placed", "Ada", 0, "side"),
            "one face",
        ),
        (
            {"Ada": [{"piece": "reed", "at": "E4"}], "Bo": [{"piece": "creek", "at": "e4"}]},
            ("placed", "Bo", 0, "at"),
            "E4 already holds 'reed' of tiles",
        ),
        (
            {"Ada": [{"piece": "reed", "at": "E4", "sid": "back"}]},
            ("placed", "Ada", 0, "sid"),
            "did you mean 'side'?",
        ),
    ],
)
def test_a_wrong_placing_is_named(
    saltmarsh_copy: Path, placed: dict[str, Any], path: tuple[Any, ...], message: str
) -> None:
    error = placed_error(saltmarsh_copy, placed)
    assert error.path == path
    assert message in error.message


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("placed | clusters('terain') | count", "unknown column 'terain'; did you mean 'terrain'?"),
        (
            "placed | neighbour(placed) | count",
            "unknown filter 'neighbour'; did you mean 'neighbours'?",
        ),
        ("placed | pairs('terrain', 'creek', 'mudflta')", "did you mean 'mudflat'?"),
        ("placed | where('side', 'nest') | count", "no card's side is 'nest'"),
        ("placed | first | attr('_cell')", "unknown filter 'attr'"),
    ],
)
def test_bad_names_in_placement_rules_are_caught_at_load(
    tmp_path: Path, rule: str, said: str
) -> None:
    shutil.copytree(SALTMARSH, tmp_path / "saltmarsh")
    game_yaml = tmp_path / "saltmarsh" / "game.yaml"
    edit(game_yaml, "  birds: placed |", f'  bad: "{rule}"\n  birds: placed |')
    with pytest.raises(DataError) as raised:
        load_game(tmp_path / "saltmarsh")
    line = game_yaml.read_text(encoding="utf-8").splitlines().index(f'  bad: "{rule}"') + 1
    [problem] = raised.value.problems
    assert (problem.line, problem.field) == (line, "scoring.bad")
    assert said in problem.message


def test_saltmarsh_examples_hold_and_a_wrong_one_is_caught(cli, tmp_path: Path) -> None:
    shutil.copytree(SALTMARSH, tmp_path / "saltmarsh")
    run = cli("validate", "saltmarsh", "--data", tmp_path)
    assert run.code == 0 and "worked examples: 4 of 4 hold" in run.out
    # Counting the Avocet's 2 points as well as its nest's 3 eggs would give Ada 17, not 15.
    edit(
        tmp_path / "saltmarsh" / "examples.yaml",
        "expect: {Ada: 15, Bo: 12}",
        "expect: {Ada: 17, Bo: 12}",
    )
    run = cli("validate", "saltmarsh", "--data", tmp_path)
    assert run.code == 1
    assert "A bird on its nest" in run.out
    assert "Ada: expected 17, computed 15 (mudflats 4 + birds 1 + nests 3" in run.out


def test_score_explains_a_placed_situation(cli, tmp_path: Path) -> None:
    situation = tmp_path / "end.yaml"
    situation.write_text(
        "game: saltmarsh\n"
        "holds: {Ada: [heron-watch]}\n"
        "placed:\n"
        "  Ada:\n"
        "    - {piece: reed, at: A1}\n"
        "    - {piece: reed, at: B1}\n"
        "    - {piece: curlew, at: A1}\n"
        "    - {piece: redshank, at: B1, side: back}\n",
        encoding="utf-8",
    )
    run = cli("score", "saltmarsh", situation, "--data", SALTMARSH.parent)
    # reed group A1-B1: 1+1; the Curlew 3; the Redshank's nest 2 eggs; the two birds lie on
    # neighbouring tiles: Heron Watch 2. 2+3+2+2 = 9.
    assert run.code == 0, run.err
    assert run.out.splitlines()[0] == (
        "Ada: 9 (reed beds 2 + birds 3 + nests 2 + goal heron watch 2)"
    )
