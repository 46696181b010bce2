"""A components table's total printed once, under its last row. In a designer's trial
rulebook the Tiles table broke after 4 of its 6 rows and printed "Total 16" under those 4,
then again on the next page: the total was the table's footer, which a table that runs to a
second page repeats on each. It is now printed once, after the last row, kept with it."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.pieces_game import build_game

GAME = """\
id: reef
name: Reef
players: {min: 2, max: 4}
elements: [SUITS]
components:
  deck: {file: cards.csv}
"""
SUITS = [f"reef{chr(97 + n)}" for n in range(26)]
ROWS = 2 * len(SUITS)  # a row for each suit and count: more rows than a page holds
TOTAL = 3 * len(SUITS)
FILES = {
    "cards.csv": "name,count,suit\n"
    + "".join(f"Reef card {2 * i + c},{c},{s}\n" for i, s in enumerate(SUITS) for c in (1, 2)),
    "rules.md": "## Components\n\n{{ components() }}\n\n## Setup\n\nDeal five cards each.\n",
}


def test_a_table_over_two_pages_prints_its_total_once_after_its_last_row(
    tmp_path: Path,
) -> None:
    kit = build_game(tmp_path, GAME.replace("SUITS", ", ".join(SUITS)), FILES)
    with pdfplumber.open(kit / "rules.pdf") as pdf:
        pages = [(page.extract_text() or "").splitlines() for page in pdf.pages]
    holding = [n for n, lines in enumerate(pages) if any("Reef card" in x for x in lines)]
    assert len(holding) >= 2, "the table should run over two pages"
    totals = [
        (n, line) for n, lines in enumerate(pages) for line in lines if line.startswith("Total")
    ]
    assert totals == [(holding[-1], f"Total {TOTAL}")], totals
    last = pages[holding[-1]]
    at = last.index(f"Total {TOTAL}")
    assert last[at - 1].startswith("Reef card"), last[at - 3 : at + 1]
