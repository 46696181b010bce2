"""Limits (issue 9): data that would make printgen work without end is refused before any work
starts, and the message gives the number found and the limit.

- a game's printed decks hold at most 100,000 cards (printgen/kit/run.py, `plan`): about
  11,000 A4 sheets of poker cards, fronts and backs, in cards.pdf (issue 18 raised it from
  10,000: the build's memory no longer grows with the deck);
- one card row at most 10,000 copies, a card side 20 to 420 mm, The Way's board at most 99
  squares a side (the loader and the rules engine);
- a data file at most 5 MB, YAML at most 200,000 values (aliases included) and 50 levels deep.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.kit.run import MAX_PRINTED_CARDS, check_limits
from printgen.model import load_game
from tests.conftest import edit


def set_counts(cards: Path, counts: dict[str, int]) -> None:
    lines = cards.read_text(encoding="utf-8").splitlines(keepends=True)
    out = []
    for line in lines:
        cells = line.split(",")
        if cells[0] in counts:
            cells[2] = str(counts[cells[0]])
        out.append(",".join(cells))
    cards.write_text("".join(out), encoding="utf-8")


def counts_of(cards: Path) -> dict[str, int]:
    rows = [line.split(",") for line in cards.read_text(encoding="utf-8").splitlines()[1:]]
    return {cells[0]: int(cells[2]) for cells in rows}


THE_WAY_ROWS = ["air-single", "air-double", "air-dual", "air-all", "earth-single"]
THE_WAY_ROWS += ["earth-double", "earth-dual", "earth-all", "fire-single", "fire-double"]


def test_a_build_of_too_many_cards_is_refused_before_anything_is_written(
    cli, data_copy: Path, tmp_path: Path
) -> None:
    original = data_copy / "the-way" / "original.csv"
    set_counts(original, dict.fromkeys([*THE_WAY_ROWS, "fire-dual"], 10_000))
    total = sum(counts_of(original).values())  # 11 rows of 10,000 and the rest as shipped
    out = tmp_path / "out"
    run = cli("build", "the-way", "--data", data_copy, "--out", out)
    assert run.code == 2
    assert (
        f"the-way/game.yaml:21: components: the printed decks hold {total + 44} cards "
        f"(original {total}, expansion 44); printgen builds at most 100000 cards a game"
    ) in run.err
    assert "Traceback" not in run.err
    assert not out.exists()  # not even the output folder


def test_the_limit_counts_every_printed_deck(cli, data_copy: Path, tmp_path: Path) -> None:
    original = data_copy / "the-way" / "original.csv"
    set_counts(original, dict.fromkeys(THE_WAY_ROWS[:9], 10_000))
    expansion = data_copy / "the-way" / "expansion.csv"
    set_counts(expansion, dict.fromkeys(["x-void-single", "x-void-double"], 10_000))
    run = cli("build", "the-way", "--data", data_copy, "--out", tmp_path / "out")
    assert run.code == 2
    first, second = sum(counts_of(original).values()), sum(counts_of(expansion).values())
    assert first < 100_000 and second < 100_000  # only together over the limit
    assert (
        f"the printed decks hold {first + second} cards (original {first}, expansion {second})"
    ) in run.err


def test_the_limit_is_inclusive(data_copy: Path) -> None:
    cards = data_copy / "the-way" / "original.csv"
    set_counts(cards, dict.fromkeys(THE_WAY_ROWS[:9], 10_000))
    rest = sum(counts_of(cards).values()) + 44 - 90_000 - counts_of(cards)["fire-double"]
    set_counts(cards, {"fire-double": 10_000 - rest})  # 100,000 printed cards in all
    game = load_game(data_copy / "the-way")
    assert sum(d.total for d in game.printed_decks) == MAX_PRINTED_CARDS
    check_limits(game)
    set_counts(cards, {"fire-double": 10_000 - rest + 1})
    with pytest.raises(DataError, match="hold 100001 cards"):
        check_limits(load_game(data_copy / "the-way"))


def test_validate_still_checks_a_game_over_the_limit(cli, data_copy: Path) -> None:
    set_counts(data_copy / "mywuxing" / "cards.csv", {"water": 9000, "wood": 9000})
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert run.code == 1
    assert "total deck: deck: expected 54" in run.out


def test_one_row_of_too_many_copies_is_refused(cli, data_copy: Path) -> None:
    set_counts(data_copy / "mywuxing" / "cards.csv", {"water": 10_001})
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert run.code == 2
    assert "cards.csv:2: column 'count': 10001 copies of one card is over the limit of 10000" in (
        run.err
    )


@pytest.mark.parametrize(
    ("size", "message"),
    [
        ("{width: 0.01, height: 0.01}", "a card side of 0.01 mm is outside 20 to 420 mm"),
        ("{width: 63.5, height: 1000}", "a card side of 1000 mm is outside 20 to 420 mm"),
    ],
)
def test_a_card_size_out_of_bounds_is_refused(
    cli, data_copy: Path, tmp_path: Path, size: str, message: str
) -> None:
    # 0.01 mm cards were a MemoryError: millions of slots on a sheet
    edit(data_copy / "mywuxing" / "game.yaml", "card_size: poker", f"card_size: {size}")
    run = cli("build", "mywuxing", "--data", data_copy, "--out", tmp_path / "out")
    assert run.code == 2
    assert f"mywuxing/game.yaml:7: card_size: {message}" in run.err


def test_a_data_file_over_5_mb_is_refused(cli, data_copy: Path) -> None:
    cards = data_copy / "mywuxing" / "cards.csv"
    cards.write_text(cards.read_text() + "# " + "x" * 5_000_000 + "\n")
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert run.code == 2
    assert "cards.csv: file is 5000" in run.err and "bytes; the limit is 5000000" in run.err


def test_yaml_aliases_that_expand_hugely_are_refused(cli, data_copy: Path) -> None:
    bomb = ["a: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    bomb += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    bomb[0] = bomb[0].replace("a: &a0", "a0: &a0")
    examples = data_copy / "mywuxing" / "examples.yaml"
    examples.write_text(examples.read_text() + "\n".join(bomb) + "\n")
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert run.code == 2
    assert "YAML expands to over 200000 values (aliases?); refusing to read it" in run.err


def test_yaml_nested_too_deeply_is_refused(cli, data_copy: Path) -> None:
    for depth, message in (
        (60, "YAML nested over 50 levels deep"),
        (100_000, "YAML nested too deeply"),
    ):
        (data_copy / "mywuxing" / "game.yaml").write_text(
            "id: mywuxing\nrules: " + "[" * depth + "]" * depth + "\n"
        )
        run = cli("validate", "mywuxing", "--data", data_copy)
        assert run.code == 2
        assert message in run.err
