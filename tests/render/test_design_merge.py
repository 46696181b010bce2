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
    event = read.kinds.get("event", [])
    return {b.name: b for b in read.front}, {b.name: b for b in event}


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


def test_a_new_height_keeps_the_boxs_top(tmp_path: Path) -> None:
    """Issue 36, trap 3: `title: {height: 14mm}` dropped the default's `top: 0.6mm`, and a
    box with a height alone is centred: the title printed mid-card over the rules text."""
    front, _ = _boxes(tmp_path, "front:\n  boxes:\n    title: {height: 14mm}\n")
    title = front["title"]
    assert (title.get("top"), title.get("height")) == ("0.6mm", "14mm")
    assert "bottom" not in title.values


def test_one_new_edge_keeps_the_size_and_two_place_the_box_afresh(tmp_path: Path) -> None:
    front, _ = _boxes(
        tmp_path,
        "front:\n  boxes:\n    title: {top: 5mm}\n    label: {bottom: 2mm}\n"
        "    stats: {top: 1mm, height: 4mm}\n    art: {height: 20mm}\n",
    )
    # a new top moves the box whole: its height stays
    assert (front["title"].get("top"), front["title"].get("height")) == ("5mm", "11mm")
    # a new bottom: the height stays, the old top goes (the box moves to the bottom)
    assert (front["label"].get("bottom"), front["label"].get("height")) == ("2mm", "3.6mm")
    assert "top" not in front["label"].values
    # two keys of an axis replace the old ones (stats had bottom and height)
    assert (front["stats"].get("top"), front["stats"].get("height")) == ("1mm", "4mm")
    assert "bottom" not in front["stats"].values
    # a box placed by its two edges (art: top and bottom) given a height keeps its top
    assert (front["art"].get("top"), front["art"].get("height")) == ("16.6mm", "20mm")
    assert "bottom" not in front["art"].values
