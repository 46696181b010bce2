"""No table leaves one body row alone on either side of a page break (the rulebook's CSS
keeps its first two rows together and its last two: orphans and widows for rows, which
WeasyPrint applies to lines only). A lone row said nothing without its neighbours: CL4SH's
scoring table left "Win a set" alone on p. 11, MyWuXing's relations table "draw" on p. 6.

A tiny game's rulebook has 24 tables of three and four rows, each after a paragraph of
another length (one line to most of a page), so that tables fall across page breaks after
each of their rows; each row's cell word is read back with pdfplumber to find its page. On
the old stylesheet table 20 printed two rows on p. 12 and its last alone on p. 13."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber

from printgen.model import load_game
from printgen.render.rulebook.build import rulebook_typeset
from printgen.render.rulebook.source import sources

TABLES = 24
WORDS = "rows keep their neighbours across the page so that no line of a table stands alone "


def _rules(tables: int) -> str:
    parts = []
    for k in range(tables):
        rows = 3 + k % 2
        body = "\n".join(f"| T{k}R{r} | cell |" for r in range(1, rows + 1))
        parts.append(f"{WORDS * (1 + 3 * k % 23)}\n\n| Key | Value |\n| --- | --- |\n{body}\n")
    return "## Tables\n\n" + "\n".join(parts)


def _pages_of_rows(pdf_bytes: bytes) -> dict[int, list[int]]:
    """Table k: the page of each of its rows, in order."""
    found: dict[str, int] = {}
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            for word in page.extract_words():
                if word["text"].startswith("T") and "R" in word["text"]:
                    found[word["text"]] = number
    tables: dict[int, list[int]] = {}
    for word, page in sorted(found.items(), key=lambda item: _key(item[0])):
        tables.setdefault(_key(word)[0], []).append(page)
    return tables


def _key(word: str) -> tuple[int, int]:
    table, row = word[1:].split("R")
    return int(table), int(row)


def test_no_table_leaves_a_lone_row_at_a_page_break(tiny: Path) -> None:
    (tiny / "rules.md").write_text(_rules(TABLES), encoding="utf-8")
    pdf, _ = rulebook_typeset(sources(load_game(tiny))[0])
    tables = _pages_of_rows(pdf)
    assert len(tables) == TABLES and all(len(rows) == 3 + k % 2 for k, rows in tables.items())
    assert len({page for rows in tables.values() for page in rows}) >= 5  # many breaks
    for k, rows in tables.items():
        assert rows[0] == rows[1] and rows[-2] == rows[-1], (k, rows)
