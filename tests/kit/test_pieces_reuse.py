"""What a build's pieces take from the build instead of making again: the game `plan` loaded
(not its data read again a piece), and the print guide's page counts (counted by the worker
that wrote the PDF, beside its preview, so the guide opens no PDF)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from printgen.commands.build import BuildOptions
from printgen.files import memo
from printgen.kit import guide, run
from printgen.kit.cache import Manifest
from printgen.model import load_game
from tests.kit.test_large_decks import CARDS_A_SHEET, many_cards


def test_pieces_take_the_planned_game_and_count_the_guides_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = many_cards(tmp_path / "data", CARDS_A_SHEET + 3)  # two batches: several pieces
    out = tmp_path / "out"
    options = replace(BuildOptions(), jobs=1)
    tasks = run.plan([load_game(folder)], out, options)
    (task,) = tasks
    assert len(task.pieces) >= 3

    def no_reading(*_: object) -> None:
        raise AssertionError("a piece read the game's data again")

    monkeypatch.setattr(run, "load_game", no_reading)
    (outcome,) = run.run_tasks(tasks, out, Manifest.load(out), 1, lambda _: None)
    assert outcome.error is None, outcome.error
    monkeypatch.undo()

    def no_opening(path: Path) -> None:
        raise AssertionError(f"the guide opened {path.name}")

    monkeypatch.setattr(guide, "_read_pages_and_size", no_opening)
    memo.configure(out / ".cache")
    try:
        made = guide.guide_for("Many Cards", outcome.files)
    finally:
        memo.configure(None)
    sheets = {item.file: item.sheets for item in made.items}
    assert sheets["cards.pdf"] >= 2 and sheets["cards-fold.pdf"] >= 1


def test_a_piece_reads_its_game_when_plan_did_not_load_it(tmp_path: Path) -> None:
    folder = many_cards(tmp_path / "data", 3)
    out = tmp_path / "out"
    (task,) = run.plan([load_game(folder)], out, BuildOptions())
    run._planned.clear()  # a process started otherwise than by fork after plan
    piece = run.run_piece(task, None)
    assert piece.error is None and any(p.name == "cards.pdf" for p in piece.files)


def test_the_whole_deck_pieces_join_one_pdf_each_after_the_batches(tmp_path: Path) -> None:
    folder = many_cards(tmp_path / "data", 2 * CARDS_A_SHEET + 4)
    out = tmp_path / "out"
    (task,) = run.plan([load_game(folder)], out, replace(BuildOptions(), jobs=2))
    assert task.lasts == ["decks-0", "decks-1", "decks-2", "decks"]
    order = task.in_run_order()
    assert order[-4:] == task.lasts and all(str(p).startswith("batch-") for p in order[:-4])
    (outcome,) = run.run_tasks([task], out, Manifest.load(out), 2, lambda _: None)
    assert outcome.error is None, outcome.error
    names = [path.name for path in outcome.files]
    joined = ["cards.pdf", "cards-fold.pdf", "cards-print.pdf"]
    assert [name for name in names if name in joined] == joined  # one each, in their order
    assert names.count("saved-object.json") == 1


def test_the_gallery_takes_the_planned_game(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The gallery at the build's end shows the game the build loaded: it read a large deck's
    table again (some 0.03 s of a 1,000-card deck's edit, in the parent after every piece)."""
    import printgen.model

    folder = many_cards(tmp_path / "data", 5)
    read: list[Path] = []
    real = printgen.model.load_game

    def counting(path: Path, *args: object) -> object:
        read.append(path)
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(printgen.model, "load_game", counting)
    run_ = cli("build", "--data", folder.parent, "--out", tmp_path / "out", "--jobs", "1")
    assert run_.code == 0, run_.err
    assert "Many Cards" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert read == []
