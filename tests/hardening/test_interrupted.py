"""Nothing lost (issue 9): a build killed at any point leaves no truncated file under a final
name, the next build completes the set, and the leftovers of a killed build are cleaned up.

`printgen build` runs as a subprocess (in its own process group, with `--jobs 2`, so its worker
processes die with it, as in a crash or a power cut) and is sent SIGKILL again and again, each
time at a later point: as the first PDF appears, in the middle of the per-card PNGs, while the
rulebook is typeset, after a fixed delay. After each kill every PDF, PNG and JSON under OUT
reads back completely; the last build, left to finish, gives exactly the files of a clean build
(tests/kit's, shared).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from printgen.files.atomic import remove_leftovers, write_atomic
from tests.hardening.conftest import printgen_command, subprocess_env
from tests.kit.conftest import snapshot

Trigger = Callable[[Path, float], bool]
PNG_END = b"IEND\xaeB`\x82"  # the last chunk of every PNG


def appears(pattern: str) -> Trigger:
    return lambda out, _: any(out.glob(pattern))


def after(seconds: float) -> Trigger:
    return lambda _, elapsed: elapsed >= seconds


KILLS: list[tuple[str, Trigger]] = [
    ("as cards.pdf appears", appears("mywuxing/cards.pdf")),
    ("among the per-card PNGs", appears("mywuxing/cards/fire.png")),
    ("among the TTS sheets", appears("mywuxing/tts/*.json")),
    ("while the rulebook is typeset", appears(".printgen-cache.json")),
    ("2 s in", after(2.0)),
]


def kill_when(trigger: Trigger, data: Path, out: Path, timeout: float = 120) -> bool:
    """Start a build and SIGKILL its whole process group when `trigger` holds; False when the
    build finished first."""
    command = printgen_command("build", "mywuxing", "--data", data, "--out", out, "--jobs", "2")
    process = subprocess.Popen(
        command,
        env=subprocess_env(),
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    started = time.monotonic()
    try:
        while process.poll() is None:
            elapsed = time.monotonic() - started
            assert elapsed < timeout, "the build hangs"
            if trigger(out, elapsed):
                kill_group(process)
                return True
            time.sleep(0.005)
        return False
    finally:
        kill_group(process)


def kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):  # it may have finished a moment ago
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def assert_complete(out: Path) -> None:
    """Every file under a final name reads back whole."""
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        if path.name.endswith(".part") or path.name == ".printgen.lock":  # a lock is empty
            continue
        assert path.stat().st_size > 0, f"{path} is empty"
        if path.suffix == ".pdf":
            assert path.read_bytes().rstrip().endswith(b"%%EOF"), f"{path} is cut short"
            with pikepdf.open(path) as pdf:
                for page in pdf.pages:
                    pikepdf.parse_content_stream(page)  # every content stream is whole
                assert pdf.check_pdf_syntax() == [], path
        elif path.suffix == ".png":
            assert path.read_bytes().endswith(PNG_END), f"{path} is cut short"
            with Image.open(path) as image:
                image.load()
        elif path.suffix == ".json":
            json.loads(path.read_text(encoding="utf-8"))


def game_files(out: Path, game: str) -> dict[str, bytes]:
    return snapshot(out / game)


def test_a_build_killed_again_and_again_loses_nothing(
    kit_data: Path, two_builds: tuple[Path, Path], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    killed = []
    for name, trigger in KILLS:
        if kill_when(trigger, kit_data, out):
            killed.append(name)
        assert_complete(out)
    assert len(killed) >= 3, f"the build finished before most kills: only {killed}"
    run = subprocess.run(
        printgen_command("build", "mywuxing", "--data", kit_data, "--out", out, "--jobs", "2"),
        env=subprocess_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert_complete(out)
    assert not list(out.rglob("*.part")), "the leftovers of the killed builds are still there"
    clean = game_files(two_builds[0], "mywuxing")
    assert game_files(out, "mywuxing") == clean


def dead_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_leftover_temporary_files_are_removed_by_the_next_build(
    kit_data: Path, two_builds: tuple[Path, Path], tmp_path: Path, cli
) -> None:
    import shutil

    out = tmp_path / "out"
    shutil.copytree(two_builds[0], out)
    dead, alive = dead_pid(), os.getpid()
    leftovers = [
        out / f".index.html.{dead}.abc123.part",
        out / "mywuxing" / f".cards.pdf.{dead}.x_y9.part",
        out / "the-way" / "cards" / f".fire-single.png.{dead}.q1w2e3r4.part",
    ]
    running = out / "mywuxing" / f".rules.pdf.{alive}.zz11.part"  # a build still writing
    other = out / "mywuxing" / "notes.part"  # not ours: not a temporary name of printgen
    for path in [*leftovers, running, other]:
        path.write_bytes(b"%PDF-1.7 truncated")
    run = cli("build", "mywuxing", "--data", kit_data, "--out", out)
    assert run.code == 0, run.err
    assert [p for p in leftovers if p.exists()] == []
    assert running.exists() and other.exists()


def test_write_atomic_names_its_temporary_file_after_its_process(
    tmp_path: Path, monkeypatch
) -> None:
    seen = []
    real_replace = os.replace

    def replace(source: str, target: Path) -> None:
        seen.append(Path(source).name)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    write_atomic(tmp_path / "a.pdf", b"x")
    (name,) = seen
    assert name.startswith(f".a.pdf.{os.getpid()}.") and name.endswith(".part")
    assert remove_leftovers([tmp_path / "a.pdf"]) == []


def test_a_write_that_fails_leaves_neither_file_nor_leftover(tmp_path: Path, monkeypatch) -> None:
    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    (tmp_path / "a.pdf").write_bytes(b"the old one")
    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_atomic(tmp_path / "a.pdf", b"new")
    assert [p.name for p in tmp_path.iterdir()] == ["a.pdf"]
    assert (tmp_path / "a.pdf").read_bytes() == b"the old one"
