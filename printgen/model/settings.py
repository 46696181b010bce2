"""`--set KEY=VALUE`: change one game.yaml value for a run, before the game is built.

A setting is applied to the YAML document as it was read, so the very schema (and each engine's
reading of `rules:`) that checks the file checks the changed value too, and its messages keep
the file and line of the key. KEY is the dotted path of a key that is in the file or that the
schema accepts there (`rules.think.next_leader`, `deal.cards_each.4`); VALUE is read as YAML
(`7`, `winner`, `true`, `null`, `[a, b]`) by the reader of game.yaml itself, with its guards
(aliases, nesting, long numbers, tags: `printgen.model.sources.parse_yaml_value`). Settings travel
as text (`Setting` is hashable and picklable), so a worker on another machine applies exactly
what the command line said.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from printgen.errors import DataError, Problem, UsageError
from printgen.model.sources import Located, parse_yaml_value
from printgen.model.yaml_value import YamlMapping, YamlScalar, YamlValue

SHOWN = 80  # characters of a value that messages repeat


@dataclass(frozen=True)
class Setting:
    """One `KEY=VALUE` of the command line, kept as typed."""

    key: str
    text: str
    option: str = "--set"  # the option that gave it, for messages

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(self.key.split("."))

    def value(self) -> YamlValue:
        """The value, read as game.yaml's values are; a UsageError naming the option."""
        try:
            return parse_yaml_value(self.text, f"{self.option} {self}")[0]
        except DataError as exc:
            message = exc.problems[0].message
            raise UsageError(f"{self.option} {self}: the value is refused: {message}") from None

    def __str__(self) -> str:
        """As typed, for messages and labels; a long value cut short."""
        if len(self.text) <= SHOWN:
            return f"{self.key}={self.text}"
        return f"{self.key}={self.text[: SHOWN - 20]}... ({len(self.text)} characters)"


def parse_setting(text: str, option: str = "--set") -> Setting:
    """`KEY=VALUE` as a `Setting`, or a UsageError naming the option."""
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise UsageError(f"{option} {text}: expected KEY=VALUE, e.g. rules.tie_breaker=shared")
    if any(not part for part in key.split(".")):
        raise UsageError(f"{option} {text}: {key!r} has an empty part between dots")
    setting = Setting(key, value.strip(), option)
    setting.value()  # a malformed value is refused now, not in a worker
    return setting


def apply_settings(
    doc: YamlValue,
    loc: Located,
    settings: Sequence[Setting],
    accepted: Mapping[tuple[str, ...], Iterable[str]] | None = None,
) -> list[Problem]:
    """Change `doc` (a game.yaml document, in place) as `settings` say.

    A key must already be in the document, or be one that `accepted` lists for its parent
    (the schema's optional keys); anything else is a problem naming the key, its line and the
    keys that are there, so a typo never passes silently as a new, unread key.
    """
    problems = [_apply(doc, loc, s, accepted or {}) for s in settings]
    return [p for p in problems if p is not None]


def _apply(
    doc: YamlValue,
    loc: Located,
    setting: Setting,
    accepted: Mapping[tuple[str, ...], Iterable[str]],
) -> Problem | None:
    node, here = doc, loc
    path = setting.path
    for depth, part in enumerate(path):
        where = ".".join(path[:depth]) or "the top level"
        if not isinstance(node, (list, dict)):
            return _problem(here, setting, f"{where} is a single value, not a mapping")
        key, wrong = _key(node, part, (depth, path, where), accepted)
        if wrong is not None:
            return _problem(here, setting, wrong)
        if depth == len(path) - 1:
            _put(node, key, setting.value())
        else:
            node, here = _item(node, key), here.child(key)
    return None


def _item(node: list[YamlValue] | YamlMapping, key: YamlScalar) -> YamlValue:
    """`node[key]`: a list's item at a whole-number key (`_key` gives it), or a mapping's."""
    if isinstance(node, list):
        return node[_index(key)]
    return node[key]


def _put(node: list[YamlValue] | YamlMapping, key: YamlScalar, value: YamlValue) -> None:
    """`node[key] = value`, as `_item` reads it."""
    if isinstance(node, list):
        node[_index(key)] = value
    else:
        node[key] = value


def _index(key: YamlScalar) -> int:
    if not isinstance(key, int):
        raise TypeError(f"a list's index must be a whole number, not {key!r}")
    return key


def _key(
    node: list[YamlValue] | YamlMapping,
    part: str,
    at: tuple[int, tuple[str, ...], str],
    accepted: Mapping[tuple[str, ...], Iterable[str]],
) -> tuple[YamlScalar, str | None]:
    """The key of `node` that the setting's `part` names (a list's index, a mapping's key,
    or one the schema accepts there), or what is wrong; `at` is the part's depth in the
    setting's path, the path, and the place of `node` as a message names it."""
    depth, path, where = at
    if isinstance(node, list):
        key = int(part) if part.isdigit() else -1
        if not 0 <= key < len(node):
            return None, f"{where} holds {len(node)} items"
        return key, None
    found = next((k for k in node if str(k) == part), None)
    if found is not None:
        return found, None
    known = {str(k) for k in node} | set(accepted.get(path[:depth], ()))
    if depth < len(path) - 1 or part not in known:
        keys = ", ".join(sorted(known)) or "none"
        return None, f"no key {part!r} in {where}; keys: {keys}"
    return (int(part) if part.isdigit() and _int_keys(node) else part), None


def explain(error: DataError, settings: Sequence[Setting]) -> DataError:
    """The same problems, each that concerns a set key saying which `--set` gave its value."""
    if not settings:
        return error
    problems = []
    for p in error.problems:
        given = [s for s in settings if _related(p.field, s.key)]
        if given and given[0].option not in p.message:
            p = Problem(
                p.file,
                p.line,
                p.field,
                f"{p.message} (from {given[0].option} {given[0]})",
                p.column,
            )
        problems.append(p)
    return DataError(problems)


def _related(field: str, key: str) -> bool:
    return bool(field) and (field == key or key.startswith(field + ".") or field.startswith(key))


def _int_keys(node: YamlMapping) -> bool:
    return bool(node) and all(isinstance(k, int) and not isinstance(k, bool) for k in node)


def _problem(here: Located, setting: Setting, message: str) -> Problem:
    return Problem(here.file, here.line, setting.key, f"{setting.option} {setting}: {message}")
