"""Issue 36, trap 1: a rulebook table ran off the A5 page and `validate` said ok. Names in
tables now wrap, a word longer than its column breaks, and validate reads every typeset page
for content past its text area, naming the rulebook's line and the page."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber

from printgen.check.report import validate
from printgen.model import load_game
from printgen.render.rulebook.build import rulebook_typeset
from printgen.render.rulebook.source import sources
from printgen.rules.engine import Check

LONG = "The Extraordinarily Long Card Name Of The Eternal Flame Dragon Emperor Ascending"
NAMES = ["Ash", LONG, "Cinder", "Ember"]  # four of one kind and count: one row of names


def _long_names(tiny: Path) -> None:
    rows = "".join(f"c{i},{name},1,element,fire\n" for i, name in enumerate(NAMES))
    (tiny / "cards.csv").write_text(f"id,name,count,kind,element\n{rows}", encoding="utf-8")


def _pages(tiny: Path) -> list[Check]:
    return [c for c in validate(load_game(tiny)).checks if c.name == "rulebook rules.pdf pages"]


def test_a_long_name_wraps_in_the_components_table(tiny: Path) -> None:
    """Was: `white-space: nowrap` on names pushed the Count column 30 mm past the page
    edge (only "C" of its heading showed) and validate said ok."""
    _long_names(tiny)
    pdf, past = rulebook_typeset(sources(load_game(tiny))[0])
    assert past == []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = next(p for p in doc.pages if "Extraordinarily" in (p.extract_text() or ""))
        counts = [w for w in page.extract_words() if w["text"] == "Count"]
        assert counts and all(w["x1"] <= page.width - 36 for w in counts)  # inside the margin
        names = [w for w in page.extract_words() if w["text"] in ("Emperor", "Ascending,")]
        assert names and all(w["x1"] <= page.width - 36 for w in names)
    (check,) = _pages(tiny)
    assert check.ok, check.detail


def test_content_past_the_text_area_is_named_by_line_and_page(tiny: Path) -> None:
    """A word no line can hold (no hyphen, no break) runs out of its paragraph: validate
    warns at the paragraph's line in rules.md, with its page and how far it runs."""
    rules = (tiny / "rules.md").read_text(encoding="utf-8")
    (tiny / "rules.md").write_text(rules + "\nSee `" + "x" * 120 + "` here.\n", encoding="utf-8")
    line = rules.count("\n") + 2
    (check,) = _pages(tiny)
    assert not check.ok and check.level == "warning"
    assert f"tiny/rules.md:{line}: page 2: a p ('xxxxxxxx" in check.detail
    assert "mm past the text area, off the paper" in check.detail
