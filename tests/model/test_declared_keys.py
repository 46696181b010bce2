"""Every YAML file of the project is of a declared kind and uses only declared keys
(printgen/model/yaml_kinds.py), and the generated JSON Schemas and reference page are those the
declarations give (issue 39)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from printgen.model.schema import Key, undeclared
from printgen.model.schema_export import REFERENCE, _walk, stale
from printgen.model.sources import load_yaml_value
from printgen.model.yaml_kinds import KINDS, kind_of

ROOT = Path(__file__).resolve().parents[2]
TREES = ("card_data", "examples", "templates", "tests")
YAML_FILES = sorted(
    path.relative_to(ROOT).as_posix()
    for tree in TREES
    for path in (ROOT / tree).rglob("*.yaml")
    if ".venv" not in path.parts
)


def test_the_walk_finds_the_bundled_files() -> None:
    assert "card_data/mywuxing/game.yaml" in YAML_FILES
    assert "templates/common/shops/dtc.yaml" in YAML_FILES
    assert len(YAML_FILES) >= 49


@pytest.mark.parametrize("path", YAML_FILES)
def test_every_key_of_every_yaml_file_is_declared(path: str) -> None:
    kind = kind_of(path)
    assert kind is not None, f"{path}: no declared kind of YAML file (printgen/model/yaml_kinds)"
    doc, loc = load_yaml_value(ROOT / path)
    problems = [str(p) for p in undeclared(doc, loc, kind.root)]
    assert problems == []


def test_an_undeclared_key_is_named_with_its_line(tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    game.write_text(
        "id: toy\nname: Toy\nplayers: {min: 2, max: 4}\ncomponents:\n"
        "  deck:\n    file: cards.csv\n    delimeter: ';'\n",
        encoding="utf-8",
    )
    doc, loc = load_yaml_value(game)
    kind = kind_of("toy/game.yaml")
    assert kind is not None and kind.name == "game"
    [problem] = undeclared(doc, loc, kind.root)
    assert problem.line == 7
    assert problem.field == "components.deck.delimeter"
    assert "did you mean 'delimiter'?" in problem.message


def test_the_committed_schemas_and_reference_are_fresh() -> None:
    old = stale(ROOT / "docs")
    assert old == [], (
        f"regenerate with `python -m printgen.model.schema_export`: {[str(p) for p in old]}"
    )


def test_the_check_mode_fails_on_a_stale_file(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "printgen.model.schema_export", "--out", str(tmp_path)]
    assert subprocess.run([*run, "--check"], capture_output=True).returncode == 1
    assert subprocess.run(run, capture_output=True).returncode == 0
    assert subprocess.run([*run, "--check"], capture_output=True).returncode == 0
    (tmp_path / REFERENCE).write_text("edited by hand\n", encoding="utf-8")
    checked = subprocess.run([*run, "--check"], capture_output=True, text=True)
    assert checked.returncode == 1 and "keys.md" in checked.stderr


def test_the_reference_lists_every_declared_key() -> None:
    page = (ROOT / "docs" / REFERENCE).read_text(encoding="utf-8")
    for kind in KINDS:
        section = page.split(f"\n## {kind.name}\n", 1)[1].split("\n## ", 1)[0]
        missing = [path for path, _ in _walk(kind.root, "") if f"| `{path}` |" not in section]
        assert missing == [], f"{kind.name}: {missing}"


def test_the_walk_reaches_keys_in_lists_and_named_entries() -> None:
    inner = Key(False, dict, keys={"x": Key()})
    root = Key(True, dict, keys={"a": Key(False, list, items=inner), "b": Key(each=inner)})
    paths = [path for path, _ in _walk(root, "")]
    assert paths == ["a", "a[].x", "b", "b.NAME.x"]


def _validator(kind_name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((ROOT / "docs" / "schemas" / f"{kind_name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", YAML_FILES)
def test_the_json_schema_accepts_every_bundled_file(path: str) -> None:
    kind = kind_of(path)
    assert kind is not None
    doc, _ = load_yaml_value(ROOT / path)
    errors = [
        f"{list(e.absolute_path)}: {e.message}" for e in _validator(kind.name).iter_errors(doc)
    ]
    assert errors == []


def test_the_json_schema_refuses_a_wrong_type_and_an_unknown_key() -> None:
    validator = _validator("game")
    doc, _ = load_yaml_value(ROOT / "examples" / "saltmarsh" / "game.yaml")
    assert list(validator.iter_errors(doc)) == []
    doc["players"]["max"] = "four"
    [wrong] = validator.iter_errors(doc)
    assert (
        list(wrong.absolute_path) == ["players", "max"] and "'four' is not of type" in wrong.message
    )
    doc["players"]["max"] = 21
    [high] = validator.iter_errors(doc)
    assert "21 is greater than the maximum of 20" in high.message
    doc["players"]["max"] = 4
    design, _ = load_yaml_value(ROOT / "examples" / "lantern-market" / "design.yaml")
    box = next(iter(design["front"]["boxes"].values()))
    box["algin"] = "left"
    [unknown] = _validator("design").iter_errors(design)
    assert "'algin' was unexpected" in unknown.message
