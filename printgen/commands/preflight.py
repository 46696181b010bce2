"""`printgen preflight FILE... [--target dtc|print|home] [--json]`: check PDFs the way a print
shop's preflight does; exit 1 when a check fails for the target, 2 when a file cannot be read
(or asks for more than preflight's budget, `printgen.preflight.budget`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
import pikepdf

from printgen.commands.common import print_json
from printgen.errors import UsageError, display_path
from printgen.preflight.budget import Refused
from printgen.preflight.checks import preflight
from printgen.preflight.report import as_json as report_json
from printgen.preflight.report import table

if TYPE_CHECKING:
    from printgen.preflight.checks import FileReport


def run(files: tuple[Path, ...], target: str, as_json: bool) -> int:
    names = [display_path(f) for f in files]
    reports = [_checked(path, name, target) for path, name in zip(files, names, strict=True)]
    if as_json:
        print_json(report_json(reports, names, target))
    else:
        click.echo(table(reports, names))
    return 0 if all(r.ok for r in reports) else 1


def _checked(path: Path, name: str, target: str) -> FileReport:
    """Every file is read before anything is printed: a file that is not a PDF stops the
    command with exit 2 and its name."""
    if not path.is_file():
        raise UsageError(f"{name}: no such file")
    try:
        return preflight(path, target)
    except pikepdf.PdfError as exc:
        raise UsageError(f"{name}: not a readable PDF: {exc}") from None
    except Refused as exc:  # more than preflight reads, or malformed content: which page
        raise UsageError(f"{name}: {exc}") from None
