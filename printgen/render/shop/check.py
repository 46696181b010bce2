"""`build --shop` checks what it writes: each PDF/X file through `printgen preflight` for the
shop's target, the table kept beside it (`<file>.preflight.txt`); a failed check fails the
part, so a file a shop would bounce never passes silently."""

from __future__ import annotations

from pathlib import Path

from printgen.errors import RenderError
from printgen.render.writer import write_atomic


def preflighted(path: Path, target: str | None) -> list[Path]:
    """`path` and its preflight table; RenderError when a check fails for `target`."""
    if target is None:
        return [path]
    from printgen.render.preflight.checks import preflight
    from printgen.render.preflight.report import table

    report = preflight(path, target)
    text = table([report], [path.name]) + "\n"
    written = write_atomic(path.with_name(f"{path.stem}.preflight.txt"), text.encode())
    if not report.ok:
        failed = "; ".join(
            f"{c.name}: {c.detail}" for c in report.checks if not c.ok and c.level == "error"
        )
        raise RenderError(f"{path.name} fails preflight for {target}: {failed}")
    return [path, written]
