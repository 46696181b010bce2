"""The palettes: every element of every game has its tones; text on colour is legible; a game's
own design colours reach every part of its kit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.model import load_all, load_game
from printgen.render.faces.game_palette import game_palette
from printgen.render.faces.palette import contrast, relative_luminance, shared_palette
from tests.conftest import edit
from tests.render.conftest import CARD_DATA, ROOT

GAMES = {game.id: game for game in load_all(CARD_DATA)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_element_and_symbol_has_legible_tones(game: str) -> None:
    palette = game_palette(GAMES[game])
    for name in {*GAMES[game].elements, *GAMES[game].symbols}:
        tones = palette.element(name)
        assert contrast(tones.ink, tones.fill) >= 4.5, (game, name, "ink on fill")
        assert contrast(tones.dark, tones.light) >= 4.5, (game, name, "dark on light")
        assert contrast(palette.colours["paper"], tones.fill) >= 1.6, (game, name)


def test_text_colours_on_their_backgrounds() -> None:
    c = shared_palette().colours
    for text, background in [
        ("ink", "paper"),
        ("muted", "paper"),
        ("night_ink", "night"),
        ("accent", "night"),
        ("accent_dark", "paper"),
    ]:
        assert contrast(c[text], c[background]) >= 4.5, (text, background)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_own_text_colours_on_their_backgrounds(game: str) -> None:
    """A design's own colour named X_ink is text on its colour X (a Signal card's ink)."""
    c = game_palette(GAMES[game]).colours
    for name in c:
        base = name.removesuffix("_ink")
        if base != name and base in c:
            assert contrast(c[name], c[base]) >= 4.5, (game, name, base)


def test_a_games_design_palette_is_its_palette(tmp_path: Path) -> None:
    """A suit and a colour the design names are the game's, for every part of the kit; the
    tones it leaves out are derived as on the cards; the other elements stay shared."""
    folder = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", folder)
    (folder / "palette.yaml").write_text(
        'colours: {lamp: "#ffcc00"}\nsuits: {earth: {fill: "#5e320f"}}\n', encoding="utf-8"
    )
    mine = game_palette(load_game(folder))
    shared = shared_palette()
    assert mine.element("earth").fill == "#5e320f" != shared.element("earth").fill
    assert mine.element("earth").ink == "#ffffff"  # derived: white reads on a dark brown
    assert relative_luminance(mine.element("earth").dark) < relative_luminance("#5e320f")
    assert mine.element("water") == shared.element("water")
    assert mine.colours["lamp"] == "#ffcc00" and mine.colours["ink"] == shared.colours["ink"]
    assert "lamp" not in game_palette(GAMES["mywuxing"]).colours


def test_contrast_is_wcag() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def test_a_suit_the_design_gives_no_colour_is_the_cards_colour_in_the_kit(tmp_path: Path) -> None:
    """The cards deal a suit with no colour of the design's the next of the colour-blind-safe
    cycle; the board, sheets and rulebook read the same colour from the kit's palette (it
    was missing there, so the rulebook could not draw such a suit at all)."""
    from printgen.render.faces.game_faces import game_faces
    from printgen.render.text.textfit import ApproxMeasure

    folder = tmp_path / "lantern-market"
    shutil.copytree(ROOT / "examples" / "lantern-market", folder)
    edit(folder / "design.yaml", '    jade: {fill: "#2e7d5b"}\n', "")
    game = load_game(folder)
    jade = game_palette(game).element("jade")
    assert jade.fill not in ("#2e7d5b", *(t.fill for t in shared_palette().elements.values()))
    [deck, *_] = game_faces(game, ApproxMeasure())
    faces = {card.id: face.svg for card, face in deck.fronts}
    market = game.components["market"].cards
    jade_cards = [card.id for card in market if card.text("suit") == "jade"]
    assert jade_cards and all(jade.fill in faces[c] for c in jade_cards)
    others = [c for c in faces if c not in jade_cards]
    assert others and not any(jade.fill in faces[c] for c in others)


def test_a_suits_mark_is_its_fill_unless_that_is_pale_on_the_paper() -> None:
    from printgen.render.faces.colours import CYCLE, Colours, tones_from
    from printgen.render.faces.palette import shared_palette

    colours = Colours(shared_palette(), {"colours": {"paper": "#fbf7ee"}}, [])
    blue, orange, yellow = (tones_from(c) for c in (CYCLE[0], CYCLE[1], CYCLE[6]))
    assert colours.resolve("suit.mark", blue) == CYCLE[0]  # 5.0:1 on the paper: kept
    assert colours.resolve("suit.mark", orange) == orange["dark"]  # 2.1:1: its dark tone
    assert colours.resolve("suit.mark", yellow) == yellow["dark"]
    assert colours.resolve("suit.tone", blue) is None


def test_the_palette_is_read_by_libyaml_as_pyyaml_reads_it() -> None:
    """libyaml's loader (read in C, some 3 ms less in each drawing process) gives the values
    PyYAML's own safe loader gives."""
    import yaml

    from printgen.render.faces import palette

    text = palette.palette_path().read_text(encoding="utf-8")
    if yaml.__with_libyaml__:
        assert palette.SAFE_LOADER is yaml.CSafeLoader
    palette._raw.cache_clear()
    assert palette._raw() == yaml.safe_load(text)
    assert palette._raw()["colours"]
