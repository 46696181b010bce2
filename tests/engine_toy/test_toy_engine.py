"""A sixth engine touches only its own folders: its package and its game folder.

The toy engine (`toy_ten/`) is installed the way a plugin would be, through an entry point in
the `printgen.engines` group (a .dist-info folder beside the package on sys.path), and its game
(`data/toy-ten/`) names it with `engine: toy-ten`. validate, score, simulate and the rulebook's
worked examples then work with no edit anywhere in printgen/.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from printgen.model import load_game
from printgen.rules.engine import engines

HERE = Path(__file__).resolve().parent


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The toy engine installed on sys.path; returns a data folder holding only its game."""
    site = tmp_path / "site"
    shutil.copytree(HERE / "toy_ten", site / "toy_ten")
    info = site / "toy_ten-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-ten\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[printgen.engines]\ntoy-ten = toy_ten:ENGINE\n")
    data = tmp_path / "data"
    shutil.copytree(HERE / "data", data)
    monkeypatch.syspath_prepend(str(site))
    engines.cache_clear()
    yield data
    engines.cache_clear()


def test_the_registry_finds_the_toy_beside_the_five(toy: Path) -> None:
    found = engines()
    assert "toy-ten" in found and len(found) == 6
    assert found["toy-ten"].id == load_game(toy / "toy-ten").engine


def test_validate_runs_its_invariants_and_examples(cli, toy: Path) -> None:
    run = cli("validate", "--data", toy, "--json")
    assert run.code == 0, run.err
    checks = {c["name"]: c for c in run.json()["games"]["toy-ten"]["checks"]}
    assert checks["ten cards"]["ok"] and checks["ten cards"]["detail"] == "1 to 10 once"
    assert checks["example: Seven beats three"]["ok"]
    assert checks["example: The answer can win"]["ok"]
    assert checks["deal"]["ok"]


def test_validate_fails_a_broken_toy_deck(cli, toy: Path) -> None:
    cards = toy / "toy-ten" / "cards.csv"
    cards.write_text(cards.read_text().replace("c10,Card 10,1,number,10", "c10,Card 10,1,number,9"))
    run = cli("validate", "--data", toy, "--json")
    assert run.code == 1
    checks = {c["name"]: c for c in run.json()["games"]["toy-ten"]["checks"]}
    assert not checks["ten cards"]["ok"] and "9, 9" in checks["ten cards"]["detail"]


def test_score_a_situation(cli, toy: Path, tmp_path: Path) -> None:
    situation = tmp_path / "trick.yaml"
    situation.write_text("game: toy-ten\nplayed: [4, 8]\n")
    run = cli("score", "toy-ten", situation, "--data", toy, "--json")
    assert run.code == 0 and json.loads(run.out) == {"winner": 2}
    situation.write_text("played: [4, 11]\n")
    run = cli("score", "toy-ten", situation, "--data", toy)
    assert run.code == 2 and "played.1" in run.err and "no card 11" in run.err


def test_simulate_plays_whole_games_the_same_for_a_seed(cli, toy: Path) -> None:
    runs = [
        cli("simulate", "toy-ten", "--data", toy, "--games", "40", "--seed", "3", "--json")
        for _ in range(2)
    ]
    assert runs[0].code == 0, runs[0].err
    assert runs[0].out == runs[1].out
    summary = json.loads(runs[0].out)
    assert summary["games"] == 40
    greedy = cli("simulate", "toy-ten", "--data", toy, "--games", "40", "--bot", "greedy", "--json")
    assert greedy.code == 0, greedy.err


def test_the_rulebook_prints_its_examples_with_the_engines_pictures(toy: Path) -> None:
    from printgen.render.rulebook import rulebook_html
    from printgen.render.rulebook.source import sources

    (source,) = sources(load_game(toy / "toy-ten"))
    html = rulebook_html(source)
    assert "Seven beats three" in html and "The higher card takes the trick." in html
    pictures = [
        base64.b64decode(data).decode()
        for data in re.findall(r'<img class="svg" src="data:image/svg\+xml;base64,([^"]+)"', html)
    ]
    # The engine gives values (two cards face to face, the winner marked); the rulebook draws
    # them: 7 against 3 taken by player 1, 2 against 9 by player 2.
    duels = [p for p in pictures if ">vs</text>" in p]
    assert len(duels) == 2
    assert ">7</text>" in duels[0] and ">3</text>" in duels[0]
    assert ">player 1 takes it</text>" in duels[0] and ">player 2</text>" in duels[0]
    assert ">player 2 takes it</text>" in duels[1] and ">player 1</text>" in duels[1]
