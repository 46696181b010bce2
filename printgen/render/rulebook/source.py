"""A rulebook's sources: which `rules*.md` files a game has, their front matter and labels.

- `rules.md` is the rulebook in the game's first language and becomes `rules.pdf`; a file
  `rules.<lang>.md` becomes `rules.<lang>.pdf` (a game adds a language by adding a file).
  Without `rules.md`, `rules.<first language>.md` is the main one.
- A file may start with YAML front matter between `---` lines: `title`, `subtitle`, `labels`
  (overrides of the label table), `examples` (example name -> {name, text} in this language)
  and `emblem` (the symbols round the cover's ring, clockwise from the top).
- Labels are the words printgen writes itself (table headings, captions): English from
  `templates/common/rulebook/labels/en.yaml`, overridden by `labels/<lang>.yaml`, then by the
  game's own words (`rules-labels.yaml` in its folder: the words its engine's pictures print,
  which no other game shares), then by `rules-labels.<lang>.yaml`, then by the front matter.
  A language without a labels file falls back to English word by word, and a game's word
  without a translation to its `rules-labels.yaml`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from printgen.errors import DataError, Problem
from printgen.layout.labels import fill
from printgen.model import Game
from printgen.model.decks import slug
from printgen.model.schema import did_you_mean
from printgen.model.sources import parse_yaml_value
from printgen.model.yaml_value import YamlMapping
from printgen.render.outputs import Kind, Output
from printgen.render.text.labels import (
    _reference,
    label_problems,
    labels_for,
)
from printgen.render.text.labels import read_game_text as _read_text
from printgen.rules.parsed import mapped

RULES_FILE = re.compile(r"^rules(?:\.([a-z]{2,3}(?:-[a-z0-9]{2,8})?))?\.md$")
FRONT_KEYS = ("title", "subtitle", "labels", "examples", "emblem")
DEFAULT_TEXT = "## {components}\n\n{{{{ components() }}}}\n\n{{{{ examples() }}}}\n"


@dataclass(frozen=True)
class Source:
    """One rulebook to build: its language, text, labels and output file name."""

    game: Game
    lang: str
    path: Path | None  # None: no rules file, a generated minimal rulebook
    body: str
    body_line: int  # line of `body`'s first line in the file (after the front matter)
    front: YamlMapping = field(default_factory=dict)  # checked by _check_front
    labels: YamlMapping = field(default_factory=dict)  # checked by label_problems
    emblem: tuple[str, ...] = ()  # the front matter's `emblem:` as symbol ids, checked

    @property
    def output(self) -> Output:
        """Its reading copy: named by its language, '' for the game's main one."""
        main = self.lang == self.game.languages[0]
        return Output(Kind.RULEBOOK, "" if main else self.lang)

    @property
    def file_name(self) -> str:
        return f"{self.game.folder.name}/{self.path.name}" if self.path else self.game.id

    def label(self, key: str, **values: object) -> str:
        return fill(self.labels.get(key, key), values)

    def element(self, name: str) -> str:
        """A suit's or symbol's name: the labels' word for it, else as game.yaml writes it
        (`Sea Glass`), else its id as the cards print it (`sea-glass` is Sea Glass)."""
        word = mapped(self.labels.get("elements")).get(name)
        if word is not None:
            return str(word)
        return self.game.element_names.get(name) or name.replace("-", " ").title()

    @property
    def title(self) -> str:
        return str(self.front.get("title") or self.game.name)

    @property
    def subtitle(self) -> str:
        return str(self.front.get("subtitle", self.game.subtitle) or "")


def sources(game: Game) -> list[Source]:
    """The rulebooks of a game, main language first, then the others by name."""
    found = _files(game)
    result = []
    for lang in _languages(game, found):
        found_path = found.get(lang)
        if found_path is None:  # no text at all: components and examples only
            labels = labels_for(lang, {}, game)
            body = DEFAULT_TEXT.format(components=labels.get("components", "Components"))
            result.append(Source(game, lang, None, body, 1, {}, labels))
        else:
            result.append(read_source(game, lang, found_path))
    return result


def rule_pieces(game: Game, options: object = None) -> list[tuple[str, int]]:
    """The rulebooks of a game as pieces the kit builds apart (one a language, named by it, in
    the order of `sources`), found from the file names alone: a rulebook that cannot be read
    fails its part when built, not the planning of the whole build. One rulebook: one piece."""
    languages = _languages(game, _files(game))
    return [(lang, 2) for lang in languages] if len(languages) > 1 else []


def has_rules(game: Game) -> bool:
    """Whether the game has a rulebook to build: a rules file of any of its languages
    (`rules.md`, or `rules.<lang>.md` alone: its first language's is then the main one)."""
    return bool(_files(game))


def _files(game: Game) -> dict[str, Path]:
    """The rules files of a game by language (`rules.md` for the main one)."""
    found: dict[str, Path] = {}
    for path in sorted(game.folder.glob("rules*.md")):
        match = RULES_FILE.match(path.name)
        if match and match.group(1):
            found[match.group(1)] = path
    plain = game.folder / "rules.md"
    if os.path.lexists(plain):  # a FIFO or a link out is refused when read, never skipped
        found[game.languages[0]] = plain
    return found


def _languages(game: Game, found: dict[str, Path]) -> list[str]:
    main_lang = game.languages[0]
    return [main_lang, *sorted(k for k in found if k != main_lang)]


def read_source(game: Game, lang: str, path: Path) -> Source:
    name = f"{game.folder.name}/{path.name}"
    text = _read_text(game, path, name)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    front, body, body_line = _front_matter(text, name, _reference(game))
    emblem = front.get("emblem")
    ids = _emblem(emblem, game, name) if emblem is not None else []
    labels = labels_for(lang, mapped(front.get("labels")), game)
    return Source(game, lang, path, body, body_line, front, labels, tuple(ids))


def _front_matter(text: str, name: str, reference: YamlMapping) -> tuple[YamlMapping, str, int]:
    if not text.startswith("---\n"):
        return {}, text, 1
    end = text.find("\n---\n", 3)
    if end < 0:
        raise DataError([Problem(name, 1, "front matter", "no closing '---' line")])
    block = text[4 : end + 1]
    try:
        front, located = parse_yaml_value(block, name)  # bounded: no alias bombs, deep nesting
    except DataError as exc:
        # lines of the block are one below the file's (the opening '---')
        raise DataError(
            [
                replace(p, line=p.line + 1 if p.line else 1, field=p.field or "front matter")
                for p in exc.problems
            ]
        ) from None
    front = front or {}
    problems = _check_front(front, name)
    labels = front.get("labels") if isinstance(front, dict) else None
    if not problems and isinstance(labels, dict):
        child = located.child("labels")
        problems = [
            replace(p, line=(p.line or 1) + 1)  # the block starts on the file's second line
            for p in label_problems(labels, child, name, reference)
        ]
    if problems or not isinstance(front, dict):
        raise DataError(problems)
    body_line = text[: end + 5].count("\n") + 1
    return front, text[end + 5 :], body_line


def _emblem(emblem: object, game: Game, name: str) -> list[str]:
    """`emblem: [wood, fire, ...]`: symbols of the game, each once, named by their id or as
    game.yaml writes them (`Sea Glass` is sea-glass); returned as ids."""
    field_name = "front matter: emblem"
    if not isinstance(emblem, list) or not all(isinstance(s, str) for s in emblem):
        raise DataError([Problem(name, None, field_name, "expected a list of the game's symbols")])
    ids = [s if s in game.symbols else slug(s) for s in emblem]
    problems = [
        Problem(
            name,
            None,
            field_name,
            f"the game has no symbol {s!r}{did_you_mean(s, game.symbols)}"
            f" (its symbols: {', '.join(game.symbols)})",
        )
        for s, found in zip(emblem, ids, strict=True)
        if found not in game.symbols
    ]
    problems += [
        Problem(name, None, field_name, f"{s!r} is named twice")
        for k, (s, found) in enumerate(zip(emblem, ids, strict=True))
        if found in ids[:k]
    ]
    if problems:
        raise DataError(problems)
    return ids


def _check_front(front: object, name: str) -> list[Problem]:
    if not isinstance(front, dict):
        return [Problem(name, 2, "front matter", "expected a mapping of keys")]
    problems = []
    for key, value in front.items():
        if key not in FRONT_KEYS:
            problems.append(
                Problem(
                    name,
                    None,
                    f"front matter: {key}",
                    "unknown key; accepted: " + ", ".join(FRONT_KEYS),
                )
            )
        elif key in ("title", "subtitle") and not isinstance(value, str):
            problems.append(Problem(name, None, f"front matter: {key}", "expected text"))
        elif key in ("labels", "examples") and not isinstance(value, dict):
            problems.append(Problem(name, None, f"front matter: {key}", "expected a mapping"))
    for ex_name, spec in (front.get("examples") or {}).items():
        if not isinstance(spec, dict) or not all(
            k in ("name", "text") and isinstance(v, str) for k, v in spec.items()
        ):
            problems.append(
                Problem(
                    name,
                    None,
                    f"front matter: examples: {ex_name}",
                    "expected {name: text, text: text}",
                )
            )
    return problems
