"""Messages at the right place, all in one run (trap 7 of issue 36, each seen in a designer's
trial): a bad back colour was reported at the default design's line that paints it, not at
the game's line that gives it; a moved art box's dpi note named the default's line, not the
line that moved it; a back template's text named its place twice; and a misspelt kind or
palette suit was reported only once the first batch of mistakes was fixed, though the README
promises one run."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.check.design import design_checks
from printgen.errors import DataError
from printgen.model import load_game
from tests.render.winds import winds_game

BACK_LINE = 20  # game.yaml's line after the deck's `declared: 3` (line 19)


def _game(tmp_path: Path, design: str = "", back: str = "", template: str = "") -> Path:
    folder = winds_game(tmp_path / "data", design)
    if back:
        game_yaml = folder / "game.yaml"
        text = game_yaml.read_text(encoding="utf-8")
        game_yaml.write_text(text.replace("declared: 3\n", f"declared: 3\n    {back}\n"))
        assert game_yaml.read_text(encoding="utf-8").splitlines()[BACK_LINE - 1].strip() == back
    if template:
        (folder / "templates").mkdir()
        (folder / "templates" / "back.svg.j2").write_text(template, encoding="utf-8")
    return folder


def _mistakes(folder: Path) -> list[str]:
    with pytest.raises(DataError) as raised:
        design_checks(load_game(folder))
    return [str(problem) for problem in raised.value.problems]


def test_a_bad_back_colour_is_named_at_the_games_own_line(tmp_path: Path) -> None:
    folder = _game(tmp_path, back='back: {colour: "#12345"}')
    (mistake,) = _mistakes(folder)
    assert f"game.yaml:{BACK_LINE}: back of winds.colour: unknown colour '#12345'" in mistake
    assert "templates/common/design.yaml" not in mistake


def test_a_moved_art_boxs_dpi_note_names_the_line_that_moved_it(tmp_path: Path) -> None:
    folder = _game(tmp_path, "front:\n  boxes:\n    art: {bottom: 40mm}\n")
    check = next(c for c in design_checks(load_game(folder)) if c.name == "art resolution")
    assert "art/tiny.png prints at 26 dpi in box 'art' (" in check.detail
    assert "design.yaml:3; 48 x 36 px" in check.detail
    assert "templates/common/design.yaml" not in check.detail


def test_a_back_templates_text_names_its_place_once(tmp_path: Path) -> None:
    text = '<text x="0.5" y="2" font-family="Lato" font-size="3">Hello</text>'
    folder = _game(tmp_path, back="back: back.svg.j2", template=text)
    (mistake,) = _mistakes(folder)
    assert f"game.yaml:{BACK_LINE}: back of winds.template: template 'back.svg.j2': text " in (
        mistake
    )
    assert mistake.count("game.yaml") == 1 and mistake.count("back of winds") == 1


TYPOS = """\
palette:
  Zephir: {fill: "#336699"}
  suits:
    Zephir: {fill: "#336699"}
kinds:
  evnt:
    boxes:
      title: {colour: night_ink}
front:
  boxes:
    title: {colr: red}
"""


def test_every_design_mistake_comes_in_one_run(tmp_path: Path) -> None:
    mistakes = "\n".join(_mistakes(_game(tmp_path, TYPOS)))
    # a suit written straight under palette: was silently left out
    assert "design.yaml:2: palette.Zephir: unknown key" in mistakes
    assert "design.yaml:4: palette.suits.zephir: the game has no suit 'zephir'; did you mean" in (
        mistakes
    )
    assert "design.yaml:6: kinds.evnt: the game has no kind 'evnt'; did you mean 'event'?" in (
        mistakes
    )
    assert "design.yaml:11: box title: unknown key 'colr'; did you mean 'colour'?" in mistakes
