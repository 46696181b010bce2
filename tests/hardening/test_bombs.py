"""Issue 20, item 7: limits that hold. Each bomb of the reproduction runs in a child process
with a memory ceiling (RLIMIT_AS) and a timeout, and must end with a clear refusal well inside
both; the child reports its own time and peak memory."""

from __future__ import annotations

import json
import os
import resource
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from tests.conftest import edit
from tests.hardening.conftest import CHILD_PEAK_KB, ROOT, printgen_command, subprocess_env

MEMORY_CEILING = 1_500_000_000  # bytes of address space for the child
PEAK_MB = 400  # what a refused bomb may cost at most (the interpreter itself is ~60 MB)

EXPAND = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({ceiling}, {ceiling}))
from printgen.render.rulebook import text
from printgen.errors import RenderError
text.RENDER_SECONDS = 2.0
blocks = text.Blocks()  # as the rulebook's placeholders add their HTML (page.placeholders)
table = "<table>" + "<tr><td>card</td><td>2</td></tr>" * 30 + "</table>"
started = time.process_time()  # CPU time: a loaded machine does not change it
try:
    text.expand(sys.argv[1], 1, "rules.md", {{"components": lambda: blocks.add(table)}})
    message = "no error"
except RenderError as exc:
    message = str(exc)
print(json.dumps({{"message": message, "seconds": time.process_time() - started,
                  "peak_mb": {peak_kb} / 1024}}))
"""

TEMPLATE_BOMBS = {
    "nested loops": (
        "{% for a in 'x'*100000 %}{% for b in 'x'*100000 %}{% endfor %}{% endfor %}",
        "rules.md:1: loops turn more than 200000 times in all",
    ),
    "slow turns": (
        "{% for a in range(9000) %}{{ ('x '*50000)|wordcount }}{% endfor %}",
        "rules.md: the rules text takes more than 2 s to expand",
    ),
    "power tower": (
        "{{ ((((10**64)**64)**64)**64)**64 > 1 }}",
        "rules.md:1: a number of more than 4096 bits",
    ),
    "center": ("{{ ''|center(2*10**9) }}", "rules.md:1: center: a width of 2000000000"),
    "percent": ("{{ '%02000000000d' % 1 }}", "rules.md:1: format width '2000000000'"),
    "format filter": ("{{ '%0999999999d'|format(1) }}", "rules.md:1: format width '999999999'"),
    "str.format": ("{{ '{:>1000000000}'.format(1) }}", "rules.md:1: format width 1000000000"),
    "ljust": ("{{ 'x'.ljust(10**9) }}", "rules.md:1: ljust: a width of 1000000000"),
    "concatenation": (
        "{% set a = 'x'*100000 %}{% set b = a~a~a~a~a~a~a~a~a~a %}{{ b~b~b~b~b~b~b~b~b~b }}",
        "rules.md:1: a string longer than 100000 characters",
    ),
    "replace": (
        "{{ ('x'*100000).replace('x', 'x'*100000) }}",
        "rules.md:1: replace: a string longer than 100000",
    ),
    "macro recursion": (
        "{% macro f(s) %}{{ f(s~s) }}{% endmacro %}{{ f('x') }}",
        "macros are not accepted in rules text",
    ),
    "batch padding": ("{{ [1]|batch(10**9, 0)|list }}", "batch: a width of 1000000000"),
    "text in a loop": (
        "{% for i in range(10000) %}{{ 'x'*1000 }}{% endfor %}",
        "rules.md: the text expands to more than 2000000 characters",
    ),
    "placeholders in a loop": (
        "{% for i in range(10000) %}{{ components() }}{% endfor %}",
        "rules.md:1: more than 100 placeholder blocks",
    ),
}


@pytest.mark.parametrize(("bomb", "message"), TEMPLATE_BOMBS.values(), ids=TEMPLATE_BOMBS.keys())
def test_template_bombs_are_refused_within_time_and_memory(bomb: str, message: str) -> None:
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-c", EXPAND.format(ceiling=MEMORY_CEILING, peak_kb=CHILD_PEAK_KB), bomb],
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(run.stdout)
    assert message in result["message"]
    assert result["seconds"] < 5, result
    assert result["peak_mb"] < PEAK_MB, result
    assert time.monotonic() - started < 180


def test_placeholders_count_against_the_limit_as_they_expand() -> None:
    from printgen.render.rulebook.text import Blocks, SecurityError

    blocks = Blocks(limit=10_000)
    for _ in range(9):
        blocks.add("x" * 1000)
    with pytest.raises(SecurityError, match="more than 10000 characters of HTML"):
        blocks.add("x" * 1001)


def test_placeholder_blocks_are_counted_as_they_expand() -> None:
    from printgen.render.rulebook.text import Blocks, SecurityError

    blocks = Blocks(count=3)
    for _ in range(3):
        blocks.add("<table></table>")
    with pytest.raises(SecurityError, match="more than 3 placeholder blocks"):
        blocks.add("<table></table>")


def test_a_loop_of_placeholders_in_a_build_stops_before_typesetting(cli, tiny: Path) -> None:
    """Was: 10,000 component tables passed every limit and then typeset for over 300 s."""
    rules = tiny / "tiny" / "rules.md"
    rules.write_text("# Tiny\n\n{% for i in range(10000) %}{{ components() }}{% endfor %}\n")
    started = time.monotonic()
    run = cli("build", "tiny", "--data", tiny, "--out", tiny.parent / "out", "--jobs", "1")
    assert run.code == 2
    assert "tiny/rules.md:3: more than 100 placeholder blocks" in run.err
    assert time.monotonic() - started < 120  # about 3 s unloaded (the cards are built too)


def test_a_template_bomb_in_a_build_fails_the_rulebook_with_its_line(cli, tiny: Path) -> None:
    rules = tiny / "tiny" / "rules.md"
    rules.write_text(rules.read_text() + "\n{{ ''|center(2*10**9) }}\n")
    out = tiny.parent / "out"
    run = cli("build", "--data", tiny, "--out", out, "--jobs", "1")
    assert run.code == 2
    assert "tiny/rules failed: tiny/rules.md:7: center: a width of 2000000000" in run.err
    assert (out / "tiny" / "cards.pdf").is_file() and not (out / "tiny" / "rules.pdf").exists()


LABELS = {
    "padded field": ('players: "{min:>100000000}"', "unknown field {min:>100000000}"),
    "unknown field": ('players: "{oops}"', "unknown field {oops}; fields this label takes: "),
    "attribute": ('each: "{n.__class__}"', "unknown field {n.__class__}"),
    "not text": ("each: [1, 2]", "expected text"),
}


@pytest.mark.parametrize(("label", "message"), LABELS.values(), ids=LABELS.keys())
def test_front_matter_labels_are_plain_text_with_known_fields(
    cli, tiny: Path, label: str, message: str
) -> None:
    rules = tiny / "tiny" / "rules.md"
    rules.write_text(f"---\ntitle: Tiny\nlabels:\n  {label}\n---\n" + rules.read_text())
    started = time.monotonic()
    run = cli("build", "--data", tiny, "--out", tiny.parent / "out", "--jobs", "1")
    assert run.code == 2
    assert "tiny/rules.md:4: labels." in run.err and message in run.err
    assert time.monotonic() - started < 60


def test_the_english_fields_are_accepted(cli, tiny: Path) -> None:
    rules = tiny / "tiny" / "rules.md"
    rules.write_text('---\nlabels:\n  players: "{min} to {max} people"\n---\n' + rules.read_text())
    run = cli("build", "--data", tiny, "--out", tiny.parent / "out", "--jobs", "1")
    assert run.code == 0, run.err


def bomb_png(path: Path, width: int, height: int) -> None:
    """A valid 1-bit PNG of width x height pixels: a few kB on disk, gigabytes decoded."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    row = b"\0" * (1 + (width + 7) // 8)
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


def test_a_decompression_bomb_as_art_is_refused_before_decoding(tiny: Path) -> None:
    folder = tiny / "tiny"
    edit(folder / "game.yaml", "kinds:", "columns:\n  art: text?\nkinds:")
    (folder / "cards.csv").write_text(
        "id,name,count,kind,art\nember,Ember,2,card,bomb.png\nwave,Wave,1,card,bomb.png\n"
    )
    bomb_png(folder / "bomb.png", 20000, 20000)
    assert (folder / "bomb.png").stat().st_size < 200_000
    out = tiny.parent / "out"
    started = time.monotonic()
    child = subprocess.Popen(
        printgen_command("build", "--data", tiny, "--out", out, "--jobs", "1"),
        env=subprocess_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _, err = child.communicate(timeout=120)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert child.returncode == 2
    assert "refused image" in err and "20000 x 20000 px is over the budget of 50 megapixels" in err
    assert usage.ru_maxrss / 1024 < 1000  # MB, the most any child of this test process used
    assert time.monotonic() - started < 120


def test_stray_files_are_hashed_by_streaming(tmp_path: Path) -> None:
    from printgen.files.guarded import hash_file

    big = tmp_path / "stray.bin"
    with big.open("wb") as handle:
        handle.truncate(300_000_000)  # sparse: 300 MB to read, nothing on disk
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    digest = hash_file(big)
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert len(digest) == 32 and grown_mb < 50


def test_an_unreadable_stray_file_is_named_by_validate_and_build(cli, tiny: Path) -> None:
    stray = tiny / "tiny" / "notes.bin"
    stray.symlink_to("/proc/self/mem")  # reading it fails (EIO) even for root
    run = cli("validate", "tiny", "--data", tiny)
    assert run.code == 2
    assert "tiny/notes.bin: cannot be read: Input/output error" in run.err
    run = cli("build", "--data", tiny, "--out", tiny.parent / "out", "--jobs", "1")
    assert run.code == 2 and "notes.bin: cannot be read" in run.err


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_a_file_without_read_permission_is_named_by_validate(cli, tiny: Path) -> None:
    stray = tiny / "tiny" / "private.txt"
    stray.write_text("x")
    stray.chmod(0)
    run = cli("validate", "tiny", "--data", tiny)
    assert run.code == 2 and "private.txt: cannot be read: Permission denied" in run.err


def test_numeric_rule_settings_are_bounded_with_their_line(cli, data_copy: Path) -> None:
    """Was: Feng Shui `rules.energy_map.rows: 1000000000000` grew validate 3 GB in 20 s."""
    game = data_copy / "feng-shui-master" / "game.yaml"
    text = game.read_text()
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.strip().startswith("rows:"))
    edit(game, "rows: ", "rows: 1000000000000  # ", 1)
    started = time.monotonic()
    run = cli("validate", "feng-shui-master", "--data", data_copy)
    assert run.code == 2
    assert (
        f"feng-shui-master/game.yaml:{line}: rules.energy_map.rows: 1000000000000 is beyond "
        "the limit of 100000 for a setting"
    ) in run.err
    assert time.monotonic() - started < 30
