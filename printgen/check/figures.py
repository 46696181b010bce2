"""`validate`'s check of the figures a rulebook prints from simulation: every declared figure
recorded as declared, and recorded on the engine's play as it is now (printgen/sim/figures.py).
A stale figure is an error: the rulebook would print a number the game no longer gives."""

from __future__ import annotations

from printgen.errors import DataError, PrintgenError
from printgen.model import Game
from printgen.rules.engine import Check
from printgen.rules.figures import (
    DECLARED,
    RECORDED,
    Figure,
    declared_figures,
    recorded_figures,
)

NAME = "figures"


def figure_checks(game: Game) -> list[Check]:
    try:
        declared = declared_figures(game)
        recorded = recorded_figures(game)
    except DataError as exc:
        return [Check(NAME, False, "error", str(exc))]
    if not declared and not recorded:
        return []
    again = f"run `printgen figures {game.id}` to measure them again"
    unrecorded = _unrecorded(declared, recorded.get("figures") or {})
    if unrecorded:
        return [Check(NAME, False, "error", f"{unrecorded}: {again}")]
    from printgen.sim.figures import fingerprint  # plays a few games of every run

    try:
        now = fingerprint(game)
    except PrintgenError as exc:  # a figure's run that cannot start: its message says why
        return [Check(NAME, False, "error", f"{DECLARED}: {exc}")]
    if now != recorded.get("fingerprint"):
        return [
            Check(
                NAME,
                False,
                "error",
                f"the engine now plays other games than those {RECORDED} was measured on "
                f"(its rules, bots or code changed): {again}",
            )
        ]
    return [
        Check(NAME, True, "error", f"{len(declared)} measured on the engine's play as it is now")
    ]


def _unrecorded(declared: dict[str, Figure], entries: object) -> str:
    """What of the declared figures the record lacks (`not in figures.json: a, b`) or records
    as declared otherwise; empty when it has each as declared. `entries` is figures.json's
    `figures` as read: what is not a mapping records nothing."""
    recorded = {
        name: entry
        for name, entry in (entries.items() if isinstance(entries, dict) else ())
        if isinstance(entry, dict)
    }
    missing = [n for n in declared if recorded.get(n, {}).get("about") is None]
    changed = [
        name
        for name, figure in declared.items()
        if name not in missing
        and {k: recorded[name].get(k) for k in figure.declaration()} != figure.declaration()
    ]
    found = [f"not in {RECORDED}: {', '.join(missing)}"] if missing else []
    found += [f"declared otherwise in {DECLARED}: {', '.join(changed)}"] if changed else []
    return "; ".join(found)
