"""Reproducible (issue 9): the same input gives the same bytes in every output file, whatever
the hash seed, the working folder, the time zone, the locale or the number of jobs.

The reference is tests/kit's pair of clean builds of three kits, each in a fresh process (every
kind of output between them: card sheets, print-shop PDF and PNGs, TTS sheets and their JSON,
rulebooks, board, components, player sheet, gallery and its previews); here a `python -m
printgen build` subprocess builds the same data from another folder, with another
PYTHONHASHSEED, time zone and locale, one job, and a relative --out.

One job draws every kit in one process, one after the other; with two, each worker draws some.
That once showed: cairo resolved each font face with the options of its first use, so The Way's
card PNGs depended on whether MyWuXing had been drawn before in the same process (fixed by
`printgen.render.draw.vector.settle_fonts`).

A game built alone must give the bytes it gives within a build of several: rules-booklet.pdf
once did not, because pikepdf's `add_overlay` gave each placed page a random resource name.
"""

from __future__ import annotations

from pathlib import Path

from tests.hardening.conftest import run_printgen
from tests.kit.conftest import build, snapshot

EVERY_KIND = [
    "mywuxing/cards.pdf",
    "mywuxing/cards-print.pdf",
    "mywuxing/cards/water.png",
    "mywuxing/cards/back.png",
    "mywuxing/tts/deck-1.png",
    "mywuxing/tts/deck-1.json",
    "mywuxing/rules.pdf",
    "mywuxing/rules-booklet.pdf",
    "mywuxing/cards-fold.pdf",
    "mywuxing/print-guide.pdf",
    "the-way/board.pdf",
    "the-way/components.pdf",
    "feng-shui-master/player-sheet.pdf",
    "feng-shui-master/components.pdf",
    "mywuxing/preview/cards.png",
    "index.html",
    ".printgen-cache.json",
]


def outputs(out: Path) -> dict[str, bytes]:
    """Every file the build writes for people (its working cache, OUT/.cache/, left out)."""
    return {name: data for name, data in snapshot(out).items() if not name.startswith(".cache/")}


def test_a_build_elsewhere_with_another_hash_seed_is_byte_identical(
    kit_data: Path, two_builds: tuple[Path, Path], tmp_path: Path
) -> None:
    elsewhere = tmp_path / "somewhere" / "else"
    elsewhere.mkdir(parents=True)
    run = run_printgen(
        "build",
        "--data",
        kit_data,
        "--out",
        "out",
        "--jobs",
        "1",
        cwd=elsewhere,
        PYTHONHASHSEED="4242",
        TZ="Pacific/Kiritimati",
        LC_ALL="C",
        LANG="C",
    )
    assert run.returncode == 0, run.stderr
    reference = outputs(two_builds[0])
    again = outputs(elsewhere / "out")
    for name in EVERY_KIND:
        assert name in reference, f"{name}: not a file of the build (the list is out of date)"
    assert sorted(again) == sorted(reference)
    differing = [name for name in reference if again[name] != reference[name]]
    assert differing == []


def test_a_game_built_alone_with_one_job_gives_the_bytes_of_a_build_of_several(
    kit_data: Path, two_builds: tuple[Path, Path], tmp_path: Path
) -> None:
    game = "feng-shui-master"  # the quickest kit with a rulebook, booklet and print guide
    out = tmp_path / "alone"
    assert build(out, game, "--data", kit_data, jobs=1) == 0
    alone = {n: d for n, d in outputs(out).items() if n.startswith(f"{game}/")}
    together = {n: d for n, d in outputs(two_builds[0]).items() if n.startswith(f"{game}/")}
    assert f"{game}/rules-booklet.pdf" in alone and f"{game}/print-guide.pdf" in alone
    assert sorted(alone) == sorted(together)
    assert [name for name in together if alone[name] != together[name]] == []
