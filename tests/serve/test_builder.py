"""`printgen serve`'s builder on its own: a save seen while a build runs gets a build of its
own after it (an editor that writes a file in two steps must not leave a page built from the
first step), several such saves make one build, not one each, and the terminal's `built` line
comes after the open pages were told (what waits for the line finds the pages up to date).

The build is a stand-in script, so the test decides when it ends: it says it started, waits
for a `go` file, then copies the data file into OUT."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from printgen.kit.serve.builder import Builder
from tests.serve.conftest import WAIT_S

BUILD = """\
import pathlib, sys, time
data, out = map(pathlib.Path, sys.argv[1:])
number = len(list(out.glob("started-*"))) + 1
(out / f"started-{number}").write_text("")
while not (out / "go").exists():
    time.sleep(0.01)
(out / "copy.txt").write_text(data.read_text())
print(f"built {number}")
"""


class Told:
    """The builder's Live, as far as it uses one: OUT, and the builds started and ended (with
    what the terminal had said when the pages were told)."""

    def __init__(self, out_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.out_dir = out_dir
        self.capsys = capsys
        self.ended: list[tuple[list[str], list[str], str]] = []
        self._seen = threading.Condition()

    def build_started(self) -> None:
        pass

    def build_ended(self, failures: list[str], changed: list[str]) -> None:
        with self._seen:
            self.ended.append((failures, changed, self.capsys.readouterr().err))
            self._seen.notify_all()

    def wait_ended(self, count: int) -> None:
        deadline = time.monotonic() + WAIT_S
        with self._seen:
            while len(self.ended) < count:
                assert time.monotonic() < deadline, f"{len(self.ended)} builds ended"
                self._seen.wait(0.5)


def wait_for(path: Path) -> None:
    deadline = time.monotonic() + WAIT_S
    while not path.exists():
        assert time.monotonic() < deadline, f"no {path.name}"
        time.sleep(0.01)


@pytest.fixture
def building(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    out = tmp_path / "out"
    out.mkdir()
    data = tmp_path / "data.txt"
    data.write_text("first step")
    told = Told(out, capsys)
    builder = Builder([sys.executable, "-c", BUILD, str(data), str(out)], told)  # type: ignore[arg-type]
    builder.start()
    try:
        yield builder, told, data, out
    finally:
        builder.stop()


def test_saves_during_a_build_make_one_build_after_it(building) -> None:
    builder, told, data, out = building
    builder.request()
    wait_for(out / "started-1")  # the build runs, the data's first step read or not
    data.write_text("second step")
    for _ in range(3):  # the watcher saw the save (three times: one build is enough)
        builder.request()
    (out / "go").write_text("")
    told.wait_ended(2)
    assert (out / "copy.txt").read_text() == "second step"
    builder.stop()
    assert sorted(p.name for p in out.glob("started-*")) == ["started-1", "started-2"]
    assert [changed for _, changed, _ in told.ended] == [
        ["copy.txt", "go", "started-1"],
        ["copy.txt", "started-2"],
    ]


def test_the_built_line_follows_the_pages_being_told(
    building, capsys: pytest.CaptureFixture[str]
) -> None:
    builder, told, _, out = building
    (out / "go").write_text("")
    builder.request()
    told.wait_ended(1)
    failures, _, said_by_then = told.ended[0]
    assert failures == [] and "building the kit" in said_by_then
    assert "built 1" not in said_by_then
    builder.stop()
    assert "built 1" in capsys.readouterr().err
