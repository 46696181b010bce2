"""Recorded reference games catch rule drift (tests/sim/reference/*.json; record.py rewrites
them when a change of rules is meant)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.sim.reference import load, play_reference, replay_reference, spec_of
from tests.sim.conftest import DATA

REFERENCES = sorted((Path(__file__).parent / "reference").glob("*.json"))


def test_every_game_has_references() -> None:
    games = {load(path)["game"] for path in REFERENCES}
    assert games == {"mywuxing", "cl4sh", "the-way", "elementa", "feng-shui-master"}


@pytest.mark.parametrize("path", REFERENCES, ids=[p.stem for p in REFERENCES])
def test_replaying_the_moves_gives_the_recorded_result(path: Path) -> None:
    reference = load(path)
    assert replay_reference(reference, DATA) == reference["result"]


@pytest.mark.parametrize("path", REFERENCES, ids=[p.stem for p in REFERENCES])
def test_playing_the_seed_gives_the_recorded_moves(path: Path) -> None:
    reference = load(path)
    again = play_reference(spec_of(reference, DATA), reference["seed"])
    assert again["moves"] == reference["moves"]
    assert again["result"] == reference["result"]
