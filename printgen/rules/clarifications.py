"""A game's clarifications: every point where this edition decides what the source leaves open,
or corrects it (card_data/<game>/clarifications.yaml).

```yaml
settings:                 # one entry per game.yaml `rules:` setting, by its dotted path
  versus.end:
    title: End of a versus game
    source: "A player piece is moved off of the board through its gate."   # the source's words
    values:               # a choice: the chosen value's line is the rule, the others are variants
      deck-out: "When the draw pile runs out ..."
      gate-only: "Only a piece leaving through its gate ends the game ..."
  match_target:
    title: Match target
    source: "MATCH ENDS AT: 15 POINTS!!!"
    text: "The match ends when a player reaches {value} points."   # {value}, {value[key]},
                                  # {figure[name]} (a recorded figure: printgen/rules/figures.py)
decisions:                # decided in the engine or the data, not a setting
  dual-order:
    title: Order of a Dual's moves
    source: "the player may make 2 independent moves"
    text: "..."
```

Every text may be one string or a mapping language -> string (`{en: ..., it: ...}`). The rulebook
prints one line per entry, with the chosen value (read from game.yaml, so a designer who changes
a setting sees the printed rule change with it), the other values and the source's words; the
rules text prints a setting's current rule with `{{ rule("versus.end") }}` and the variants with
`{{ variants() }}`. The engines name each decision they make in their docstrings as
`(decision: NAME)`; tests check that each name has an entry here.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, replace

from printgen.errors import DataError, Problem
from printgen.model import Game
from printgen.model.schema import Key, did_you_mean
from printgen.model.sources import Located, load_yaml_value
from printgen.model.yaml_kinds import CLARIFICATION_KEYS
from printgen.model.yaml_value import YamlScalar, YamlValue
from printgen.rules.engine import engine_of
from printgen.rules.figures import FigureTexts
from printgen.rules.per_game import Settings, per_game

FILE = "clarifications.yaml"
ENTRY_KEYS = tuple(CLARIFICATION_KEYS)  # declared in printgen.model.yaml_kinds
_FIELD = re.compile(r"^(value(\[[A-Za-z0-9_-]+\])*|figure\[[A-Za-z0-9_-]+\])$")


@dataclass(frozen=True)
class Entry:
    """One clarification: a `rules:` setting (path set) or a decision (path empty)."""

    name: str  # the setting's dotted path, or the decision's name
    title: dict[str, str]
    source: str
    text: dict[str, str]  # a setting with a plain value, or a decision
    values: dict[str, dict[str, str]]  # a choice: value -> its rule
    variant: bool  # a choice whose other values the variants section lists
    value: object = None  # the setting's value in game.yaml
    is_setting: bool = False

    def rule(self, lang: str, figures: FigureTexts | None = None) -> str:
        """The line for the value chosen now, in `lang` (falling back to the first text);
        `figures` fills in `{figure[name]}` (printgen.rules.figures.FigureTexts)."""
        if self.values:
            return self._fill(_pick(self.values[str(self.value)], lang), figures)
        return self._fill(_pick(self.text, lang), figures)

    def _fill(self, text: str, figures: FigureTexts | None) -> str:
        if "{" not in text:
            return text
        try:
            return text.format(value=self.value, figure=figures)
        except (LookupError, TypeError, ValueError) as exc:
            message = f"cannot fill in {{value}} = {self.value!r}: {exc!r}"
            raise DataError([Problem(FILE, None, f"settings.{self.name}.text", message)]) from None

    def heading(self, lang: str) -> str:
        return _pick(self.title, lang)

    def others(self, lang: str, figures: FigureTexts | None = None) -> list[tuple[str, str]]:
        """The values not chosen, each with its rule."""
        return [
            (v, self._fill(_pick(t, lang), figures))
            for v, t in self.values.items()
            if v != str(self.value)
        ]


@dataclass(frozen=True)
class Clarifications:
    settings: dict[str, Entry]
    decisions: dict[str, Entry]

    @property
    def entries(self) -> list[Entry]:
        return [*self.settings.values(), *self.decisions.values()]


@per_game
def clarifications_of(game: Game) -> Clarifications:
    """The game's clarifications, their settings' values read from game.yaml (none: empty)."""
    path = game.folder / FILE
    if not path.is_file():
        return Clarifications({}, {})
    doc, where = load_yaml_value(path)
    problems: list[Problem] = []
    if not isinstance(doc, dict):
        raise DataError([Problem(where.file, 1, "", "expected settings: and decisions:")])
    for key in doc:
        if key not in ("settings", "decisions"):
            problems.append(
                where.problem(key, str(key), "unknown key; accepted: settings, decisions")
            )
    settings = _entries(doc.get("settings"), where.child("settings"), "settings", problems)
    decisions = _entries(doc.get("decisions"), where.child("decisions"), "decisions", problems)
    chosen = {}
    declared = _declared_settings(game)
    for name, entry in settings.items():
        found, value = _lookup(declared, name)
        here = where.child("settings")
        if not found:
            problems.append(here.problem(name, f"settings.{name}", _not_a_setting(game, name)))
            continue
        if entry.values and str(value) not in entry.values:
            problems.append(
                Problem(
                    game.located.file,
                    game.rules_line(*name.split(".")),
                    f"rules.{name}",
                    f"{value!r} is not described in {FILE}; described: {', '.join(entry.values)}",
                )
            )
            continue
        chosen[name] = replace(entry, value=value, is_setting=True)
    if problems:
        raise DataError(problems)
    return Clarifications(chosen, decisions)


def _declared_settings(game: Game) -> Mapping[YamlScalar, object]:
    """game.yaml `rules:` as its engine's declared settings read it: checked, with the declared
    default of each setting the file leaves out (a clarification of `think.partner` prints
    the rule the engine plays when game.yaml does not say). A game whose engine declares no
    keys has only what its game.yaml writes."""
    engine = engine_of(game)
    if engine is None or not engine.keys:
        return game.rules
    read = Settings(game, engine.keys)
    read.done()  # a wrong setting is reported as the settings check reports it
    return read.values.plain


def _not_a_setting(game: Game, dotted: str) -> str:
    """Why `dotted` names no setting: the first part its engine does not declare, with the
    settings there are (and the one meant, when one is close)."""
    engine = engine_of(game)
    keys: Mapping[str, Key] | None = engine.keys if engine is not None else None
    if not keys:
        return "no such setting in game.yaml rules:"
    path = ["rules"]
    for part in dotted.split("."):
        if keys is None or part not in keys:
            there = ", ".join(keys or {})
            close = did_you_mean(part, keys or {})
            return f"no setting {part!r} in {'.'.join(path)}{close} (its settings: {there})"
        path.append(part)
        keys = keys[part].keys
    return f"rules.{dotted} is not in game.yaml, and has no default"


def _lookup(rules: Mapping[YamlScalar, object], dotted: str) -> tuple[bool, object]:
    value: object = rules
    for key in dotted.split("."):
        if not isinstance(value, dict) or key not in value:
            return False, None
        value = value[key]
    return True, value


def _entries(
    raw: YamlValue, where: Located, part: str, problems: list[Problem]
) -> dict[str, Entry]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        problems.append(Problem(where.file, where.line, part, "expected a mapping of entries"))
        return {}
    entries = {}
    for name, spec in raw.items():
        at = where.child(name)
        field = f"{part}.{name}"
        if not isinstance(spec, dict):
            problems.append(where.problem(name, field, "expected {title, source, text or values}"))
            continue
        unknown = [k for k in spec if k not in ENTRY_KEYS]
        if unknown:
            problems.append(
                at.problem(unknown[0], field, f"unknown key; accepted: {', '.join(ENTRY_KEYS)}")
            )
            continue
        values = spec.get("values") or {}
        if ("text" in spec) == bool(values) or not isinstance(values, dict):
            problems.append(where.problem(name, field, "expected either text: or values:"))
            continue
        try:
            entry = Entry(
                name=str(name),
                title=_texts(spec.get("title", name), f"{field}.title"),
                source=str(spec.get("source") or ""),
                text=_texts(spec["text"], f"{field}.text") if "text" in spec else {},
                values={str(v): _texts(t, f"{field}.values.{v}") for v, t in values.items()},
                variant=bool(spec.get("variant", False)),
            )
        except ValueError as exc:
            problems.append(where.problem(name, field, str(exc)))
            continue
        entries[str(name)] = entry
    return entries


def _texts(value: YamlValue, field: str) -> dict[str, str]:
    """A text, or a mapping language -> text; `{...}` fields may only name the value."""
    texts = value if isinstance(value, dict) else {"": value}
    out = {}
    for lang, text in texts.items():
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{field}: expected text, got {text!r}")
        try:
            fields = [f for _, f, _, _ in string.Formatter().parse(text) if f is not None]
        except ValueError as exc:
            raise ValueError(f"{field}: {exc}") from None
        bad = [f for f in fields if not _FIELD.match(f)]
        if bad:
            raise ValueError(
                f"{field}: only {{value}}, {{value[key]}} or {{figure[name]}} may be filled in, "
                f"not {{{bad[0]}}}"
            )
        out[str(lang)] = text.strip()
    return out


def _pick(texts: dict[str, str], lang: str) -> str:
    return texts.get(lang) or texts.get("") or texts.get("en") or next(iter(texts.values()))
