"""Which parser reads a designer's YAML: libyaml when PyYAML has it, PyYAML's own for what
libyaml refuses, so the messages designers are shown stay PyYAML's."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from printgen.errors import DataError
from printgen.model import sources
from printgen.model.sources import parse_yaml_value

ROOT = Path(__file__).resolve().parents[2]
LIBYAML: type[yaml.CSafeLoader] | None = getattr(yaml, "CSafeLoader", None)
needs_libyaml = pytest.mark.skipif(LIBYAML is None, reason="PyYAML built without libyaml")


def _shape(node: yaml.Node | None) -> object:
    """Everything the reader takes from a node: kind, tag, value, where it starts and ends
    (a plain scalar's style is None in PyYAML and '' in libyaml: both mean plain)."""
    if node is None:
        return None
    marks = (node.start_mark.line, node.start_mark.column, node.end_mark.line, node.end_mark.column)
    head = (type(node).__name__, node.tag, marks)
    if isinstance(node, yaml.MappingNode):
        return (*head, [(_shape(key), _shape(value)) for key, value in node.value])
    if isinstance(node, yaml.SequenceNode):
        return (*head, [_shape(item) for item in node.value])
    assert isinstance(node, yaml.ScalarNode)
    return (*head, node.value, node.style or None)


def _repo_yaml() -> list[Path]:
    folders = ("card_data", "templates", "examples", "tests")
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.yaml"))


@needs_libyaml
def test_libyaml_gives_pyyaml_s_nodes_for_every_yaml_file_in_the_project() -> None:
    assert LIBYAML is not None
    files = _repo_yaml()
    assert len(files) > 50  # the bundled games, the shared templates, the samples
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert _shape(yaml.compose(text, Loader=LIBYAML)) == _shape(
            yaml.compose(text, Loader=yaml.SafeLoader)
        ), path


@needs_libyaml
def test_the_reader_uses_libyaml(monkeypatch: pytest.MonkeyPatch) -> None:
    used: list[type] = []
    compose = yaml.compose

    def spying(text: str, Loader: type) -> yaml.Node | None:
        used.append(Loader)
        return compose(text, Loader=Loader)

    monkeypatch.setattr(yaml, "compose", spying)
    assert sources._parse_yaml("a: [1, 2]\n", "g.yaml")[0] == {"a": [1, 2]}
    assert used == [LIBYAML]


@needs_libyaml
def test_what_libyaml_refuses_is_said_in_pyyaml_s_words_with_its_place() -> None:
    with pytest.raises(DataError) as caught:
        parse_yaml_value("a: 1\n  b: 2\n", "g.yaml")
    assert str(caught.value) == "g.yaml:2:4: a key here needs its own line (indentation?)"


@needs_libyaml
def test_a_type_ending_in_a_question_mark_inside_braces_is_read() -> None:
    value, located = parse_yaml_value("columns: {cost: int?, art: image}\n", "g.yaml")
    assert value == {"columns": {"cost": "int?", "art": "image"}}
    assert located.lines["columns"] == 1


def test_without_libyaml_the_question_mark_gets_its_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "_FAST_LOADER", None)
    with pytest.raises(DataError) as caught:
        parse_yaml_value("columns: {cost: int?, art: image}\n", "g.yaml")
    assert str(caught.value) == (
        "g.yaml:1:20: a mapping opened with '{' is not closed with '}' (or a ',' is missing)"
        '; a value ending in "?" inside { } needs quotes: {cost: "int?"}'
    )


@pytest.mark.parametrize("text", ["- " * 2_000 + "x\n", "- " * 900 + "x\n"])
def test_a_text_nested_past_or_within_libyaml_s_limit_is_too_deep(text: str) -> None:
    """2,000 levels: libyaml refuses, PyYAML runs out of recursion; 900: libyaml reads it,
    and the reader's own depth limit (50) refuses it."""
    with pytest.raises(DataError) as caught:
        parse_yaml_value(text, "g.yaml")
    assert "YAML nested" in str(caught.value)
