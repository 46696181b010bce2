"""A rules file places the parts of its card anatomy where they fit and read best:
`diagram("card-anatomy", cards=[...])` draws only those cards of `rules-anatomy.yaml`, in that
order. The Way draws its Single (with the callouts) under "The cards" and its Dual and All
above "Card kinds": the two rows together never fitted one page, and WeasyPrint has no page
floats to move the second row past the Symbols text, so p. 6 was 41 % blank."""

from __future__ import annotations

import re
import shutil
from base64 import b64decode
from pathlib import Path

import pytest
from markupsafe import Markup

from printgen.errors import RenderError
from printgen.model import load_game
from printgen.render.rulebook.diagrams import anatomy
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import Source, sources

CARD_DATA = Path(__file__).resolve().parents[2] / "card_data"


@pytest.fixture(scope="module")
def the_way() -> Source:
    return sources(load_game(CARD_DATA / "the-way"))[0]


def _figures(markup: Markup) -> list[str]:
    """Each figure's alt text (its cards by name and caption, then their callouts)."""
    return re.findall(r'<figure class="diagram"><img [^>]*alt="([^"]*)"', str(markup))


def test_all_cards_by_default_in_rows(the_way: Source) -> None:
    figures = _figures(anatomy.draw(the_way, Icons(the_way.game)))
    assert len(figures) == 2  # the Single and its callouts; the Dual beside the All
    assert figures[0].startswith("Air Single (Single: one frame, one step)")
    assert "Air–Fire Dual" in figures[1] and "Fire All" in figures[1]


def test_cards_draws_only_the_named_cards_in_that_order(the_way: Source) -> None:
    figures = _figures(
        anatomy.draw(the_way, Icons(the_way.game), cards=["fire-all", "dual-air-fire"])
    )
    assert len(figures) == 1
    assert figures[0].index("Fire All") < figures[0].index("Air–Fire Dual")
    assert "Air Single" not in figures[0]


def test_one_card_by_its_id_keeps_its_callouts(the_way: Source) -> None:
    """A card drawn alone keeps what the file gives it: its callouts and caption."""
    (figure,) = _figures(anatomy.draw(the_way, Icons(the_way.game), cards="air-single"))
    assert figure.startswith("Air Single (Single: one frame, one step): Symbol (in two corners)")
    assert "Kind" in figure and "Dual" not in figure


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"cards": ["air-singel"]},
            r"cards: 'air-singel' is not a card of rules-anatomy.yaml; "
            r"did you mean 'air-single'\? \(its cards: air-single, dual-air-fire, fire-all\)",
        ),
        ({"cards": []}, r"cards: '' is not a card of rules-anatomy.yaml"),
        ({"card": ["air-single"]}, r"no option 'card'; did you mean 'cards'\?"),
    ],
)
def test_a_wrong_choice_is_named(the_way: Source, options: dict[str, object], message: str) -> None:
    with pytest.raises(RenderError, match=r"diagram\('card-anatomy'\): " + message):
        anatomy.draw(the_way, Icons(the_way.game), **options)


def test_a_game_without_the_file_has_no_cards_to_choose(tmp_path: Path) -> None:
    folder = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", folder)
    (folder / "rules-anatomy.yaml").unlink()
    source = sources(load_game(folder))[0]
    assert len(_figures(anatomy.draw(source, Icons(source.game)))) == 1  # its first card, bare
    with pytest.raises(RenderError, match=r"\(its cards: none: the game has no rules-anatomy"):
        anatomy.draw(source, Icons(source.game), cards=["water"])


def _card_widths(markup: Markup) -> list[list[float]]:
    """Each figure's card faces: the widths (mm) of the nested card images its SVG draws."""
    svgs = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', str(markup))
    faces = [re.findall(r'<image [^>]*width="([0-9.]+)"', b64decode(s).decode()) for s in svgs]
    return [[float(w) for w in widths] for widths in faces]


def test_cards_side_by_side_are_drawn_at_one_size(the_way: Source) -> None:
    """The Dual's smallest words need it at 0.90 of its size and the All's at 0.81: side by
    side they printed 57 and 51 mm wide, as if the cards differed. A row is drawn at the
    scale the larger needs when it still fits the 120 mm text width (it does: 2 x 57 mm)."""
    (row,) = _card_widths(
        anatomy.draw(the_way, Icons(the_way.game), cards=["dual-air-fire", "fire-all"])
    )
    assert len(row) == 2 and row[0] == pytest.approx(row[1])
    (alone,) = _card_widths(anatomy.draw(the_way, Icons(the_way.game), cards=["dual-air-fire"]))
    assert alone == [pytest.approx(row[0])]  # the Dual's own size: the All drawn larger
