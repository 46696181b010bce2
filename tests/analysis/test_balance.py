"""The gallery's balance page (issue 38): the recorded figures of a game with an engine drawn
as charts, read from figures.json only; a game with none says how to record them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from printgen.analysis.balance import balance_report
from printgen.model import load_game
from tests.analysis.arena import GAME, write_arena

CARD_DATA = Path(__file__).resolve().parents[2] / "card_data"


def test_the_page_draws_each_recorded_figure_with_its_interval() -> None:
    recorded = json.loads((CARD_DATA / "mywuxing" / "figures.json").read_text(encoding="utf-8"))
    seat = recorded["figures"]["seat-1-of-3"]
    page = balance_report(load_game(CARD_DATA / "mywuxing")).decode("utf-8")
    low, high = seat["ci95"]
    assert f"<td>{100 * seat['value']:.1f} %</td>" in page.replace(' class="n"', "")
    assert f"{100 * low:.1f} % – {100 * high:.1f} %" in page
    assert "<h3>3 players, random bots, mode learn</h3>" in page
    assert "<h3>2 players, skill ladder random &lt; greedy, mode think</h3>" in page
    # the bar of seat 1 runs from the axis at 38 units to 38 + 48 x the rate
    bars = [float(w) for w in re.findall(r'<rect x="38" y="[\d.]+" width="([\d.]+)"', page)]
    assert any(abs(w - 48 * seat["value"]) < 0.01 for w in bars)
    # three seats share the wins evenly at a third: the dashed line at 38 + 48 / 3 = 54
    assert re.search(r'<line x1="54" y1="1.5" x2="54"', page)


def test_a_game_with_no_figures_says_how_to_record_them(tmp_path: Path) -> None:
    write_arena(tmp_path)
    page = balance_report(load_game(tmp_path / GAME)).decode("utf-8")
    assert f"No figures recorded; run <code>printgen figures {GAME}</code>" in page
    assert "<svg" not in page


def test_the_gallery_links_the_balance_of_games_with_an_engine(
    two_builds: tuple[Path, Path],
) -> None:
    out, _ = two_builds
    gallery = (out / "index.html").read_text(encoding="utf-8")
    assert '<a class="analysis" href="mywuxing/balance.html">Balance</a>' in gallery
    page = (out / "mywuxing" / "balance.html").read_text(encoding="utf-8")
    assert "seat-3-of-3" in page and "<svg" in page
