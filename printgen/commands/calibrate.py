"""`printgen calibrate`: write the duplex calibration sheet, or keep a printer's back offset
read off it (issue 33; DESIGN.md section 11)."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.errors import RenderError
from printgen.files.atomic import write_atomic
from printgen.kit.printers import save_printer
from printgen.layout.duplex import NO_OFFSET, BackOffset
from printgen.layout.sizes import PAPER_SIZES

CALIBRATION_FILE = "calibration.pdf"


def write_calibration(paper: str, out_dir: Path, offset: BackOffset = NO_OFFSET) -> int:
    """Write OUT/calibration.pdf; its back moved by `offset` (to check a saved one)."""
    # cairo and PIL load here only: `calibrate --save` draws nothing
    from printgen.render.sheets.calibration import calibration_pdf

    data = calibration_pdf(PAPER_SIZES[paper], offset)
    target = out_dir / CALIBRATION_FILE
    try:
        write_atomic(target, data)
    except OSError as exc:
        raise RenderError(f"cannot write {target}: {exc.strerror or exc}") from None
    click.echo(f"wrote {target}: print it two-sided (flip on the long edge) at 100 %")
    return 0


def save(name: str, offset: BackOffset) -> int:
    """Keep `offset` as printer `name`'s back offset."""
    path = save_printer(name, offset)
    click.echo(f"saved printer {name!r}: back offset {offset} mm in {path}")
    click.echo(f"build with --printer {name} to move every back page by it")
    return 0
