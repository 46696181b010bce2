"""A designer's small game made in a test: bridge-size cards of six winds, a deck kept as a
CSV, art of odd shapes (one picture far too small), and a design.yaml each test writes.
Nothing here names a bundled game: it is the kind of game printgen is for."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from printgen.model import Card, Component, Game, load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.face import Face
from printgen.render.faces.game_faces import front_face

GAME_YAML = """\
id: winds
name: Six Winds
players: {min: 2, max: 5}
elements: [Zephyr, Sirocco, Mistral, Bora, Chinook, Föhn]
card_size: bridge
columns:
  wind: element?
  strength: int[0..9]?
  cost: int[0..9]?
  effect: text?
  flavour: text?
  art: image?
kinds:
  wind: {label: Wind}
  event: {label: Sky event}
components:
  winds:
    file: winds.csv
    declared: 3
"""
CSV = """\
name,count,kind,wind,strength,cost,effect,flavour,art
Zephyr Whisper,1,wind,Zephyr,6,0,Move one card.,The gentlest breath.,art/wide.png
Sirocco Ember,1,wind,Sirocco,4,2,Discard a card.,Half the desert.,art/tiny.png
Dead Calm,1,event,,,,Skip the wind phase.,,
"""


def winds_game(root: Path, design: str = "", csv: str = CSV) -> Path:
    """The game's folder under `root` (its data folder), with `design` as its design.yaml."""
    folder = root / "winds"
    (folder / "art").mkdir(parents=True)
    Image.new("RGB", (1600, 400), (40, 90, 160)).save(folder / "art" / "wide.png")
    Image.new("RGB", (48, 36), (200, 80, 40)).save(folder / "art" / "tiny.png")
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "winds.csv").write_text(csv, encoding="utf-8")
    if design:
        (folder / "design.yaml").write_text(design, encoding="utf-8")
    return folder


def card_of(game: Game, name: str) -> tuple[Component, Card]:
    return next(
        (deck, card) for deck in game.components.values() for card in deck.cards
        if card.name == name
    )  # fmt: skip


def face(folder: Path, name: str) -> Face:
    """The front of the card called `name`, as the build draws it."""
    game = load_game(folder)
    deck, card = card_of(game, name)
    return front_face(game, deck, card, CairoMeasure())
