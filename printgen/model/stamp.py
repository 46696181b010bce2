"""The version stamp's text: game.yaml's `version:` and a date, which every card, piece and
part prints small (printgen.render.faces.draw adds the design's `stamp` box to every front).

Builds stay reproducible: the date is SOURCE_DATE_EPOCH's when that is set (the convention of
reproducible builds), else game.yaml's `date:`, else the day of the newest git commit that
touched the game's folder, else none. Never the clock: the same input gives the same bytes.
A game without `version:` prints no stamp at all.
"""

from __future__ import annotations

import datetime
import os
import subprocess
from collections.abc import Mapping
from pathlib import Path

GIT_TIMEOUT_S = 10
SEPARATOR = " \u00b7 "  # a middle dot between version, date and hash


def stamp_text(doc: Mapping[str, object], folder: Path) -> str:
    """`v3 · 2026-11-29` for a game.yaml with `version: 3`; empty without `version:`."""
    version = doc.get("version")
    if version is None or str(version).strip() == "":
        return ""
    text = str(version).strip()
    shown = text if text[:1] in ("v", "V") or not text[:1].isdigit() else f"v{text}"
    date = stamp_date(doc.get("date"), folder)
    return SEPARATOR.join(part for part in (shown, date) if part)


def stamp_date(given: object, folder: Path) -> str:
    """The stamp's date, YYYY-MM-DD (see the module's docstring), or empty."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        moment = datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
        return moment.date().isoformat()
    if isinstance(given, (datetime.date, str)) and str(given).strip():
        return str(given).strip()
    return last_commit_day(folder)


def last_commit_day(folder: Path) -> str:
    """The day of the newest commit that touched `folder`, or empty when it is in no git
    repository (or git is missing)."""
    try:
        run = subprocess.run(
            ["git", "-C", str(folder), "log", "-1", "--format=%cs", "--", "."],
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return run.stdout.strip() if run.returncode == 0 else ""
