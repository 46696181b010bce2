"""The shapes of `compare --json`'s summary (DESIGN.md section 11), as `compare.summarize_compare`
builds it and the table, the report and `printgen compare` read it: TypedDicts only, so the
JSON (its keys and their order) is what the code writes, unchanged."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from printgen.sim.summary import Partial


class Verdict(TypedDict):
    """A variant's difference from A, its paired 95% interval (None: one game, no spread),
    and whether that interval leaves 0 out."""

    diff: float
    ci95: list[float] | None
    significant: bool


class MetricEntry(TypedDict):
    """One variant's value of a metric and its 95% interval; `unit` names the seat or team
    furthest from an even share (seat balance); `vs_a` for every variant but A."""

    value: float
    ci95: list[float] | None
    unit: NotRequired[str]
    vs_a: NotRequired[Verdict]


class Metric(TypedDict):
    """A metric's label, how it reads ("rate" or "mean") and its entry for each variant."""

    label: str
    kind: str
    variants: dict[str, MetricEntry]


class VariantSettings(TypedDict):
    """A variant's name (A, B, ...) and the game.yaml values it sets, as typed."""

    name: str
    set: dict[str, str]


class CompareSummary(TypedDict):
    """`compare --vary ... --json`: the run's settings, the variants, then each metric."""

    game: str
    players: int
    seed: int
    bots: list[str]
    options: dict[str, object]
    games: int
    variants: list[VariantSettings]
    metrics: dict[str, Metric]
    partial: NotRequired[Partial]
