"""The one unit parser reads a unit in any case (`88MM`, `2.5In`) and, for a length it cannot
read, says why: a unit it does not know (with the one meant: `3.5inch` -> `in`) or a decimal
comma (`8,8cm`) (a designer's trial: `3.5inch` got only "expected a length such as 63.5mm")."""

from __future__ import annotations

import pytest

from printgen.layout.units import length, parse_length


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
