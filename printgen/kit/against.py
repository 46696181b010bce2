"""The other version of a game that `diff --against` and `build --changed-since` name: another
copy of its folder, or a git revision of it. A revision is read through git (`git archive`)
into a temporary folder, never checked out over the work tree.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from printgen.errors import PrintgenError

GIT_TIMEOUT_S = 60


@contextmanager
def other_version(game_folder: Path, against: str, option: str = "--against") -> Iterator[Path]:
    """The folder of the game's other version: `against` itself when it is a folder (or its
    subfolder named as the game's), else the game's folder as git revision `against` has it,
    in a temporary folder removed afterwards."""
    given = Path(against)
    with tempfile.TemporaryDirectory(prefix="printgen-against-") as scratch:
        if not given.is_dir():
            yield _archive(game_folder, against, Path(scratch), option)
            return
        found = _game_in(given, game_folder.name, f"{option} {against}")
        if found.resolve().name == game_folder.resolve().name:
            yield found
            return
        # a game's folder is named as its id (printgen.model.load): a copy under another
        # name (lantern-market-v3) is read from a copy under the game's name
        copy = Path(scratch) / game_folder.resolve().name
        shutil.copytree(found, copy, symlinks=True)
        yield copy


def _game_in(folder: Path, name: str, said: str) -> Path:
    for candidate in (folder, folder / name):
        if (candidate / "game.yaml").is_file():
            return candidate
    raise PrintgenError(f"{said}: no game.yaml in this folder, nor in {name}/ in it")


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(
            ["git", "-C", str(folder), *args],
            capture_output=True,
            timeout=GIT_TIMEOUT_S,
            check=False,
        )
    except FileNotFoundError:
        raise PrintgenError("git is not installed: --against takes a folder") from None
    except subprocess.TimeoutExpired:
        raise PrintgenError(f"git {args[0]} took over {GIT_TIMEOUT_S} s") from None


def _said(result: subprocess.CompletedProcess[bytes]) -> str:
    text = result.stderr.decode("utf-8", "replace").strip().splitlines()
    return text[-1] if text else f"git exit {result.returncode}"


def _archive(game_folder: Path, rev: str, scratch: Path, option: str) -> Path:
    said = f"{option} {rev}"
    folder = game_folder.resolve()
    top = _git(folder, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise PrintgenError(f"{said}: no such folder, and {game_folder} is not in a git repository")
    root = Path(top.stdout.decode().strip())
    inside = folder.relative_to(root.resolve()).as_posix()
    if rev.startswith("-"):
        raise PrintgenError(f"{said}: not a folder nor a git revision")
    found = _git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if found.returncode != 0:
        raise PrintgenError(
            f"{said}: no such folder, and not a revision of the git repository {root}"
        )
    commit = found.stdout.decode().strip()
    tar = _git(root, "archive", "--format=tar", commit, "--", inside)
    if tar.returncode != 0:
        raise PrintgenError(f"{said}: {inside} is not in that revision ({_said(tar)})")
    with tarfile.open(fileobj=io.BytesIO(tar.stdout)) as archive:
        archive.extractall(scratch, filter="data")
    game = scratch / inside
    if not (game / "game.yaml").is_file():
        raise PrintgenError(f"{said}: {inside}/game.yaml is not in that revision")
    return game
