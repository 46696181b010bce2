"""YAML 1.1 reads an unquoted yes, no, on and off as true or false. As a key (a box named
`on:`) that is never meant: it is read as written. As a value where text is wanted
(`label: Yes`, `text: Off`) it is refused with a word on quoting, where it printed 'False'
on every card or was 'expected text, got True'."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from printgen.model import sources
from tests.conftest import ROOT
from tests.render.test_design_errors import line_of


def test_truth_words_as_keys_are_read_as_written() -> None:
    values, where = sources.parse_yaml_value("on: 1\nYes: 2\noff: {no: 3}\ntrue: 4\n", "boxes.yaml")
    assert values == {"on": 1, "Yes": 2, "off": {"no": 3}, "true": 4}
    assert where.lines == {"on": 1, "Yes": 2, "off": 3, "true": 4}


def test_truth_words_as_values_are_still_truths() -> None:
    values, _ = sources.parse_yaml_value("strict: yes\nmirror: Off\nquoted: 'Off'\n", "design.yaml")
    assert values == {"strict": True, "mirror": False, "quoted": "Off"}


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "design.yaml",
            "crest: {icon: coin, top: 15.5mm, height: 15%}",
            "on: {text: Off, top: 15.5mm, height: 15%}",
            "kinds.patron.boxes.on.text: expected text, got False (YAML reads an unquoted yes, "
            "no, on, off, true or false as true or false: put the word in quotes ('Off'))",
        ),
        (
            "game.yaml",
            "{label: Patron}",
            "{label: Yes}",
            "kinds.patron.label: expected text, got True (YAML reads an unquoted yes, no,",
        ),
    ],
)
def test_a_truth_where_text_is_wanted_says_to_quote_it(
    cli: Any, tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    sample = tmp_path / "data"
    shutil.copytree(ROOT / "examples" / "lantern-market", sample / "lantern-market")
    path = sample / "lantern-market" / file
    path.write_text(path.read_text().replace(old, new))
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2 and "Traceback" not in run.err
    assert f"{file}:{line_of(path, new)}: {message}" in run.err
