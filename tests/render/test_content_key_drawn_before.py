"""A card's content key, and so the hash its version stamp prints, is the same whether or
not the process drew its faces before. A box keeps what drawing found out (where its place
was set, `Box._place_where`); the key hashed every field of the box, so a face drawn after
others of its design printed another hash than the same face drawn first (a build's worker
that drew a deck at one size then another, or validate then build in one process)."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace

import pytest

from printgen.layout.sizes import CARD_SIZES
from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces import spec
from printgen.render.faces.game_faces import game_faces
from tests.render.conftest import DESIGN_GAMES

STAMP = re.compile(r">v1 [^<]*?([0-9a-f]{6})</text>")  # the whole stamp, or version and hash


def stamps(game_id: str, size: str) -> dict[str, str]:
    game = replace(load_game(DESIGN_GAMES[game_id]), card_size=CARD_SIZES[size])
    found = {}
    for deck in game_faces(game, CairoMeasure()):
        for _, face in deck.fronts:
            [digest] = STAMP.findall(face.svg)
            found[face.name] = digest
    return found


def test_a_cards_stamp_is_the_same_drawn_first_or_after_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(spec, "_designs", {})  # the design read afresh, as a new process does
    first = stamps("lantern-market", "mini")
    stamps("lantern-market", "poker")  # the same design's boxes placed on other faces
    again = stamps("lantern-market", "mini")
    assert len(first) > 10
    assert again == first


def test_the_shared_rulebook_templates_change_no_stamp(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new rulebook style (templates/common/rulebook) changes no card's face, so no hash;
    a shared face template (the icons) still changes every one."""
    from printgen.files.templates import templates_dir
    from printgen.render.faces import content_keys

    copy = tmp_path / "templates"
    shutil.copytree(templates_dir(), copy)
    monkeypatch.setattr(content_keys, "templates_dir", lambda: copy)
    before = stamps("lantern-market", "poker")
    css = copy / "common" / "rulebook" / "rulebook.css.j2"
    css.write_text(css.read_text() + "\n/* a new rulebook style */\n")
    assert stamps("lantern-market", "poker") == before
    icons = copy / "common" / "icons.svg.j2"
    icons.write_text(icons.read_text() + "\n{# a changed icon #}\n")
    after = stamps("lantern-market", "poker")
    assert after.keys() == before.keys()
    assert all(after[name] != before[name] for name in before)
