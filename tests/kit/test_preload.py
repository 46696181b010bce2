"""How a build's worker processes start (printgen.kit.run): with the libraries that more than
one of them would import on its own imported before the fork (`preload`, named by the parts'
`Part.loads`), and with what they inherit frozen out of the garbage collector's passes."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

from printgen.cli import main
from printgen.kit.options import BuildOptions
from printgen.kit.parts import PDF_LIBRARIES, SHOP_LIBRARIES, TYPESETTER, card_loads, rule_loads
from printgen.kit.run import Task, schedule, shared_loads
from tests.hardening.conftest import run_python, write_tiny

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
    workers start: a build of the cards (with a shop) and the rulebook, in one fresh process
    with an empty user cache (a shop's files kept there from an earlier run are read back,
    and preflight is not loaded), loads each one the parts name for them, and none before it
    builds."""
    tiny = write_tiny(tmp_path)
    named = sorted({*card_loads(SHOP, None), *rule_loads(SHOP, None)})
    code = (
        "import os, sys\n"
        f"os.environ['XDG_CACHE_HOME'] = {str(tmp_path / 'user-cache')!r}\n"
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
    lines = run_python(code, cwd=tmp_path)
    assert any("built 2 parts" in line and "0 failed" in line for line in lines), lines
    assert "before" in lines  # none loaded before the build
    assert f"after {' '.join(named)}" in lines


def test_a_worker_leaves_what_it_inherited_out_of_the_collectors_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each worker freezes the objects it was forked with (printgen.kit.run.start_worker)
    before its first piece."""
    import gc

    from printgen.kit import run

    frozen = tmp_path / "frozen"
    real = run.run_piece

    @functools.wraps(real)  # the pool sends it by the name it replaces; forked workers have it
    def recording(task: Task, piece: str | None) -> run.PieceOutcome:
        with frozen.open("a", encoding="utf-8") as record:
            record.write(f"{os.getpid()} {gc.get_freeze_count()}\n")
        return real(task, piece)

    monkeypatch.setattr(run, "run_piece", recording)
    gc.unfreeze()  # what an earlier test froze in this process would be inherited frozen
    data = write_tiny(tmp_path)
    with pytest.raises(SystemExit) as exited:
        main(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--jobs", "2"])
    assert exited.value.code == 0
    counts = [line.split() for line in frozen.read_text(encoding="utf-8").splitlines()]
    assert len(counts) == 2  # the cards and the rulebook, each in a worker
    assert all(pid != str(os.getpid()) and int(count) > 0 for pid, count in counts), counts


def test_the_collector_is_paused_while_the_parent_loads_plans_and_preloads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the parent makes before the fork lives as long as the build: no collector pass
    walks it while it is made (printgen.kit.run.collector_paused), and nothing stays frozen
    once the build is done (a watched folder's next build frees what this one left)."""
    import gc

    import printgen.commands.build as build
    from printgen.kit import run

    seen: dict[str, bool] = {}

    def watching(module: object, name: str) -> None:
        real = getattr(module, name)

        def watched(*args: object) -> object:
            seen[name] = gc.isenabled()
            return real(*args)

        monkeypatch.setattr(module, name, watched)

    watching(build, "plan")
    watching(run, "preload")
    gc.unfreeze()
    data = write_tiny(tmp_path)
    with pytest.raises(SystemExit) as exited:
        main(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--jobs", "2"])
    assert exited.value.code == 0
    assert seen == {"plan": False, "preload": False}
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_paused_collector_freezes_what_the_block_made_and_stays_off_if_it_was() -> None:
    import gc

    from printgen.kit.run import collector_paused

    gc.unfreeze()
    with collector_paused():
        assert not gc.isenabled()
        made = [[] for _ in range(1000)]
    assert gc.isenabled() and gc.get_freeze_count() >= len(made)
    gc.unfreeze()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()
