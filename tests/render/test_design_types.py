"""Every key of design.yaml is checked against its declaration (printgen/model/design_keys.py)
when the file is read: its type, and its range or choices where the declaration has them. A
wrong value is named at its line with its key path and what was expected, and never reaches
the code that reads it (a mapping where text is wanted was a crash: the fuzzer found one)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from printgen.errors import DataError
from printgen.render.faces.spec import load_design
from tests.conftest import ROOT, edit
from tests.render.test_design_errors import line_of

SAMPLE = ROOT / "examples" / "lantern-market"
COLUMNS = ["id", "name", "count", "kind", "suit", "coins", "cost", "text", "flavour", "art"]
CREST = "crest: {icon: coin, top: 15.5mm, height: 15%}"

CASES = {
    # kind: (old text of the sample's design.yaml, new text, the message after "LINE: ")
    "a mapping where text goes": (
        CREST,
        "crest: {icon: {name: coin}, top: 15.5mm, height: 15%}",
        "kinds.patron.boxes.crest.icon: expected text, got a mapping",
    ),
    "a list where a length goes": (
        CREST,
        "crest: {icon: coin, top: [15mm, 16mm], height: 15%}",
        "kinds.patron.boxes.crest.top: expected a length such as 3mm, 12pt or 14%, got a list",
    ),
    "text where a flag goes": (
        CREST,
        "crest: {icon: coin, top: 15.5mm, height: 15%, optional: perhaps}",
        "kinds.patron.boxes.crest.optional: expected true or false, got text 'perhaps'",
    ),
    "a number out of its range": (
        CREST,
        "crest: {shape: rect, top: 15.5mm, height: 15%, opacity: 1.5}",
        "kinds.patron.boxes.crest.opacity: expected a number from 0 to 1, got 1.5",
    ),
    "a word not among the choices": (
        CREST,
        "crest: {icon: coin, top: 15.5mm, height: 15%, anchor: page}",
        "kinds.patron.boxes.crest.anchor: expected one of safe, trim, bleed, got 'page'",
    ),
    "a misspelt choice": (
        CREST,
        "crest: {text: Crest, top: 15.5mm, height: 15%, align: centre}",
        "kinds.patron.boxes.crest.align: expected one of left, center, right, got 'centre'; "
        "did you mean 'center'?",
    ),
    "a whole number that is not one": (
        CREST,
        "crest: {text: Crest, top: 15.5mm, height: 15%, lines: 1.5}",
        "kinds.patron.boxes.crest.lines: expected a whole number of lines (1 or more), got 1.5",
    ),
    "text where a section's mapping goes": (
        "\nkinds:",
        "\nwords: hello\nkinds:",
        "words: expected a mapping ({word: its translation}), got text 'hello'",
    ),
    "a mapping where a font's family goes": (
        "title: {file: fonts/Comfortaa-Bold.ttf}",
        "title: {family: {name: Comfortaa}}",
        "fonts.title.family: expected text, got a mapping",
    ),
    "a mapping where a palette colour goes": (
        'paper: "#fdf8ec"',
        "paper: {hex: '#fdf8ec'}",
        "palette.colours.paper: expected a colour: #rrggbb or a palette name (`accent`, "
        "`fire.dark`), got a mapping",
    ),
    "an empty language": (
        "min_size: 6pt",
        "language: ' '\nmin_size: 6pt",
        "language: expected some text, got ' '",
    ),
    "a number where a column name goes": (
        "value: coins",
        "value: 12",
        "value: expected a column name, got 12",
    ),
}


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    shutil.copytree(SAMPLE, tmp_path / "lantern-market")
    return tmp_path / "lantern-market"


def problems_of(folder: Path) -> list[str]:
    try:
        load_design(folder, ROOT / "templates", COLUMNS)
    except DataError as exc:
        return [str(p) for p in exc.problems]
    return []


@pytest.mark.parametrize("case", CASES)
def test_a_wrong_value_is_named_at_its_line_with_its_path(sample: Path, case: str) -> None:
    old, new, message = CASES[case]
    path = sample / "design.yaml"
    edit(path, old, new)
    line = line_of(path, new.strip().splitlines()[0])
    found = problems_of(sample)
    assert any(f"design.yaml:{line}: {message}" in p for p in found), found
    # one mistake, one message: a box left without its content by a wrong value is not
    # also told it "needs exactly one of text, image, ..."
    assert not [p for p in found if "needs exactly one of" in p], found


def test_the_sample_design_has_no_wrong_value(sample: Path) -> None:
    assert problems_of(sample) == []


def test_validate_exits_2_with_the_line_and_no_traceback(cli: Any, sample: Path) -> None:
    old, new, message = CASES["a mapping where text goes"]
    path = sample / "design.yaml"
    edit(path, old, new)
    run = cli("validate", "lantern-market", "--data", sample.parent)
    assert run.code == 2 and "Traceback" not in run.err
    assert f"design.yaml:{line_of(path, new)}: {message}" in run.err
    assert "needs exactly one of" not in run.err
