"""cairocffi's C declarations parsed once a user, not once a process.

`import cairocffi` parses cairo's C header text with pycparser every time (`cairocffi/ffi.py`:
`ffi.cdef(...)`), about 0.1 s: a fifth of `printgen build` drawing one small deck. cffi can
instead write the parsed declarations as a small Python module (its "out-of-line ABI mode",
`FFI.emit_python_code`) that loads in milliseconds and opens the same library the same way.

`install()` puts a finder in front of the import system for `cairocffi.ffi` only. When cairocffi
is imported, the finder loads that module from the user's cache folder (next to the compiled
Jinja templates), writing it there first if needed; its name holds a hash of cffi's version and
of cairocffi's own declaration files, so another version of either makes a new one. Anything
unexpected (no private cache folder, the xcffib extension installed, cairocffi's files not
where they should be, cffi refusing) leaves the import to cairocffi itself: this is only ever
a shortcut to the very same declarations.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import io
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import NoReturn

from printgen.files.usercache import cache_folder
from printgen.render.draw import ffi_ahead

TARGET = "cairocffi.ffi"
VERSION = "1"
"""Bumped when the generated module's shape changes."""


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name != TARGET or not path:
            return None
        module = _cached_module(Path(next(iter(path))))
        if module is None:
            return None
        return importlib.util.spec_from_loader(name, _Loader(module))


class _Loader(importlib.abc.Loader):
    def __init__(self, ffi: object) -> None:  # a cffi FFI, only handed on (cffi ships no types)
        self.ffi = ffi

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        module.ffi = self.ffi  # type: ignore[attr-defined]
        setattr(module, "__getattr__", _missing)  # noqa: B010 (a module's own __getattr__)
        _no_windows_lookups(sys.modules.get("cairocffi"))


WINDOWS_NAMES = frozenset({"cairo-2", "libcairo-2"})
"""The names cairocffi looks cairo up by that only Windows gives its DLL."""


def _no_windows_lookups(package: ModuleType | None) -> None:
    """cairocffi, importing this module, is about to look cairo up by three names
    (`cairocffi.dlopen`): `cairo-2`, `cairo` and `libcairo-2`. On Linux ctypes finds only
    `cairo`, and fails for each of the others only after running gcc, then ld
    (`ctypes.util.find_library`): some 28 ms of the build's start, which every worker waits
    for. The package's own `find_library` (bound before it imports this module) is made to
    answer None for those two names on Linux without looking; `cairo` is looked up as
    before, and the library opened is the same."""
    if not sys.platform.startswith("linux") or package is None:
        return  # elsewhere a failed lookup is quick (macOS), or `cairo-2` may be the one
    found = getattr(package, "find_library", None)
    if found is None:
        return

    def find_library(name: str) -> str | None:
        return None if name in WINDOWS_NAMES else found(name)

    package.find_library = find_library  # type: ignore[attr-defined]


def _missing(name: str) -> NoReturn:
    raise AttributeError(
        f"{TARGET}.{name}: printgen loads cairocffi's cairo declarations only (no gdk-pixbuf)"
    )


def install() -> None:
    """Load cairocffi's declarations from the cache from now on (once a process)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


def _cached_module(package: Path) -> object | None:
    """The out-of-line `ffi` of cairo's declarations, or None to let cairocffi parse them."""
    try:
        kept = _kept(package)
        if kept is None:
            return None
        source, name = kept
        ffi_ahead.wait()  # a child writing it now (a build's first start)
        if not source.is_file():
            _write(source, name, package)
    except Exception:  # a shortcut only: cairocffi's own import says what is wrong, if anything
        return None
    return load_ffi(source, name)


def _kept(package: Path) -> tuple[Path, str] | None:
    """Where the module of the declarations of cairocffi (installed in `package`) is kept,
    and its name; None when there is no shortcut to take."""
    if importlib.util.find_spec("xcffib") is not None:
        return None  # cairocffi then declares its XCB functions too
    constants = (package / "constants.py").read_bytes()
    declares = (package / "ffi.py").read_bytes()
    return kept_module("_printgen_cairo", VERSION, constants, declares)


def kept_module(prefix: str, version: str, *made_from: bytes) -> tuple[Path, str] | None:
    """Where a cffi module of declarations is kept in the user's cache, and its name: `prefix`
    and a hash of `version` (the generated module's shape), cffi's version and the bytes the
    declarations are `made_from`. None when there is no private cache folder."""
    import cffi  # loaded only when declarations are compiled

    key = hashlib.sha256(
        b"\0".join([version.encode(), cffi.__version__.encode(), *made_from])
    ).hexdigest()[:16]
    folder = _cache_folder()
    if folder is None:
        return None
    name = f"{prefix}_{key}"
    return folder / f"{name}.py", name


def installed_package(name: str) -> Path | None:
    """The folder of the installed package `name`, found without importing it."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def missing_write() -> Callable[[], None] | None:
    """The writing of cairo's module when the user's cache lacks it (for `ffi_ahead`, before
    cairocffi is imported); None when it is there or there is nothing to write."""
    try:
        package = installed_package("cairocffi")
        if package is None:
            return None
        kept = _kept(package)
    except Exception:  # nothing to write ahead: the import takes its usual course
        return None
    if kept is None or kept[0].is_file():
        return None
    source, name = kept
    return lambda: _write(source, name, package)


def load_ffi(source: Path, name: str) -> object | None:
    """The `ffi` of a cffi module written to `source` before, or None (and the file removed,
    so the next process writes it again) when it is damaged or not a cffi module."""
    try:
        spec = importlib.util.spec_from_file_location(name, source)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        import _cffi_backend  # loaded only when a cached cffi module is read

        if not isinstance(module.ffi, _cffi_backend.FFI):
            raise TypeError(f"{source}: not a cffi module")
        return module.ffi
    except Exception:
        source.unlink(missing_ok=True)
        return None


def _write(source: Path, name: str, package: Path) -> None:
    """Parse cairocffi's header text once and write cffi's module of it to `source`."""
    import cffi  # loaded only when cairo's declarations are compiled

    spec = importlib.util.spec_from_file_location(
        "_printgen_cairo_constants", package / "constants.py"
    )
    assert spec is not None and spec.loader is not None
    constants = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(constants)
    ffi = cffi.FFI()
    ffi.cdef(constants._CAIRO_HEADERS)
    ffi.set_source(name, None)
    partial = source.with_name(f"{source.name}.{os.getpid()}.tmp")
    with contextlib.redirect_stdout(io.StringIO()):  # cffi says "generating ..." on stdout
        ffi.emit_python_code(str(partial))
    os.replace(partial, source)  # whole or not at all, whichever process writes it first


def _cache_folder() -> Path | None:
    """The user's private cache folder for printgen, or None when there is none to trust."""
    return cache_folder("cffi")
