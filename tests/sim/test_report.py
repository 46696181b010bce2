"""`simulate --report FILE.html`: a self-contained page with its charts, the same bytes again."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any


def test_report_is_self_contained_and_reproducible(cli: Any, tmp_path: Path) -> None:
    first, second = tmp_path / "a" / "report.html", tmp_path / "b.html"
    args = ["simulate", "elementa", "--games", "300", "--bot", "greedy,random", "--json"]
    one = cli(*args, "--report", first)
    two = cli(*args, "--report", second, "--jobs", "2")
    assert one.code == two.code == 0, one.err + two.err
    assert one.out == two.out  # the report changes nothing else
    page = first.read_text(encoding="utf-8")
    assert first.read_bytes() == second.read_bytes()
    assert page.startswith("<!doctype html>") and "<h1>Elementa</h1>" in page
    assert page.count("<svg") == 4  # length, wins, endings, scores
    for label in ("game length (hands)", "team team_a", "relic sweep", "score (box"):
        assert f"<!-- {label}" in page  # matplotlib names each text it draws as a path
    assert not re.search(r"(?i)https?:|file:|<script|<img|<link|@import|url\((?!#)", page)
    assert list(tmp_path.rglob("*.part")) == []  # written whole, then renamed


def test_report_of_a_cooperative_game(cli: Any, tmp_path: Path) -> None:
    target = tmp_path / "coop.html"
    run = cli("simulate", "the-way", "--mode", "coop-arc2", "--games", "30", "--report", target)
    assert run.code == 0, run.err
    page = target.read_text(encoding="utf-8")
    assert "team players" in page and "arc2_won" in page and "even share" not in page
    assert page.count("<svg") == 3  # no scores in The Way


def test_report_needs_an_html_name(cli: Any, tmp_path: Path) -> None:
    run = cli("simulate", "cl4sh", "--games", "5", "--report", tmp_path / "r.txt")
    assert run.code == 2 and "ending in .html" in run.err
    assert not (tmp_path / "r.txt").exists()
