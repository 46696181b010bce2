"""The version stamp: game.yaml's `version:` printed small on every front, with a date that
keeps builds reproducible and a hash that changes only on the cards that changed. Read back
from the drawn faces (their SVG text, as cairo then draws it into the PDFs)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.run import as_built
from printgen.model import Game, load_game
from printgen.model.stamp import stamp_text
from printgen.render.faces.render import Renderer
from printgen.render.text.shaping import ShapedMeasure
from tests.conftest import ROOT, edit
from tests.versions.conftest import SAMPLE

STAMP = re.compile(
    r'<text x="([\d.]+)" y="([\d.]+)" font-family="[^"]*" font-size="([\d.]+)" '
    r'fill="(#[0-9a-f]{6})">(v3 · 2026-11-29 · [0-9a-f]{6})</text>'
)
PT = 25.4 / 72
MUTED = "#6b6358"  # templates/common/palette: the shared muted grey


VERSION_LINE = "version: 1 "  # examples/lantern-market/game.yaml's, with its comment after


def versioned(folder: Path) -> Path:
    """The sample as version 3 of 2026-11-29."""
    edit(folder / "game.yaml", VERSION_LINE, "date: 2026-11-29\nversion: 3 ")
    return folder


def unversioned(folder: Path) -> Path:
    edit(folder / "game.yaml", VERSION_LINE, "# no version ")
    return folder


def stamps(game: Game) -> dict[str, tuple[float, float, float, str, str]]:
    """Each front's one stamp: (x, baseline y, size mm, colour, text), by card id."""
    renderer = Renderer(game, ShapedMeasure())
    found = {}
    for deck in game.printed_decks:
        for card in deck.cards:
            svg = renderer.front(deck, card).svg
            (hit,) = STAMP.findall(svg)
            found[card.id] = (float(hit[0]), float(hit[1]), float(hit[2]), hit[3], hit[4])
    return found


def test_every_front_prints_its_stamp_small_muted_in_the_safe_zone(versions) -> None:
    v1, _ = versions
    game = load_game(versioned(v1 / "lantern-market"))
    found = stamps(game)
    assert set(found) == {c.id for d in game.printed_decks for c in d.cards}
    assert game.card_size is not None
    for x, y, size, colour, _ in found.values():
        assert size >= 6 * PT - 0.001  # at least 6 pt
        assert colour == MUTED
        assert x >= 3.0 and y <= game.card_size.height - 3.0  # inside the safe zone
        assert y > game.card_size.height - 3.0 - 2.4  # on its bottom edge


def test_the_hash_changes_only_on_the_cards_whose_face_changed(versions) -> None:
    v1, v2 = versions
    before = stamps(load_game(versioned(v1 / "lantern-market")))
    after = stamps(load_game(versioned(v2 / "lantern-market")))
    changed = {card for card in before if before[card][4] != after[card][4]}
    # the changed text, and the two spice cards of the new palette colour; a count alone
    # (silk-lantern) prints the same face
    assert changed == {"spice-caravan", "spice-saffron"}
    assert "jade-bowl" in after and len(set(s[4] for s in after.values())) == len(after)


def test_no_version_no_stamp_and_no_stamp_draws_the_faces_as_before(versions) -> None:
    v1, v2 = versions
    plain = load_game(unversioned(v1 / "lantern-market"))
    assert plain.stamp == ""
    shutil.rmtree(v2 / "lantern-market")  # v2 as v1, but with a version
    shutil.copytree(SAMPLE, v2 / "lantern-market")
    stamped = load_game(versioned(v2 / "lantern-market"))
    off = as_built(stamped, BuildOptions(stamp=False))
    assert off.stamp == "" and as_built(stamped, BuildOptions()).stamp == "v3 · 2026-11-29"
    ours, theirs = Renderer(off, ShapedMeasure()), Renderer(plain, ShapedMeasure())
    for deck in plain.printed_decks:
        other = off.components[deck.name]
        for card, twin in zip(deck.cards, other.cards, strict=True):
            mine = ours.front(other, twin).svg.replace(str(off.folder), "")
            assert mine == theirs.front(deck, card).svg.replace(str(plain.folder), "")


def test_tiles_tokens_and_parts_print_it_too(tmp_path: Path) -> None:
    folder = tmp_path / "saltmarsh"
    shutil.copytree(ROOT / "examples" / "saltmarsh", folder)
    edit(folder / "game.yaml", "\ncomponents:", "\nversion: 0.4\ndate: 2026-11-29\ncomponents:")
    game = load_game(folder)
    renderer = Renderer(game, ShapedMeasure())
    for deck in game.piece_decks:
        if deck.kind == "dice":
            continue  # a die's labels are its symbols: too small for a stamp
        svg = renderer.piece_front(deck, deck.cards[0]).svg
        assert re.search(r">v0\.4 [0-9a-f]{6}</text>", svg), deck.name
    from printgen.render.parts.faces import PartFaces

    parts = PartFaces(game, ShapedMeasure(), "a4")
    board = parts.faces(game.parts["board"])[0]
    assert "v0.4 · 2026-11-29</text>" in board.svg


@pytest.mark.parametrize(
    ("env", "doc", "expected"),
    [
        (
            {"SOURCE_DATE_EPOCH": "1780000000"},
            {"version": 2, "date": "2026-01-01"},
            "v2 · 2026-05-28",
        ),
        ({}, {"version": "1.2-beta", "date": "2026-01-01"}, "v1.2-beta · 2026-01-01"),
        ({}, {"version": "v4"}, "v4"),
        ({}, {"version": "Draft"}, "Draft"),
        ({}, {}, ""),
    ],
)
def test_the_stamp_text_and_its_reproducible_date(
    monkeypatch, tmp_path: Path, env: dict[str, str], doc: dict, expected: str
) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert stamp_text(doc, tmp_path) == expected  # tmp_path: in no git repository


def test_without_a_date_the_day_of_the_games_last_commit(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    game = tmp_path / "repo" / "game"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: game\n", encoding="utf-8")
    env = {"GIT_COMMITTER_DATE": "2026-03-04T12:00:00Z", "GIT_AUTHOR_DATE": "2026-03-04T12:00:00Z"}
    command = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*command, "init", "-q"], cwd=game.parent, check=True)
    subprocess.run([*command, "add", "."], cwd=game.parent, check=True)
    subprocess.run(
        [*command, "commit", "-q", "-m", "v1"],
        cwd=game.parent,
        check=True,
        env={**os.environ, **env},
    )
    assert stamp_text({"version": 1}, game) == "v1 · 2026-03-04"
