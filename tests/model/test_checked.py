"""What `check_mapping` returns (model/checked.py): the checked mapping read by type, each
getter handing back the Python type its Key declares, and a reader that asks for another kind
stopped as the bug it is (the designer's mistakes are problems with lines, found before)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from printgen.errors import Problem
from printgen.model.checked import Checked
from printgen.model.schema import Key, check_mapping, list_of_names, whole_number
from printgen.model.sources import Located

KEYS = {
    "file": Key(True, str, "a file"),
    "faces": Key(False, int, "a whole number", whole_number(2, 20)),
    "round": Key(False, bool, "true or false"),
    "size": Key(False, (str, int, float), "a length"),
    "ignore": Key(False, list, "a list of names", list_of_names),
    "rename": Key(False, dict, "a mapping"),
    "draws": Key(
        False,
        dict,
        "a mapping",
        keys={"each": Key(False, int, "a whole number", default=2)},
        default={},
    ),
}
WRITTEN = {
    "file": "cards.csv",
    "faces": 6,
    "round": False,
    "size": "16mm",
    "ignore": ["Notes", "Art"],
    "rename": {"Cost": "price", 2: "two"},
}


def check(value: object) -> tuple[Checked, list[Problem]]:
    located = Located("game.yaml", 3, {"draws": 9}, {"draws": Located("game.yaml", 9)})
    problems: list[Problem] = []
    return check_mapping(value, located, KEYS, "components.market", problems), problems


def test_each_key_is_read_as_its_declared_type() -> None:
    spec, problems = check(WRITTEN)
    assert problems == []
    assert spec.text("file") == "cards.csv"
    assert spec.integer("faces") == 6
    assert spec.integer_or_none("faces") == 6
    assert spec.flag_or_none("round") is False  # a false flag is not an absent one
    assert spec.text_or_number("size") == "16mm"
    assert spec.texts("ignore") == ("Notes", "Art")
    assert spec.mapping("rename") == {"Cost": "price", 2: "two"}  # the reader checks its keys


def test_an_absent_key_reads_as_none_or_empty() -> None:
    spec, problems = check({"file": "cards.csv"})
    assert problems == []
    assert spec.text_or_none("sheet") is None
    assert spec.integer_or_none("faces") is None
    assert spec.flag_or_none("round") is None
    assert spec.texts("ignore") == ()
    assert spec.mapping("rename") == {}
    assert "faces" not in spec and "file" in spec


def test_a_nested_section_keeps_its_defaults_place_and_path() -> None:
    spec, _ = check({"file": "cards.csv"})
    draws = spec.section("draws")
    assert draws.integer("each") == 2  # the absent section took its keys' defaults
    assert (draws.where, draws.loc.line) == ("components.market.draws", 9)


def test_a_mapping_with_a_problem_reads_as_empty() -> None:
    spec, problems = check({"file": "cards.csv", "faces": 40})
    assert [str(p) for p in problems] == [
        "game.yaml:3: components.market.faces: expected a whole number from 2 to 20, got 40"
    ]
    assert len(spec) == 0 and not spec
    spec, problems = check(["not", "a", "mapping"])
    assert not spec and len(problems) == 1


@pytest.mark.parametrize(
    ("read", "kind"),
    [
        (lambda s: s.integer("file"), "a whole number"),
        (lambda s: s.integer("round"), "a whole number"),  # a YAML false is no number
        (lambda s: s.text("faces"), "text"),
        (lambda s: s.text("sheet"), "text"),  # a required read of a key that is absent
        (lambda s: s.texts("rename"), "a list of text"),
        (lambda s: s.mapping("ignore"), "a mapping"),
        (lambda s: s.flag_or_none("faces"), "true or false"),
        (lambda s: s.text_or_number("round"), "text or a number"),
    ],
)
def test_reading_another_kind_than_declared_is_a_bug(
    read: Callable[[Checked], object], kind: str
) -> None:
    spec, _ = check(WRITTEN)
    with pytest.raises(AssertionError, match=f"components.market.*read as {kind} but"):
        read(spec)
