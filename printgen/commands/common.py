"""Small helpers the commands share."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from printgen.model import data_dir_default


def data_dir_or_default(data_dir: Path | None) -> Path:
    return data_dir if data_dir is not None else data_dir_default()


def print_json(value: Any) -> None:
    click.echo(json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False))
