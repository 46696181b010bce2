"""The user's printers: each one's back offset, kept by `printgen calibrate --save NAME
--offset X,Y` and read by `printgen build --printer NAME` (issue 33).

They live in `printers.json` in the user's config folder (platformdirs: `~/.config/printgen`
on Linux, `~/Library/Application Support/printgen` on macOS, `%APPDATA%\\printgen` on
Windows), or in `$PRINTGEN_CONFIG_DIR` when that is set (tests use a temporary one, never the
user's). The file is JSON, `{"printers": {NAME: {"offset": [X, Y]}}}`, sorted and written
atomically, so saving twice gives the same bytes.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from pathlib import Path

from printgen.errors import PrintgenError, display_path
from printgen.files.atomic import write_atomic
from printgen.layout.duplex import BackOffset, OffsetError, checked_offset

CONFIG_ENV = "PRINTGEN_CONFIG_DIR"
PRINTERS_FILE = "printers.json"
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}")


class PrinterError(PrintgenError):
    """An unknown printer, a bad name, or a printers file that cannot be read or written."""


def config_folder() -> Path:
    """Where printgen keeps the user's settings ($PRINTGEN_CONFIG_DIR, else platformdirs')."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    import platformdirs  # only the commands that read or keep a printer need it

    return Path(platformdirs.user_config_dir("printgen", appauthor=False))


def printers_file() -> Path:
    return config_folder() / PRINTERS_FILE


def saved_printers() -> dict[str, BackOffset]:
    """Every saved printer's back offset, by name (none when nothing was saved)."""
    path = printers_file()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PrinterError(f"{display_path(path)}: cannot read the saved printers: {exc}") from None
    printers = raw.get("printers") if isinstance(raw, dict) else None
    if not isinstance(printers, dict):
        raise PrinterError(f'{display_path(path)}: expected {{"printers": {{NAME: ...}}}}')
    found = {}
    for name, entry in printers.items():
        found[name] = _offset_of(path, name, entry)
    return found


def _offset_of(path: Path, name: str, entry: object) -> BackOffset:
    offset = entry.get("offset") if isinstance(entry, dict) else None
    where = f"{display_path(path)}: printer {name!r}: offset"
    if not (isinstance(offset, list) and len(offset) == 2):
        raise PrinterError(f"{where}: expected [X, Y] in mm")
    try:
        return checked_offset(float(offset[0]), float(offset[1]))
    except (TypeError, ValueError, OffsetError) as exc:
        raise PrinterError(f"{where}: {exc}") from None


def printer_offset(name: str) -> BackOffset:
    """The back offset saved for printer `name`; PrinterError naming the saved ones if none."""
    printers = saved_printers()
    if name in printers:
        return printers[name]
    if not printers:
        raise PrinterError(
            f"no printer {name!r}: no printer is saved yet; print the calibration sheet "
            "(printgen calibrate), then keep its offset with "
            f"printgen calibrate --save {name} --offset X,Y"
        )
    close = difflib.get_close_matches(name, list(printers), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    saved = ", ".join(sorted(printers))
    raise PrinterError(f"no printer {name!r}{hint}; saved printers: {saved}")


def save_printer(name: str, offset: BackOffset) -> Path:
    """Keep `offset` as printer `name`'s (replacing an earlier one); the file written."""
    if not NAME_PATTERN.fullmatch(name):
        raise PrinterError(
            f"printer name {name!r}: use letters, digits, spaces, '.', '_' or '-' "
            "(up to 64, starting with a letter or digit)"
        )
    printers = saved_printers()
    printers[name] = offset
    data = {"printers": {n: {"offset": [o.x, o.y]} for n, o in sorted(printers.items())}}
    path = printers_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return write_atomic(path, (json.dumps(data, indent=2) + "\n").encode("utf-8"))
    except OSError as exc:
        raise PrinterError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from None
