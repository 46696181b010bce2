"""What validate says of an icon no icon has: a did-you-mean among the icons' names compared
bare (the colons round `:heron:` and `:coin:` made them look alike: "did you mean ':coin:'?"),
and, with nothing close, where the game's own icon of that name would be."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.model.schema import did_you_mean
from tests.conftest import add_column, add_languages, edit
from tests.render.conftest import ROOT
from tests.render.test_design_errors import line_of


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "examples" / "lantern-market", tmp_path / "data" / "lantern-market")
    return tmp_path / "data"


HINT = "no icons/heron.svg or .png in the game's folder, no shared icon of that name"


def test_inline_icons_are_compared_by_their_names() -> None:
    assert did_you_mean("heron", ["coin", "silk"], ":{}:") == ""
    assert did_you_mean("coins", ["coin", "silk"], ":{}:") == "; did you mean ':coin:'?"
    assert did_you_mean("Silc", ["coin", "silk"]) == "; did you mean 'silk'?"


def test_a_cards_new_icon_is_told_where_it_would_be(cli, sample: Path) -> None:
    market = sample / "lantern-market" / "market.csv"
    edit(market, "Take two actions", "Take :heron: actions")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2
    (said,) = run.err.strip().splitlines()
    assert (
        f"market.csv:{line_of(market, ':heron:')}: column 'text': unknown icon ':heron:': " in said
    )
    assert HINT in said and "did you mean" not in said


def test_a_boxs_new_icon_is_told_where_it_would_be(cli, sample: Path) -> None:
    design = sample / "lantern-market" / "design.yaml"
    edit(design, "crest: {icon: coin,", "crest: {icon: heron,")
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2
    assert f"design.yaml:{line_of(design, 'icon: heron')}: box crest: unknown icon 'heron': " in (
        run.err
    )
    assert HINT in run.err


def test_a_rulebooks_unknown_icon_gets_no_far_fetched_guess(cli, sample: Path) -> None:
    rules = sample / "lantern-market" / "rules.md"
    edit(rules, "## Overview\n", "## Overview\n\nWatch for the :heron: and pay :coins:.\n")
    run = cli("validate", "lantern-market", "--data", sample)
    assert "unknown icon ':heron:'" in run.out + run.err
    assert "':heron:'; did you mean" not in run.out + run.err
    assert f"unknown icon ':heron:': {HINT}" in run.out + run.err
    assert "unknown icon ':coins:'; did you mean ':coin:'?" in run.out + run.err


def test_an_unknown_icon_in_a_translation_is_named_at_its_own_column_once(
    cli,
    sample: Path,
) -> None:
    """A French face reads `text` from `text_fr`: an unknown icon written only in `text_fr`
    was named at both columns (a designer's trial), as if `text` held it too."""
    game = sample / "lantern-market"
    add_languages(game, "[en, fr]")
    add_column(game / "market.csv", "text_fr", ['"Vendez :coni:."'])
    run = cli("validate", "lantern-market", "--data", sample)
    assert run.code == 2
    named = [line for line in run.err.splitlines() if "':coni:'" in line]
    assert len(named) == 1, run.err
    assert "market.csv:2: column 'text_fr': unknown icon ':coni:'" in named[0]
