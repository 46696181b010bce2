"""render/ is a pipeline of stages (docs/architecture.md): each package imports only from the
stages before it, functions' imports too, so a reader can follow one card down the stages
and never back up. The kit orchestrates; no renderer imports it (tests/test_layers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_layers import PACKAGE, _imports

RENDER = PACKAGE / "render"
# Earliest first; stages in one tuple are siblings (neither imports the other).
STAGES: list[tuple[str, ...]] = [
    ("outputs",),  # what every renderer returns (render/outputs.py)
    ("text",),  # fonts, markup, fitting: knows nothing of designs or drawing
    ("draw",),  # SVG templates, SVG to cairo, pixels, the C libraries' declarations
    ("faces",),  # the design engine: one card or piece face
    ("pdf", "exports"),  # faces into PDF pages; faces into PNGs and virtual tables
    ("sheets",),  # faces imposed on paper (and the PDF repairs of pdf/)
    ("shop",),  # a print shop's files (one card a page from pdf/, CMYK PDF/X)
    ("rulebook", "parts"),  # typeset rulebooks (booklet from sheets/, shop copy); parts
    ("__init__",),
]
RANK = {name: rank for rank, names in enumerate(STAGES) for name in names}


def _stage(path: Path) -> str:
    return path.relative_to(RENDER).parts[0].removesuffix(".py")


def _wrong(stage: str, imports: list[tuple[int, str]], where: str) -> list[str]:
    """The imports of a module of `stage` that reach a later stage or a sibling."""
    found = []
    for line, name in imports:
        parts = name.split(".")
        if parts[:2] != ["printgen", "render"] or len(parts) < 3:
            continue
        theirs = parts[2]
        if theirs == stage or theirs not in RANK:
            continue
        if RANK[theirs] >= RANK[stage]:
            found.append(f"{where}:{line}: {stage} imports {name}")
    return found


def test_every_package_of_render_is_a_stage() -> None:
    assert {_stage(p) for p in RENDER.rglob("*.py")} <= set(RANK)


@pytest.mark.parametrize("stage", [name for names in STAGES for name in names])
def test_a_stage_imports_only_earlier_stages(stage: str) -> None:
    modules = [p for p in sorted(RENDER.rglob("*.py")) if _stage(p) == stage]
    wrong = [
        hit
        for path in modules
        for hit in _wrong(stage, _imports(path), str(path.relative_to(PACKAGE.parent)))
    ]
    assert not wrong, "\n".join(wrong)


def test_the_stage_check_finds_a_backward_import() -> None:
    imports = [
        (3, "printgen.render.text.textfit"),
        (7, "printgen.render.faces.render"),
        (9, "printgen.render.pdf.join"),
    ]
    assert _wrong("exports", imports, "m.py") == [
        "m.py:9: exports imports printgen.render.pdf.join"
    ]
    assert _wrong("text", imports, "m.py") == [
        "m.py:7: text imports printgen.render.faces.render",
        "m.py:9: text imports printgen.render.pdf.join",
    ]
