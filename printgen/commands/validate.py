"""`printgen validate`: every check of DESIGN.md section 5, game by game."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.check.report import GameReport, validate
from printgen.commands.common import data_dir_or_default, print_json
from printgen.errors import printable
from printgen.model import load_all


def run(games: tuple[str, ...], data_dir: Path | None, as_json: bool) -> int:
    loaded = load_all(data_dir_or_default(data_dir), games)
    reports = [validate(game) for game in loaded]
    ok = all(r.ok for r in reports)
    if as_json:
        print_json({"ok": ok, "games": {r.game.id: r.to_json() for r in reports}})
    else:
        for report in reports:
            _print(report)
    return 0 if ok else 1


def _print(report: GameReport) -> None:
    """Each check on a line; passing worked examples are summed up in one."""
    game = report.game
    totals = ", ".join(f"{k} {v}" for k, v in game.totals.items())
    status = "ok" if report.ok else "FAILED"
    click.echo(f"{game.id}: {status} ({totals})")
    examples = [c for c in report.checks if c.name.startswith("example: ")]
    for check in report.checks:
        if check.ok and check in examples:
            continue
        mark = "ok  " if check.ok else ("FAIL" if check.level == "error" else "warn")
        click.echo(f"  {mark} {printable(check.name)}: {printable(check.detail)}")
    if examples:
        held = sum(c.ok for c in examples)
        mark = "ok  " if held == len(examples) else "FAIL"
        click.echo(f"  {mark} worked examples: {held} of {len(examples)} hold")
