"""`printgen build`: write every kit's files under OUT/<game>/ (DESIGN.md section 6)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default
from printgen.model import load_all


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    preset: str = "tgc"
    crop_marks: bool = True
    gutter_mm: float = 0.0
    jobs: int = 1


def run(games: tuple[str, ...], data_dir: Path | None, out_dir: Path, options: BuildOptions) -> int:
    loaded = load_all(data_dir_or_default(data_dir), games)
    out_dir.mkdir(parents=True, exist_ok=True)
    for game in loaded:
        click.echo(
            f"{game.id}: renderers not built yet (cards, rules, board and sheets "
            "come with issues 4-6); nothing written"
        )
    return 0
