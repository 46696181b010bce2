"""`printgen analyze GAME [--json] [--report FILE.html] [--cost COLUMN]`: the deck's balance
read from its data (printgen.analysis): per-column statistics, the cost curve, near-duplicate
cards and keywords the rulebook never mentions. A report, not a check: exit 0 whatever it
finds (2 for bad input)."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.analysis import analyse
from printgen.analysis.html import render_report
from printgen.analysis.text import lines
from printgen.commands.common import data_dir_or_default, print_json
from printgen.files.atomic import write_atomic
from printgen.model import load_game
from printgen.model.load import resolve_games
from printgen.sim.report import check_report_path


def run(
    game_id: str, data_dir: Path | None, as_json: bool, report: Path | None, cost: str | None
) -> int:
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, [game_id])
    if report is not None:
        check_report_path(report)  # before any work: a name that cannot be written
    analysis = analyse(load_game(folder / game_id), cost)
    if as_json:
        print_json(analysis.to_json())
    else:
        for line in lines(analysis):
            click.echo(line)
    if report is not None:
        write_atomic(report, render_report(analysis))
        click.echo(f"wrote {report}", err=as_json)
    return 0
