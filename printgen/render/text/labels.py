"""printgen's words in each language, and a game's own: the label files a rulebook and a kit
print their words from (templates/common/rulebook/labels/<lang>.yaml: printgen's; a game's
`rules-labels.yaml` and `rules-labels.<lang>.yaml` over them), read and checked here, below
the stages that print them (the rulebook's text, the kit's sheets: printgen.render.text.kit_words).

A label is plain text: a `{field}` only where the English (or the game's own) label of the same
key has it, written plainly, so a label can neither fail nor pad a table to a hundred million
spaces (`label_problems`)."""

from __future__ import annotations

import os
import re
import string
from functools import cache
from pathlib import Path

import yaml

from printgen.errors import DataError, Problem, RenderError
from printgen.files.guarded import read_guarded
from printgen.files.templates import templates_dir
from printgen.model import Game
from printgen.model.sources import Located, parse_yaml_value
from printgen.model.yaml_value import YamlMapping

LANG = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{2,8})?$")
MAX_SOURCE = 1_000_000  # characters; a rulebook is a few tens of thousands
GAME_LABELS = "rules-labels"
"""A game's own rulebook words: `rules-labels.yaml`, and `rules-labels.<lang>.yaml` over it."""


def read_game_text(game: Game, path: Path, name: str) -> str:
    """A text file of the game's, read guarded and decoded (UTF-8, a byte-order mark allowed);
    bytes that are not UTF-8 are a problem at their line of `name`."""
    raw = read_guarded(path, MAX_SOURCE, game.folder, name)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError([Problem(name, line, "", "not UTF-8 text")]) from None


MAX_LABEL = 600
"""A label is one line: a print guide's paragraph (`guide_cricut`, some 330 characters in
English and more in German) is the longest printgen has."""
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
    text = read_game_text(game, path, name)
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
