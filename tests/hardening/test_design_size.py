"""Issue 40, item 6: the design checks do not grow with the square of a design's boxes. Was:
1,000 text boxes (a 44 KB design.yaml) took validate 51 s and 2 GB, each box compared with
every other on each face, a message kept for each pair, and each new box merged by copying
the boxes before it.

A side of a card or piece draws at most MAX_BOXES boxes (more is refused naming the file,
before anything is merged); the hidden-box check compares only boxes whose x ranges meet (a
sweep), and keeps at most MAX_HIDDEN pairs a face. The sweep is checked against the
pair-by-pair definition on generated layouts; the bombs run in a child process under a memory
and CPU ceiling."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

from printgen.render.faces.geometry import Area, overlapping_pairs
from printgen.render.faces.spec import MAX_BOXES
from tests.hardening.conftest import CHILD_PEAK_KB, ROOT, run_python


def layouts(seed: int) -> Iterator[list[Area]]:
    """Rectangles as designs place them: scattered, in a grid, piled on one spot, in a
    column, touching edge to edge, of no width, nested."""
    rng = random.Random(seed)
    for count in (0, 1, 2, 7, 60, 200):
        yield [
            Area(rng.uniform(-5, 60), rng.uniform(-5, 85), rng.uniform(0, 30), rng.uniform(0, 20))
            for _ in range(count)
        ]
    yield [Area(5 * (i % 10), 5 * (i // 10), 5, 5) for i in range(100)]  # edge to edge
    yield [Area(5.1 * (i % 10), 5.1 * (i // 10), 5.2, 5.2) for i in range(100)]
    yield [Area(3, 3, 10, 4) for _ in range(50)]  # one spot
    yield [Area(3, 2 * i, 10, 2.5) for i in range(80)]  # a column
    yield [Area(i, i, 100 - 2 * i, 100 - 2 * i) for i in range(40)]  # nested
    yield [Area(rng.uniform(0, 60), 0, 0, 10) for _ in range(30)] + [Area(0, 0, 60, 10)]


def test_the_sweep_finds_exactly_the_overlapping_pairs() -> None:
    for seed in range(5):
        for rects in layouts(seed):
            for slack in (0.01, 0.3):
                expected = [
                    (i, j)
                    for i in range(len(rects))
                    for j in range(i + 1, len(rects))
                    if rects[i].overlaps(rects[j], slack)
                ]
                assert overlapping_pairs(rects, slack) == expected


GAME = """\
id: boxes
name: Boxes
players: {min: 2, max: 4}
card_size: poker
kinds: {card: {label: Card}}
components:
  deck: {file: cards.csv}
"""


def boxes(count: int, spot: bool, prefix: str = "t", indent: int = 4) -> str:
    rng = random.Random(count)
    lines = []
    for i in range(count):
        left, top = (5, 5) if spot else (rng.randint(0, 45), rng.randint(0, 70))
        lines.append(
            f'{" " * indent}{prefix}{i}: {{text: "x{i}", left: {left}mm, top: {top}mm, width: 8mm, '
            "height: 4mm, size: 6pt}"
        )
    return "\n".join(lines) + "\n"


def designs() -> Iterator[tuple[str, str, bool]]:
    """(what, design.yaml, refused). 20,000 boxes are refused by the YAML guard (200,000
    values), before the count."""
    for count in (MAX_BOXES + 1, 1_000, 20_000):
        yield f"{count} boxes on the front", "front:\n  boxes:\n" + boxes(count, False), True
    half = MAX_BOXES // 2 + 10
    split = "front:\n  boxes:\n" + boxes(half, False) + "kinds:\n  card:\n    boxes:\n"
    yield "the front's and a kind's together", split + boxes(half, False, "k", 6), True
    yield "on the back", "back:\n  boxes:\n" + boxes(1_000, True), True
    restated = "front:\n  boxes:\n" + boxes(150, False) + "kinds:\n  card:\n    boxes:\n"
    yield "150 boxes, restated by a kind", restated + boxes(150, False, indent=6), False
    yield "180 boxes on one spot", "front:\n  boxes:\n" + boxes(180, True), False


VALIDATE_EACH = """
import contextlib, io, json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (1_000_000_000, 1_000_000_000))
resource.setrlimit(resource.RLIMIT_CPU, (200, 200))
from printgen.cli import main
for data in sys.argv[1:]:
    err = io.StringIO()
    started = time.process_time()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()) as out:
        try:
            main(["validate", "--data", data])
            code = 0
        except SystemExit as exc:
            code = exc.code
    print(json.dumps({"code": code, "text": (out.getvalue() + err.getvalue())[-1500:],
                      "cpu": time.process_time() - started}), flush=True)
print(json.dumps({"peak": PEAK_KB / 1024}))
"""


def test_designs_of_many_boxes_are_refused_or_checked_in_bounds(tmp_path: Path) -> None:
    variants = list(designs())
    folders = []
    for i, (_what, design, _refused) in enumerate(variants):
        folder = tmp_path / f"v{i}" / "boxes"
        folder.mkdir(parents=True)
        (folder / "game.yaml").write_text(GAME)
        (folder / "cards.csv").write_text("name,kind\nEmber,card\nWave,card\n")
        (folder / "design.yaml").write_text(design)
        folders.append(folder.parent)
    code = VALIDATE_EACH.replace("PEAK_KB", CHILD_PEAK_KB)
    *lines, last = run_python(code, *folders, cwd=ROOT, timeout=900)
    wrong = []
    for (what, _design, refused), line in zip(variants, lines, strict=True):
        result = json.loads(line)
        said = f"at most {MAX_BOXES}" in result["text"] or "over 200000 values" in result["text"]
        said = said and "design.yaml:" in result["text"]
        if refused and (result["code"] != 2 or not said or "Traceback" in result["text"]):
            wrong.append((what, result))
        if not refused and result["code"] != 0:
            wrong.append((what, result))
    assert not wrong, wrong
    assert json.loads(last)["peak"] < 600  # MB; 1,000 boxes took 2 GB before
