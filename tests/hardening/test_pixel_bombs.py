"""Issue 40, item 3: a pixel limit on every raster however it arrives. A picture the game's
icons or art embed as a `data:` URL, directly or inside an SVG embedded in an SVG (as base64
or %-encoded), is held to the same 50 megapixels as a picture file, and all the pictures of
one drawing to 100 together. Was: a 9,990 x 9,990 PNG inlined in an icon's SVG passed
validate and pushed a build past 6 GB.

Each variant is an icon (`icons/coin.svg`, drawn by a design box) or a card's art; validate
refuses it naming the file, in a child process under a memory ceiling, before anything is
decoded; a build of one refuses it too."""

from __future__ import annotations

import base64
import io
import json
import struct
import subprocess
import zlib
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

from PIL import Image

from tests.hardening.conftest import (
    CHILD_PEAK_KB,
    ROOT,
    printgen_command,
    run_python,
    subprocess_env,
)

GAME = """\
id: icons
name: Icons
players: {min: 2, max: 4}
card_size: poker
columns: {art: "text?"}
components:
  deck: {file: cards.csv}
"""
DESIGN = "front:\n  boxes:\n    crest: {icon: coin, top: 30mm, height: 10mm}\n"
CARDS = "name,art\nMoth,\nLamp,\n"


def png(width: int, height: int) -> bytes:
    """A valid 1-bit PNG of width x height pixels: a few kB, gigabytes decoded."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    row = b"\0" * (1 + (width + 7) // 8)
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


def jpeg_header(width: int, height: int) -> bytes:
    """A small JPEG whose frame header claims width x height."""
    out = io.BytesIO()
    Image.new("L", (8, 8)).save(out, format="JPEG")
    data = bytearray(out.getvalue())
    at = data.index(b"\xff\xc0") + 5
    data[at : at + 4] = struct.pack(">HH", height, width)
    return bytes(data)


def svg(*images: str, size: int = 10) -> str:
    tags = "".join(f'<image href="{href}" width="{size}" height="{size}"/>' for href in images)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">{tags}</svg>'


def as_data(kind: str, data: bytes, encoded: str = "base64") -> str:
    if encoded == "base64":
        return f"data:{kind};base64,{base64.b64encode(data).decode()}"
    return f"data:{kind},{quote(data)}"


def bombs() -> Iterator[tuple[str, str, str]]:
    """(what, the SVG, what the refusal says)."""
    big = png(9990, 9990)
    over = "9990 x 9990 px is over the budget of 50 megapixels"
    yield "a PNG data URL", svg(as_data("image/png", big)), over
    yield "a JPEG header", svg(as_data("image/jpeg", jpeg_header(60000, 60000))), "60000 x 60000 px"
    inner = svg(as_data("image/png", big)).encode()
    yield "inside an SVG data URL", svg(as_data("image/svg+xml", inner)), over
    yield "%-encoded SVG", svg(as_data("image/svg+xml", inner, "percent")), over
    deeper = svg(as_data("image/svg+xml", svg(as_data("image/svg+xml", inner)).encode()))
    yield "three SVGs deep", deeper, over
    many = [as_data("image/png", png(7000, 7000))] * 3  # 49 megapixels each: 147 together
    yield "three of 49 megapixels", svg(*many), "come to over 100 megapixels"
    zipped = as_data("image/svg+xml", zlib.compress(inner))  # not gzip: an SVG of garbage
    gzipped = as_data("image/svg+xml", b"\x1f\x8b" + b"\0" * 64)
    yield "a gzipped SVG", svg(zipped, gzipped), "gzipped"


VALIDATE_EACH = """
import contextlib, io, json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
from printgen.cli import main
for data in sys.argv[1:]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()) as out:
        try:
            main(["validate", "--data", data])
            code = 0
        except SystemExit as exc:
            code = exc.code
    peak = PEAK_KB / 1024
    print(json.dumps({"code": code, "text": (out.getvalue() + err.getvalue())[-800:],
                      "peak": peak}), flush=True)
"""


def game(root: Path, icon: str, art: str = "") -> Path:
    folder = root / "icons"
    (folder / "icons").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "design.yaml").write_text(DESIGN)
    (folder / "icons" / "coin.svg").write_text(icon)
    (folder / "cards.csv").write_text(CARDS if not art else "name,art\nMoth,art.svg\n")
    if art:
        (folder / "art.svg").write_text(art)
    return root


def test_pixel_bombs_inside_svgs_are_refused_by_validate(tmp_path: Path) -> None:
    variants = list(bombs())
    folders = [game(tmp_path / f"v{i}", icon) for i, (_w, icon, _s) in enumerate(variants)]
    plain = svg(as_data("image/png", png(9990, 9990)))
    folders.append(game(tmp_path / "art", svg(), art=plain))  # as a card's art
    variants.append(("art with a PNG data URL", plain, "9990 x 9990 px"))
    printed = run_python(VALIDATE_EACH.replace("PEAK_KB", CHILD_PEAK_KB), *folders, cwd=ROOT)
    wrong = []
    for (what, _svg, said), line in zip(variants, printed, strict=True):
        result = json.loads(line)
        named = "coin.svg" in result["text"] or "art.svg" in result["text"]
        if result["code"] != 2 or said not in result["text"] or not named:
            wrong.append((what, result))
    assert not wrong, wrong
    assert max(json.loads(line)["peak"] for line in printed) < 400


def test_a_build_refuses_an_icon_that_inlines_a_pixel_bomb(tmp_path: Path) -> None:
    data = game(tmp_path / "data", svg(as_data("image/png", png(9990, 9990))))
    build = subprocess.run(
        printgen_command("build", "--data", data, "--out", tmp_path / "out", "--jobs", "1"),
        env=subprocess_env(),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert build.returncode == 2, build.stderr[-2000:]
    assert "coin.svg" in build.stderr and "9990 x 9990 px is over the budget" in build.stderr
