"""A YAML mapping the schema has checked, read by type.

`check_mapping` (`model/schema.py`) proves every declared key holds a value of its declared
kind before any reader sees it. The reader then asks for each key by that kind
(`spec.text("file")`, `spec.integer("faces")`), and gets a Python type back rather than a
`YamlValue` it would narrow by hand, or an `Any` it would not narrow at all. The keys are
declared once, in the `Key`s: no second declaration (a TypedDict per YAML kind) repeats them.

A getter that finds another kind than it asks for is a bug in the reader or in the
declaration, not a designer's mistake (those are problems with a line, reported by the
check): it raises AssertionError naming the key.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TypeGuard

from printgen.model.sources import Located
from printgen.model.yaml_value import YamlMapping, YamlValue


class Checked(Mapping[str, YamlValue]):
    """The checked mapping (with its declared defaults), where it stands in its file, and
    its key path (`components.actions`). Empty when the check found a problem."""

    __slots__ = ("_values", "loc", "where")

    def __init__(self, values: YamlMapping, loc: Located, where: str) -> None:
        self._values = values
        self.loc = loc
        self.where = where

    def __getitem__(self, name: str) -> YamlValue:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return (str(key) for key in self._values)  # declared keys: all text

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Checked({self._values!r}, {self.where!r})"

    @property
    def plain(self) -> YamlMapping:
        """The mapping itself, for what keeps or prints it whole (a template's context)."""
        return self._values

    def text(self, name: str) -> str:
        """A required key's text (or one with a default)."""
        value = self._values.get(name)
        if not isinstance(value, str):
            raise self._bug(name, "text", value)
        return value

    def text_or_none(self, name: str) -> str | None:
        value = self._values.get(name)
        return None if value is None else self.text(name)

    def integer(self, name: str) -> int:
        """A required key's whole number (or one with a default); never a YAML true."""
        value = self._values.get(name)
        if not _whole(value):
            raise self._bug(name, "a whole number", value)
        return value

    def integer_or_none(self, name: str) -> int | None:
        value = self._values.get(name)
        return None if value is None else self.integer(name)

    def text_or_number(self, name: str) -> str | int | float:
        """A key that takes text or a number (a length: `63.5mm`, `0`)."""
        value = self._values.get(name)
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise self._bug(name, "text or a number", value)
        return value

    def flag_or_none(self, name: str) -> bool | None:
        value = self._values.get(name)
        if value is not None and not isinstance(value, bool):
            raise self._bug(name, "true or false", value)
        return value

    def texts(self, name: str) -> tuple[str, ...]:
        """A list of text (empty when absent)."""
        value = self._values.get(name)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self._bug(name, "a list of text", value)
        return tuple(str(v) for v in value)

    def mapping(self, name: str) -> YamlMapping:
        """A mapping whose keys the reader checks itself (names the designer chooses);
        empty when absent."""
        value = self._values.get(name)
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self._bug(name, "a mapping", value)
        return value

    def list_of(self, name: str) -> list[YamlValue]:
        """A list whose items the reader checks itself; empty when absent."""
        value = self._values.get(name)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self._bug(name, "a list", value)
        return value

    def counts(self, name: str) -> dict[int, int]:
        """A mapping of whole numbers to whole numbers (player count -> dice rolled), as a
        `mapping_of(whole_number(..), whole_number(..))` check has found it; empty when
        absent."""
        found: dict[int, int] = {}
        for key, value in self.mapping(name).items():
            if not (_whole(key) and _whole(value)):
                raise self._bug(name, "a mapping of whole numbers", {key: value})
            found[key] = value
        return found

    def section(self, name: str) -> Checked:
        """A nested mapping declared key by key (`Key(keys=...)`), checked with the rest."""
        return Checked(self.mapping(name), self.loc.child(name), self._at(name))

    def _at(self, name: str) -> str:
        return f"{self.where}.{name}" if self.where else name

    def _bug(self, name: str, kind: str, value: object) -> AssertionError:
        return AssertionError(
            f"{self.loc.file}: {self._at(name)}: read as {kind} but holds {value!r}: "
            "its Key declares another kind"
        )


def _whole(value: object) -> TypeGuard[int]:
    """A whole number, which a YAML true is not (though Python's bool is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)
