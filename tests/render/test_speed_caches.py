"""What a drawing process keeps so as not to redo it (issue 18's speed work), and that what it
keeps never outlives what it was made from: a design read once for the same bytes, and
cairocffi's C declarations loaded from the user's cache in any fresh process."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.files.templates import templates_dir
from printgen.render.faces.spec import load_design
from tests.render.conftest import ROOT

SAMPLE = ROOT / "examples" / "lantern-market"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "lantern-market"
    shutil.copytree(SAMPLE, folder)
    return folder


def columns_of(folder: Path) -> list[str]:
    from printgen.model import load_game
    from printgen.render.faces.render import columns_of

    return columns_of(load_game(folder))


def test_the_same_design_files_give_the_design_read_before(game: Path) -> None:
    columns = columns_of(game)
    first = load_design(game, templates_dir(), columns)
    assert load_design(game, templates_dir(), columns) is first


def test_an_edited_design_is_read_again(game: Path) -> None:
    columns = columns_of(game)
    first = load_design(game, templates_dir(), columns)
    design = game / "design.yaml"
    design.write_text(design.read_text().replace("min_size: 6pt", "min_size: 7pt"))
    again = load_design(game, templates_dir(), columns)
    assert again is not first
    assert again.min_size > first.min_size


def test_a_font_file_gone_since_is_reported_again(game: Path) -> None:
    columns = columns_of(game)
    design = load_design(game, templates_dir(), columns)
    fonts = [path for font in design.fonts.values() for path in font.files.values()]
    assert fonts, "the sample game brings its own font"
    fonts[0].unlink()
    with pytest.raises(DataError, match="not found"):
        load_design(game, templates_dir(), columns)


PROBE = """
import printgen.render, cairocffi, io
from printgen.render.draw import vector
out = io.BytesIO()
surface = vector.pdf_surface(out, 20, 20, "probe")
vector.mm_context(surface).rectangle(1, 1, 5, 5)
surface.finish()
print(type(cairocffi.ffi).__module__, out.getvalue()[:5].decode())
"""


def test_a_fresh_process_loads_cairo_declarations_from_the_cache(tmp_path: Path) -> None:
    def probe() -> str:
        env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
        run = subprocess.run(
            [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True
        )
        return run.stdout

    assert probe() == "_cffi_backend %PDF-\n"  # the first writes the module, says nothing
    written = list((tmp_path / "printgen" / "cffi").glob("_printgen_cairo_*.py"))
    assert len(written) == 1
    assert probe() == "_cffi_backend %PDF-\n"  # the next loads it
    written[0].write_text("raise ImportError('damaged')\n")  # a damaged one is not fatal:
    assert probe() == "cffi.api %PDF-\n"  # cairocffi parses its declarations itself,
    assert not written[0].exists()
    assert probe() == "_cffi_backend %PDF-\n"  # and the next process writes the module again


LOOKUPS = """
import ctypes.util
asked = []
real = ctypes.util.find_library
ctypes.util.find_library = lambda name: asked.append(name) or real(name)
import printgen.render, cairocffi
print(" ".join(asked), cairocffi.cairo_version() > 0)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's find_library")
def test_cairo_is_looked_up_by_its_own_name_only(tmp_path: Path) -> None:
    """On Linux, cairocffi's lookups of cairo's Windows names (each runs gcc and ld before
    it fails) are not made: cairo is found by `cairo` alone, and opened."""
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    for _ in range(2):  # the cached declarations written, then read
        run = subprocess.run(
            [sys.executable, "-c", LOOKUPS], capture_output=True, text=True, env=env, check=True
        )
        assert run.stdout == "cairo True\n"


def test_a_box_template_is_compiled_once_to_check_and_to_draw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The design's check (`template_error`) and the drawing (`draw.fill`) share one compiled
    template: each was compiling every box template of a design again (some 2 ms each)."""
    import jinja2

    from printgen.render.faces import spec
    from tests.render.winds import face, winds_game

    design = (
        "front:\n  boxes:\n"
        '    gale: {text: "{{ name }} at {{ strength }}", bottom: 6mm, height: 3mm,\n'
        '           when: "{{ strength is number }}", shorter: "{{ name }}!"}\n'
    )
    folder = winds_game(tmp_path, design)
    compiled: list[str] = []
    real = jinja2.Environment.compile

    def counted(env: jinja2.Environment, source: object, *args: object, **kw: object) -> object:
        if isinstance(source, str) and "{{" in source:
            compiled.append(source)
        return real(env, source, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    spec.compiled.cache_clear()
    spec.template_error.cache_clear()
    assert ">Zephyr Whisper at 6<" in face(folder, "Zephyr Whisper").svg
    assert "{{ name }} at {{ strength }}" in compiled
    assert "{{ strength is number }}" in compiled
    assert sorted(compiled) == sorted(set(compiled)), compiled


def test_a_card_face_loads_no_grid_track_or_dice_layout() -> None:
    """The grid, track and dice-sheet layouts load when a box or a deck needs them, and the
    PDF joiner when batches are joined: a deck of cards' faces spent some 18 ms importing
    them."""
    code = (
        "import sys, printgen.render.faces.render, printgen.kit.cards; "
        "print(sorted(m for m in ('printgen.layout.grid', 'printgen.layout.track', "
        "'printgen.layout.dicesheet', 'printgen.render.faces.board_draw', "
        "'printgen.render.pdf.join') if m in sys.modules))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
