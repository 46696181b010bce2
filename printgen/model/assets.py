"""Finding the files a deck's data names: card images and text icons, as designers name them.

A spreadsheet says `Knight Champion` where the art folder holds `knightchampion.png`, and
`@Coin` where `icons/` holds `coin.png`. A name matches a file exactly first; then, ignoring
case, spaces and punctuation, when exactly one file matches. Everything found is a path
relative to the game's folder, the form the renderers resolve (and confine) themselves.

A cell may point at the web: Airtable exports an attachment as `farmer.png (https://dl.
airtable.com/...)`, other tools a bare address. Nothing is fetched (data never reaches the
network): the file is looked up by its name in the game's folders, and when it is not there
the message names the file to save there.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from printgen.errors import display_path
from printgen.model.names import plain_letters
from printgen.model.schema import did_you_mean

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
"""What a card drawing can embed (cairosvg)."""
ICON_FOLDER = "icons"
ICON_SUFFIXES = (".svg", ".png")
"""What a game's own icon may be: cards and rulebook draw the same files."""
ICON_NAME = r"(?:[a-z0-9]|[^\W_\x00-\x7f])(?:[a-z0-9_-]|[^\W_\x00-\x7f])*"
"""An icon file's name as text names it (`:coin:`, `:2coins:`, `:big_coin:`, `:тень:`):
lowercase ASCII, or any letter or digit of another script."""
INLINE_ICON = re.compile(rf":((?=[0-9_-]*(?:[a-z]|[^\W\d_\x00-\x7f])){ICON_NAME}):")
"""An icon in text, the one pattern that cards, rulebooks and validate read icons with, so an
icon that draws in one draws in all: a name with a letter in it, so that a time (`10:30:00`)
or a ratio (`1:2:3`) is text, as chat apps read `:name:`."""


def loose(name: str) -> str:
    """A name with case, accents, spaces and punctuation left out: `Knight Champion!` ->
    knightchampion, `Café` -> cafe."""
    return re.sub(r"[\W_]+", "", plain_letters(name).casefold())


@dataclass
class Folder:
    """The image files of one folder inside the game's folder, listed once."""

    game: Path
    relative: str
    files: list[Path] = field(default_factory=list)

    @classmethod
    def listed(cls, game: Path, relative: str) -> Folder:
        path = game / relative
        files = (
            sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)
            if path.is_dir()
            else []
        )
        return cls(game, relative, files)

    @property
    def shown(self) -> str:
        return display_path(self.game / self.relative) + "/"

    def find(self, name: str) -> tuple[str | None, list[str]]:
        """(the file's path relative to the game folder, or None; the names that tie)."""
        stem = Path(name).stem if Path(name).suffix.lower() in IMAGE_SUFFIXES else name
        exact = [p for p in self.files if p.name == name]
        if not exact:
            exact = [p for p in self.files if p.stem == name]
        candidates = exact or [p for p in self.files if loose(p.stem) == loose(stem)]
        if len(candidates) == 1:
            return self._relative(candidates[0]), []
        return None, [p.name for p in candidates]

    def _relative(self, path: Path) -> str:
        return path.relative_to(self.game).as_posix()


_ATTACHMENT = re.compile(r"\s*([^(),]+?)\s*\((https?://[^)\s]+)\)", re.IGNORECASE)
"""Airtable's attachment cell, `name (address)`; several are separated by commas."""
_ADDRESS = re.compile(r"https?://\S+", re.IGNORECASE)


def on_the_web(text: str) -> tuple[str, str] | None:
    """(file name, address) of a cell that points at the web, or None: an Airtable
    attachment (the first, when there are several: the one Airtable shows) or an address,
    whose file name is the last part of its path (`''` when it has none)."""
    match = _ATTACHMENT.match(text)
    if match:
        return match.group(1), match.group(2)
    if _ADDRESS.fullmatch(text.strip()):
        path = urllib.parse.urlsplit(text.strip()).path
        return urllib.parse.unquote(path.rpartition("/")[2]), text.strip()
    return None


def find_image(name: str, folders: list[Folder]) -> tuple[str | None, str]:
    """The image a cell names, searched in `folders` in order; or None and why not. A cell
    that points at the web finds the file by its name here, never on the web."""
    web = on_the_web(name)
    if web is not None:
        file, address = web
        found, why = find_image(file, folders) if file else (None, "")
        if found is not None or " matches several files " in why:
            return found, why
        shown = address if len(address) <= 60 else address[:57] + "..."
        if not file:
            return None, (
                f"{shown!r} is an address on the web, and printgen never fetches files: save "
                f"the image in {folders[0].shown} and write its file name in the cell"
            )
        searched = ", ".join(f.shown for f in folders)
        return None, (
            f"{file!r} is a file on the web ({shown}), and printgen never fetches files: "
            f"save {file} in {folders[0].shown} (looked in {searched})"
        )
    by_path = _by_path(name, folders)
    if by_path is not None:
        return by_path, ""
    for folder in folders:
        found, ties = folder.find(name)
        if found:
            return found, ""
        if ties:
            return None, f"{name!r} matches several files in {folder.shown}: {', '.join(ties)}"
    searched = ", ".join(f.shown for f in folders)
    files = [p.name for f in folders for p in f.files]
    return None, f"no image {name!r}{did_you_mean(name, files)} (looked in {searched})"


def _by_path(name: str, folders: list[Folder]) -> str | None:
    """A cell naming a picture in a subfolder (`derelict/void_hulk.png`, from the images
    folder or the game's): its path relative to the game folder, when that is an image file
    inside the game's folder (no `..`, no link), else None. The folders themselves are
    searched by name alone: `derelict/void_hulk.png` was "no image" though it was there (a
    designer's trial)."""
    parts = PurePosixPath(name.strip().replace("\\", "/")).parts
    if len(parts) < 2 or ".." in parts or parts[0] == "/":
        return None
    for folder in folders:
        path = (folder.game / folder.relative).joinpath(*parts)
        if path.suffix.lower() not in IMAGE_SUFFIXES or not path.is_file():
            continue
        inside = [
            p for p in (path, *path.parents) if p != folder.game and p.is_relative_to(folder.game)
        ]
        if any(p.is_symlink() for p in inside):
            continue
        try:
            return path.resolve().relative_to(folder.game.resolve()).as_posix()
        except ValueError:  # out of the game's folder
            continue
    return None


def find_icon(name: str, folders: list[Folder]) -> str | None:
    """An icon's file, its name matched ignoring case (`@Coin` -> icons/coin.png)."""
    for folder in folders:
        hits = [p for p in folder.files if p.stem.casefold() == name.casefold()]
        if len(hits) == 1:
            return folder._relative(hits[0])
    return None


def own_icons(game_folder: Path, named: Mapping[str, str]) -> dict[str, Path]:
    """A game's own icons by name, as its cards and its rulebook both draw them: every SVG or
    PNG in the game's `icons/` folder, and the files its decks' markers resolved elsewhere
    (`@coin` found in the images folder; `named` is `Game.icons`, relative to the folder).
    Names are lowercase, as text writes them (`:coin:` is `icons/Coin.png`'s)."""
    folder = game_folder / ICON_FOLDER
    files = (
        {p.stem.lower(): p for p in sorted(folder.iterdir()) if p.suffix.lower() in ICON_SUFFIXES}
        if folder.is_dir()
        else {}
    )
    files.update({name: game_folder / file for name, file in named.items()})
    return files


def close_file(reference: str, game_folder: Path, suffixes: Iterable[str]) -> str:
    """`; did you mean 'fonts/DejaVuSerif-Bold.ttf'?` for a file name a designer misspelt: the
    files with one of `suffixes` in the folder the reference names (or, when that folder is
    not there, in `game_folder` - the game's, or the folder an asset is looked up in - and
    its folders), as paths relative to `game_folder`; '' when none is close."""
    base = game_folder.resolve()
    wanted = (base / reference).resolve()
    if not wanted.is_relative_to(base):
        return ""
    # a bare name (`lantern.jpg`) may mean a file in one of the game's folders (art/)
    named = wanted.parent != base and wanted.parent.is_dir()
    folders = [wanted.parent] if named else [base, *sorted(_folders(base))]
    endings = tuple(s.lower() for s in suffixes)
    names = [
        p.relative_to(base).as_posix()
        for folder in folders
        for p in _listed(folder)
        if p.is_file() and p.suffix.lower() in endings
    ]
    written = Path(reference).as_posix().removeprefix("./")
    same = [n for n in names if n.rsplit("/", 1)[-1].casefold() == written.casefold()]
    if len(same) == 1 and same[0] != written:  # the very name, in another folder
        return f"; did you mean {same[0]!r}?"
    return did_you_mean(written, names)


def _folders(base: Path) -> list[Path]:
    return [p for p in _listed(base) if p.is_dir() and not p.name.startswith(".")]


def _listed(folder: Path) -> list[Path]:
    """A folder's entries, sorted; none when it cannot be read (a suggestion is only a help:
    the message it goes with must still be said, with exit 2)."""
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []


def own_icon_hint(name: str) -> str:
    """For an icon name nothing is close to: where the game's own icon of that name would
    be (a designer who meant a new icon learns where to put it)."""
    if not re.fullmatch(r"[\w-]+", name):
        return ""
    return f": no icons/{name}.svg or .png in the game's folder, no shared icon of that name"
