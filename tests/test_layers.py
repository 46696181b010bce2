"""The layers of DESIGN.md section 10, checked on every import in printgen/ (functions too).

cli -> commands -> kit -> check -> analysis -> render | sim | preflight -> rules -> model ->
layout -> files -> errors: a module imports only from its own layer or the layers below it;
siblings (render, sim and preflight) never import each other. preflight reads PDFs
and draws nothing: beside render, so the kit's shop build and `printgen preflight` reach it
and no renderer does. analysis reads decks and draws its small charts with render's SVG
writer (`render.draw.svgdraw`; the layout layer holds sizes, not drawing). files sits below
every layer but errors: its refusals (a data file that is a FIFO, a link out of the
game's folder) are the DataErrors users see. And no code outside a game's own rules package
names one of the five games.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "printgen"
# Lowest first; layers in one tuple are siblings (neither imports the other).
LAYERS: list[tuple[str, ...]] = [
    ("errors",),
    ("files",),  # atomic writes, hashes, the memo store, the guarded reader (DESIGN.md 10)
    ("layout",),
    ("model",),
    ("rules",),
    ("render", "sim", "preflight"),  # preflight: a PDF reader
    ("analysis",),  # reads decks; draws its charts with render's SVG writer (render.draw.svgdraw)
    ("check",),
    ("kit",),
    ("commands",),
    ("cli",),
    ("__main__", "__init__"),
]
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}
GAME_IDS = ("mywuxing", "cl4sh", "the-way", "elementa", "feng-shui-master")
GAME_PACKAGES = ("mywuxing", "cl4sh", "the_way", "elementa", "feng_shui")
_NAMES = re.compile(
    "|".join(re.escape(v) for g in GAME_IDS for v in {g, g.replace("-", "_")})
    + "|feng_shui|the_way"
)
# The games' names as people write them, in any case ("The Way" only capitalised: the way is
# also English), and abbreviations of them in names (FsmComponentsPage).
_DISPLAY = re.compile(
    r"(?i:mywuxing|cl4sh|elementa|feng[ _-]?shui)|The Way|The_Way|\bFsm|\bFSM\b|Fsm(?=[A-Z])"
)
_GAMES = re.compile(f"{_NAMES.pattern}|{_DISPLAY.pattern}")


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _layer(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every printgen module `path` imports (absolute or relative), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["printgen", *path.relative_to(PACKAGE).parent.parts]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, module))
    return [(line, name) for line, name in found if name.split(".")[0] == "printgen"]


def _violations(path: Path) -> list[str]:
    mine = _layer(path)
    wrong = []
    for line, name in _imports(path):
        parts = name.split(".")
        if len(parts) < 2:
            continue
        theirs = parts[1]
        if theirs not in RANK or theirs == mine:
            continue
        sibling = RANK[theirs] == RANK[mine]
        if RANK[theirs] > RANK[mine] or sibling:
            wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {mine} imports {name}")
    return wrong


def test_every_top_level_module_has_a_layer() -> None:
    assert {_layer(p) for p in _modules()} <= set(RANK)


@pytest.mark.parametrize("layer", [name for names in LAYERS for name in names])
def test_no_import_from_a_later_layer(layer: str) -> None:
    wrong = [v for p in _modules() if _layer(p) == layer for v in _violations(p)]
    assert not wrong, "\n".join(wrong)


def test_the_layer_check_finds_a_bad_import() -> None:
    module = PACKAGE / "rules" / "__init__.py"
    assert not _violations(module)
    bad = PACKAGE / "rules" / "_layer_probe.py"
    bad.write_text("def f():\n    from printgen.kit import run\n", encoding="utf-8")
    try:
        assert _violations(bad) == ["printgen/rules/_layer_probe.py:2: rules imports printgen.kit"]
    finally:
        bad.unlink()


def _game_names(path: Path) -> list[str]:
    """The five games named in a module: in any string (docstrings too) or any name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            texts = [node.value]
        elif isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            texts = [node.name]
        elif isinstance(node, ast.alias):
            texts = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or ""]
        for text in texts:
            for match in _GAMES.finditer(text):
                line = getattr(node, "lineno", 0)
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {match.group()!r}")
    return found


def _named_in_text(path: Path) -> list[str]:
    """The five games named in a file that is not Python (a template printgen carries)."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        for match in _GAMES.finditer(line):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {match.group()!r}")
    return found


def _outside_the_games(path: Path) -> bool:
    rel = path.relative_to(PACKAGE).as_posix()
    return not rel.startswith(tuple(f"rules/{g}/" for g in GAME_PACKAGES))


def test_no_module_outside_a_games_package_names_a_game() -> None:
    named = [n for p in _modules() if _outside_the_games(p) for n in _game_names(p)]
    assert not named, "\n".join(named)


def test_no_other_file_of_printgen_names_a_game() -> None:
    """Its templates (the simulation reports) are code too: they name no game either."""
    others = [
        p
        for p in sorted(PACKAGE.rglob("*"))
        if p.is_file()
        and p.suffix not in (".py", ".pyc")
        and "__pycache__" not in p.parts
        and _outside_the_games(p)
    ]
    assert others, "printgen carries templates: the check must read them"
    named = [n for p in others for n in _named_in_text(p)]
    assert not named, "\n".join(named)


SHARED_TEMPLATES = PACKAGE.parent / "templates" / "common"


def test_no_shared_template_names_a_game() -> None:
    """templates/common/ is every game's: its templates, palette, card design and the
    rulebook's words (labels/*.yaml) name no game; a game's own live in its folder."""
    files = sorted(p for p in SHARED_TEMPLATES.rglob("*") if p.is_file())
    assert len(files) > 10, "the shared templates must be read"
    named = [n for p in files for n in _named_in_text(p)]
    assert not named, "\n".join(named)


def test_the_naming_check_reads_the_shared_templates() -> None:
    probe = SHARED_TEMPLATES / "rulebook" / "labels" / "_naming_probe.yaml"
    probe.write_text("ex:\n  universe: Universe  # MyWuXing's word\n", encoding="utf-8")
    try:
        assert _named_in_text(probe) == [
            "templates/common/rulebook/labels/_naming_probe.yaml:2: 'MyWuXing'"
        ]
    finally:
        probe.unlink()


def test_the_naming_check_finds_a_games_name() -> None:
    probe = PACKAGE / "render" / "_naming_probe.py"
    probe.write_text(
        '"""Feng Shui Master\'s sheet; the way a shop reads it."""\n'
        "class FsmPage:\n"
        '    TITLE = "The Way"\n'
        '    TOP = "wood"  # MyWuXing only in a comment is no code\n'
        'HELP = "CL4SH or Elementa"\n'
    )
    try:
        found = sorted(n.split(": ")[-1] for n in _game_names(probe))
        assert found == ["'CL4SH'", "'Elementa'", "'Feng Shui'", "'Fsm'", "'The Way'"]
    finally:
        probe.unlink()


def test_the_naming_check_finds_a_game_id() -> None:
    probe = PACKAGE / "kit" / "_naming_probe.py"
    probe.write_text('PARTS = {"the-way": 1}\nfrom printgen.rules import feng_shui\n')
    try:
        assert sorted(n.split(": ")[-1] for n in _game_names(probe)) == ["'feng_shui'", "'the-way'"]
    finally:
        probe.unlink()
