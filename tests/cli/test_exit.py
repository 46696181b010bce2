"""What printgen does as its process ends (printgen.cli._uncollected_exit)."""

from __future__ import annotations

from pathlib import Path

from tests.hardening.conftest import run_python


def test_the_exit_leaves_the_objects_a_command_made_to_their_reference_counts(
    tmp_path: Path,
) -> None:
    """The interpreter's collections at exit walk every object (some 0.3 s after a build):
    printgen freezes them first, once however often `main` ran, and still says what it
    printed (output is flushed as ever)."""
    code = (
        "import atexit, gc\n"
        "atexit.register(lambda: print('frozen at exit', gc.get_freeze_count() > 0))\n"
        "from printgen.cli import main\n"
        "for _ in range(2):\n"
        "    try:\n"
        "        main(['--version'])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('frozen before', gc.get_freeze_count() > 0)\n"
    )
    lines = run_python(code, cwd=tmp_path)  # and the child ends well
    assert lines[-2:] == ["frozen before False", "frozen at exit True"], lines
    assert sum("printgen" in line and "version" in line.lower() for line in lines) == 2, lines


def test_a_reader_that_stops_early_is_no_failure(tmp_path: Path) -> None:
    """`printgen list | true`: the reader closes the pipe before printgen has written a
    line; printgen ends quietly with exit 0 (click made it exit 1, which says the checks
    found problems), and prints no BrokenPipeError as it exits."""
    import subprocess
    import sys

    from tests.hardening.conftest import subprocess_env

    code = "import sys; from printgen.cli import main; main(sys.argv[1:])"
    with subprocess.Popen(
        [sys.executable, "-c", code, "list"],
        env=subprocess_env(),
        cwd=Path(__file__).resolve().parents[2],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()  # the reader goes before the listing comes
        said = child.stderr.read()
        returned = child.wait(timeout=120)
    assert (returned, said) == (0, b"")


def test_only_a_broken_standard_output_is_a_reader_gone() -> None:
    """A broken pipe is taken for a reader gone only when it is standard output's: one of a
    socket or a worker's pipe is left to fail as it did."""
    import os

    from printgen.cli import _reader_left

    read, write = os.pipe()
    with os.fdopen(write, "wb", buffering=0) as writer:
        assert not _reader_left(writer)  # its reader is there
        os.close(read)
        assert _reader_left(writer)  # and now it is gone
    assert not _reader_left(object())  # no file at all (a test's captured output)
