"""What `build --shop dtc --shop print` adds to a build (issues 17 and 32), in CPU seconds.

    .venv/bin/python benchmarks/bench_shop.py [--runs N] [--shop dtc] [--shop print] [--profile]

For every game the extra steps of each shop (both by default) are timed on the outputs the
plain build already made (the face drawings, rules.pdf): `dtc` makes one CMYK PDF/X-1a a
deck (flattened, at the 240 % ink limit) and preflights it; `print` makes cards-print.pdf as
PDF/X-4 and the rulebook with its bleed, and preflights both. CPU time
(time.process_time) is used because the machine this runs on is shared: wall times grow with
the load, CPU times much less. With `--jobs 2` the parts run on two processes, so the wall
time a build gains is about half the total (the parts are spread over both).

`--profile` adds one run under cProfile timed in CPU seconds (time.process_time, not the
wall clock, which on a loaded machine blames whatever waited longest) and prints where that
run's CPU went, by step (`PHASES`). The profiler's own cost inflates the steps written in
Python (content-stream walking) more than those in C (pdfium, qpdf): read the shares, not
the seconds.

Each run starts with an empty user cache (a first build: printgen keeps a shop's conversions
and preflight tables there, printgen.render.shop.kept); the last line times one more run that
reads them back from the last run's cache, as a second build does.

Target: under 2 s added to the full cold build with 2 jobs for `print`; no slower than
before for both shops (issue 32). Every file must also pass our own preflight: a file it
refuses is named with the failed checks, and the script exits 1 (a shop would refuse it).
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["mywuxing", "cl4sh", "the-way", "elementa", "feng-shui-master"]
PHASES = [
    ("card PDFs in RGB (cairo)", "render/pdf/print_pdf.py", "print_pdf"),
    ("PDF/X conversion, in all", "render/shop/pdfx.py", "_converted"),
    ("  recolour in place (print)", "render/shop/recolour.py", "recolour_in_place"),
    ("  full rewrite (dtc, flattening)", "render/shop/pdfx.py", "_rewrite"),
    ("    backdrops rendered (pdfium)", "render/shop/backdrop.py", "under"),
    ("    patches made", "render/shop/flatten.py", "patch_pixels"),
    ("    translucent images flattened", "render/shop/flatten.py", "flatten_image"),
    ("soft proofs", "render/shop/proof.py", "proof_pdf"),
    ("rulebook for print (no links, padded)", "render/shop/rules.py", "print_copy"),
    ("rulebook bleed", "render/shop/bleed.py", "bleed_pages"),
    ("preflight, in all", "preflight/checks.py", "preflight"),
    ("  content scan", "preflight/scan.py", "scan"),
    ("  art to the bleed (pdfium)", "preflight/bleed_reach.py", "short_art"),
]
"""The steps `--profile` reports: (label, the function's file under printgen/, its name)."""


def made_by_the_plain_build() -> dict[str, tuple[Any, Any, Any, Any]]:
    """Each game's faces, drawings and rulebooks: what the home kit makes anyway (not timed)."""
    from printgen.files.templates import templates_dir
    from printgen.model import load_game
    from printgen.render.draw import vector
    from printgen.render.faces.game_faces import game_faces
    from printgen.render.rulebook.build import rulebook_pdf
    from printgen.render.rulebook.source import sources
    from printgen.render.sheets.card_sheets import faces_in

    made = {}
    for game_id in GAMES:
        game = load_game(ROOT / "card_data" / game_id)
        drawings = {}
        decks = []
        if game.card_size is not None and game.printed_decks:
            decks = game_faces(game, vector.CairoMeasure())
            roots = [game.folder, templates_dir()]
            drawings = {f.svg: vector.record_svg(f.svg, roots, f.title) for f in faces_in(decks)}
        rules = [(s.title, rulebook_pdf(s)) for s in sources(game)]
        made[game_id] = (game, decks, drawings, rules)
    return made


def shop_steps(shop: str, made: tuple[Any, Any, Any, Any], folder: Path) -> list[str]:
    """What the kit does for `shop` and one game: its card files and rulebooks, preflighted;
    each file preflight refuses, with what it failed."""
    from printgen.errors import PreflightFailed
    from printgen.kit.shops import preflighted
    from printgen.render.outputs import Kind
    from printgen.render.shop import kept
    from printgen.render.shop.cards import shop_card_files
    from printgen.render.shop.presets import load_preset

    game, decks, drawings, rules = made
    preset = load_preset(shop)
    made_files: list[tuple[str, bytes]] = []
    if decks:
        for output, data in shop_card_files(game, decks, drawings, preset, _no_png):
            if output.kind in (Kind.DECK_PRINT, Kind.PRINT_CARDS):
                made_files.append((f"{game.id}-{shop}-{output.name or 'cards'}.pdf", data))
            # the soft proof and the palette table: made (and timed), not checked
    for title, data in rules:
        made_rules = kept.rules(data, shop, title)
        if made_rules is not None:
            made_files.append((f"{game.id}-{shop}-rules.pdf", made_rules))
    refused = []
    for name, data in made_files:
        try:
            preflighted(str(folder / name), data, preset.preflight or "print")
        except PreflightFailed as exc:
            refused.append(str(exc))
    return refused


def _no_png(svg: str, bleed: float, dpi: int) -> bytes:
    raise AssertionError("the PDF shops make no PNG")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shop", action="append", choices=["dtc", "print"])
    parser.add_argument("--profile", action="store_true", help="one more run, CPU by step")
    args = parser.parse_args()
    shops = args.shop or ["dtc", "print"]

    made = made_by_the_plain_build()
    scratch = Path(tempfile.mkdtemp(prefix="bench-shop-"))
    atexit.register(shutil.rmtree, scratch, True)  # its files and each run's user cache
    folder = scratch / "files"
    folder.mkdir()
    totals: list[float] = []
    refused: set[str] = set()
    for run in range(args.runs):
        os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(dir=scratch)  # a first build's: none yet
        total = 0.0
        for game_id, game_made in made.items():
            for shop in shops:
                started = time.process_time()
                refused.update(shop_steps(shop, game_made, folder))
                spent = time.process_time() - started
                total += spent
                print(f"run {run + 1} {game_id} {shop}: {spent:.2f} s CPU")
        totals.append(total)
        print(f"run {run + 1}: {total:.2f} s CPU in all")
    median = statistics.median(totals)
    named = " + ".join(shops)
    print(f"median {median:.2f} s CPU ({named}); about {median / 2:.2f} s wall with --jobs 2")
    started = time.process_time()
    for game_made in made.values():
        for shop in shops:
            shop_steps(shop, game_made, folder)
    print(f"read back (a second build): {time.process_time() - started:.2f} s CPU")
    if args.profile:
        profile(made, shops, folder)
    for failure in sorted(refused):
        print(f"REFUSED by our preflight: {failure}")
    if refused:
        sys.exit(1)


def profile(made: dict[str, tuple[Any, Any, Any, Any]], shops: list[str], folder: Path) -> None:
    """One run of every game and shop under cProfile in CPU time: each of `PHASES`' share."""
    import cProfile
    import pstats

    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(dir=folder.parent)  # made, not read back

    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for game_made in made.values():
        for shop in shops:
            shop_steps(shop, game_made, folder)
    profiler.disable()
    stats: dict[Any, Any] = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = max(cumulative for _, _, _, cumulative, _ in stats.values())
    print(f"profiled run: {total:.2f} s CPU (with the profiler's own cost)")
    for label, file, name in PHASES:
        spent = sum(
            row[3]
            for (path, _, function), row in stats.items()
            if function == name and path.endswith(file)
        )
        print(f"  {label:<40} {spent:6.2f} s  {spent / total:5.1%}")


if __name__ == "__main__":
    main()
