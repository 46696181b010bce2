"""A box template that fails on one card's values (a number compared with an empty cell) is
a mistake in the data or design, named at the box's line with the card: it was an internal
error with no place at all (found by a designer's trial: `when: "{{ strength > 5 }}"` on a
game whose events have no strength)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from printgen.errors import DataError
from tests.render.winds import face, winds_game

DESIGN = """\
front:
  boxes:
    gale: {text: "Gale", bottom: 6mm, height: 3mm, when: "{{ strength > 5 }}"}
"""


def test_comparing_an_empty_cell_names_the_box_and_the_card(tmp_path: Path) -> None:
    folder = winds_game(tmp_path, DESIGN)
    assert ">Gale<" in face(folder, "Zephyr Whisper").svg  # 6 > 5 still works
    with pytest.raises(DataError) as caught:
        face(folder, "Dead Calm")  # no strength: '' > 5
    message = str(caught.value)
    assert "design.yaml:3: box gale: cannot fill '{{ strength > 5 }}' on the card 'Dead Calm'" in (
        message
    )
    assert "cost is number and cost > 2" in message


def test_validate_exits_2_with_the_place_and_no_traceback(tmp_path: Path) -> None:
    winds_game(tmp_path, DESIGN)
    run = subprocess.run(
        [sys.executable, "-m", "printgen", "validate", "--data", str(tmp_path), "winds"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2, run.stdout + run.stderr
    assert "design.yaml:3: box gale: cannot fill" in run.stderr
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr
