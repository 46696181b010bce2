"""Small helpers the commands share."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from printgen.model import data_dir_default


def data_dir_or_default(data_dir: Path | None) -> Path:
    return data_dir if data_dir is not None else data_dir_default()


def print_json(value: object) -> None:
    click.echo(json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False))


def cores() -> int:
    """The cores this process may run on (its CPU affinity where known)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def capped_jobs(asked: int, option: str = "--jobs") -> int:
    """`asked` worker processes, at most one a core: more only add memory (each worker holds
    its own copy of the renderers) and switching, never speed."""
    most = cores()
    if asked > most:
        click.echo(
            f"printgen: note: {option} {asked}: this machine has {most} cores; using {most}",
            err=True,
        )
        return most
    return asked
