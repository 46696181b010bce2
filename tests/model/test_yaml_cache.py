"""Parsed YAML kept in the user's cache: read back the same values and lines, never a mistake."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.files import usercache
from printgen.model import sources
from tests.conftest import SUITE_CACHE

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
    first = sources.parse_yaml_value(text, "design.yaml")
    again = sources.parse_yaml_value(text, "design.yaml")
    assert seen == ["design.yaml"]
    assert len(list(cache.iterdir())) == 1
    assert again == first and again[0] is not first[0]  # a fresh copy: callers may change it
    assert again == sources._parse_yaml(text, "design.yaml")  # values and every line
    # the file's name is part of what is kept: its messages name the file they came from
    _, elsewhere = sources.parse_yaml_value(text, "other/design.yaml")
    assert elsewhere.file == "other/design.yaml" and seen[-1] == "other/design.yaml"


def test_a_text_with_a_mistake_is_never_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = DESIGN.read_text(encoding="utf-8") + "front: [\n"
    for _ in range(2):
        with pytest.raises(DataError) as error:
            sources.parse_yaml_value(text, "design.yaml")
        assert "design.yaml:" in str(error.value)
    assert not cache.exists() or not list(cache.iterdir())


def test_a_damaged_entry_is_parsed_again_and_written_anew(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = DESIGN.read_text(encoding="utf-8")
    expected = sources.parse_yaml_value(text, "design.yaml")
    (entry,) = cache.iterdir()
    entry.write_bytes(entry.read_bytes()[:100])
    seen = parses(monkeypatch)
    assert sources.parse_yaml_value(text, "design.yaml") == expected
    assert sources.parse_yaml_value(text, "design.yaml") == expected
    assert seen == ["design.yaml"]  # once for the damaged entry, then read back


def test_short_texts_and_a_folder_not_to_trust_are_parsed_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    seen = parses(monkeypatch)
    text = DESIGN.read_text(encoding="utf-8")
    assert sources.parse_yaml_value(text, "d.yaml") == sources.parse_yaml_value(text, "d.yaml")
    assert sources.parse_yaml_value("a: 1\n", "s.yaml")[0] == {"a": 1}
    assert seen == ["d.yaml", "d.yaml", "s.yaml"]


def test_the_cache_keeps_a_bounded_number_of_entries(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usercache, "ENTRIES_KEPT", 3)
    text = DESIGN.read_text(encoding="utf-8")
    for number in range(5):
        sources.parse_yaml_value(text + f"# edit {number}\n", "design.yaml")
    assert len(list(cache.iterdir())) == 3


def test_a_relative_cache_home_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "kit").mkdir()
    monkeypatch.chdir(tmp_path / "kit")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", ".cache")  # a kit unpacked here could ship one
    assert usercache.cache_folder("yaml") == tmp_path / "home" / ".cache" / "printgen" / "yaml"
    assert not (tmp_path / "kit" / ".cache").exists()


@pytest.mark.parametrize("how", ["writable by others", "a symlink"])
def test_a_cache_folder_others_could_write_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "cache" / "printgen").mkdir(parents=True)
    if how == "a symlink":
        (tmp_path / "elsewhere").mkdir()
        (tmp_path / "cache" / "printgen" / "yaml").symlink_to(tmp_path / "elsewhere")
    else:
        (tmp_path / "cache" / "printgen" / "yaml").mkdir(mode=0o700)
        (tmp_path / "cache" / "printgen" / "yaml").chmod(0o777)
    assert usercache.cache_folder("yaml") is None


class _Planted:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))  # would make the marker file if unpickled


def test_a_planted_entry_runs_no_code_and_the_text_is_parsed_again(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pickle

    text = DESIGN.read_text(encoding="utf-8")
    expected = sources.parse_yaml_value(text, "design.yaml")
    marker = tmp_path / "ran"
    [entry] = list(cache.iterdir())
    entry.write_bytes(pickle.dumps((_Planted(marker), expected[1])))
    seen = parses(monkeypatch)

    assert sources.parse_yaml_value(text, "design.yaml") == expected
    assert not marker.exists()
    assert seen == ["design.yaml"]


def test_a_path_with_a_byte_that_is_not_utf8_is_cached_too(cache: Path) -> None:
    text = DESIGN.read_text(encoding="utf-8")
    name = "caf\udce9/design.yaml"  # how Python shows the byte 0xe9 of a Latin-1 folder name
    parse = sources.parse_yaml_value
    assert parse(text, name) == parse(text, name)  # was exit 3


def test_an_install_with_no_readable_code_keeps_nothing(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sources, "_CACHE_SALT", None)
    text = DESIGN.read_text(encoding="utf-8")
    seen = parses(monkeypatch)
    sources.parse_yaml_value(text, "design.yaml")
    sources.parse_yaml_value(text, "design.yaml")
    assert seen == ["design.yaml", "design.yaml"]
    assert not cache.exists() or not any(cache.iterdir())


def _zipped_salt(tmp_path: Path, extra: bytes) -> str:
    """The cache key's salt of printgen imported from a zip whose sources.py ends in `extra`."""
    package = Path(sources.__file__).resolve().parents[1]
    archive = tmp_path / f"printgen-{len(extra)}.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in sorted(package.rglob("*.py")):
            data = path.read_bytes() + (extra if path.name == "sources.py" else b"")
            zipped.writestr(str(path.relative_to(package.parent)), data)
    code = "from printgen.model import sources; print(sources.__file__, sources._CACHE_SALT.hex())"
    env = {**os.environ, "PYTHONPATH": str(archive)}
    run = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    where, salt = run.stdout.split()
    assert where.startswith(str(archive))
    return salt


def test_a_zipped_install_keys_its_parses_on_its_own_code(tmp_path: Path) -> None:
    """Not on a version number: an edit of the parser in the zip is a new key."""
    assert _zipped_salt(tmp_path, b"") == sources._CACHE_SALT.hex()  # type: ignore[union-attr]
    assert _zipped_salt(tmp_path, b"# edited\n") != sources._CACHE_SALT.hex()  # type: ignore[union-attr]


def test_the_suite_keeps_its_caches_out_of_the_developers() -> None:
    folder = usercache.cache_folder(sources.CACHE_KIND)
    assert folder is not None and folder.is_relative_to(SUITE_CACHE)
    assert not folder.is_relative_to(Path.home() / ".cache")
