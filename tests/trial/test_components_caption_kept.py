"""A components table's title kept with its table. In a designer's trial rulebook the titles
`Embers 20 25 mm circle` and `D12 1 12-sided dice` were left alone at the foot of a page, their
tables on the next: a table's caption could break from its rows. The caption now keeps with
the table (`break-after: avoid`), which moves it to the next page with its rows."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber

from tests.pieces_game import build_game

GAME = """\
id: isles
name: Ember Isles
players: {min: 2, max: 5}
elements: [lava, ash, sea, fern]
components:
  deck: {file: cards.csv}
  isles: {file: tiles.csv, shape: hex, size: 30mm}
  embers: {file: embers.csv, shape: circle, size: 25mm, sides: 2}
  beacons: {file: beacons.csv, shape: circle, size: 38mm, sides: 2}
  d10: {file: d10.csv, kind: dice, size: 18mm}
  d12: {file: d12.csv, kind: dice, size: 20mm}
"""
NAMES = (
    "Magma Flow,Caldera,Obsidian,Ash Cloud,Cinder,Pumice,Ferry,Tidepool,Lagoon,Frond,Mossbed,Canopy"
)
SUITS = ("lava", "ash", "sea", "fern")
FILES = {
    "cards.csv": "name,count,suit\n"
    + "".join(f"{n},6,{SUITS[i // 3]}\n" for i, n in enumerate(NAMES.split(","))),
    "tiles.csv": "name,count,suit\n" + "".join(f"{s.title()} Isle,6,{s}\n" for s in SUITS),
    "embers.csv": "name,count,suit,back_text\nEmber,10,lava,Spent\nBig Ember,10,lava,Cold\n",
    "beacons.csv": "name,count,suit,back_text\nNorth Beacon,3,sea,Out\nSouth Beacon,3,fern,Out\n",
    "d10.csv": "name,"
    + ",".join(f"Face {n}" for n in range(1, 11))
    + "\nWind die,"
    + ",".join(str(n) for n in range(10))
    + "\n",
    "d12.csv": "name,"
    + ",".join(f"Face {n}" for n in range(1, 13))
    + "\nEruption die,"
    + ",".join(str(n) for n in range(1, 13))
    + "\n",
    "rules.md": "## Components\n\n{{ components() }}\n\n## Setup\n\nDeal five cards each.\n",
}
CAPTION = re.compile(r"^(Deck|Isles|Embers|Beacons|D10|D12) ?\d+")  # "Deck72 cards"


def test_no_page_ends_on_a_tables_title(tmp_path: Path) -> None:
    kit = build_game(tmp_path, GAME, FILES)
    with pdfplumber.open(kit / "rules.pdf") as pdf:
        pages = [(page.extract_text() or "").splitlines() for page in pdf.pages]
    titles = [line for lines in pages for line in lines if CAPTION.match(line)]
    assert len(titles) == 6, titles
    for number, lines in enumerate(pages, start=1):
        body = [line for line in lines if not line.strip().isdigit()]  # the page number
        assert not CAPTION.match(body[-1]), (number, body[-3:])


def test_one_die_is_a_die(tmp_path: Path) -> None:
    """The caption said `D12 1 12-sided dice` (a designer's trial): one is a die."""
    kit = build_game(tmp_path, GAME, FILES)
    with pdfplumber.open(kit / "rules.pdf") as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages)
    said = re.findall(r"D1[02] ?1 ?1[02]-sided \w+", text)  # the caption's spans run together
    assert [caption.replace(" ", "")[-12:] for caption in said] == [
        "110-sideddie",
        "112-sideddie",
    ], said
