"""Rule variants: `--vary KEY=V1,V2` as settings of the game.yaml document (as `--set`).

Several `--vary` options make their cross product, the first value of each key being the
baseline (variant A); the product is capped at MAX_VARIANTS, since every variant plays every
seed and the table grows with each one.
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.errors import UsageError
from printgen.model.settings import Setting, parse_setting

MAX_VARIANTS = 16


@dataclass(frozen=True)
class Variant:
    name: str  # "A" (the baseline), "B", ...
    settings: tuple[Setting, ...]

    def label(self) -> str:
        return ", ".join(map(str, self.settings)) or "as the data says"


def parse_vary(texts: Sequence[str]) -> list[Variant]:
    """The variants of `--vary KEY=V1,V2[,...]` options, baseline first; refused past the cap."""
    if not texts:
        raise UsageError(
            "give at least one --vary KEY=V1,V2 (e.g. rules.tie_breaker=sudden-death,shared)"
        )
    axes: list[list[Setting]] = []
    keys: list[str] = []
    for text in texts:
        key, sep, values = text.partition("=")
        choices = [v.strip() for v in values.split(",")]
        if not sep or len(choices) < 2 or any(not v for v in choices):
            raise UsageError(f"--vary {text}: expected KEY=V1,V2[,...] (two values or more)")
        key = key.strip()
        if key in keys:
            raise UsageError(f"--vary {text}: {key} is varied twice; give its values in one --vary")
        keys.append(key)
        axes.append([parse_setting(f"{key}={v}", "--vary") for v in choices])
    total = 1
    for axis in axes:
        total *= len(axis)
    if total > MAX_VARIANTS:
        sizes = " x ".join(str(len(a)) for a in axes)
        raise UsageError(
            f"--vary gives {sizes} = {total} variants; at most {MAX_VARIANTS} are compared in one "
            "run: vary fewer values, or fix a key with --set and compare the rest"
        )
    product = itertools.product(*axes)
    return [Variant(_name(i), tuple(combo)) for i, combo in enumerate(product)]


def _name(index: int) -> str:
    return string.ascii_uppercase[index % 26] + ("" if index < 26 else str(index // 26))
