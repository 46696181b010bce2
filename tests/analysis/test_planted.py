"""`printgen analyze` finds what was planted in a small deck (tests/analysis/arena.py): the
overpriced card off the cost curve, the near-duplicate, the undefined keyword; its numbers are
those counted by hand from the deck's CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.analysis.arena import CARDS_LINE, GAME, write_arena


@pytest.fixture
def arena(tmp_path: Path) -> Path:
    write_arena(tmp_path / "data")
    return tmp_path / "data"


def _json(cli: Any, data: Path, *options: str) -> dict[str, Any]:
    run = cli("analyze", GAME, "--data", data, "--json", *options)
    assert run.code == 0, run.err
    return run.json()


def test_the_overpriced_card_is_named_first_and_by_how_much(cli, arena: Path) -> None:
    curve = _json(cli, arena)["cost_curve"]
    assert curve["cost"] == "cost" and curve["guessed"] is True
    first = curve["kinds"]["creature"]["off"][0]
    # every other creature costs attack + health - 2: their curve says 1 for a 1/2
    assert first["card"] == "ogre" and first["cost"] == 5
    assert first["expected"] == pytest.approx(1.0) and first["by"] == pytest.approx(4.0)
    assert first["where"].endswith(f"cards.csv:{CARDS_LINE['ogre']}")
    assert curve["notes"] == ["kind spell: no other number column varies, so no curve to fit"]


def test_the_curve_is_the_fair_cards_rule_without_the_overpriced_one(cli, arena: Path) -> None:
    fit = _json(cli, arena)["cost_curve"]["kinds"]["creature"]
    # the ten fair creatures cost exactly attack + health - 2, so the curve without the Ogre
    # is that rule, fits them all (R² 1) and names no fair card as off it
    assert fit["left_out"] == ["ogre"]
    assert fit["intercept"] == pytest.approx(-2.0)
    assert fit["coefficients"] == {"attack": pytest.approx(1.0), "health": pytest.approx(1.0)}
    assert fit["r2"] == pytest.approx(1.0)
    assert [o["card"] for o in fit["off"]] == ["ogre"]


def test_the_near_duplicate_is_named(cli, arena: Path) -> None:
    (pair,) = _json(cli, arena)["near_duplicates"]
    assert pair["cards"] == ["goblin-raider", "goblin-scout"]
    assert pair["words"] == 1 and pair["differ"] == ["1", "2"]


def test_the_undefined_keyword_and_the_unused_term_are_named(cli, arena: Path) -> None:
    found = _json(cli, arena)["keywords"]
    assert [(t["term"], t["cards"]) for t in found["undefined"]] == [("Ambush", ["archer"])]
    assert [(t["term"], t["line"]) for t in found["unused"]] == [("Trample", 7)]


def test_the_numbers_are_the_hand_count(cli, arena: Path) -> None:
    groups = {(g["group"], g["value"]): g for g in _json(cli, arena)["groups"]}
    attack = groups[("all", "")]["numbers"]["attack"]
    # by hand from the CSV, copies of each attack: 1: Squire 3, Guard 2, Ogre 1; 2: Raider 2,
    # Scout 2, Mage 2; 3: Archer 2, Knight 2; 4: Wolf 2; 5: Giant 1; 6: Dragon 1; the Fireball
    # has none
    assert attack["distribution"] == {"1": 6, "2": 6, "3": 4, "4": 2, "5": 1, "6": 1}
    assert (attack["copies"], attack["cards"], attack["min"], attack["max"]) == (20, 11, 1, 6)
    assert attack["mean"] == pytest.approx(49 / 20) and attack["median"] == 2
    assert groups[("kind", "spell")]["numbers"]["cost"]["distribution"] == {"3": 2}
    assert groups[("all", "")]["values"]["kind"] == {"creature": 20, "spell": 2}


def test_the_text_names_each_flaw(cli, arena: Path) -> None:
    run = cli("analyze", GAME, "--data", arena)
    assert run.code == 0, run.err
    assert (
        f"Overpriced Ogre ({arena}/arena/cards.csv:12): cost 5, the curve of the other "
        "cards 1: 4 over" in run.out
    )
    assert "fitted without the cards far off it: Overpriced Ogre" in run.out
    assert "Goblin Raider" in run.out and "1 word apart (1 / 2)" in run.out
    assert f"never mentions: Ambush ({arena}/arena/cards.csv:5)" in run.out


def test_a_named_cost_column_and_a_wrong_one(cli, arena: Path) -> None:
    curve = _json(cli, arena, "--cost", "health")["cost_curve"]
    assert curve["cost"] == "health" and curve["guessed"] is False
    run = cli("analyze", GAME, "--data", arena, "--cost", "cots")
    assert run.code == 2 and "Traceback" not in run.err
    assert "--cost cots: arena has no number column 'cots'; did you mean 'cost'?" in run.err


def test_the_report_is_one_page_with_its_charts_and_escaped_names(
    cli, arena: Path, tmp_path: Path
) -> None:
    report = tmp_path / "arena.html"
    run = cli("analyze", GAME, "--data", arena, "--report", report)
    assert run.code == 0, run.err
    page = report.read_text(encoding="utf-8")
    assert "Arena &lt;of&gt; &#34;Tests&#34;" in page and "<of>" not in page
    # bar charts of cost, attack and health for all cards and the creatures, of all cards'
    # kinds, of the spells' cost, and the creatures' cost curve
    assert page.count("<svg") == 9
    assert "Overpriced Ogre" in page and "Goblin Scout" in page and "Ambush" in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    again = tmp_path / "again.html"
    cli("analyze", GAME, "--data", arena, "--report", again)
    assert again.read_bytes() == report.read_bytes()  # same data, same bytes
    run = cli("analyze", GAME, "--data", arena, "--report", tmp_path / "report.txt")
    assert run.code == 2 and "give a file name ending in .html" in run.err
