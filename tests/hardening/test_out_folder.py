"""Issue 20, items 3 to 6 and 11: the output folder. OUT is refused where a build would destroy
something (/, home, the data), one build at a time writes into it, its manifest is data from
outside (validated, never followed), the cleanup of killed builds touches only files printgen
recorded, --watch ignores OUT, and --jobs is capped at the machine's cores."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pypdf
import pytest

from printgen.commands.common import cores
from printgen.kit.watch import ignoring
from tests.hardening.conftest import printgen_command, subprocess_env

PNG_ART = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082"
)


def build(cli, data: Path, out: Path, *more: str | Path):
    return cli("build", "--data", data, "--out", out, "--jobs", "1", *more)


def test_out_equal_to_the_data_folder_is_refused_and_the_art_kept(cli, tiny: Path) -> None:
    art = tiny / "tiny" / "cards"
    art.mkdir()
    (art / "ember.png").write_bytes(PNG_ART)
    for out, why in [
        (tiny, "it holds the data folder"),
        (tiny.parent, "it holds the data folder"),
        (tiny / "tiny", "it is inside the data folder"),
    ]:
        run = build(cli, tiny, out)
        assert run.code == 2, out
        assert f"refused: {why}" in run.err
    assert (art / "ember.png").read_bytes() == PNG_ART


def test_out_inside_the_data_folder_is_refused(cli, tiny: Path) -> None:
    run = build(cli, tiny, tiny / "out")
    assert run.code == 2
    assert "refused: it is inside the data folder" in run.err
    assert not (tiny / "out").exists()


def test_out_at_the_root_or_home_is_refused(
    cli, tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = build(cli, tiny, Path("/"))
    assert (run.code, "refused: the root folder" in run.err) == (2, True)
    home = tmp_path / "home"
    home.mkdir()
    (home / "notes.txt").write_text("mine")
    monkeypatch.setenv("HOME", str(home))
    run = build(cli, tiny, home)
    assert (run.code, "refused: the home folder" in run.err) == (2, True)
    assert sorted(p.name for p in home.iterdir()) == ["notes.txt"]


def test_a_non_empty_folder_printgen_did_not_make_is_refused(cli, tiny: Path) -> None:
    out = tiny.parent / "mine"
    out.mkdir()
    (out / "thesis.pdf").write_bytes(b"%PDF my own")
    run = build(cli, tiny, out)
    assert run.code == 2
    assert "refused: the folder holds files printgen did not write (thesis.pdf)" in run.err
    assert sorted(p.name for p in out.iterdir()) == ["thesis.pdf"]


def test_a_new_empty_or_gitkeep_only_folder_is_built_into_and_marked(cli, tiny: Path) -> None:
    fresh, kept = tiny.parent / "fresh", tiny.parent / "output"
    fresh.mkdir()
    kept.mkdir()
    (kept / ".gitkeep").write_text("")
    for out in (fresh, kept):
        run = build(cli, tiny, out)
        assert run.code == 0, run.err
        assert (out / ".printgen-out").is_file() and (out / "tiny" / "cards.pdf").is_file()
        assert build(cli, tiny, out).code == 0  # and again: the marker says it is ours


def test_cleanup_of_dead_builds_touches_only_files_printgen_recorded(cli, tiny: Path) -> None:
    out = tiny.parent / "out"
    assert build(cli, tiny, out).code == 0
    dead = subprocess.Popen(["true"])
    dead.wait()
    planted = out / "someone" / f".notes.txt.{dead.pid}.abc12345.part"
    planted.parent.mkdir()
    planted.write_text("not printgen's")
    ours = out / "tiny" / f".cards.pdf.{dead.pid}.x1y2z3w4.part"
    ours.write_text("a killed build's")
    stranger = out / "tiny" / f".notes.txt.{dead.pid}.x1y2z3w4.part"
    stranger.write_text("a file printgen never recorded")
    assert build(cli, tiny, out).code == 0
    assert planted.exists() and stranger.exists()
    assert not ours.exists()


POISONS = {
    "parent": {"tiny/cards": {"key": "k", "files": {"../victim.txt": "0" * 64}}},
    "absolute": {"tiny/cards": {"key": "k", "files": {"{victim}": "0" * 64}}},
    "outside pdf": {"tiny/rules": {"key": "k", "files": {"../victim.pdf": "0" * 64}}},
    "other game": {"tiny/cards": {"key": "k", "files": {"other/victim.txt": "0" * 64}}},
    "list of numbers": {"tiny/cards": {"key": "k", "files": [1, 2]}},
    "a mapping": {"tiny/cards": {"key": "k", "files": {"tiny": {"a": 1}}}},
    "not a mapping": [1, 2],
}


@pytest.mark.parametrize("poison", POISONS.values(), ids=POISONS.keys())
def test_a_poisoned_manifest_is_dropped_with_a_note_and_never_followed(
    cli, tiny: Path, poison: object
) -> None:
    out = tiny.parent / "out"
    assert build(cli, tiny, out).code == 0
    victims = [tiny.parent / "victim.txt", tiny.parent / "victim.pdf", out / "other/victim.txt"]
    for victim in victims:
        victim.parent.mkdir(exist_ok=True)
        victim.write_bytes(b"%PDF-1.4 keep me")
    text = json.dumps({"parts": poison}).replace("{victim}", str(victims[0]))
    (out / ".printgen-cache.json").write_text(text)
    (tiny / "tiny" / "cards.csv").write_text(
        (tiny / "tiny" / "cards.csv").read_text().replace("Wave", "Wave II")
    )
    run = build(cli, tiny, out)
    assert run.code == 0, run.err
    assert "printgen: note: .printgen-cache.json" in run.err or "printgen: note: " in run.err
    assert "dropped the entry" in run.err or "no 'parts' mapping; starting a new one" in run.err
    assert all(v.read_bytes() == b"%PDF-1.4 keep me" for v in victims)
    assert not list(tiny.parent.glob("*.png")) and not (tiny.parent / "preview").exists()
    manifest = json.loads((out / ".printgen-cache.json").read_text())
    assert sorted(manifest["parts"]) == ["tiny/cards", "tiny/rules"]
    assert build(cli, tiny, out).code == 0  # and the next build is clean: no note, no error


def start(data: Path, out: Path, *args: str) -> subprocess.Popen[str]:
    command = printgen_command("build", *args, "--data", data, "--out", out, "--jobs", "1")
    return subprocess.Popen(
        command, env=subprocess_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def sheet_width_mm(pdf: Path) -> float:
    return round(float(pypdf.PdfReader(pdf).pages[0].mediabox.width) * 25.4 / 72, 1)


def first_holds_the_lock(first: subprocess.Popen[str], out: Path) -> None:
    """Until the build `first` holds OUT's build lock (or has ended): builds started after
    this one then run after it. Which of two builds started together takes the lock first is
    the system's choice, not printgen's, so a test that wants an order waits for it."""
    import fcntl

    deadline = time.monotonic() + 120
    while first.poll() is None:
        assert time.monotonic() < deadline, "the first build never took the lock"
        if (out / ".printgen.lock").exists():
            fd = os.open(out / ".printgen.lock", os.O_RDWR)
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # free: released at close
            except BlockingIOError:
                return  # held, and only `first` is running
            finally:
                os.close(fd)
        time.sleep(0.02)


def test_two_builds_into_one_out_take_turns_and_lose_nothing(cli, tiny: Path) -> None:
    """Was: an A4 build and a Letter build 0.5 s apart left a Letter cards.pdf that the next
    A4 build called unchanged; builds of two games at once lost one game's manifest entries."""
    shutil.copytree(tiny / "tiny", tiny / "other")
    game = tiny / "other" / "game.yaml"
    game.write_text(game.read_text().replace("id: tiny", "id: other"))
    out = tiny.parent / "out"
    first = start(tiny, out, "tiny", "other", "--paper", "a4")
    first_holds_the_lock(first, out)  # not a sleep: under load a process can start late
    second = start(tiny, out, "tiny", "--paper", "letter")
    third = start(tiny, out, "other")
    for process in (first, second, third):
        _, err = process.communicate(timeout=240)
        assert process.returncode == 0, err
    assert sheet_width_mm(out / "tiny" / "cards.pdf") == 215.9  # the last build's paper
    manifest = json.loads((out / ".printgen-cache.json").read_text())
    assert sorted(manifest["parts"]) == ["other/cards", "other/rules", "tiny/cards", "tiny/rules"]
    gallery = (out / "index.html").read_text()
    assert "tiny/cards.pdf" in gallery and "other/cards.pdf" in gallery
    run = build(cli, tiny, out, "tiny", "--paper", "a4")
    assert run.code == 0 and "built 2 parts, 0 unchanged" in run.out  # paper changed: rebuilt
    assert sheet_width_mm(out / "tiny" / "cards.pdf") == 210.0


def test_a_second_build_waits_for_the_first_with_a_message(tiny: Path) -> None:
    import fcntl

    out = tiny.parent / "out"
    out.mkdir()
    fd = os.open(out / ".printgen.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)  # a build in progress
    process = start(tiny, out, "tiny")
    try:
        deadline = time.monotonic() + 120
        while not (out / ".printgen-out").exists():  # marked just before taking the lock
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(1)
        assert process.poll() is None, "the second build did not wait"
        assert not (out / "tiny").exists()
    finally:
        os.close(fd)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "another build is writing into" in err and "waiting for it to finish" in err


def test_watch_ignores_out_and_what_printgen_writes(tmp_path: Path) -> None:
    out = tmp_path / "out"
    wanted = ignoring(out)
    assert not wanted(None, str(out / "tiny" / "cards.pdf"))
    assert not wanted(None, str(tmp_path / "data" / "tiny" / ".cards.csv.123.abc.part"))
    assert wanted(None, str(tmp_path / "data" / "tiny" / "cards.csv"))


def test_watch_ignores_editors_temporary_files(tmp_path: Path) -> None:
    """Issue 36, trap 8: `--watch` said `changed: .cards.csv.swp, 4913` and rebuilt for an
    editor's own files. The data files themselves, dotted or not, still count."""
    wanted = ignoring(tmp_path / "out")
    game = tmp_path / "data" / "tiny"
    for name in (
        ".cards.csv.swp",
        ".cards.csv.swx",
        "4913",
        "cards.csv~",
        ".#design.yaml",
        "#design.yaml#",
        ".~lock.cards.ods#",
        "~$cards.xlsx",
        ".goutputstream-XK2J1Z",
    ):
        assert not wanted(None, str(game / name)), name
    for name in ("cards.csv", "design.yaml", "cards.ods", "icons/coin.svg", "rules.it.md"):
        assert wanted(None, str(game / name)), name


def test_one_edit_under_watch_is_one_rebuild(tiny: Path) -> None:
    """Was: `build --watch` with OUT inside the data rebuilt 255 times in 30 s after one edit
    (it saw its own output). OUT inside the data is refused now; beside it, one save of the
    data is one rebuild, and the rebuild's own writes start no other."""
    import signal
    import threading

    out = tiny.parent / "out"
    process = subprocess.Popen(
        printgen_command("build", "--data", tiny, "--out", out, "--jobs", "1", "--watch"),
        env=subprocess_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stderr or []), daemon=True)
    reader.start()

    def wait_for(text: str, count: int, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while sum(text in line for line in lines) < count:
            assert process.poll() is None, "".join(lines)
            assert time.monotonic() < deadline, f"no {text!r} in {''.join(lines)}"
            time.sleep(0.1)

    try:
        wait_for("watching", 1, 240)  # the first build is done
        cards = tiny / "tiny" / "cards.csv"
        cards.write_text(cards.read_text().replace("Wave", "Wave II"))
        wait_for("rebuilding", 1, 60)
        deadline = time.monotonic() + 120
        while not (out / "tiny" / "cards.pdf").exists() or "Wave II" not in (
            pypdf.PdfReader(out / "tiny" / "cards.pdf").pages[0].extract_text()
        ):
            assert time.monotonic() < deadline, "the rebuild did not finish"
            time.sleep(0.5)
        time.sleep(3)  # the rebuild's writes have settled: any loop would show by now
        assert sum("rebuilding" in line for line in lines) == 1, "".join(lines)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    reader.join(5)


def test_jobs_are_capped_at_the_machines_cores_with_a_note(cli, tiny: Path) -> None:
    run = cli("build", "--data", tiny, "--out", tiny.parent / "out", "--jobs", "64")
    assert run.code == 0, run.err
    assert f"--jobs 64: this machine has {cores()} cores; using {cores()}" in run.err


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "mywuxing", "--games", "4"],
        ["compare", "mywuxing", "--vary", "rules.think.hand_size=2,3", "--games", "4"],
    ],
    ids=["simulate", "compare"],
)
def test_jobs_of_the_simulations_are_capped_too(cli, args: list[str]) -> None:
    run = cli(*args, "--jobs", "64")
    assert run.code == 0, run.err
    assert f"--jobs 64: this machine has {cores()} cores; using {cores()}" in run.err
