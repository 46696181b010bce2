"""A template in the game's folder that printgen does not read is noted by validate, naming
the file and where templates go: a `card.svg.j2` next to game.yaml was silently ignored
(found by an audit), and so was one in templates/ that nothing names."""

from __future__ import annotations

import shutil
from pathlib import Path

from printgen.check.design import design_checks
from printgen.model import load_game
from printgen.render.faces.render import design_of
from printgen.render.faces.templates_read import unread_templates
from tests.render.conftest import CARD_DATA, ROOT

SAMPLE = ROOT / "examples" / "lantern-market"
TEMPLATE = '<rect width="10" height="10" fill="red"/>'


def test_a_template_beside_game_yaml_or_named_by_nothing_is_noted(tmp_path: Path) -> None:
    game = tmp_path / "lantern-market"
    shutil.copytree(SAMPLE, game)
    (game / "card.svg.j2").write_text(TEMPLATE)
    (game / "templates" / "front.svg.j2").write_text(TEMPLATE)
    (game / "templates" / "components").mkdir()
    (game / "templates" / "components" / "seal.svg.j2").write_text(TEMPLATE)
    checks = {c.name: c for c in design_checks(load_game(game))}
    note = checks["design templates"]
    assert note.ok and note.detail.startswith("note: printgen does not read ")
    assert "lantern-market/card.svg.j2 (outside templates/)" in note.detail
    assert "lantern-market/templates/front.svg.j2 (nothing names it)" in note.detail
    assert "templates/components/seal.svg.j2 (nothing names it)" in note.detail
    assert "patron-back.svg.j2" not in note.detail  # the patrons' back names it
    assert "templates/components/NAME.svg.j2, placed by a box's component: NAME" in note.detail


def test_templates_named_imported_or_replacing_a_shared_one_are_read(tmp_path: Path) -> None:
    game = tmp_path / "lantern-market"
    shutil.copytree(SAMPLE, game)
    components = game / "templates" / "components"
    components.mkdir()
    (components / "badge.svg.j2").write_text(TEMPLATE)  # replaces the shared badge
    loaded = load_game(game)
    assert unread_templates(loaded, design_of(loaded)) == []
    for name in ("cl4sh", "elementa", "mywuxing", "the-way", "feng-shui-master"):  # and kit parts
        bundled = load_game(CARD_DATA / name)
        assert unread_templates(bundled, design_of(bundled)) == [], name
