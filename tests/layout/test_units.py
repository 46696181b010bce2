"""The one unit parser reads a unit in any case (`88MM`, `2.5In`) and, for a length it cannot
read, says why: a unit it does not know (with the one meant: `3.5inch` -> `in`) or a decimal
comma (`8,8cm`) (a designer's trial: `3.5inch` got only "expected a length such as 63.5mm")."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.layout.units import length, parse_length
from tests.pieces_game import write_game


@pytest.mark.parametrize(("written", "mm"), [("88MM", 88.0), ("2.5In", 63.5), ("1Cm", 10.0)])
def test_a_unit_in_any_case(written: str, mm: float) -> None:
    assert parse_length(written) == pytest.approx(mm)
    assert length(written) == pytest.approx(mm)


@pytest.mark.parametrize(
    ("written", "why"),
    [
        ("3.5inch", "(unknown unit 'inch'; did you mean 'in'? printgen reads mm, cm, in and pt)"),
        ("12px", "(unknown unit 'px': printgen reads mm, cm, in and pt)"),
        ("8,8cm", "(write a decimal point, not a comma)"),
    ],
)
def test_a_length_it_cannot_read_says_why(written: str, why: str) -> None:
    for parse in (parse_length, length):
        with pytest.raises(ValueError) as raised:
            parse(written)
        assert str(raised.value).endswith(f"got {written!r} {why}")


def test_words_are_not_taken_for_a_unit() -> None:
    with pytest.raises(ValueError) as raised:
        parse_length("large")
    assert str(raised.value) == "expected a length such as 63.5mm or 2.5in, got 'large'"


def test_a_pieces_size_says_why_too(cli, tmp_path: Path) -> None:
    """A deck's `size:` reads its length through the same parser and says the same."""
    game = "id: bits\nname: Bits\nplayers: {min: 1, max: 2}\ncomponents:\n"
    game += "  chits: {file: chits.csv, shape: circle, size: 1.2inch}\n"
    write_game(tmp_path, game, {"chits.csv": "name\nCoin\n"})
    run = cli("validate", "--data", tmp_path, "bits")
    assert run.code == 2
    assert "components.chits.size: expected a length such as 30mm or 1.25in" in run.err
    assert "got '1.2inch' (unknown unit 'inch'; did you mean 'in'?" in run.err, run.err


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("-440mm", "expected a length between 0 and 2000 mm, got '-440mm'"),
        ("0cm", "expected a length between 0 and 2000 mm, got '0cm'"),
        ("50%", "expected a length such as 63.5mm or 2.5in (a size, not a share), got '50%'"),
    ],
)
def test_a_size_out_of_range_is_not_taken_for_an_unknown_unit(written: str, said: str) -> None:
    """A designer's trial: `size: [-440mm, 320mm]` was told "unknown unit 'mm'"."""
    with pytest.raises(ValueError) as raised:
        parse_length(written)
    assert str(raised.value) == said


def test_a_size_is_held_to_its_range_in_millimetres() -> None:
    """100in is 2540 mm: over the 2 m a size may be, though 100 is under 2000 (review)."""
    with pytest.raises(ValueError, match="between 0 and 2000 mm, got '100in'"):
        parse_length("100in")
    assert parse_length("78in") == pytest.approx(1981.2)


@pytest.mark.parametrize(
    ("size", "said"),
    [
        ("50%", "expected a length such as 63.5mm or 2.5in (a size, not a share), got '50%'"),
        ("3000mm", "expected a length between 0 and 2000 mm, got '3000mm'"),
    ],
)
def test_a_pieces_size_of_no_use_says_why(cli, tmp_path: Path, size: str, said: str) -> None:
    """A deck's `size: 50%` was told "unknown unit '%'" (review): it says what parts say."""
    game = "id: bits\nname: Bits\nplayers: {min: 1, max: 2}\ncomponents:\n"
    game += f"  chits: {{file: chits.csv, shape: circle, size: {size}}}\n"
    write_game(tmp_path, game, {"chits.csv": "name\nCoin\n"})
    run = cli("validate", "--data", tmp_path, "bits")
    assert run.code == 2
    assert f"components.chits.size: {said}" in run.err, run.err
