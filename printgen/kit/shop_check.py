"""`build --shop` checks what it makes: each PDF/X file through `printgen preflight` for the
shop's target, the table kept beside it (`<file>.preflight.txt`); a failed check fails the
shop (none of its files is written, and the build says why), so a file a shop would bounce
never passes silently."""

from __future__ import annotations

import tempfile
from pathlib import Path

from printgen.errors import PreflightFailed


def preflighted(name: str, data: bytes, target: str | None) -> dict[str, bytes]:
    """The file `name` and its preflight table, by name; PreflightFailed when a check fails for
    `target`. Preflight reads a file, so the bytes are checked in a private temporary folder
    (the kit writes the real files)."""
    if target is None:
        return {name: data}
    from printgen.preflight.checks import preflight
    from printgen.preflight.report import table

    path = Path(name)
    with tempfile.TemporaryDirectory(prefix="printgen-preflight-") as folder:
        probe = Path(folder) / path.name
        probe.write_bytes(data)
        report = preflight(probe, target)
    text = table([report], [path.name]) + "\n"
    if not report.ok:
        failed = "; ".join(
            f"{c.name}: {c.detail}" for c in report.checks if not c.ok and c.level == "error"
        )
        raise PreflightFailed(f"{path.name} fails preflight for {target}: {failed}")
    return {name: data, str(path.with_name(f"{path.stem}.preflight.txt")): text.encode()}
