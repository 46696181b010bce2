"""A file's stamp: what the system changes whenever a file's bytes may have changed (its size,
modification and change times, inode), read with one `stat` instead of reading the file.

A build keeps, for each output it wrote or read, its stamp beside the hash of its bytes
(`Stamps`, in `OUT/.cache/stamps.json`); a later build takes a file whose stamp is the one
kept as holding those bytes, as git's index and make do, and reads (hashes) only the files
whose stamp differs. A user's edit changes the modification and change times (restoring the
modification time with `touch -d` changes the change time, which no user can set), a
replacement by another file changes the inode, a deletion leaves no stamp.

The one edit a stamp cannot show is one made in the same tick of the file system's clock as
the stamp was taken (a few milliseconds; a second on some file systems): as git does ("racy
git"), a stamp vouches only for a file last changed at least `SETTLE_NS` before the stamps
were saved, so a file changed that close to a build's end is read again by the next one.

The stamps are a shortcut like the rest of OUT/.cache/: deleting them costs one reading of
every output, and a file that is not what `Stamps.load` expects is ignored.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from printgen.errors import DataError
from printgen.files.guarded import read_guarded

Stamp = tuple[int, int, int, int]
"""Size, modification time (ns), change time (ns), inode."""

SETTLE_NS = 1_000_000_000
"""How long before the stamps were saved a file must have last changed for its stamp to
vouch for it: the coarsest clock tick of a common file system (a second)."""

STAMPS = "stamps.json"
"""The stamps' file in OUT's cache folder."""

MAX_STAMPS_BYTES = 50_000_000


def stamp_of(path: Path) -> Stamp | None:
    """The stamp of the regular file `path` (links followed); None when there is none."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)


@dataclass
class Stamps:
    """The hash of each output's bytes by its path under OUT, with the stamp it had then."""

    known: dict[str, tuple[Stamp, str]] = field(default_factory=dict)
    saved_ns: int | None = None
    """When they were saved (the file's modification time): None, not yet."""

    @classmethod
    def load(cls, path: Path) -> Stamps:
        """The stamps saved in `path` (none when it is missing, damaged or edited out of
        shape: every file is then read once)."""
        try:
            data = json.loads(read_guarded(path, MAX_STAMPS_BYTES, path.parent).decode("utf-8"))
        except (DataError, ValueError):
            return cls()
        saved = stamp_of(path)
        entries = data.get("files") if isinstance(data, dict) else None
        if saved is None or not isinstance(entries, dict):
            return cls()
        known = {}
        for relative, entry in entries.items():
            if _well_formed(entry):
                *numbers, digest = entry
                known[relative] = ((numbers[0], numbers[1], numbers[2], numbers[3]), digest)
        return cls(known, saved[1])

    def vouch(self, relative: str, stamp: Stamp, digest: str) -> bool:
        """Whether the file at `relative`, whose stamp is now `stamp`, holds the bytes of hash
        `digest` without reading it: the same stamp was kept with that hash, and the file
        had last changed at least SETTLE_NS before they were saved."""
        if self.known.get(relative) != (stamp, digest) or self.saved_ns is None:
            return False
        return max(stamp[1], stamp[2]) <= self.saved_ns - SETTLE_NS

    def only(self, relatives: Iterable[str]) -> Stamps:
        """These stamps for the files `relatives` only (what a worker process needs)."""
        known = {r: self.known[r] for r in relatives if r in self.known}
        return Stamps(known, self.saved_ns)

    def note(self, relative: str, stamp: Stamp, digest: str) -> None:
        self.known[relative] = (stamp, digest)

    def to_bytes(self, relatives: Iterable[str]) -> bytes:
        """The stamps of the files `relatives` (those the manifest names), to save."""
        files = {r: [*self.known[r][0], self.known[r][1]] for r in relatives if r in self.known}
        return json.dumps({"files": dict(sorted(files.items()))}, indent=0).encode("utf-8")


def _well_formed(entry: object) -> bool:
    return (
        isinstance(entry, list)
        and len(entry) == 5
        and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in entry[:4])
        and isinstance(entry[4], str)
    )
