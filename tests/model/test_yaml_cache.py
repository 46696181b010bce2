"""Parsed YAML kept in the user's cache: read back the same values and lines, never a mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.files import usercache
from printgen.model import sources

DESIGN = Path(__file__).resolve().parents[2] / "card_data" / "mywuxing" / "design.yaml"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "printgen" / sources.CACHE_KIND


def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names PyYAML parses from now on (what the cache does not answer)."""
    seen: list[str] = []
    parse = sources._parse_yaml

    def counted(text: str, name: str) -> object:
        seen.append(name)
        return parse(text, name)

    monkeypatch.setattr(sources, "_parse_yaml", counted)
    return seen


def test_a_text_parsed_again_is_read_back_with_the_same_values_and_lines(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = DESIGN.read_text(encoding="utf-8")
    seen = parses(monkeypatch)
    first = sources.parse_yaml(text, "design.yaml")
    again = sources.parse_yaml(text, "design.yaml")
    assert seen == ["design.yaml"]
    assert len(list(cache.iterdir())) == 1
    assert again == first and again[0] is not first[0]  # a fresh copy: callers may change it
    assert again == sources._parse_yaml(text, "design.yaml")  # values and every line
    # the file's name is part of what is kept: its messages name the file they came from
    _, elsewhere = sources.parse_yaml(text, "other/design.yaml")
    assert elsewhere.file == "other/design.yaml" and seen[-1] == "other/design.yaml"


def test_a_text_with_a_mistake_is_never_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = DESIGN.read_text(encoding="utf-8") + "front: [\n"
    for _ in range(2):
        with pytest.raises(DataError) as error:
            sources.parse_yaml(text, "design.yaml")
        assert "design.yaml:" in str(error.value)
    assert not cache.exists() or not list(cache.iterdir())


def test_a_damaged_entry_is_parsed_again_and_written_anew(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = DESIGN.read_text(encoding="utf-8")
    expected = sources.parse_yaml(text, "design.yaml")
    (entry,) = cache.iterdir()
    entry.write_bytes(entry.read_bytes()[:100])
    seen = parses(monkeypatch)
    assert sources.parse_yaml(text, "design.yaml") == expected
    assert sources.parse_yaml(text, "design.yaml") == expected
    assert seen == ["design.yaml"]  # once for the damaged entry, then read back


def test_short_texts_and_a_folder_not_to_trust_are_parsed_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    seen = parses(monkeypatch)
    text = DESIGN.read_text(encoding="utf-8")
    assert sources.parse_yaml(text, "d.yaml") == sources.parse_yaml(text, "d.yaml")
    assert sources.parse_yaml("a: 1\n", "s.yaml")[0] == {"a": 1}
    assert seen == ["d.yaml", "d.yaml", "s.yaml"]


def test_the_cache_keeps_a_bounded_number_of_entries(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usercache, "ENTRIES_KEPT", 3)
    text = DESIGN.read_text(encoding="utf-8")
    for number in range(5):
        sources.parse_yaml(text + f"# edit {number}\n", "design.yaml")
    assert len(list(cache.iterdir())) == 3
