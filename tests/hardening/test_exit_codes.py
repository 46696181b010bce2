"""Issue 20, item 9: exit 2 with the file and line where exit 3 was given: a YAML integer of
thousands of digits (Python refuses over 4300) in game.yaml, a score file or a rulebook's front
matter; `--report` and `--out` that cannot be written are refused before any work starts."""

from __future__ import annotations

import time
from pathlib import Path

from tests.conftest import edit

HUGE = "9" * 5000


def test_a_huge_integer_in_game_yaml_is_exit_2_with_its_line(cli, tiny: Path) -> None:
    edit(tiny / "tiny" / "game.yaml", "declared: 3", f"declared: {HUGE}")
    run = cli("validate", "tiny", "--data", tiny)
    assert run.code == 2
    assert "tiny/game.yaml:11: a number of 5000 digits; numbers here have at most 100" in run.err


def test_a_huge_integer_in_a_score_file_is_exit_2_with_its_line(cli, tmp_path: Path) -> None:
    situation = tmp_path / "play.yaml"
    situation.write_text(f"game: mywuxing\nuniverse: water\npot: [{HUGE}]\n")
    run = cli("score", "mywuxing", situation)
    assert run.code == 2
    assert "play.yaml:3: a number of 5000 digits" in run.err


def test_a_huge_integer_in_front_matter_fails_the_rulebook_only(cli, tiny: Path) -> None:
    rules = tiny / "tiny" / "rules.md"
    rules.write_text(f"---\ntitle: Tiny\nlabels: {{x: {HUGE}}}\n---\n" + rules.read_text())
    out = tiny.parent / "out"
    run = cli("build", "--data", tiny, "--out", out, "--jobs", "1")
    assert run.code == 2
    assert "tiny/rules.md:3: front matter: a number of 5000 digits" in run.err
    assert (out / "tiny" / "cards.pdf").is_file() and (out / "index.html").is_file()
    assert "tiny/cards" in (out / ".printgen-cache.json").read_text()


def test_report_in_a_place_that_cannot_be_written_is_refused_before_playing(
    cli, tmp_path: Path
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("a file, not a folder")
    for report, why in [
        (a_file / "r.html", "notes.txt is a file, not a folder"),
        (a_file / "deeper" / "r.html", "notes.txt is a file, not a folder"),
    ]:
        started = time.monotonic()
        run = cli("simulate", "mywuxing", "--games", "10000000", "--report", report)
        assert run.code == 2, run.err
        assert f"--report {report}: cannot be written: " in run.err and why in run.err
        assert time.monotonic() - started < 30  # refused at once, not after 10 million games


def test_out_under_a_file_is_refused_before_any_work(cli, tiny: Path) -> None:
    a_file = tiny.parent / "notes.txt"
    a_file.write_text("mine")
    run = cli("build", "--data", tiny, "--out", a_file / "out")
    assert run.code == 2
    assert "cannot be written: " in run.err and "notes.txt is a file, not a folder" in run.err
