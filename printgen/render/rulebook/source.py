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
import string
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import yaml

from printgen.errors import DataError, Problem, RenderError
from printgen.files.guarded import read_guarded
from printgen.files.templates import templates_dir
from printgen.layout.labels import fill
from printgen.model import Game
from printgen.model.decks import slug
from printgen.model.schema import did_you_mean
from printgen.model.sources import Located, parse_yaml_value
from printgen.model.yaml_value import YamlMapping
from printgen.render.outputs import Kind, Output
from printgen.rules.parsed import mapped

LANG = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{2,8})?$")
RULES_FILE = re.compile(r"^rules(?:\.([a-z]{2,3}(?:-[a-z0-9]{2,8})?))?\.md$")
MAX_SOURCE = 1_000_000  # characters; a rulebook is a few tens of thousands
FRONT_KEYS = ("title", "subtitle", "labels", "examples", "emblem")
GAME_LABELS = "rules-labels"
"""A game's own rulebook words: `rules-labels.yaml`, and `rules-labels.<lang>.yaml` over it."""
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


def _read_text(game: Game, path: Path, name: str) -> str:
    """A text file of the game's, read guarded and decoded (UTF-8, a byte-order mark allowed);
    bytes that are not UTF-8 are a problem at their line of `name`."""
    raw = read_guarded(path, MAX_SOURCE, game.folder, name)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError([Problem(name, line, "", "not UTF-8 text")]) from None


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


MAX_LABEL = 300
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def label_problems(
    labels: YamlMapping,
    located: Located,
    name: str,
    reference: YamlMapping,
    path: tuple[str, ...] = (),
    prefix: str = "labels.",
    new_fields: bool = False,
) -> list[Problem]:
    """Labels are plain text; a `{field}` is accepted only where the `reference` label of the
    same key (the English one, or the game's own) has it, written plainly (no width,
    conversion or attribute), so a label can neither fail (`{oops}`) nor pad a table to a
    hundred million spaces. `new_fields`: a word the reference lacks (a game's own, in its
    rules-labels.yaml) may name plain fields of its own, which its engine fills."""
    problems = []
    for key, value in labels.items():
        where = (*path, str(key))
        if isinstance(value, dict):
            problems += label_problems(
                value, located.child(key), name, reference, where, prefix, new_fields
            )
            continue
        line, field_name = located.line_of(key), prefix + ".".join(where)
        mistakes = _label_mistakes(value, _english(reference, where), new_fields)
        problems += [Problem(name, line, field_name, mistake) for mistake in mistakes]
    return problems


def _label_mistakes(value: object, model: object, new_fields: bool) -> list[str]:
    """What is wrong with one label's `value`, its `model` the reference's label of the same
    key (None where the reference has none): not text, too long, or a field it may not name."""
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return ["expected text"]
    text = str(value)
    if len(text) > MAX_LABEL or _CONTROL.search(text):
        return [f"expected one line of at most {MAX_LABEL} characters"]
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError as exc:
        return [f"malformed {{field}}: {exc}; write {{{{ for a brace"]
    return _field_mistakes(fields, _fields(model), new_fields and model is None)


def _field_mistakes(
    fields: list[tuple[str, str | None, str | None, str | None]], known: set[str], own: bool
) -> list[str]:
    """A message for each `{field}` of a label that is not one of `known` or not written
    plainly; `own`: a label of the game's own words, whose plain fields are its own."""
    mistakes = []
    for _, used, spec, conversion in fields:
        if used is None:
            continue
        if own and used.isidentifier():
            known.add(used)
        if spec or conversion or used not in known:
            accepted = ", ".join(f"{{{f}}}" for f in sorted(known)) or "none"
            mistakes.append(
                f"unknown field {{{used}{'!' + conversion if conversion else ''}"
                f"{':' + spec if spec else ''}}}; fields this label takes: {accepted}"
            )
    return mistakes


def _english(labels: object, path: tuple[str, ...]) -> object:
    for key in path:
        labels = labels.get(key) if isinstance(labels, dict) else None
    return labels


def _fields(text: object) -> set[str]:
    if not isinstance(text, str):
        return set()
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def labels_for(lang: str, overrides: YamlMapping, game: Game | None = None) -> YamlMapping:
    """English labels, overridden by the language's file, then by the game's own words
    (`rules-labels.yaml`, then `rules-labels.<lang>.yaml`), then by `overrides`."""
    layers = [label_file(lang) if lang != "en" else {}]
    if game is not None:
        layers += [game_labels(game), game_labels(game, lang)]
    labels = dict(label_file("en"))
    for layer in [*layers, overrides]:
        labels = dict(_merge(labels, layer))
        if "faces" in layer and "faces_one" not in layer:  # its plural, not English's singular
            labels["faces_one"] = labels["faces"]
    return labels


def game_labels(game: Game, lang: str | None = None) -> YamlMapping:
    """The game's own words, `rules-labels.yaml` (or `rules-labels.<lang>.yaml`), checked as
    front-matter labels are ({} when the game has no such file)."""
    file_name = f"{GAME_LABELS}.{lang}.yaml" if lang else f"{GAME_LABELS}.yaml"
    path = game.folder / file_name
    if not os.path.lexists(path):  # a FIFO or a link out is refused when read, never skipped
        return {}
    name = f"{game.folder.name}/{file_name}"
    text = _read_text(game, path, name)
    doc, located = parse_yaml_value(text, name)
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise DataError([Problem(name, 1, "", "expected a mapping of words (key: word)")])
    reference = label_file("en") if lang is None else _reference(game)
    problems = label_problems(doc, located, name, reference, prefix="", new_fields=lang is None)
    if problems:
        raise DataError(problems)
    return doc


def _reference(game: Game) -> YamlMapping:
    """What a rulebook's labels are checked against: the English words and the game's own."""
    return _merge(dict(label_file("en")), game_labels(game))


def _merge(base: YamlMapping, over: YamlMapping) -> YamlMapping:
    out = dict(base)
    for key, value in over.items():
        under = out.get(key)
        if isinstance(value, dict) and isinstance(under, dict):
            out[key] = _merge(under, value)
        else:
            out[key] = value
    return out


@cache
def label_file(lang: str) -> YamlMapping:
    if not LANG.match(lang):
        raise RenderError(f"not a language code: {lang!r}")
    path = templates_dir() / "common" / "rulebook" / "labels" / f"{lang}.yaml"
    if not path.is_file():
        return {}
    try:
        doc = yaml.safe_load(read_guarded(path, MAX_SOURCE, templates_dir()).decode("utf-8"))
    except (DataError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise RenderError(f"{path}: cannot read the labels: {exc}") from None
    if not isinstance(doc, dict):
        raise RenderError(f"{path}: expected a mapping of labels")
    return doc
