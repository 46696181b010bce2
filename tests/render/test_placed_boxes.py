"""Where the design engine put each box of a face (what `printgen serve` outlines), worked out by
hand from the sample game's design: a 70 x 100 mm card, its safe zone 3 mm inside the trim
(64 x 94 mm), boxes placed in it by examples/lantern-market/design.yaml over the default."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.model import load_game
from printgen.render.draw import vector
from printgen.render.faces.render import Renderer

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lantern-market"


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(load_game(SAMPLE), vector.CairoMeasure())


def boxes_of(renderer: Renderer, card_id: str) -> dict[str, tuple[float, ...]]:
    deck = renderer.game.components["market"]
    card = next(c for c in deck.cards if c.id == card_id)
    _, placed = renderer.front_drawn(deck, card)
    return {p.name: (p.rect.x, p.rect.y, p.rect.w, p.rect.h) for p in placed}


def test_a_goods_cards_boxes(renderer: Renderer) -> None:
    boxes = boxes_of(renderer, "silk-bolt")
    # cost: {left: 9mm, right: 9mm, bottom: 2.4mm, height: 5.6mm} in the safe zone (3, 3, 64,
    # 94): 97 - 2.4 - 5.6 = 89, above the version stamp (the default's, on the bottom 2.4 mm,
    # 9 mm in from each side)
    assert boxes["cost"] == pytest.approx((12.0, 89.0, 46.0, 5.6))
    assert boxes["stamp"] == pytest.approx((12.0, 94.6, 46.0, 2.4))
    # text: {top: 55%, bottom: 15mm} over the default's left/right 1.8mm: 55 % of 94 = 51.7
    assert boxes["text"] == pytest.approx((4.8, 54.7, 60.4, 27.3))
    # background: anchor bleed, the face's 1/8 in (3.175 mm) on every side
    assert boxes["background"] == pytest.approx((-3.175, -3.175, 76.35, 106.35))
    assert "text_only" not in boxes  # `when: "{{ not art }}"`: not drawn on a card with art
    assert "band" not in boxes  # an event's box


def test_an_events_boxes_and_their_lines(renderer: Renderer) -> None:
    deck = renderer.game.components["market"]
    storm = next(c for c in deck.cards if c.id == "storm")
    _, placed = renderer.front_drawn(deck, storm)
    named = {p.name: p for p in placed}
    # band: {anchor: trim, left: 0, right: 0, top: 0, height: 24%}
    band = named["band"].rect
    assert (band.x, band.y, band.w, round(band.h, 2)) == (0, 0, 70.0, 24.0)
    # text_only: {top: 24%, bottom: 2.6mm}: 24 % of 94 = 22.56 below the safe zone's top
    assert round(named["text_only"].rect.y, 2) == 25.56
    assert round(named["text_only"].rect.bottom, 2) == 100 - 3 - 2.6
    assert "art" not in named and "cost" not in named  # no art, no cost on an event
    design = (SAMPLE / "design.yaml").read_text(encoding="utf-8").splitlines()
    line = int(named["band"].where.rsplit(":", 1)[1])
    assert design[line - 1].strip().startswith("band:")
    assert named["band"].what == "shape" and named["text_only"].what == "text"


def test_a_backs_boxes(renderer: Renderer) -> None:
    deck = renderer.game.components["market"]
    _, placed = renderer.back_drawn(deck, "back")
    frame = next(p for p in placed if p.name == "frame").rect
    # the default back's frame: {anchor: trim, 4mm in on every side}
    assert (frame.x, frame.y, frame.w, frame.h) == (4.0, 4.0, 62.0, 92.0)
