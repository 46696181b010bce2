"""The other half of the fixture's cycle, and two uses of Any (its import not counted)."""

from typing import Any

from . import a


def step(n: int, note: Any = None) -> int:
    kept: Any = note
    return n + 1 if a and kept is None else n
