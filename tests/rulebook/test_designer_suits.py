"""A designer's suits reach the rulebook as they reach the cards: the cover's emblem draws one
badge a suit, in the front matter's `emblem:` order, each on a disc of the suit's colour (its
design's, or the one the cards deal it) with the suit's icon file, or the mark the cards print
for a suit with none (a file drawn in its own colours on the suit's light tone, where it
shows); the same pictures stand inline in the text and the components table.

Read back from the built PDF with pdfplumber: the badges' discs (filled paths ringed in the
accent colour) and what is drawn inside each."""

from __future__ import annotations

import math
import shutil
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.faces.colours import CYCLE
from printgen.render.faces.game_palette import game_palette
from printgen.render.rulebook import rule_files, rulebook_html
from printgen.render.rulebook.source import sources
from tests.conftest import ROOT
from tests.model.designer import png

GAME = """\
id: harbour
name: Harbour Lights
players: {min: 2, max: 4}
elements: [Sea Glass, coral, kelp, brine]
card_size: poker
columns:
  suit: element?
components:
  deck: {file: cards.csv, declared: 8}
"""
CARDS = """\
id,name,count,suit
glass-float,Glass Float,2,sea-glass
coral-reef,Coral Reef,2,coral
kelp-forest,Kelp Forest,2,kelp
brine-pool,Brine Pool,2,brine
"""
# One colour drawn in currentColor: the badge gives it the suit's ink tone, as a card does.
CORAL = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M50,95V40'
    'M50,60L25,30M50,50L78,20" fill="none" stroke="currentColor" stroke-width="12"/></svg>'
)
RULES = """\
---
emblem: [brine, coral, Sea Glass, kelp]
---
## Overview

Collect :Sea Glass:, :coral:, :kelp: and :brine: cards.

{{ components() }}
"""
EMBLEM = ["brine", "coral", "sea-glass", "kelp"]


@pytest.fixture
def harbour(tmp_path: Path) -> Path:
    """Four new suits: coral with an SVG icon and its own colour (palette.yaml), kelp with a
    PNG icon, sea glass and brine with no icon (the cards print them a disc and a
    triangle); all but coral take their colours from the cards' colour-blind-safe cycle."""
    folder = tmp_path / "data" / "harbour"
    (folder / "icons").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "cards.csv").write_text(CARDS, encoding="utf-8")
    (folder / "palette.yaml").write_text('suits:\n  coral: "#d2691e"\n', encoding="utf-8")
    (folder / "icons" / "coral.svg").write_text(CORAL, encoding="utf-8")
    (folder / "icons" / "kelp.png").write_bytes(png((40, 160, 60), 32))
    (folder / "rules.md").write_text(RULES, encoding="utf-8")
    return folder


def rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def same(found: Any, colour: str) -> bool:
    return (
        isinstance(found, tuple)
        and len(found) == 3
        and all(abs(a - b) < 0.01 for a, b in zip(found, rgb(colour), strict=True))
    )


def inside(item: dict[str, Any], disc: dict[str, Any]) -> bool:
    return (
        item["x0"] >= disc["x0"] - 0.5
        and item["x1"] <= disc["x1"] + 0.5
        and item["top"] >= disc["top"] - 0.5
        and item["bottom"] <= disc["bottom"] + 0.5
    )


def cover(folder: Path, out: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The emblem's discs in drawing order and everything else drawn on the cover."""
    path, _booklet = build_part(rule_files, load_game(folder), None, out)
    accent = game_palette(load_game(folder)).colours["accent"]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        drawn = {"curves": page.curves, "lines": page.lines, "images": page.images}
    discs = [c for c in drawn["curves"] if c["fill"] and same(c["stroking_color"], accent)]
    return discs, drawn


def test_the_cover_draws_a_badge_for_each_suit_in_the_emblems_order(
    harbour: Path, tmp_path: Path
) -> None:
    palette = game_palette(load_game(harbour))
    discs, _drawn = cover(harbour, tmp_path / "out")
    assert len(discs) == len(EMBLEM)
    for disc, suit in zip(discs, EMBLEM, strict=True):
        tones = palette.element(suit)
        # kelp's PNG is drawn in its own colours: on the suit's light tone, where it shows
        ground = tones.light if suit == "kelp" else tones.fill
        assert same(disc["non_stroking_color"], ground), suit
    assert palette.element("coral").fill == "#d2691e"  # the design's own colour
    # the others the cycle's colours in the order the cards deal them (by first card)
    dealt = [palette.element(s).fill for s in ("sea-glass", "kelp", "brine")]
    assert dealt == list(CYCLE[:3])
    # clockwise from the top of the ring
    centres = [((d["x0"] + d["x1"]) / 2, (d["top"] + d["bottom"]) / 2) for d in discs]
    middle_x = sum(x for x, _ in centres) / len(centres)
    middle_y = sum(y for _, y in centres) / len(centres)
    angles = [math.degrees(math.atan2(x - middle_x, middle_y - y)) % 360 for x, y in centres]
    assert angles[0] == pytest.approx(0, abs=1)
    assert angles == sorted(angles)


def test_each_badge_holds_the_suits_icon_file_or_its_mark(harbour: Path, tmp_path: Path) -> None:
    palette = game_palette(load_game(harbour))
    discs, drawn = cover(harbour, tmp_path / "out")
    by_suit = dict(zip(EMBLEM, discs, strict=True))

    def painted(suit: str, kind: str) -> list[dict[str, Any]]:
        ink = palette.element(suit).ink
        colour = "non_stroking_color" if kind == "curves" else "stroking_color"
        return [
            item
            for item in drawn[kind]
            if item is not by_suit[suit] and inside(item, by_suit[suit]) and same(item[colour], ink)
        ]

    # brine has no icon: the cards' second mark, a triangle (three corners), in its ink tone
    [triangle] = painted("brine", "curves")
    assert len({(round(x), round(y)) for x, y in triangle["pts"]}) == 3
    # sea glass has none either: the first mark, a disc (its curves' ends all a radius from
    # its centre, where a square's corners would be further)
    [mark] = painted("sea-glass", "curves")
    cx, cy = (mark["x0"] + mark["x1"]) / 2, (mark["top"] + mark["bottom"]) / 2
    radius = (mark["x1"] - mark["x0"]) / 2
    assert {round(math.dist((x, y), (cx, cy)) / radius, 2) for x, y in mark["pts"]} == {1.0}
    # coral's own SVG, its currentColor strokes in the suit's ink tone
    assert len(painted("coral", "lines")) >= 3
    # kelp's own PNG, on its disc
    assert [image for image in drawn["images"] if inside(image, by_suit["kelp"])]


def test_the_text_and_the_components_show_the_same_pictures(harbour: Path) -> None:
    html = rulebook_html(sources(load_game(harbour))[0])
    assert ":Sea Glass:" not in html and ":brine:" not in html
    # four in the sentence, one before each card of the components table
    assert html.count('<img class="icon"') == 8
    assert 'alt="Sea Glass"' in html  # named as game.yaml writes it


def test_a_game_without_cards_gets_marks_for_its_symbols(harbour: Path, tmp_path: Path) -> None:
    """A dice game's symbols are no card's suit: they get the marks in the order game.yaml
    lists them (sea glass a disc, brine a triangle), so the emblem still tells them apart."""
    game_yaml = harbour / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8").replace("card_size: poker\n", "")
    deck = "  deck: {file: cards.csv, declared: 8}"
    game_yaml.write_text(text.replace(deck, DICE), encoding="utf-8")
    (harbour / "cards.csv").rename(harbour / "dice.csv")
    discs, drawn = cover(harbour, tmp_path / "out")
    assert len(discs) == len(EMBLEM)
    brine = discs[0]
    marks = [c for c in drawn["curves"] if c is not brine and inside(c, brine)]
    assert [len({(round(x), round(y)) for x, y in m["pts"]}) for m in marks] == [3]


DICE = "  dice: {file: dice.csv, kind: dice, faces: 6, declared: 8}"


def test_a_suit_column_of_words_the_design_names_shows_its_icons(harbour: Path) -> None:
    """A deck brought as it is has its suits in a column of words (not typed `element`), which
    its design names as the suit (`suit: suit`): the components table shows their icons as
    the cards do (it showed only element and symbol columns' icons)."""
    game_yaml = harbour / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8").replace("columns:\n  suit: element?\n", "")
    game_yaml.write_text(text, encoding="utf-8")
    (harbour / "design.yaml").write_text("suit: suit\n", encoding="utf-8")
    game = load_game(harbour)
    assert "suit" in game.undeclared
    html = rulebook_html(sources(game)[0])
    table = html[html.index('<table class="parts">') :]
    assert table.count('<img class="icon"') == 4
    for suit in ("Sea Glass", "Coral", "Kelp", "Brine"):
        assert f'alt="{suit}"' in table


def test_the_samples_icons_show_on_their_badges(tmp_path: Path) -> None:
    """The sample's suit icons are drawn in the suits' own colours (for the white card): on a
    disc of that colour they vanished (silk's cloth was a purple shape on purple). Each badge
    of its cover now holds a shape that stands out from its disc (contrast 3:1 at least)."""
    from printgen.render.faces.palette import contrast

    folder = tmp_path / "data" / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", folder)
    discs, drawn = cover(folder, tmp_path / "out")
    assert len(discs) == 3
    for disc in discs:
        ground = hex_of(disc["non_stroking_color"])
        shapes = [c for c in drawn["curves"] if c is not disc and inside(c, disc) and c["fill"]]
        best = max(contrast(hex_of(c["non_stroking_color"]), ground) for c in shapes)
        assert best >= 3, (ground, best)


def hex_of(colour: Any) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in colour)


def test_a_dozen_suits_round_the_ring_do_not_overlap(tmp_path: Path) -> None:
    """Twelve suits' badges at the five elements' size overlapped round the cover's ring; from
    ten on they are drawn smaller, each clear of its neighbours (read back from the PDF)."""
    suits = ["amber", "birch", "cobalt", "dune", "ember", "fern"]
    suits += ["granite", "harbor", "iris", "jasper", "kelp", "lotus"]
    folder = tmp_path / "data" / "harbour"
    folder.mkdir(parents=True)
    game = GAME.replace("Sea Glass, coral, kelp, brine", ", ".join(suits)).replace(
        "declared: 8", "declared: 12"
    )
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    rows = "".join(f"{s},{s.title()},1,{s}\n" for s in suits)
    (folder / "cards.csv").write_text("id,name,count,suit\n" + rows, encoding="utf-8")
    (folder / "rules.md").write_text("## Overview\n\n{{ components() }}\n", encoding="utf-8")
    discs, _drawn = cover(folder, tmp_path / "out")
    assert len(discs) == 12
    for a, b in zip(discs, [*discs[1:], discs[0]], strict=True):
        centre = [((d["x0"] + d["x1"]) / 2, (d["top"] + d["bottom"]) / 2) for d in (a, b)]
        radii = (a["x1"] - a["x0"]) / 2 + (b["x1"] - b["x0"]) / 2
        assert math.dist(*centre) > radii, (a, b)
