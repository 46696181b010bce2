"""What `build --shop print` adds to a build (issue 17), step by step, in CPU seconds.

    .venv/bin/python benchmarks/bench_shop.py [--runs N]

For every game the extra steps of the `print` shop are timed on the outputs the plain build
already made (the face drawings, rules.pdf): cards-print.pdf at the preset's bleed, its CMYK
PDF/X-4 conversion and its preflight; each rulebook's bleed, conversion and preflight. CPU
time (time.process_time) is used because the machine this runs on is shared: wall times grow
with the load, CPU times much less. With `--jobs 2` the parts run on two processes, so the
wall time a build gains is about half the total (the parts are spread over both).

Target: under 2 s added to the full cold build with 2 jobs.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    from printgen.files.templates import templates_dir
    from printgen.model import load_game
    from printgen.preflight.checks import preflight
    from printgen.render.draw import vector
    from printgen.render.faces.game_faces import game_faces
    from printgen.render.pdf.print_pdf import print_pdf
    from printgen.render.rulebook.build import rulebook_pdf
    from printgen.render.rulebook.source import sources
    from printgen.render.sheets.card_sheets import faces_in
    from printgen.render.shop.pdfx import to_pdfx
    from printgen.render.shop.presets import load_preset
    from printgen.render.shop.rules import shop_rules

    preset = load_preset("print")
    assert preset.pdf is not None
    totals: list[float] = []
    folder = Path(tempfile.mkdtemp())
    games = ["mywuxing", "cl4sh", "the-way", "elementa", "feng-shui-master"]
    made = {}
    for game_id in games:  # what the plain build makes anyway: not timed
        game = load_game(ROOT / "card_data" / game_id)
        drawings = {}
        decks = []
        if game.card_size is not None and game.printed_decks:
            decks = game_faces(game, vector.CairoMeasure())
            roots = [game.folder, templates_dir()]
            drawings = {f.svg: vector.record_svg(f.svg, roots, f.title) for f in faces_in(decks)}
        rules = [(s.title, rulebook_pdf(s)) for s in sources(game)]
        made[game_id] = (game, decks, drawings, rules)
    for run in range(args.runs):
        total = 0.0
        for game_id, (game, decks, drawings, rules) in made.items():
            started = time.process_time()
            if decks:
                data = print_pdf(game, decks, drawings, preset.bleed_mm, preset.order)
                path = folder / f"{game_id}-cards.pdf"
                path.write_bytes(to_pdfx(data, preset.pdf, game.name))
                preflight(path, "print")
            for title, data in rules:
                path = folder / f"{game_id}-rules.pdf"
                made_rules = shop_rules(data, "print", title)
                assert made_rules is not None
                path.write_bytes(made_rules)
                preflight(path, "print")
            spent = time.process_time() - started
            total += spent
            print(f"run {run + 1} {game_id}: {spent:.2f} s CPU")
        totals.append(total)
        print(f"run {run + 1}: {total:.2f} s CPU in all")
    median = statistics.median(totals)
    print(f"median {median:.2f} s CPU; about {median / 2:.2f} s wall with --jobs 2")


if __name__ == "__main__":
    main()
