"""Content-addressed build cache: a part of a kit is rebuilt only when what it is made from
changed.

A part's key hashes everything its bytes depend on: printgen's version and code, the templates,
the fonts fontconfig offers, the game's data folder and the build options. The manifest
(`OUT/.printgen-cache.json`) records each part's key and the hash of every file it wrote; a
part is skipped when its key is unchanged and every file is still there with the same bytes, so
a deleted or damaged output is rebuilt. A file whose stamp is the one kept with its hash in
OUT/.cache/ is taken to hold those bytes without reading it (printgen.files.stamps): a build
that changed nothing reads no output, where it read some 50 MB of a 1,000-card kit.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from printgen.errors import DataError, display_path
from printgen.files.guarded import read_guarded
from printgen.files.hashing import code_key, file_hash, fonts_key, hash_tree
from printgen.files.stamps import Stamp, Stamps, stamp_of

MANIFEST = ".printgen-cache.json"


class PieceEntry(TypedDict):
    """A piece of a part in the manifest: its key and its files (some of the part's)."""

    key: str
    files: list[str]


class PartEntry(TypedDict, total=False):
    """A part in the manifest: its key, its files' hashes by path, its pieces' entries. A
    part's entry always has a key and files (`Manifest.load` drops one that has not); the
    keys are declared optional only so that its readers can take `{}` for a part not
    recorded."""

    key: str
    files: dict[str, str]
    pieces: dict[str, PieceEntry]


def part_key(game_folder: Path, templates: Path, part: str, options: Mapping[str, object]) -> str:
    digest = hashlib.sha256()
    for piece in (
        code_key(),
        fonts_key(),
        hash_tree(templates),
        hash_tree(game_folder),
        part,
        json.dumps(options, sort_keys=True),
    ):
        digest.update(piece.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def under(out_dir: Path, path: Path) -> str:
    """`path.relative_to(out_dir).as_posix()` for a path made as `out_dir / ...`, by cutting
    its text (pathlib's takes some 20 us a path, several times for each file of a 5,000-card
    kit in every build)."""
    name, prefix = os.fspath(path), os.fspath(out_dir) + os.sep
    if name.startswith(prefix):
        return name[len(prefix) :].replace(os.sep, "/")
    return path.relative_to(out_dir).as_posix()


@dataclass
class Kept:
    """Files found holding the bytes recorded for them (`unchanged_files`)."""

    hashes: dict[Path, str]
    """Each file's hash, as recorded, by its path."""
    stamps: dict[Path, Stamp]
    """Each file's stamp now, to record with it."""


def unchanged_files(
    out_dir: Path,
    files: Iterable[tuple[str, str]],
    stamps: Stamps | None = None,
    read: bool = True,
) -> Kept | None:
    """The files (relative to OUT, each with its recorded hash) when each is still there with
    those bytes; None when one is missing or changed (what it belongs to is then built again).
    A file `stamps` vouches for is not read (printgen.files.stamps); with `read=False` none
    is, and a file it does not vouch for gives None."""
    kept = Kept({}, {})
    for relative, digest in files:
        path = out_dir / relative
        stamp = stamp_of(path)  # taken before reading: an edit while hashing changes it
        if stamp is None:
            return None
        if stamps is None or not stamps.vouch(relative, stamp, digest):
            if not read:
                return None
            try:
                if file_hash(path) != digest:
                    return None
            except DataError:
                return None
        kept.hashes[path] = digest
        kept.stamps[path] = stamp
    return kept


_HEX = re.compile(r"^[0-9a-f]{64}$")
_PART = re.compile(r"^[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9.-]*$")


@dataclass
class Manifest:
    """What the last build wrote: per `game/part`, its key and its files' hashes.

    The manifest is a file in OUT that anyone can edit, so `load` trusts none of it: a part
    whose entry is malformed, or names a file that is not a plain relative path inside its
    game's folder of OUT (`../victim.txt`, `/etc/passwd`, a path through a symbolic link out
    of OUT), is dropped with a note and rebuilt; nothing it names is read or deleted.
    """

    parts: dict[str, PartEntry] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def load(cls, out_dir: Path) -> Manifest:
        path = out_dir / MANIFEST
        try:
            data = json.loads(read_guarded(path, MAX_MANIFEST_BYTES, out_dir).decode("utf-8"))
        except DataError as exc:
            if not path.exists() and not path.is_symlink():
                return cls()
            return cls(notes=[f"{exc}; starting a new one"])
        except ValueError:
            return cls(notes=[f"{display_path(path)}: not JSON; starting a new one"])
        parts = data.get("parts") if isinstance(data, dict) else None
        if not isinstance(parts, dict):
            return cls(notes=[f"{display_path(path)}: no 'parts' mapping; starting a new one"])
        manifest = cls()
        folders: dict[str, str] = {}
        for name, entry in parts.items():
            problem = _entry_problem(out_dir, name, entry, folders)
            if problem is None:  # json.loads gives Any; _entry_problem checked its shape
                manifest.parts[name] = entry
            else:
                manifest.notes.append(
                    f"{display_path(path)}: dropped the entry {str(name)[:80]!r}: {problem}"
                )
        return manifest

    def fresh(
        self, out_dir: Path, name: str, key: str, stamps: Stamps | None = None
    ) -> Kept | None:
        """The part's files when it need not be rebuilt; None when it must be. A file `stamps`
        vouches for is not read."""
        entry = self.parts.get(name)
        if not entry or entry.get("key") != key:
            return None
        return unchanged_files(out_dir, entry.get("files", {}).items(), stamps)

    def record(
        self,
        out_dir: Path,
        name: str,
        key: str,
        files: list[Path],
        hashes: Mapping[Path, str],
        pieces: Mapping[str, tuple[str, list[Path]]] | None = None,
    ) -> None:
        """Record the part's key and files, each with its hash from `hashes` (the bytes its
        piece wrote), or read from the file when `hashes` lacks it; and the key and files of
        each of its `pieces` that has one (printgen.kit.run.with_piece_keys)."""
        entry: PartEntry = {
            "key": key,
            "files": {under(out_dir, p): hashes.get(p) or file_hash(p) for p in sorted(files)},
        }
        if pieces:
            entry["pieces"] = {
                piece: {"key": k, "files": [under(out_dir, p) for p in made]}
                for piece, (k, made) in sorted(pieces.items())
            }
        self.parts[name] = entry

    def forget(self, name: str) -> None:
        self.parts.pop(name, None)

    def to_bytes(self) -> bytes:
        return json.dumps({"parts": self.parts}, indent=1, sort_keys=True).encode("utf-8")


MAX_MANIFEST_BYTES = 50_000_000


def _entry_problem(
    out_dir: Path, name: object, entry: object, folders: dict[str, str]
) -> str | None:
    """Why a manifest entry cannot be trusted; None when it can."""
    if not isinstance(name, str) or not _PART.match(name):
        return "not a part name (game/part)"
    if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
        return "expected {key: text, files: {path: hash}}"
    files = entry.get("files")
    if not isinstance(files, dict):
        return "'files' is not a mapping of path to hash"
    game = name.split("/")[0]
    for relative, digest in files.items():
        if not isinstance(digest, str) or not _HEX.match(digest):
            return f"the hash of {str(relative)[:80]!r} is not a SHA-256"
        problem = path_problem(out_dir, relative, game, folders)
        if problem is not None:
            return problem
    return _pieces_problem(entry.get("pieces", {}), files)


def _pieces_problem(pieces: object, files: dict[object, object]) -> str | None:
    """Why an entry's `pieces` ({piece: {key, files: [path]}}, each path one of the entry's
    files) cannot be trusted; None when it can."""
    if not isinstance(pieces, dict):
        return "'pieces' is not a mapping of piece to key and files"
    for piece, recorded in pieces.items():
        if (
            not isinstance(piece, str)
            or not isinstance(recorded, dict)
            or not isinstance(recorded.get("key"), str)
            or not isinstance(recorded.get("files"), list)
        ):
            return f"piece {str(piece)[:80]!r}: expected {{key: text, files: [path]}}"
        for relative in recorded["files"]:
            if not isinstance(relative, str) or relative not in files:
                return f"piece {piece[:80]!r} names {str(relative)[:80]!r}, not a file of the part"
    return None


def path_problem(
    out_dir: Path, relative: object, game: str, folders: dict[str, str] | None = None
) -> str | None:
    """Why `relative` is not a file printgen writes for `game` in OUT; None when it is.
    `folders` keeps the folders resolved so far, for the next call (a large deck's part has
    a thousand files in a few folders). Worked on strings: pathlib's parsing of each of a
    5,000-card kit's paths cost the parent some 0.2 s a build."""
    if not isinstance(relative, str) or not relative or "\\" in relative or "\0" in relative:
        return f"{str(relative)[:80]!r} is not a relative path"
    parts = relative.split("/")
    if any(part in ("", ".", "..") for part in parts):  # "" also: absolute, or "a//b"
        return f"{relative[:80]!r} is not a plain relative path inside OUT"
    if parts[0] != game or len(parts) < 2:
        return f"{relative[:80]!r} is not in {game}/, where printgen writes this part"
    known = {} if folders is None else folders
    base = os.fspath(out_dir)
    inside = os.path.join(_resolved(base, known), game)
    real = _resolved(os.path.join(base, *parts), known)
    if real != inside and not real.startswith(inside.rstrip(os.sep) + os.sep):
        return f"{relative[:80]!r} leads outside OUT (a symbolic link?)"
    return None


def _resolved(path: str, folders: dict[str, str]) -> str:
    """`os.path.realpath(path)`, with the folder it is in resolved once (in `folders`) for
    every file there that is not itself a symbolic link."""
    if os.path.islink(path):
        return os.path.realpath(path)
    parent, name = os.path.split(path)
    folder = folders.get(parent)
    if folder is None:
        folder = folders[parent] = os.path.realpath(parent)
    return os.path.join(folder, name)
