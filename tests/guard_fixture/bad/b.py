"""The other half of the fixture's cycle."""

from . import a


def step(n: int) -> int:
    return n + 1 if a else n
