"""Typesetting a rulebook lets the garbage collector make one pass, at its end
(pdf._collected_once), which frees the laid-out document, and leaves the collector as it
found it."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from printgen.render.rulebook.pdf import typeset

pytest.importorskip("weasyprint")

PAGE = """<!doctype html><html lang="en"><head><title>Pond</title></head><body>
<h1>Pond</h1><p>Deal <b>five</b> cards to each player.</p>
<ul><li>Draw one.</li><li>Play one.</li></ul>
<table><tr><th>Card</th><th>Count</th></tr><tr><td>Frog</td><td>12</td></tr></table>
</body></html>"""


def _passes(folder: Path) -> list[tuple[int, int]]:
    """Each collector pass made while PAGE is typeset: its generation, objects it freed."""
    passes: list[tuple[int, int]] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            passes.append((info["generation"], info["collected"]))

    gc.callbacks.append(seen)
    try:
        data, _ = typeset(lambda with_toc: PAGE, "", folder, [folder], "rules.md")
    finally:
        gc.callbacks.remove(seen)
    assert data.startswith(b"%PDF-")
    return passes


def test_one_full_pass_at_the_end_frees_the_laid_out_document(tmp_path: Path) -> None:
    passes = _passes(tmp_path)
    assert len(passes) == 1
    generation, freed = passes[0]
    assert generation == 2
    assert freed > 100  # weasyprint's boxes and styles hold cycles refcounting cannot free
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0  # the older objects are handed back


def test_a_collector_that_was_off_stays_off(tmp_path: Path) -> None:
    gc.disable()
    try:
        assert [generation for generation, _ in _passes(tmp_path)] == [2]
        assert not gc.isenabled()
    finally:
        gc.enable()
