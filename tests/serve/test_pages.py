"""What `printgen serve` decides in this process (no server, no build): a die's page from a tiny
game, its faces outlined as worked out by hand (16 mm edge, six faces); which hosts widen it."""

from __future__ import annotations

import pytest

from printgen.kit.serve.pages import piece_page
from printgen.kit.serve.views import GameView
from printgen.model import load_game
from tests.serve.conftest import tiny_game

DICE = "id,name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nd6,Number die,1,1,2,3,4,5,6\n"


@pytest.fixture(scope="module")
def view(tmp_path_factory: pytest.TempPathFactory) -> GameView:
    folder = tiny_game(tmp_path_factory.mktemp("pages") / "data")
    game_yaml = folder / "game.yaml"
    dice = "  dice:\n    file: dice.csv\n    kind: dice\n    faces: 6\n    declared: 1\n"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + dice, encoding="utf-8")
    (folder / "dice.csv").write_text(DICE, encoding="utf-8")
    return GameView(load_game(folder), 1)


def test_a_dies_page_shows_its_six_faces(view: GameView) -> None:
    pieces = view.pieces()
    ids = [card.id for _, card in pieces]
    assert ids == ["ember", "wave", "coin", "d6"]  # cards, then pieces, in game.yaml's order
    at = view.at("dice", "d6")
    assert at == 3 and view.at(None, "d6") is None  # a die is not a card
    deck, card = pieces[at]
    page = piece_page(view.game, pieces, at, view.drawing(deck, card), [], 1)
    assert page.kind == "die" and page.place.endswith("dice.csv:2")
    assert [side.label for side in page.sides] == [f"face-{n}" for n in range(1, 7)]
    first = page.sides[0]
    # a face: a 16 mm square, its bleed 1/8 in (3.175 mm) round it
    assert first.view == pytest.approx((-3.175, -3.175, 22.35, 22.35))
    assert first.image == "/_piece/tiny/dice/d6/face-1.png?g=1"
    assert first.cut == "M0,0 L16,0 L16,16 L0,16 Z"
    # the safe zone: a tenth of 16 mm (1.6 mm, less than 3 mm) inside the trim
    assert first.safe_zone == "M1.6,1.6 L14.4,1.6 L14.4,14.4 L1.6,14.4 Z"
    assert page.previous is not None and page.previous.href == "/_piece/tiny/chits/coin"
    assert page.next is None


def test_which_hosts_widen_the_server() -> None:
    from printgen.commands.serve import widened

    for private in ("127.0.0.1", "localhost", "LOCALHOST", "::1"):
        assert not widened(private), private
    for public in ("0.0.0.0", "::", "192.168.1.20", "myhost.local"):
        assert widened(public), public
