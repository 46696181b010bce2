"""Which pages of a PDF are drawn alike: a digest of everything that decides how a page is
drawn (`PageDigests.of`), so that the bleed check (`bleed_reach`) renders one page of each
digest (a deck's backs, a card printed twice) and reports them all.

The digest reads a page's dictionary and what it inherits from the page tree, each entry
resolved one level (the objects it points to are told apart by their numbers, never by their
content), and its content streams as stored with their filters: pages with equal digests have
the same content painting the same objects. An object the pages share (a resource
dictionary, a content stream) is digested once a file, so the digests cost about what the file
holds, not its pages times what they share: preflight reads anyone's files (`budget`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

INHERITED = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")
"""The entries a page may take from the page tree above it (ISO 32000-1, 7.7.3.4)."""
MAX_TREE_DEPTH = 32
"""Page tree levels looked up for an inherited entry (a deeper tree is a broken one)."""
Known = tuple[int, int] | tuple[int, int, str]
"""An object by its number and generation; an entry of one by its key as well."""


class PageDigests:
    """The digests of one file's pages, with those of the objects they share."""

    def __init__(self) -> None:
        self.known: dict[Known, bytes] = {}

    def of(self, page: pikepdf.Object) -> bytes:
        """The digest of how `page` is drawn; b"" when none can be made (its content is not
        a stream or an array of them, or a stream is damaged: the page is then rendered)."""
        import pikepdf  # not at the top: kit.shops imports preflight at start-up

        streams = _content_streams(page)
        if streams is None:
            return b""
        digest = hashlib.sha256()
        try:
            for key, part in sorted(self._entries(page)):
                digest.update(key.encode() + b" " + part)
            for stream in streams:
                digest.update(self._stream(stream))
        except pikepdf.PdfError:
            return b""  # a damaged stream: the walk refuses it, naming the page
        return digest.digest()

    def _entries(self, page: pikepdf.Object) -> list[tuple[str, bytes]]:
        """Each entry of the page but its parent and content, and each it inherits, with
        its digest."""
        import pikepdf  # not at the top: kit.shops imports preflight at start-up

        entries = [
            (key, self._value(value))
            for key, value in page.items()
            if key not in ("/Parent", "/Contents")
        ]
        have = {key for key, _ in entries}
        parent = page.get("/Parent")
        for _ in range(MAX_TREE_DEPTH):
            if not isinstance(parent, pikepdf.Dictionary):
                break
            for key in INHERITED:
                if key not in have and key in parent:
                    have.add(key)
                    entries.append((key, self._inherited(parent, key)))
            parent = parent.get("/Parent")
        return entries

    def _value(self, value: object) -> bytes:
        """The digest of `value` as PDF text, resolved one level; an indirect object's made
        once."""
        import pikepdf  # not at the top: kit.shops imports preflight at start-up

        if not isinstance(value, pikepdf.Object) or not value.is_indirect:
            return _text_digest(value)
        number, generation = value.objgen
        return self._once((number, generation), lambda: _text_digest(value))

    def _inherited(self, parent: pikepdf.Object, key: str) -> bytes:
        """The digest of `parent`'s entry `key`, made once for every page under it."""
        value = parent[key]
        if not parent.is_indirect:
            return self._value(value)
        number, generation = parent.objgen
        return self._once((number, generation, key), lambda: self._value(value))

    def _stream(self, stream: pikepdf.Stream) -> bytes:
        """The digest of a content stream as stored, with its filters."""

        def made() -> bytes:
            filters = b"".join(_text_digest(stream.get(k)) for k in ("/Filter", "/DecodeParms"))
            return hashlib.sha256(filters + stream.read_raw_bytes()).digest()

        number, generation = stream.objgen
        return self._once((number, generation), made)

    def _once(self, key: Known, make: Callable[[], bytes]) -> bytes:
        if key not in self.known:
            self.known[key] = make()
        return self.known[key]


def _content_streams(page: pikepdf.Object) -> list[pikepdf.Stream] | None:
    """The page's content streams; None when its /Contents is anything else."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    contents = page.get("/Contents")
    listed = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
    streams = [stream for stream in listed if isinstance(stream, pikepdf.Stream)]
    return streams if len(streams) == len(listed) else None


def _text_digest(value: object) -> bytes:
    """The digest of `value` as PDF text, resolved one level (pikepdf hands numbers and
    booleans over as Python's: those are written inside an array; a missing value is `-`)."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    if isinstance(value, pikepdf.Object):
        text = bytes(value.unparse(resolved=True))
    else:
        text = bytes(pikepdf.Array([value]).unparse()) if value is not None else b"-"
    return hashlib.sha256(text).digest()
