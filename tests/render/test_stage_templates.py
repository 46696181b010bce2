"""A stage looks each template up once (issue: card faces as fast to draw as at the wave's
start): Jinja's lookup checks the file on disk every time, some 1,200 lookups a build of the
five games. A new stage (the next build's) finds a template saved since."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import jinja2
import pytest

from printgen.errors import DataError
from printgen.model import load_game
from printgen.render.faces.render import Renderer
from printgen.render.text.textfit import ApproxMeasure
from tests.render.conftest import CARD_DATA


@pytest.fixture
def the_way(tmp_path: Path) -> Path:
    folder = tmp_path / "the-way"
    shutil.copytree(CARD_DATA / "the-way", folder)
    return folder


def test_every_component_is_looked_up_once_a_stage(
    the_way: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    renderer = Renderer(load_game(the_way), ApproxMeasure())
    asked: Counter[str] = Counter()
    looked_up = jinja2.Environment.get_template

    def counting(env: jinja2.Environment, name: str, *args: object) -> jinja2.Template:
        asked[str(name)] += 1
        return looked_up(env, name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "get_template", counting)
    game = renderer.game
    first = [renderer.front(deck, card).svg for deck in game.printed_decks for card in deck.cards]
    again = [renderer.front(deck, card).svg for deck in game.printed_decks for card in deck.cards]
    components = {name: count for name, count in asked.items() if name.startswith("components/")}
    assert len(first) > 20 and again == first
    assert components and set(components.values()) == {1}, components


def test_a_template_saved_since_is_drawn_by_the_next_stage(the_way: Path) -> None:
    game = load_game(the_way)
    deck = game.printed_decks[0]
    card = deck.cards[0]
    before = Renderer(game, ApproxMeasure()).front(deck, card).svg
    template = the_way / "templates" / "components" / "frames.svg.j2"
    template.write_text(template.read_text().replace('rx="{{ (3.2 * k)|n }}"', 'rx="0.77"'))
    after = Renderer(load_game(the_way), ApproxMeasure()).front(deck, card).svg
    assert 'rx="0.77"' not in before
    assert 'rx="0.77"' in after


def test_every_box_is_placed_once_a_stage(the_way: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A box lands in the same place on every face of a stage: placed and checked once."""
    from printgen.render.faces import draw

    renderer = Renderer(load_game(the_way), ApproxMeasure())
    placed: list[dict[str, object]] = []
    place = draw.place

    def counting(edges: dict[str, object], anchor: draw.Area) -> draw.Area:
        placed.append(edges)
        return place(edges, anchor)  # type: ignore[arg-type]

    monkeypatch.setattr(draw, "place", counting)
    game = renderer.game
    faces = [renderer.front(deck, card) for deck in game.printed_decks for card in deck.cards]
    designed = [renderer.design.front, *renderer.design.kinds.values()]
    boxes = {id(box) for boxes in designed for box in boxes}
    assert len(faces) > 20
    assert 0 < len(placed) <= len(boxes)  # once a box at most, however many faces


def test_a_box_out_of_place_is_reported_on_every_face(the_way: Path) -> None:
    design = the_way / "design.yaml"
    text = design.read_text()
    stray = "    stray: {text: x, top: 200mm, height: 5mm}\n"
    design.write_text(text.replace("front:\n  boxes:\n", "front:\n  boxes:\n" + stray, 1))
    game = load_game(the_way)
    renderer = Renderer(game, ApproxMeasure())
    deck = game.printed_decks[0]
    for card in deck.cards[:3]:
        with pytest.raises(DataError, match=r"stray.*outside"):
            renderer.front(deck, card)
