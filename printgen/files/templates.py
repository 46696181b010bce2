"""Where the templates are: the project's `templates/`, or the copy inside the installed package."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def templates_dir() -> Path:
    """The bundled `templates/` folder (common pieces and one folder per game)."""
    here = Path(__file__).resolve().parent.parent  # the printgen package
    for candidate in (here / "templates", here.parent / "templates"):
        if (candidate / "common").is_dir():
            return candidate
    return here.parent / "templates"


MAX_TEMPLATE_BYTES = 1_000_000
"""The largest template a loader reads (`printgen.files.jinja_loaders`)."""


def signature(path: Path) -> tuple[int, int, int] | None:
    """What tells a file changed (as make and Jinja's own loader tell it), for what a process
    keeps of a game's files: one that builds again, `build --watch`, draws the template or
    icon the designer saved since, not the one it read first. None: no such file."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size, found.st_ino
