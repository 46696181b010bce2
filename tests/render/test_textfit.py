"""Line breaking and fitting of card text."""

from __future__ import annotations

from printgen.render.text.textfit import BODY, ApproxMeasure, balance, fit, shrink_to_width, wrap

M = ApproxMeasure()  # 0.55 em a character


def test_wrap_breaks_at_spaces_within_the_width() -> None:
    lines = wrap("one two three four five six", 6, 1.0, BODY, M)
    assert lines == ["one two", "three four", "five six"]
    assert all(len(line) * 0.55 <= 6 for line in lines)


def test_a_word_longer_than_a_line_is_split() -> None:
    assert wrap("abcdefghij", 2.2, 1.0, BODY, M) == ["abcd", "efgh", "ij"]


def test_fit_shrinks_until_the_lines_fit_and_stops_at_the_minimum() -> None:
    text = "a fairly long sentence that needs several lines"
    fitted = fit(text, 20, 2, 2.0, 0.5, BODY, M)
    assert fitted.count <= 2 and fitted.size < 2.0
    floor = fit(text, 5, 1, 2.0, 1.5, BODY, M)
    assert floor.size == 1.5 and floor.count > 1


def test_balance_leaves_no_lonely_last_word() -> None:
    text = "Absorbs every element card and then it goes on"
    assert wrap(text, 22, 1.0, BODY, M)[-1] == "goes on"
    lines = balance(text, 22, 1.0, BODY, M)
    assert lines == ["Absorbs every element", "card and then it goes on"]


def test_shrink_to_width() -> None:
    assert shrink_to_width("abcd", 100, 3.0, BODY, M) == 3.0
    assert shrink_to_width("abcdefghij", 2.75, 3.0, BODY, M) == 0.5
