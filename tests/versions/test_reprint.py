"""`build --changed-since`: reprint.pdf holds exactly the cards to print again, read back
from its pages, and reprint.txt says what to print and what to take out."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.reprint import write_reprint
from printgen.model import load_game

TITLES = (
    "Bolt of Silk",
    "Paper Lantern",
    "Saffron Threads",
    "Caravan",
    "Jade Disc",
    "Jade Dragon",
    "Jade Bowl",
    "Lantern Festival",
    "River Storm",
)


@pytest.fixture
def reprinted(versions, tmp_path: Path) -> Path:
    v1, v2 = versions
    game = load_game(v2 / "lantern-market")
    out = tmp_path / "out"
    written = write_reprint(game, str(v1 / "lantern-market"), out, BuildOptions(jobs=1))
    assert [p.name for p in written] == ["reprint.txt", "reprint.pdf"]
    return out / "lantern-market"


def test_reprint_pdf_holds_exactly_the_changed_and_added_cards(reprinted: Path) -> None:
    fronts: Counter[str] = Counter()
    backs = stamps = 0
    with pdfplumber.open(reprinted / "reprint.pdf") as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
    for text in pages:
        if "fronts" in text:
            fronts.update({t: text.count(t) for t in TITLES if t in text})
            stamps += text.replace(" ", "").count("v1\u00b7")  # v1 · <hash>
        else:
            backs += text.count("MARKET")
    # by hand from conftest.make_v2: the new jade-bowl x2, silk-lantern's one copy added
    # (2 -> 3), both spice cards at their counts (their colour changed), 2 + 1
    assert fronts == {"Jade Bowl": 2, "Paper Lantern": 1, "Saffron Threads": 2, "Caravan": 1}
    assert backs == 6 and stamps == 6  # a back for every front; each front stamped
    assert len(pages) == 4  # 4 cards of 70 x 100 mm a sheet: two sheets, each with its backs


def test_reprint_txt_lists_what_to_print_and_to_take_out(reprinted: Path) -> None:
    lines = (reprinted / "reprint.txt").read_text(encoding="utf-8").splitlines()
    assert lines[1:] == [
        "print (reprint.pdf, 6 cards):",
        "  market/jade-bowl 'Jade Bowl' x2 (new card)",
        "  market/silk-lantern 'Paper Lantern' x1 (count 2 -> 3: the copies added)",
        "  market/spice-saffron 'Saffron Threads' x2 (face changed)",
        "  market/spice-caravan 'The Extraordinarily Long-Winded Caravan of Spice Merchants'"
        " x1 (face changed)",
        "take out of the printed deck (3 cards):",
        "  market/spice-saffron 'Saffron Threads' x2 (old face)",
        "  market/spice-caravan 'The Extraordinarily Long-Winded Caravan of Spice Merchants'"
        " x1 (old face)",
    ]


def test_a_bad_revision_stops_the_build_before_anything_is_written(cli, versions) -> None:
    _, v2 = versions
    out = v2.parent / "out"
    run = cli("build", "lantern-market", "--data", v2, "--out", out, "--changed-since", "v0")
    assert run.code == 2
    assert "--changed-since v0: no such folder, and " in run.err
    assert not out.exists()


def test_pieces_are_listed_to_print_from_their_sheets(tmp_path: Path) -> None:
    import shutil

    from printgen.kit.diff import diff_games
    from printgen.kit.reprint import reprint_lines
    from tests.conftest import ROOT, edit

    old, new = tmp_path / "old" / "saltmarsh", tmp_path / "new" / "saltmarsh"
    shutil.copytree(ROOT / "examples" / "saltmarsh", old)
    shutil.copytree(ROOT / "examples" / "saltmarsh", new)
    edit(new / "tiles.csv", "saltpan,Saltpan,6,", "saltpan,Saltpan,7,")
    game = load_game(new)
    diff = diff_games(load_game(old), game, "old")
    printed = frozenset(deck.name for deck in game.printed_decks)
    lines = list(reprint_lines(diff, printed))
    assert lines[1:] == [
        "print (reprint.pdf, 0 cards):",
        "print again from their decks' sheets (1 pieces):",
        "  tiles/saltpan 'Saltpan' x1 (count 6 -> 7: the copies added): tiles.pdf",
        "take out of the printed deck (0 cards):",
    ]


def test_a_card_too_large_for_sheets_is_reprinted_from_its_own_pages(tmp_path: Path) -> None:
    """A 250 x 300 mm card has no cards.pdf (review: reprint.txt still promised reprint.pdf,
    and none was written, or an earlier one stayed): it names cards-print.pdf instead, and
    no reprint.pdf is left."""
    from tests.pieces_game import write_game

    game = "id: big\nname: Big\nplayers: {min: 2, max: 4}\ncard_size: [250mm, 300mm]\n"
    game += "components:\n  deck: {file: cards.csv}\n"
    old = write_game(tmp_path / "old", game, {"cards.csv": "id,name,count\nsun,Sun,1\n"})
    new = write_game(tmp_path / "new", game, {"cards.csv": "id,name,count\nsun,Sun,2\n"})
    out = tmp_path / "out"
    (out / "big").mkdir(parents=True)
    (out / "big" / "reprint.pdf").write_bytes(b"%PDF- an earlier build's")
    written = write_reprint(load_game(new), str(old), out, BuildOptions(jobs=1))
    assert [p.name for p in written] == ["reprint.txt"]
    assert not (out / "big" / "reprint.pdf").exists()
    said = (out / "big" / "reprint.txt").read_text().splitlines()
    assert said[1] == "print (their pages in cards-print.pdf, 1 cards):"
