"""A build that changed nothing decides so from its keys and stored results: it validates no
game, opens no PDF and draws no print guide again, yet writes the same gallery; a stored
report is used only for the same game folder, templates and code. A build with parts to make
makes the gallery's reports in its worker processes, beside the parts."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from printgen.files import memo
from printgen.kit import reports
from printgen.model import load_game
from printgen.rules.engine import Check
from tests.conftest import CARD_DATA, edit
from tests.kit.conftest import build, snapshot


def refuse(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("called by a build that changed nothing")


def test_a_build_that_changed_nothing_validates_opens_and_draws_nothing(
    two_builds: tuple[Path, Path], kit_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    shutil.copytree(two_builds[0], out)
    before = snapshot(out)
    monkeypatch.setattr("printgen.kit.reports.validate", refuse)
    monkeypatch.setattr("printgen.kit.guide.print_guide_pdf", refuse)
    monkeypatch.setattr("printgen.kit.guide._read_pages_and_size", refuse)
    assert build(out, "--data", kit_data) == 0
    assert snapshot(out) == before
    assert "validate: ok" in (out / "index.html").read_text(encoding="utf-8")


class Counted:
    """A stand-in for validate that says how often it ran."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, game: Any) -> Any:
        self.calls += 1
        return reports_of(game, [Check("counts", True, "error", f"run {self.calls}")])


def reports_of(game: Any, checks: list[Check]) -> Any:
    from printgen.check.report import GameReport

    return GameReport(game, checks)


@pytest.fixture
def game_folder(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "data" / "feng-shui-master"
    shutil.copytree(CARD_DATA / "feng-shui-master", folder)
    memo.configure(tmp_path / "store")
    yield folder
    memo.configure(None)


def test_a_report_is_remembered_until_its_game_folder_changes(
    game_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted = Counted()
    monkeypatch.setattr("printgen.kit.reports.validate", counted)
    first = reports.checks_of(load_game(game_folder))
    assert reports.checks_of(load_game(game_folder)) == first
    assert counted.calls == 1
    rules = game_folder / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    again = reports.checks_of(load_game(game_folder))
    assert counted.calls == 2
    assert again == [Check("counts", True, "error", "run 2")]


def test_a_stored_report_edited_by_hand_is_made_again(
    game_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted = Counted()
    monkeypatch.setattr("printgen.kit.reports.validate", counted)
    reports.checks_of(load_game(game_folder))
    (entry,) = (tmp_path / "store" / "validate").glob("*.bin")
    entry.write_bytes(memo.seal(b'[{"name": 1, "ok": "yes"}]'))  # sealed, but not a report
    assert reports.checks_of(load_game(game_folder)) == [Check("counts", True, "error", "run 2")]


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    """A data folder of one game of three cards with a rulebook."""
    from tests.hardening.conftest import write_tiny

    return write_tiny(tmp_path)


def test_a_build_with_work_makes_the_reports_in_its_worker_processes(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from printgen.check import report as validate_report

    real = validate_report.validate
    made_in = tmp_path / "pids"

    def recorded(game: Any) -> Any:  # the workers are forked: they run this one too
        with made_in.open("a", encoding="utf-8") as record:
            record.write(f"{os.getpid()}\n")
        return real(game)

    monkeypatch.setattr("printgen.kit.reports.validate", recorded)
    assert build(tmp_path / "out", "--data", tiny, jobs=2) == 0
    pids = made_in.read_text(encoding="utf-8").split()
    assert len(pids) == 1 and pids != [str(os.getpid())]
    assert "validate: ok" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_the_rulebook_text_is_drawn_once_a_build(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rules part expands the rulebook's text (tables, diagrams, card pictures); the
    gallery's validate report, which checks the same text, finds it in the build's store."""
    from printgen.render.rulebook import page

    real = page.fresh_body
    calls: list[str] = []

    def counted(source: Any, icons: Any) -> Any:
        calls.append(source.lang)
        return real(source, icons)

    monkeypatch.setattr(page, "fresh_body", counted)
    assert build(tmp_path / "out", "--data", tiny, jobs=1) == 0
    assert calls == ["en"]
    assert "validate: ok" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    edit(tiny / "tiny" / "rules.md", "Play a card.", "Play one card.")
    assert build(tmp_path / "out", "--data", tiny, jobs=1) == 0
    assert calls == ["en", "en"]  # an edited rulebook is expanded again


def test_a_build_with_work_draws_the_guide_and_analysis_in_its_workers_once(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kit's pages are made ahead in a worker (printgen.kit.pages), each drawn once; the
    gallery finds them made, and the files are those a build in one process writes."""
    from printgen.kit import analysis, guide

    made_in = tmp_path / "pids"

    def recording(what: str, real: Any) -> Any:
        def recorded(*args: Any) -> Any:  # the workers are forked: they run this one too
            with made_in.open("a", encoding="utf-8") as record:
                record.write(f"{what} {os.getpid()}\n")
            return real(*args)

        return recorded

    monkeypatch.setattr(guide, "print_guide_pdf", recording("guide", guide.print_guide_pdf))
    monkeypatch.setattr(analysis, "render_report", recording("analysis", analysis.render_report))
    assert build(tmp_path / "two", "--data", tiny, jobs=2) == 0
    made = sorted(line.split() for line in made_in.read_text(encoding="utf-8").splitlines())
    assert [what for what, _ in made] == ["analysis", "guide"]
    assert str(os.getpid()) not in [pid for _, pid in made]
    assert build(tmp_path / "one", "--data", tiny, jobs=1) == 0
    pages = ["print-guide.pdf", "preview/print-guide.png", "analysis.html"]
    for name in pages:
        two, one = (tmp_path / out / "tiny" / name for out in ("two", "one"))
        assert two.read_bytes() == one.read_bytes(), name
    gallery = (tmp_path / "two" / "index.html").read_text(encoding="utf-8")
    assert "tiny/print-guide.pdf" in gallery and "tiny/analysis.html" in gallery


NOT_FOR_A_NO_OP = (
    "concurrent.futures.process",  # the worker pool
    "printgen.kit.cards",  # the card renderer (kit.parts imports it when cards are drawn)
    "printgen.kit.card_keys",  # the batches' keys, asked when the cards' key changed
    "printgen.preflight.checks",  # a shop's files only
    "printgen.render.shop.presets",
    "printgen.kit.against",  # --changed-since only
    "printgen.kit.watch",  # --watch only
    "urllib.request",  # once xml.sax.saxutils' import, for three string replacements
)


def test_a_build_that_changed_nothing_loads_no_renderer_pool_or_shop(
    two_builds: tuple[Path, Path], kit_data: Path, tmp_path: Path
) -> None:
    """Start-up is most of a no-op build's time (issue 39): what it never runs, it does not
    import. Run as a designer runs it, in a fresh process, which then lists its modules."""
    import subprocess
    import sys

    from tests.hardening.conftest import subprocess_env

    out = tmp_path / "out"
    shutil.copytree(two_builds[0], out)
    code = (
        "import sys\n"
        "from printgen.cli import main\n"
        "try:\n"
        f"    main(['build', '--data', {str(kit_data)!r}, '--out', {str(out)!r}, '--jobs', '2'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env()
    )
    assert "0 failed" in done.stdout and "built 0 parts" in done.stdout, done.stdout
    loaded = set(done.stdout.splitlines())
    assert "printgen.kit.parts" in loaded  # the build planned
    assert [name for name in NOT_FOR_A_NO_OP if name in loaded] == []
