"""`printgen build` as a whole: every file of DESIGN.md section 6, reproducible bytes, the
cache, stale files, failures kept to their own kit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import edit
from tests.kit.conftest import build, snapshot

EXPECTED = {
    "mywuxing": [
        "cards.pdf",
        "cards-print.pdf",
        "cards/back.png",
        "cards/water.png",
        "cards/star.png",
        "rules.pdf",
    ],
    "the-way": [
        "cards.pdf",
        "cards-print.pdf",
        "cards/air-single.png",
        "cards/x-void-single.png",
        "rules.pdf",
        "board.pdf",
        "components.pdf",
    ],
    "feng-shui-master": ["rules.pdf", "player-sheet.pdf", "components.pdf"],
}


def test_every_contract_file_is_written(two_builds: tuple[Path, Path]) -> None:
    out, _ = two_builds
    for game, names in EXPECTED.items():
        for name in names:
            assert (out / game / name).is_file(), f"{game}/{name} missing"
    assert list((out / "mywuxing" / "tts").glob("*.png"))
    assert (out / "index.html").is_file()
    assert not (out / "feng-shui-master" / "cards.pdf").exists()


def test_two_clean_builds_are_byte_identical(two_builds: tuple[Path, Path]) -> None:
    first, second = two_builds
    a, b = snapshot(first), snapshot(second)
    assert sorted(a) == sorted(b)
    differing = [name for name in a if a[name] != b[name]]
    assert differing == []
    kinds = {Path(name).suffix for name in a}
    assert {".pdf", ".png", ".html"} <= kinds


def test_no_partial_files_are_left(two_builds: tuple[Path, Path]) -> None:
    out, _ = two_builds
    assert not [p for p in out.rglob("*.part")]


def copy_build(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    return target


def lines_of(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    return captured.err + captured.out


def test_second_build_with_nothing_changed_does_nothing(
    two_builds: tuple[Path, Path],
    kit_data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = copy_build(two_builds[0], tmp_path / "out")
    before = snapshot(out)
    mtimes = {p: p.stat().st_mtime_ns for p in out.rglob("*.pdf")}
    capsys.readouterr()
    assert build(out, "--data", kit_data) == 0
    text = lines_of(capsys)
    assert "built 0 parts" in text and "0 failed" in text
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*.pdf")} == mtimes
    assert snapshot(out) == before


def test_editing_one_card_rebuilds_only_its_kit(
    two_builds: tuple[Path, Path],
    kit_data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = tmp_path / "card_data"
    shutil.copytree(kit_data, data)
    out = copy_build(two_builds[0], tmp_path / "out")
    edit(
        data / "mywuxing" / "cards.csv",
        "Destroys every card in play",
        "Destroys every single card in play",
    )
    capsys.readouterr()
    assert build(out, "--data", data) == 0
    text = lines_of(capsys)
    # 13 + TTS back and saved object, TTP sheet, cards-fold.pdf
    assert "mywuxing/cards: 18 files in" in text
    assert "mywuxing/cards: unchanged" not in text
    assert "the-way/cards: unchanged" in text
    assert "the-way/parts: unchanged" in text
    assert "feng-shui-master/parts: unchanged" in text


def test_a_deleted_output_is_rebuilt(
    two_builds: tuple[Path, Path],
    kit_data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = copy_build(two_builds[0], tmp_path / "out")
    wanted = out / "the-way" / "board.pdf"
    original = wanted.read_bytes()
    wanted.unlink()
    capsys.readouterr()
    assert build(out, "--data", kit_data) == 0
    assert "the-way/parts: 2 files" in lines_of(capsys)
    assert wanted.read_bytes() == original


def test_a_removed_card_leaves_no_stale_png(
    two_builds: tuple[Path, Path],
    kit_data: Path,
    tmp_path: Path,
) -> None:
    data = tmp_path / "card_data"
    shutil.copytree(kit_data, data)
    out = copy_build(two_builds[0], tmp_path / "out")
    assert (out / "mywuxing" / "cards" / "promo.png").exists()
    cards = data / "mywuxing" / "cards.csv"
    cards.write_text(
        "".join(
            line
            for line in cards.read_text().splitlines(keepends=True)
            if not line.startswith("promo,")
        )
    )
    edit(data / "mywuxing" / "game.yaml", "declared: 54", "declared: 52")
    assert build(out, "mywuxing", "--data", data) == 0
    assert not (out / "mywuxing" / "cards" / "promo.png").exists()
    gallery = (out / "index.html").read_text()
    assert "the-way/board.pdf" in gallery  # a partial build keeps the other kits listed


def test_a_failing_kit_does_not_stop_the_others(
    kit_data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = tmp_path / "card_data"
    shutil.copytree(kit_data, data)
    (data / "feng-shui-master" / "rules.md").write_text("{{ diagram('no-such-diagram') }}\n")
    out = tmp_path / "out"
    capsys.readouterr()
    assert build(out, "feng-shui-master", "--data", data) == 2
    text = lines_of(capsys)
    assert "feng-shui-master/rules failed" in text
    assert (out / "feng-shui-master" / "player-sheet.pdf").is_file()
    assert not (out / "feng-shui-master" / "rules.pdf").exists()
    assert "not built: rules" in (out / "index.html").read_text()


def test_a_failing_kit_leaves_the_other_kits_whole(
    two_builds: tuple[Path, Path],
    kit_data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A build of every kit in which MyWuXing's cards fail (an image outside its folder), over
    the MyWuXing files of an earlier build: the other kits come out as from a clean build, byte
    for byte; MyWuXing's earlier card files are left as they were; the summary and the gallery
    say what failed; the exit code is 2."""
    data = tmp_path / "card_data"
    shutil.copytree(kit_data, data)
    out = tmp_path / "out"
    shutil.copytree(two_builds[0] / "mywuxing", out / "mywuxing")  # no manifest: build it all
    shutil.copy(two_builds[0] / ".printgen-out", out)  # the marker: printgen's folder
    edit(data / "mywuxing" / "game.yaml", "  text: text?\n", "  text: text?\n  art: text?\n")
    cards = data / "mywuxing" / "cards.csv"
    lines = cards.read_text().splitlines()
    cards.write_text(
        "\n".join(
            [lines[0] + ",art", lines[1] + ",../../secret.png", *(line + "," for line in lines[2:])]
        )
        + "\n"
    )
    capsys.readouterr()
    assert build(out, "--data", data) == 2
    text = lines_of(capsys)
    assert "built 7 parts, 0 unchanged, 1 failed" in text  # Feng Shui Master: dice.pdf too
    assert "printgen: mywuxing/cards failed: " in text and "refused image" in text
    clean, after = snapshot(two_builds[0]), snapshot(out)
    others = [name for name in clean if name.startswith(("the-way/", "feng-shui-master/"))]
    assert others and {n: after.get(n) for n in others} == {n: clean[n] for n in others}
    for name in (
        "mywuxing/cards.pdf",
        "mywuxing/cards-print.pdf",
        "mywuxing/cards/water.png",
        "mywuxing/rules.pdf",
    ):
        assert after[name] == clean[name], f"{name} changed"
    assert "not built: cards" in (out / "index.html").read_text()
