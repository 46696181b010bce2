"""Build progress: a live bar on a terminal (which kit, which part, how many left); one line
per finished part otherwise, so CI logs stay readable."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from printgen.kit.run import PartOutcome

if TYPE_CHECKING:
    from rich.progress import Progress as Bar
    from rich.progress import TaskID


class Progress:
    def __init__(self, total: int, live: bool) -> None:
        self.total = total
        self.live = live
        self.finished = 0
        self.bar: Bar | None = None
        self.task: TaskID | None = None

    def __enter__(self) -> Progress:
        if self.live:
            # start-up: rich only when a terminal shows the bar
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn
            from rich.progress import Progress as Bar  # start-up: only on a terminal

            self.bar = Bar(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), transient=True
            )
            self.bar.start()
            self.task = self.bar.add_task("building kits", total=self.total)
        return self

    def done(self, outcome: PartOutcome) -> None:
        self.finished += 1
        files = len(outcome.files)
        state = (
            "unchanged"
            if outcome.cached
            else f"FAILED: {outcome.error.splitlines()[0]}"
            if outcome.error
            else f"{files} file{'s' * (files != 1)} in {outcome.seconds:.1f} s{_rewritten(outcome)}"
        )
        if outcome.shop_failures:
            state += f" (shop {', '.join(outcome.shop_failures)} FAILED)"
        line = f"[{self.finished}/{self.total}] {outcome.task.name}: {state}"
        if self.bar is not None and self.task is not None:
            self.bar.console.print(line, highlight=False, markup=False)
            self.bar.update(self.task, advance=1, description=outcome.task.name)
        else:
            click.echo(line, err=True)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _rewritten(outcome: PartOutcome) -> str:
    """`, 2 rewritten` when some of a rebuilt part's files came out as they were (the rest are
    left alone, modification time and all)."""
    if outcome.rewritten is None or outcome.rewritten == len(outcome.files):
        return ""
    return f", {outcome.rewritten} rewritten"
