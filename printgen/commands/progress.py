"""Progress of a long run on a terminal: games done, games per second, time left.

Silent when stderr is not a terminal (CI logs, pipes), so piped output stays the result alone.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.progress import Progress as Bar
    from rich.progress import TaskID


class Progress:
    """`with Progress(total, "playing games") as p: ... p.advance(n)`."""

    def __init__(self, total: int, what: str = "playing games", unit: str = "games") -> None:
        self.total, self.what, self.unit = total, what, unit
        self.bar: Bar | None = None
        self.task: TaskID | None = None

    def __enter__(self) -> Progress:
        if sys.stderr.isatty():
            from rich.console import Console  # start-up: rich only when a terminal shows the bar
            from rich.progress import (  # start-up: only on a terminal
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as Bar  # start-up: only on a terminal

            self.bar = Bar(
                TextColumn("[progress.description]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(self.what, total=self.total, rate="")
        return self

    def advance(self, count: int) -> None:
        if self.bar is not None and self.task is not None:
            self.bar.advance(self.task, count)
            speed = self.bar.tasks[0].speed
            if speed:
                self.bar.update(self.task, rate=f"{speed:,.0f} {self.unit}/s")

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
