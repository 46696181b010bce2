"""Issue 37: game.yaml `scoring:` rules come from a game folder, so they are untrusted. An
expression that tries to reach Python's internals or to exhaust the machine (a huge range, deep
nesting, a megabyte of expression, a giant number or string) is refused when the game is
loaded, at the rule's line, exit 2, before it ever runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hardening.test_template_sandbox import ESCAPES, MARKER
from tests.scoring_game import GAME, GAME_YAML, SCORING_LINE, write_game

RULE_LINE = SCORING_LINE["run"]  # the planted rule replaces the last one


def _plant(data: Path, expression: str) -> None:
    """The game with its `run` rule replaced by `expression` (a YAML string, quoted)."""
    quoted = "'" + expression.replace("'", "''") + "'"
    planted = GAME_YAML.replace(
        "  run: 3 if (cards | longest_run('value')) >= 3 else 0", f"  run: {quoted}"
    )
    assert planted != GAME_YAML
    write_game(data, planted, examples=None)


@pytest.mark.parametrize("escape", ESCAPES)
def test_no_escape_is_loaded(cli, tmp_path: Path, escape: str) -> None:
    marker = tmp_path / MARKER
    _plant(tmp_path / "data", escape.format(m=marker))
    run = cli("validate", GAME, "--data", tmp_path / "data")
    assert run.code == 2, run.out
    assert f"game.yaml:{RULE_LINE}: scoring.run: " in run.err
    assert "Traceback" not in run.err
    assert not marker.exists()


BOMBS = {
    "range": ("range(10**9) | length", "'range' is not offered in scoring rules"),
    "brackets": ("(" * 200 + "1" + ")" * 200, "brackets nested more than 24 deep"),
    "not chain": ("not " * 400 + "1", "nested more than 24 deep"),
    "long sum": ("1" + " + 1" * 490, "nested more than 24 deep"),
    "megabyte": ("1 + " * 250_000 + "1", "the expression is 1000001 characters long"),
    "power": ("2 ** 100000", "** takes a number up to 64"),
    "number": ("10000000000000000000000 * 2", "beyond"),
    "repeat": ("('x' * 1000000) | length", "repetition longer than 100000"),
    "internals": ("cards.__class__", "Python's internals are not accessible"),
    "item internals": ("cards['__class__']", "Python's internals are not accessible"),
    "format": ("'%s' | format(1)", "unknown filter 'format'"),
    "method": ("cards.pop()", "unknown column 'pop'"),
}


@pytest.mark.parametrize(("bomb", "message"), BOMBS.values(), ids=BOMBS.keys())
def test_every_bomb_is_refused_at_its_line(cli, tmp_path: Path, bomb: str, message: str) -> None:
    _plant(tmp_path / "data", bomb)
    run = cli("validate", GAME, "--data", tmp_path / "data")
    assert run.code == 2, run.out
    assert f"game.yaml:{RULE_LINE}: scoring.run: " in run.err and message in run.err
    assert "Traceback" not in run.err
