"""`printgen new`: a game folder that validates and builds at once (game.yaml, a deck,
design.yaml and rules.md), written from the texts in `templates/common/new/*.in`, each with
comments pointing to the documentation page that explains it.

The folder is written whole or not at all: into a hidden folder beside it, renamed into place
at the end, so an interrupted or failed `new` leaves no half-made game for `validate` to find.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from printgen.errors import UsageError, display_path
from printgen.files.templates import templates_dir
from printgen.model.names import is_id, name_problem, same_name_key, slug

SHAPES = ("rect", "rounded", "circle", "hex")
"""The shapes of game.yaml's `shape:` a new game's pieces may take (no --shape: cards)."""

_PIECES = {  # shape -> the deck's name and its size: value, as game.yaml writes it
    "rect": ("tiles", "40mm                     # each side"),
    "rounded": ("tiles", "[60mm, 40mm]             # width and height"),
    "circle": ("tokens", "25mm                     # the diameter"),
    "hex": ("tiles", "40mm                     # across the flats"),
}

_SETUP_CARDS = """Shuffle the deck and deal each player their cards:

{{ deal_table() }}"""
_SETUP_PIECES = "Mix the $deck face down. Each player draws three."


def name_refusal(name: str) -> str | None:
    """Why NAME cannot be a new game's id (its folder's name); None when it can."""
    if not name:
        return "a game needs a name"
    if (why := name_problem(name)) is not None:
        return why
    if is_id(name):
        return None
    suggestion = slug(name)
    hint = f"; did you mean {suggestion!r}?" if suggestion and is_id(suggestion) else ""
    return (
        f"{name!r} cannot be a game's id: use lowercase letters, digits and hyphens "
        f"(it names the game's folder and its kit){hint}"
    )


def game_files(game_id: str, shape: str | None, data_hint: str = "") -> dict[str, str]:
    """The new game's files by name: game.yaml, its deck, design.yaml and rules.md.
    `data_hint` is what the comments' commands add after the id (` --data games`)."""
    deck, size = _PIECES[shape] if shape else ("deck", "")
    values = {
        "id": game_id,
        "title": game_id.replace("-", " ").strip().title() or game_id,
        "data": data_hint,
        "deck": deck,
        "shape": shape or "rect",
        "size": size,
        "things": "cards" if shape is None else deck,
    }
    kind = "pieces" if shape else "cards"
    values["components"] = _fill(f"components-{kind}.yaml", values).rstrip("\n")
    values["boxes"] = _fill(f"boxes-{kind}.yaml", values).rstrip("\n")
    values["setup"] = _substitute(_SETUP_PIECES if shape else _SETUP_CARDS, values)
    return {
        "game.yaml": _fill("game.yaml", values),
        f"{values['things']}.csv": _text(f"{kind}.csv"),
        "design.yaml": _fill("design.yaml", values),
        "rules.md": _fill("rules.md", values),
    }


def write_game(data_dir: Path, game_id: str, files: dict[str, str]) -> Path:
    """Writes `files` as the folder `data_dir/game_id`, all of them or none; refuses a folder
    (or anything else) already there."""
    target = data_dir / game_id
    _refuse_existing(data_dir, game_id)
    data_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{game_id}.new-", dir=data_dir))
    try:
        for name, text in files.items():
            (staging / name).write_text(text, encoding="utf-8")
        os.chmod(staging, 0o777 & ~_umask())
        _refuse_existing(data_dir, game_id)  # made while we wrote: never renamed over
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def _refuse_existing(data_dir: Path, game_id: str) -> None:
    target = data_dir / game_id
    if target.exists() or target.is_symlink():
        raise UsageError(
            f"{display_path(target)}: already exists; printgen new writes only a new folder "
            "(choose another NAME, or move that one away)"
        )
    if data_dir.exists() and not data_dir.is_dir():
        raise UsageError(f"--data {display_path(data_dir)}: not a folder")
    if data_dir.is_dir():
        key = same_name_key(game_id)
        for other in data_dir.iterdir():
            if other.name != game_id and same_name_key(other.name) == key:
                raise UsageError(
                    f"{display_path(target)}: the folder {other.name!r} is the same name once "
                    "case is ignored (one folder on macOS and Windows); choose another NAME"
                )


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _text(name: str) -> str:
    """One of the new game's texts, `templates/common/new/NAME.in` (not .yaml, .csv or .md:
    they hold `$placeholders`, so no walk of the project's YAML files reads them as data)."""
    return (templates_dir() / "common" / "new" / f"{name}.in").read_text(encoding="utf-8")


_PLACEHOLDER = re.compile(r"\$(\w+)")


def _substitute(text: str, values: dict[str, str]) -> str:
    """`text` with each `$name` of `values` replaced by its value (others left as written)."""
    return _PLACEHOLDER.sub(lambda found: values.get(found[1], found[0]), text)


def _fill(name: str, values: dict[str, str]) -> str:
    return _substitute(_text(name), values)
