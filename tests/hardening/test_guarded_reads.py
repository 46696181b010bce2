"""Issue 20, item 1: every data file is read through one guarded reader (printgen/files.py):
regular files only, inside the game's folder after resolving symbolic links, at most the
limit + 1 bytes. Each trap is built in a temporary folder and run through the public CLI."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.files.guarded import read_guarded

SECRET = "Zebrafish-secret-line"


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.txt"
    path.write_text(f"{SECRET}\nsecond line\n")
    return path


def test_a_rules_file_linked_outside_the_game_is_refused(cli, tiny: Path, secret: Path) -> None:
    rules = tiny / "tiny" / "rules.md"
    rules.unlink()
    rules.symlink_to(secret)
    out = tiny.parent / "out"
    run = cli("build", "tiny", "--data", tiny, "--out", out, "--jobs", "1")
    assert run.code == 2
    assert "rules.md: refused: it leads outside" in run.err and "symbolic link" in run.err
    assert not (out / "tiny" / "rules.pdf").exists()
    assert SECRET not in run.out + run.err


def test_a_card_file_linked_outside_the_game_is_refused_without_echoing_it(
    cli, tiny: Path, secret: Path
) -> None:
    cards = tiny / "tiny" / "cards.csv"
    cards.unlink()
    cards.symlink_to(secret)
    run = cli("validate", "tiny", "--data", tiny)
    assert run.code == 2
    assert "tiny/cards.csv: refused: it leads outside" in run.err
    assert SECRET not in run.out + run.err


def test_a_card_file_linked_to_dev_zero_is_refused_at_once(cli, tiny: Path) -> None:
    """Was: validate grew past 8 GB in 12 s (the 5 MB limit was checked after reading)."""
    cards = tiny / "tiny" / "cards.csv"
    cards.unlink()
    cards.symlink_to("/dev/zero")
    run = cli("validate", "tiny", "--data", tiny)
    assert run.code == 2
    assert "cards.csv: refused: it leads outside" in run.err


def test_dev_zero_inside_the_folder_is_refused_as_a_device(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="a device, not a regular file"):
        read_guarded(Path("/dev/zero"), 1000, Path("/dev"))


def test_a_score_file_that_is_dev_zero_is_refused(cli) -> None:
    run = cli("score", "mywuxing", "/dev/zero")
    assert run.code == 2
    assert "/dev/zero: refused: a device, not a regular file" in run.err


def test_a_fifo_card_file_is_refused_without_hanging(cli, tiny: Path) -> None:
    cards = tiny / "tiny" / "cards.csv"
    cards.unlink()
    os.mkfifo(cards)
    result: dict[str, object] = {}
    thread = threading.Thread(
        target=lambda: result.update(run=cli("validate", "tiny", "--data", tiny)), daemon=True
    )
    thread.start()
    thread.join(20)
    if thread.is_alive():  # unblock the reader so the test process can end, then fail
        fd = os.open(cards, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        pytest.fail("validate hangs on a FIFO")
    run = result["run"]
    assert run.code == 2  # type: ignore[attr-defined]
    assert "cards.csv: refused: a FIFO, not a regular file" in run.err  # type: ignore[attr-defined]


def test_a_fifo_rules_file_is_refused_without_hanging(cli, tiny: Path) -> None:
    rules = tiny / "tiny" / "rules.it.md"
    os.mkfifo(rules)
    (tiny / "tiny" / "game.yaml").write_text(
        (tiny / "tiny" / "game.yaml").read_text() + "languages: [en, it]\n"
    )
    done = threading.Event()

    def build() -> None:
        result["run"] = cli("build", "tiny", "--data", tiny, "--out", tiny.parent / "o")
        done.set()

    result: dict[str, object] = {}
    threading.Thread(target=build, daemon=True).start()
    if not done.wait(60):
        os.close(os.open(rules, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("build hangs on a FIFO")
    run = result["run"]
    assert run.code == 2  # type: ignore[attr-defined]
    assert "rules.it.md: refused: a FIFO, not a regular file" in run.err  # type: ignore[attr-defined]


def test_the_reader_stops_at_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(DataError, match="file is 1001 bytes; the limit is 1000"):
        read_guarded(path, 1000, tmp_path)
    assert read_guarded(path, 1001, tmp_path) == b"x" * 1001


def test_a_link_inside_the_game_folder_is_followed(tmp_path: Path) -> None:
    (tmp_path / "real.csv").write_text("id\n")
    (tmp_path / "link.csv").symlink_to(tmp_path / "real.csv")
    assert read_guarded(tmp_path / "link.csv", 100, tmp_path) == b"id\n"


SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lantern-market"
DESIGN_FILES = [
    "design.yaml",
    "templates/patron-back.svg.j2",
    "fonts/Comfortaa-Bold.ttf",
    "icons/coin.svg",
]


def validate_within(cli, data: Path, blocking: Path, seconds: float = 60):
    """`validate` of `data` in a thread; a hang on the FIFO `blocking` fails the test."""
    result: dict[str, object] = {}
    thread = threading.Thread(
        target=lambda: result.update(run=cli("validate", "--data", data)), daemon=True
    )
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        os.close(os.open(blocking, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"validate hangs on the FIFO {blocking.name}")
    return result["run"]


@pytest.mark.parametrize("trap", ["link out", "fifo"])
@pytest.mark.parametrize("name", DESIGN_FILES)
def test_a_designs_files_fonts_icons_and_templates_are_read_guarded(
    cli, tmp_path: Path, name: str, trap: str
) -> None:
    """The design's own files (issue 13 made them data) go through the same reader: the
    link leads to an exact copy, so only a refusal can fail the run."""
    import shutil

    data = tmp_path / "data"
    shutil.copytree(SAMPLE, data / "lantern-market")
    target = data / "lantern-market" / name
    outside = tmp_path / f"outside{target.suffix}"
    shutil.copyfile(target, outside)
    target.unlink()
    if trap == "fifo":
        os.mkfifo(target)
        run = validate_within(cli, data, target)
    else:
        target.symlink_to(outside)
        run = cli("validate", "--data", data)
    assert run.code == 2, run.out + run.err  # type: ignore[attr-defined]
    assert "Traceback" not in run.err  # type: ignore[attr-defined]
    shown = f"{name}: refused: it leads outside" if trap == "link out" else f"{name}: refused: a"
    if name.startswith("fonts/"):  # named by the design's line that asks for the font
        shown = "is outside the game's folder" if trap == "link out" else "not a regular file"
    assert shown in run.err  # type: ignore[attr-defined]
    assert "outside." not in run.err  # type: ignore[attr-defined]  # never the link's target


def test_a_spreadsheet_linked_outside_the_game_is_refused(cli, tmp_path: Path) -> None:
    from tests.model.designer import tavern

    data = tmp_path / "data"
    folder = tavern(data, "cards.xlsx")
    (folder / "cards.xlsx").rename(tmp_path / "elsewhere.xlsx")
    (folder / "cards.xlsx").symlink_to(tmp_path / "elsewhere.xlsx")
    run = cli("validate", "--data", data)
    assert run.code == 2
    assert "tavern/cards.xlsx: refused: it leads outside" in run.err


def test_a_font_file_is_read_within_its_limit(tmp_path: Path) -> None:
    from printgen.render.text.typefaces import MAX_FONT_BYTES, family_of

    font = tmp_path / "Huge.ttf"
    with font.open("wb") as handle:
        handle.truncate(MAX_FONT_BYTES + 1)  # sparse: nothing on disk
    with pytest.raises(DataError, match="the limit is"):
        family_of(font)
