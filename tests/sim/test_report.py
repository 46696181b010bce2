"""`simulate --report FILE.html`: a self-contained page with its charts, the same bytes again."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest


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


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "cl4sh", "--games", "5"],
        ["compare", "mywuxing", "--vary", "deal.cards_each.2=8,4", "--games", "5"],
        ["compare", "mywuxing", "--bots", "random,greedy", "--games", "5"],
    ],
)
def test_a_report_without_matplotlib_names_the_charts_extra(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """matplotlib is the optional `charts` extra: without it, a report is refused before any
    game is played, saying what to install, and nothing is written."""
    import printgen.sim.report as report

    real = report.find_spec
    monkeypatch.setattr(
        report, "find_spec", lambda name: None if name == "matplotlib" else real(name)
    )
    target = tmp_path / "r.html"
    run = cli(*args, "--report", target)
    assert run.code == 2 and run.out == "", run.err
    assert "matplotlib, which is not installed" in run.err
    assert "pip install 'printgen[charts]'" in run.err and "Traceback" not in run.err
    assert list(tmp_path.iterdir()) == []
