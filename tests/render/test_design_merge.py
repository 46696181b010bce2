"""A box named again (a game's design over the default, a kind over `front:`) changes only the
keys it gives, as CSS does: a kind's title that restated `text:` lost the title's font and
size (hazard titles printed in the body serif; found by a designer's trial)."""

from __future__ import annotations

from pathlib import Path

from printgen.files.templates import templates_dir
from printgen.render.faces.spec import Box, load_design

COLUMNS = ["id", "name", "count", "kind", "text", "art"]


def _boxes(tmp_path: Path, design: str) -> tuple[dict[str, Box], dict[str, Box]]:
    game = tmp_path / "game"
    game.mkdir()
    (game / "design.yaml").write_text(design)
    read = load_design(game, templates_dir(), COLUMNS)
    return {b.name: b for b in read.front}, {b.name: b for b in read.kinds["event"]}


def test_a_kind_restating_text_keeps_the_boxs_font_and_size(tmp_path: Path) -> None:
    front, event = _boxes(
        tmp_path,
        "kinds:\n  event:\n    boxes:\n"
        '      title: {text: "{{ name }}!", colour: muted, top: 2mm, height: 12mm}\n',
    )
    title = event["title"]
    assert title.get("text") == "{{ name }}!" and title.get("colour") == "muted"
    for key in ("font", "size", "lines", "leading", "left", "right"):
        assert title.get(key) == front["title"].get(key), key
    assert (title.get("top"), title.get("height")) == ("2mm", "12mm")


def test_another_kind_of_content_starts_the_boxs_options_afresh(tmp_path: Path) -> None:
    """An image where a text was: the text's font and size mean nothing to it."""
    _, event = _boxes(
        tmp_path, 'kinds:\n  event:\n    boxes:\n      title: {image: "{{ art }}", fit: contain}\n'
    )
    title = event["title"]
    assert title.what == "image" and title.get("fit") == "contain"
    assert not {"font", "size", "lines", "text"} & set(title.values)
    assert title.get("left") == "9mm"  # its place is kept
