"""Figures a rulebook prints come from recorded simulations, never typed by hand (issue 38):
`printgen figures` measures figures.yaml into figures.json, the rulebook prints the recorded
rate with its interval, and `validate` fails when the record is stale."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from printgen.errors import RenderError
from printgen.model import load_game
from printgen.rules.figures import figure_text, measured, recorded_figures
from tests.conftest import CARD_DATA, edit

SMALL = """\
seat-1-of-3:
  about: three-player Learn WuXing games won by seat 1
  players: 3
  options: {mode: learn}
  games: 120
  seed: 38
  rate: wins_by_seat.1
seat-3-of-3:
  about: three-player Learn WuXing games won by seat 3
  players: 3
  options: {mode: learn}
  games: 120
  seed: 38
  rate: wins_by_seat.3
skill-gap-think:
  about: greedy against random in Think WuXing, above an even half
  players: 2
  ladder: random,greedy
  options: {mode: think}
  games: 60
  seed: 38
  rate: skill_gap
"""


def small_figures(cli: Any, data: Path) -> dict[str, Any]:
    """MyWuXing's figures measured again over 120 games (60 for the ladder: cheap)."""
    (data / "mywuxing" / "figures.yaml").write_text(SMALL, encoding="utf-8")
    run = cli("figures", "mywuxing", "--data", data)
    assert run.code == 0, run.err
    return dict(json.loads((data / "mywuxing" / "figures.json").read_text(encoding="utf-8")))


def test_a_figure_is_the_rate_simulate_measures(cli: Any, data_copy: Path) -> None:
    """The figure is what `printgen simulate` counts for the same players, mode, seed and
    games: seat 1's wins out of 120, with the Wilson interval of that count."""
    recorded = small_figures(cli, data_copy)["figures"]["seat-1-of-3"]
    run = cli(
        "simulate", "mywuxing", "--players", "3", "--mode", "learn", "--games", "120",
        "--seed", "38", "--json", "--data", data_copy,
    )  # fmt: skip
    seat = run.json()["wins_by_seat"]["1"]
    assert recorded["count"] == seat["count"] and recorded["value"] == round(seat["count"] / 120, 4)
    assert recorded["ci95"] == seat["ci95"]
    assert recorded["games"] == 120 and recorded["seed"] == 38 and recorded["bots"] == "random"


def test_the_rulebook_prints_the_recorded_figure(cli: Any, data_copy: Path) -> None:
    recorded = small_figures(cli, data_copy)["figures"]["seat-3-of-3"]
    from printgen.model import load_game
    from printgen.render.rulebook.icons import Icons
    from printgen.render.rulebook.page import body
    from printgen.render.rulebook.source import sources

    game = load_game(data_copy / "mywuxing")
    source = sources(game)[0]
    html = str(body(source, Icons(game)).html)
    low, high = (f"{100 * v:.1f}" for v in recorded["ci95"])
    assert f"seat 3 {100 * recorded['value']:.1f} % (95 % interval {low}–{high} %)" in html
    assert "no real edge" not in html


def test_validate_fails_on_a_stale_or_missing_record(
    cli: Any, data_copy: Path, tmp_path: Path
) -> None:
    small_figures(cli, data_copy)
    assert cli("validate", "mywuxing", "--data", data_copy).code == 0
    folder = data_copy / "mywuxing"
    edit(folder / "figures.yaml", "games: 120", "games: 150")
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert run.code == 1 and "declared otherwise in figures.yaml: seat-1-of-3" in run.out
    assert "printgen figures mywuxing" in run.out
    edit(folder / "figures.yaml", "games: 150", "games: 120")
    changed = tmp_path / "changed"  # a new folder: a process keeps the games it loaded
    shutil.copytree(data_copy, changed)
    edit(changed / "mywuxing" / "game.yaml", "max_plays: 2000", "max_plays: 5")  # every game
    run = cli("validate", "mywuxing", "--data", changed)
    assert run.code == 1 and "the engine now plays other games" in run.out
    (folder / "figures.json").unlink()
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert run.code == 1 and "not in figures.json: seat-1-of-3, seat-3-of-3" in run.out


def test_an_unknown_figure_is_named(cli: Any, data_copy: Path) -> None:
    edit(data_copy / "mywuxing" / "rules.md", 'figure("seat-3-of-3")', 'figure("seat-3-of3")')
    run = cli("validate", "mywuxing", "--data", data_copy)
    assert run.code == 1
    assert "figure('seat-3-of3'): not declared in mywuxing/figures.yaml" in run.out
    assert "did you mean 'seat-3-of-3'" in run.out


def test_printed_claims_come_from_figures() -> None:
    """Issue 38: "Going first gives no real edge" and Feng Shui's "about 86 %" were typed by
    hand; each now cites a recorded figure, and every game's figures are current (validate)."""
    rules = (CARD_DATA / "mywuxing" / "rules.md").read_text(encoding="utf-8")
    assert "no real edge" not in rules and '{{ figure("seat-1-of-3") }}' in rules
    fsm = (CARD_DATA / "feng-shui-master" / "clarifications.yaml").read_text(encoding="utf-8")
    assert "86 %" not in fsm and "{figure[solo-random-passes]}" in fsm
    way = (CARD_DATA / "the-way" / "clarifications.yaml").read_text(encoding="utf-8")
    assert "most such games never finish" not in way
    assert "{figure[stalled-source-end-4p-greedy]}" in way


def test_a_ladder_figure_is_the_skill_gap_compare_measures(cli: Any, data_copy: Path) -> None:
    """A figure may read a skill ladder: Think WuXing's gap between greedy and random is the
    one `compare --bots random,greedy` reports for the same seeds."""
    (data_copy / "mywuxing" / "figures.yaml").write_text(
        "gap:\n  about: the gap\n  players: 2\n  ladder: random,greedy\n"
        "  options: {mode: think}\n  games: 60\n  seed: 38\n  rate: skill_gap\n",
        encoding="utf-8",
    )
    edit(data_copy / "mywuxing" / "rules.md", 'figure("skill-gap-think")', 'figure("gap")')
    edit(data_copy / "mywuxing" / "rules.md", 'figure("seat-1-of-3")', 'figure("gap")')
    edit(data_copy / "mywuxing" / "rules.md", 'figure("seat-3-of-3")', 'figure("gap")')
    assert cli("figures", "mywuxing", "--data", data_copy).code == 0
    recorded = json.loads((data_copy / "mywuxing" / "figures.json").read_text(encoding="utf-8"))
    run = cli(
        "compare", "mywuxing", "--bots", "random,greedy", "--mode", "think", "--players", "2",
        "--games", "60", "--seed", "38", "--json", "--data", data_copy,
    )  # fmt: skip
    gap = run.json()["skill_gap"]
    assert gap["stronger"] == "greedy" and gap["value"] > 0
    assert recorded["figures"]["gap"]["value"] == gap["value"]
    assert recorded["figures"]["gap"]["ci95"] == gap["ci95"]
    assert cli("validate", "mywuxing", "--data", data_copy).code == 0


def _entry_bytes(text: str, name: str) -> str:
    """One figure's block of figures.json as written (indent 1: it closes at `  }`)."""
    start = text.index(f'\n  "{name}": {{')
    return text[start : text.index("\n  }", start)]


def test_only_measures_one_figure_and_keeps_the_others_byte_for_byte(
    cli: Any, data_copy: Path, tmp_path: Path
) -> None:
    """`--only` re-measures the named figure; the others keep their recorded bytes, and the
    file is the one a full `printgen figures` writes for the same declarations."""
    small_figures(cli, data_copy)
    figures_json = data_copy / "mywuxing" / "figures.json"
    before = figures_json.read_text(encoding="utf-8")
    seat_3 = "games: 120\n  seed: 38\n  rate: wins_by_seat.3"
    edit(data_copy / "mywuxing" / "figures.yaml", seat_3, seat_3.replace("120", "90"))
    full = tmp_path / "full"
    shutil.copytree(data_copy, full)
    run = cli("figures", "mywuxing", "--only", "seat-3-of-3", "--data", data_copy)
    assert run.code == 0, run.err
    assert "kept as recorded: seat-1-of-3, skill-gap-think" in run.out
    assert "seat-1-of-3:" not in run.out and "of 90 games" in run.out
    after = figures_json.read_text(encoding="utf-8")
    for kept in ("seat-1-of-3", "skill-gap-think"):
        assert _entry_bytes(after, kept) == _entry_bytes(before, kept)
    assert json.loads(after)["figures"]["seat-3-of-3"]["games"] == 90
    assert cli("figures", "mywuxing", "--data", full).code == 0
    assert (full / "mywuxing" / "figures.json").read_text(encoding="utf-8") == after
    assert cli("validate", "mywuxing", "--data", data_copy).code == 0


def test_only_refuses_what_it_cannot_keep_honestly(
    cli: Any, data_copy: Path, tmp_path: Path
) -> None:
    """An unknown name is named with its near match; figures recorded on other play (the
    engine changed) are not vouched for by a new fingerprint; --only takes one game."""
    small_figures(cli, data_copy)
    run = cli("figures", "mywuxing", "--only", "seat-3-of3", "--data", data_copy)
    assert run.code == 2 and "did you mean 'seat-3-of-3'" in run.err
    run = cli("figures", "mywuxing", "cl4sh", "--only", "seat-3-of-3", "--data", data_copy)
    assert run.code == 2 and "name exactly one GAME" in run.err
    changed = tmp_path / "changed"  # a new folder: a process keeps the games it loaded
    shutil.copytree(data_copy, changed)
    edit(changed / "mywuxing" / "game.yaml", "max_plays: 2000", "max_plays: 5")
    before = (changed / "mywuxing" / "figures.json").read_bytes()
    run = cli("figures", "mywuxing", "--only", "seat-3-of-3", "--data", changed)
    assert run.code == 2 and "its other figures are stale" in run.err
    assert (changed / "mywuxing" / "figures.json").read_bytes() == before


@pytest.mark.parametrize(
    "entry,expected",
    [
        ({"value": 0.379, "ci95": [0.358, 0.4]}, (0.379, 0.358, 0.4)),
        ({"value": 1, "ci95": [0, 1]}, (1, 0, 1)),  # whole numbers are numbers too
        ({"about": "declared, never measured"}, None),
        ({"value": 0.5, "ci95": None}, None),
        ({"value": 0.5, "ci95": [0.4]}, None),
        ({"value": 0.5, "ci95": ["0.4", 0.6]}, None),
        ({"value": "0.5", "ci95": [0.4, 0.6]}, None),
    ],
)
def test_a_recorded_figure_is_measured_only_with_a_value_and_two_bounds(
    entry: dict[str, object], expected: tuple[float, float, float] | None
) -> None:
    assert measured(entry) == expected


def test_a_malformed_record_reads_as_not_measured(tmp_path: Path) -> None:
    """figures.json's entries that are not mappings record nothing; one whose interval is
    not two numbers is "not measured yet", not a Python error."""
    game = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", game)
    (game / "figures.json").write_text(
        json.dumps(
            {
                "fingerprint": "x",
                "figures": {"seat-1-of-3": {"value": 0.4, "ci95": "wide"}, "other": [1, 2]},
            }
        ),
        encoding="utf-8",
    )
    loaded = load_game(game)
    assert recorded_figures(loaded) == {
        "fingerprint": "x",
        "figures": {"seat-1-of-3": {"value": 0.4, "ci95": "wide"}},
    }
    with pytest.raises(RenderError, match=r"seat-1-of-3.*not measured yet"):
        figure_text(loaded, "seat-1-of-3")
