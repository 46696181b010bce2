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
