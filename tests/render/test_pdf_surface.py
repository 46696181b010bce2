"""vector.pdf_surface: the PDF cairo writes into an in-memory file is the one it writes into a
Python file object, whole once the surface is finished, and no file is left open."""

from __future__ import annotations

import gc
import io
import os
from typing import Any

import cairocffi as cairo
import pytest

from printgen.layout.units import PT_PER_MM
from printgen.render.draw import vector


def _draw(surface: Any) -> None:
    context = vector.mm_context(surface)
    for page in range(3):
        context.set_source_rgb(0.7, 0.5, 0.2)
        context.rectangle(5, 5, 50, 80)
        context.fill()
        context.set_source_rgb(0, 0, 0)
        context.select_font_face("Lato")
        context.set_font_size(4)
        context.move_to(10, 20)
        context.show_text(f"Page {page + 1}: draw two, pass one")
        context.show_page()


def _through_python(width_mm: float, height_mm: float, title: str) -> bytes:
    """The same surface as pdf_surface makes, written through a Python file object."""
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, width_mm * PT_PER_MM, height_mm * PT_PER_MM)
    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, vector.FIXED_DATE)
    surface.set_metadata(cairo.PDF_METADATA_MOD_DATE, vector.FIXED_DATE)
    surface.set_metadata(cairo.PDF_METADATA_TITLE, title)
    surface.set_metadata(cairo.PDF_METADATA_CREATOR, f"printgen {vector.__version__}")
    _draw(surface)
    surface.finish()
    return out.getvalue()


def _open_files() -> int:
    """The in-memory files this process holds open (not every descriptor: pytest-xdist's
    thread opens and closes its own meanwhile)."""
    held = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            held += os.readlink(f"/proc/self/fd/{fd}").startswith("/memfd:")
        except OSError:  # closed since it was listed
            continue
    return held


pytestmark = pytest.mark.skipif(not vector.IN_MEMORY_FILES, reason="no memfd on this system")


def test_the_in_memory_file_holds_the_bytes_a_python_file_would() -> None:
    out = io.BytesIO()
    surface = vector.pdf_surface(out, 63.5, 88.9, "test")
    assert isinstance(surface, vector._InMemoryFilePDF)
    _draw(surface)
    assert out.getvalue() == b""  # nothing until it is finished
    surface.finish()
    surface.finish()  # twice: still one copy
    data = out.getvalue()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert data == _through_python(63.5, 88.9, "test")


def test_no_file_stays_open_finished_or_not() -> None:
    gc.collect()  # an earlier test's surface, unreachable, closes its file when collected
    before = _open_files()
    for finish in (True, False):
        surface = vector.pdf_surface(io.BytesIO(), 63.5, 88.9, "test")
        _draw(surface)
        if finish:
            surface.finish()
        del surface
        gc.collect()
    assert _open_files() == before
