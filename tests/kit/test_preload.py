"""The libraries a build imports before it forks its worker processes (printgen.kit.run.preload):
those that more than one worker would import on its own, named by the parts (`Part.loads`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from printgen.kit.options import BuildOptions
from printgen.kit.parts import PDF_LIBRARIES, SHOP_LIBRARIES, TYPESETTER, card_loads, rule_loads
from printgen.kit.run import Task, schedule, shared_loads
from tests.hardening.conftest import TINY_CARDS, TINY_GAME, TINY_RULES, subprocess_env

SHOP = BuildOptions(shops=("dtc",))


def _task(
    game: str, part: str, pieces: tuple[tuple[str, int], ...] = (), options: BuildOptions = SHOP
) -> Task:
    return Task(game, Path(game), part, Path("out"), options, "key", pieces)


def test_a_library_is_preloaded_when_as_many_pieces_load_it_as_there_are_workers() -> None:
    cards = _task(
        "many",
        "cards",
        (("decks-0", 3), ("decks", 1), ("batch-0", 1), ("batch-1", 1), ("shop-dtc", 2)),
    )
    one_book = schedule([cards, _task("many", "rules")])
    # the shop's files: its card piece and the rulebook's shop copy; one rulebook to typeset
    assert shared_loads(one_book, 2) == sorted([*PDF_LIBRARIES, *SHOP_LIBRARIES])
    assert shared_loads(one_book, 3) == sorted(PDF_LIBRARIES)  # a third worker makes no shop
    two_books = schedule([cards, _task("many", "rules"), _task("other", "rules")])
    assert TYPESETTER in shared_loads(two_books, 2)
    assert TYPESETTER not in shared_loads(two_books, 3)
    plain = schedule([_task(game, "rules", options=BuildOptions()) for game in ("a", "b")])
    assert shared_loads(plain, 2) == sorted([*PDF_LIBRARIES, TYPESETTER])  # no shop asked


def test_each_library_a_part_names_is_one_its_build_loads(tmp_path: Path) -> None:
    """A library named but not loaded would be imported for nothing before every build's
    workers start: a build of the cards (with a shop) and the rulebook, in one fresh process,
    loads each one the parts name for them, and none before it builds."""
    tiny = tmp_path / "data"
    (tiny / "tiny").mkdir(parents=True)
    for name, text in (
        ("game.yaml", TINY_GAME),
        ("cards.csv", TINY_CARDS),
        ("rules.md", TINY_RULES),
    ):
        (tiny / "tiny" / name).write_text(text, encoding="utf-8")
    named = sorted({*card_loads(SHOP, None), *rule_loads(SHOP, None)})
    code = (
        "import sys\n"
        "from printgen.cli import main\n"
        f"named = {named!r}\n"
        "print('before', *[m for m in named if m in sys.modules])\n"
        "try:\n"
        f"    main(['build', '--data', {str(tiny)!r}, '--out', {str(tmp_path / 'out')!r},"
        " '--shop', 'dtc', '--jobs', '1'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('after', *[m for m in named if m in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env()
    )
    lines = done.stdout.splitlines()
    assert "built 2 parts" in done.stdout and "0 failed" in done.stdout, done.stdout + done.stderr
    assert "before" in lines  # none loaded before the build
    assert f"after {' '.join(named)}" in lines
