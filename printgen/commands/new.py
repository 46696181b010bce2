"""`printgen new NAME [--data DIR] [--shape rect|rounded|circle|hex]`: writes a game folder that
validates and builds at once (printgen.kit.scaffold), then says what to run next."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default
from printgen.errors import UsageError, display_path
from printgen.kit.scaffold import game_files, name_refusal, write_game


def run(name: str, data_dir: Path | None, shape: str | None) -> int:
    if (why := name_refusal(name)) is not None:
        raise UsageError(f"NAME {name!r}: {why}")
    folder = data_dir_or_default(data_dir)
    hint = "" if data_dir is None else f" --data {display_path(data_dir)}"
    written = write_game(folder, name, game_files(name, shape, hint))
    click.echo(
        f"wrote {display_path(written)}/: {', '.join(sorted(p.name for p in written.iterdir()))}"
    )
    click.echo("next:")
    click.echo(f"  printgen validate {name}{hint}    # check it")
    click.echo(f"  printgen build {name}{hint}       # print its kit into output/{name}/")
    click.echo(f"  printgen serve {name}{hint}       # see it change as you edit")
    return 0
