"""Preflight results as a table (one block a file) or as JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from printgen.preflight.checks import FileReport, FileReportJson


def mark(ok: bool, level: str) -> str:
    return "ok" if ok else ("FAIL" if level == "error" else "warn")


def table(reports: Sequence[FileReport], names: Sequence[str]) -> str:
    """Each file: its verdict, then a row a check (check, result, what was found)."""
    lines = []
    for report, name in zip(reports, names, strict=True):
        verdict = "passes" if report.ok else "FAILS"
        lines.append(f"{name}: {verdict} preflight for {report.target}")
        width = max(len(c.name) for c in report.checks)
        for check in report.checks:
            lines.append(
                f"  {check.name:<{width}}  {mark(check.ok, check.level):<4}  {check.detail}"
            )
    return "\n".join(lines)


class PreflightJson(TypedDict):
    """What `printgen preflight --json` prints: the verdict, and each file's report by name."""

    ok: bool
    target: str
    files: dict[str, FileReportJson]


def as_json(reports: Sequence[FileReport], names: Sequence[str], target: str) -> PreflightJson:
    return {
        "ok": all(r.ok for r in reports),
        "target": target,
        "files": {name: r.to_json() for r, name in zip(reports, names, strict=True)},
    }
