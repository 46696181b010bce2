"""A suit with no icon file prints a fallback mark where its icon goes: a simple shape dealt in
order, so a designer's new suits are told apart by shape in greyscale, not by colour alone
(it printed no icon at all, found by an audit with a game of its own). validate notes which
suit got which mark; the game's own icons/SUIT.svg still wins."""

from __future__ import annotations

from pathlib import Path

import yaml
from PIL import Image, ImageChops

from printgen.check.design import design_checks
from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.draw.marks import SHAPES, deal
from tests.render.conftest import A4, ROOT

GAME = """\
id: marsh
name: Marsh
players: {min: 2, max: 4}
card_size: poker
elements: [reed, stone, fire]
columns:
  element: element
components:
  deck:
    file: cards.csv
"""
CARDS = "name,element\nReed Seller,reed\nReed Cutter,reed\nStone Seller,stone\nTorch,fire\n"
ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<rect width="10" height="10" fill="#ff0000"/></svg>'
)
SAME_COLOUR = 'palette:\n  suits:\n    reed: {fill: "#777777"}\n    stone: {fill: "#777777"}\n'
PX_PER_MM = 300 / 25.4
BLEED = 3.175  # the tgc preset's bleed, mm


def marsh(tmp_path: Path, icons: list[str], design: str = "") -> Path:
    folder = tmp_path / "marsh"
    (folder / "icons").mkdir(parents=True)
    for name in icons:
        (folder / "icons" / f"{name}.svg").write_text(ICON)
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.csv").write_text(CARDS)
    if design:
        (folder / "design.yaml").write_text(design)
    return folder


def suit_notes(folder: Path) -> list[tuple[bool, str]]:
    return [(c.ok, c.detail) for c in design_checks(load_game(folder)) if c.name == "suit icons"]


def _icon_box() -> tuple[float, float]:
    """The default design's corner suit icon: its inset from the safe zone's top right
    corner and its side, in mm (templates/common/design.yaml)."""
    spec = yaml.safe_load((ROOT / "templates/common/design.yaml").read_text(encoding="utf-8"))
    box = spec["front"]["boxes"]["suit_icon"]
    assert box["right"] == box["top"] and box["width"] == box["height"]
    return float(box["right"].removesuffix("mm")), float(box["width"].removesuffix("mm"))


INSET, SIDE = _icon_box()


def corner(tmp_path: Path, folder: Path, card: str) -> Image.Image:
    """The card's corner suit icon (SIDE mm square, INSET mm in from the safe zone's top
    right corner) from its 300 dpi PNG, in greyscale."""
    out = tmp_path / "out"
    if not out.exists():
        build_part(card_files, load_game(folder), A4, out, card_outputs(("cards",)))
    picture = Image.open(out / "marsh" / "cards" / f"{card}.png").convert("L")
    left, top = BLEED + 63.5 - 3 - INSET - SIDE, BLEED + 3 + INSET
    box = [round(v * PX_PER_MM) for v in (left, top, left + SIDE, top + SIDE)]
    return picture.crop((box[0], box[1], box[2], box[3]))


def test_the_note_names_each_suits_mark_and_its_first_card(tmp_path: Path) -> None:
    ((ok, note),) = suit_notes(marsh(tmp_path, []))
    assert ok and note.startswith("note: no icon file for 2 suits")
    assert "'reed' gets a disc (" in note and "marsh/cards.csv:2 and 1 more cards)" in note
    assert "'stone' gets a triangle (" in note and "box 'suit_icon'" in note
    assert "add icons/reed.svg, icons/stone.svg" in note
    assert "'fire'" not in note  # a shared element icon


def test_no_note_when_every_suit_has_an_icon(tmp_path: Path) -> None:
    assert suit_notes(marsh(tmp_path, ["reed", "stone"])) == []


def test_two_suits_of_one_colour_differ_in_greyscale_by_their_marks(tmp_path: Path) -> None:
    folder = marsh(tmp_path, [], SAME_COLOUR)
    reed, stone = corner(tmp_path, folder, "reed-seller"), corner(tmp_path, folder, "stone-seller")
    grey = 0x77
    for mark in (reed, stone):  # each corner has a mark drawn in the suit's grey
        assert sum(mark.histogram()[grey - 8 : grey + 8]) > 0.25 * mark.width**2
    differing = ImageChops.difference(reed, stone).point(lambda p: 255 if p > 60 else 0)
    assert differing.histogram()[255] > 0.1 * reed.width**2  # a disc is not a triangle


def test_the_games_own_icon_wins_over_the_mark(tmp_path: Path) -> None:
    folder = marsh(tmp_path, ["reed"], SAME_COLOUR)
    build_part(card_files, load_game(folder), A4, tmp_path / "out", card_outputs(("cards",)))
    card = Image.open(tmp_path / "out" / "marsh" / "cards" / "reed-seller.png").convert("RGB")
    # the corner's top left, inside the file's square, outside a disc's round edge
    at = (
        round((BLEED + 63.5 - 3 - INSET - SIDE + 0.5) * PX_PER_MM),
        round((BLEED + 3 + INSET + 0.5) * PX_PER_MM),
    )
    assert card.getpixel(at) == (255, 0, 0)  # the file's red square, not a grey disc


def test_marks_are_dealt_in_order_to_suits_without_icons_only() -> None:
    dealt = deal(["a", "fire", "b", "a", "c"], lambda suit: suit == "fire")
    names = list(SHAPES)
    assert dealt == {"a": names[0], "b": names[1], "c": names[2]}
    many = deal([f"s{i}" for i in range(17)], lambda suit: False)
    assert many["s8"] == f"hollow-{names[0]}" and many["s16"] == names[0]
    assert len(set(many.values())) == 16


def test_the_rulebook_draws_a_suits_mark_inline(tmp_path: Path) -> None:
    import base64

    from printgen.render.rulebook.icons import Icons

    icons = Icons(load_game(marsh(tmp_path, ["reed"])))
    assert "stone" in icons.names and "reed" in icons.names
    image = icons.inline("stone")
    assert image is not None
    svg = base64.b64decode(str(image).split("base64,")[1].split('"')[0]).decode()
    assert "<circle" in svg  # the first mark, a disc (reed has its own icon): as the cards
    assert icons.inline("heron") is None


BADGE = """\
palette:
  suits:
    reed: {fill: "#777777"}
    stone: {fill: "#777777"}
front:
  boxes:
    crest: {component: badge, with: {element: "{{ element }}"}, top: 30%, height: 20mm}
    wheel: {component: pie, with: {suits: [reed, stone, fire]}, bottom: 10mm, height: 20mm}
"""


def test_the_shared_components_draw_a_designers_suits(tmp_path: Path) -> None:
    """badge, pie and cycle draw a suit's own icon or its mark (they knew the shared element
    icons alone, and a designer's suit stopped the build)."""
    folder = marsh(tmp_path, ["stone"], BADGE)
    build_part(card_files, load_game(folder), A4, tmp_path / "out", card_outputs(("cards",)))
    cards = tmp_path / "out" / "marsh" / "cards"
    reed = Image.open(cards / "reed-seller.png").convert("RGB")
    stone = Image.open(cards / "stone-seller.png").convert("RGB")
    # the badge: a 20 mm disc in the suit's grey, centred 30 % + 10 mm down the safe zone
    cx, cy = BLEED + 63.5 / 2, BLEED + 3 + 0.3 * (88.9 - 6) + 10
    middle = round(cx * PX_PER_MM), round(cy * PX_PER_MM)
    assert reed.getpixel(middle) == (255, 255, 255)  # reed's mark, a disc in its ink (white)
    assert stone.getpixel(middle) == (255, 0, 0)  # stone's own icon file, red
    edge = round((cx - 8) * PX_PER_MM), middle[1]  # inside the disc, outside both icons
    assert reed.getpixel(edge) == stone.getpixel(edge) == (0x77, 0x77, 0x77)


def test_the_note_names_a_suit_as_game_yaml_writes_it(tmp_path: Path) -> None:
    """`Sea Glass` is named so, with the file it takes (icons/sea-glass.svg); the note said
    'sea-glass', a name the designer never wrote."""
    folder = marsh(tmp_path, [])
    (folder / "game.yaml").write_text(GAME.replace("[reed, stone, fire]", "[Sea Glass, fire]"))
    (folder / "cards.csv").write_text("name,element\nBottle,Sea Glass\nTorch,fire\n")
    ((ok, note),) = suit_notes(folder)
    assert ok and "'Sea Glass' gets a disc (" in note and "add icons/sea-glass.svg" in note


def test_the_note_names_the_designs_line_of_a_restyled_icon_box(tmp_path: Path) -> None:
    """A game whose design restyles the default corner icon (its colour) is pointed at its own
    line for the box, not at the default design's, a file of printgen's."""
    folder = marsh(tmp_path, [], "front:\n  boxes:\n    suit_icon: {colour: ink}\n")
    ((ok, detail),) = suit_notes(folder)
    assert ok is True
    assert f"box 'suit_icon' ({folder / 'design.yaml'}:3) prints a shape" in detail, detail
