"""weasyprint's C declarations (Pango, HarfBuzz, fontconfig) parsed once a user, not once a
process.

`import weasyprint` parses some 450 lines of C declarations with pycparser every time
(`weasyprint/text/ffi.py`: `ffi.cdef(...)`), 0.2-0.4 s of every process that typesets a
rulebook. As printgen.render.draw.cairo_ffi does for cairocffi, cffi's "out-of-line ABI mode"
(`FFI.emit_python_code`) writes the parsed declarations once as a small Python module, kept in
the user's cache folder, which loads in milliseconds and opens the same libraries the same way.

`install()` puts a finder in front of the import system for `weasyprint.text.ffi` only. Its
loader runs weasyprint's own module text with the one `ffi = cffi.FFI(); ffi.cdef('''...''')`
statement pair replaced by that cached `ffi`; everything else (which libraries are opened, the
constants, the helpers) is weasyprint's own code, unchanged. The cached module's name holds a
hash of cffi's version and of weasyprint's module text, so another version of either makes a
new one. Anything unexpected (the module not shaped as expected, no private cache folder, cffi
refusing) leaves the import to weasyprint itself: this is only a shortcut to the very same
declarations.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.machinery
import importlib.util
import io
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from printgen.render.draw import ffi_ahead
from printgen.render.draw.cairo_ffi import installed_package, kept_module, load_ffi

TARGET = "weasyprint.text.ffi"
VERSION = "1"
"""Bumped when the generated module's shape changes."""
OPENING = "ffi = cffi.FFI()\nffi.cdef('''"
CLOSING = "''')\n"


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name != TARGET or not path:
            return None
        source = Path(next(iter(path))) / "ffi.py"
        loaded = _cached(source)
        if loaded is None:
            return None
        text, ffi = loaded
        return importlib.util.spec_from_loader(name, _Loader(source, text, ffi), origin=str(source))


class _Loader(importlib.abc.Loader):
    def __init__(self, source: Path, text: str, ffi: object) -> None:
        self.source, self.text, self.ffi = source, text, ffi

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        module.__file__ = str(self.source)
        module.__dict__["_printgen_ffi"] = self.ffi
        exec(compile(self.text, str(self.source), "exec"), module.__dict__)


def install() -> None:
    """Load weasyprint's declarations from the cache from now on (once a process)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


def _cached(source: Path) -> tuple[str, object] | None:
    """weasyprint's module text with its declarations taken from the cache, and the cached
    `ffi`; None to let weasyprint parse them."""
    try:
        text = source.read_text(encoding="utf-8")
        kept = _kept(text)
        if kept is None:
            return None
        cached, name, start, end = kept
        ffi_ahead.wait()  # a child writing it now (a build's first start)
        if not cached.is_file():
            _write(cached, name, text[start + len(OPENING) : end])
    except Exception:  # a shortcut only: weasyprint's own import says what is wrong, if anything
        return None

    ffi = load_ffi(cached, name)
    if ffi is None:  # damaged: weasyprint parses them this time, the next process writes it
        return None
    replaced = text[start : end + len(CLOSING)]
    lines = "\n" * replaced.count("\n")  # the same line numbers in tracebacks
    return text[:start] + "ffi = _printgen_ffi" + lines + text[end + len(CLOSING) :], ffi


def _kept(text: str) -> tuple[Path, str, int, int] | None:
    """Where the module of the declarations in weasyprint's module `text` is kept, its name,
    and where the declarations start and end in `text`; None when there is no shortcut."""
    start = text.find(OPENING)
    end = text.find(CLOSING, start + len(OPENING))
    if start < 0 or end < 0 or text.count(OPENING) != 1 or "ffi.cdef(" in text[end:]:
        return None  # not the module this was written for
    kept = kept_module("_printgen_pango", VERSION, text.encode())
    return None if kept is None else (*kept, start, end)


def missing_write() -> Callable[[], None] | None:
    """The writing of Pango's module when the user's cache lacks it (for `ffi_ahead`, before
    weasyprint is imported); None when it is there or there is nothing to write."""
    try:
        package = installed_package("weasyprint")
        if package is None:
            return None
        text = (package / "text" / "ffi.py").read_text(encoding="utf-8")
        kept = _kept(text)
    except Exception:  # nothing to write ahead: the import takes its usual course
        return None
    if kept is None or kept[0].is_file():
        return None
    cached, name, start, end = kept
    declarations = text[start + len(OPENING) : end]
    return lambda: _write(cached, name, declarations)


def _write(target: Path, name: str, declarations: str) -> None:
    """Parse the declarations once and write cffi's module of them to `target`."""
    import cffi  # loaded only when pango's declarations are compiled

    ffi = cffi.FFI()
    ffi.cdef(declarations)
    ffi.set_source(name, None)
    partial = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    with contextlib.redirect_stdout(io.StringIO()):  # cffi says "generating ..." on stdout
        ffi.emit_python_code(str(partial))
    os.replace(partial, target)  # whole or not at all, whichever process writes it first
