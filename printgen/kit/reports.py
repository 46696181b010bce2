"""The validate report the gallery shows for each game, remembered in OUT's cache.

Validating a game draws every card face and typesets its rulebook's text, about a second of
CPU a game, yet it depends only on what the build's cache keys already hash: the game's folder,
the templates, printgen's code and the fonts. Remembered by those, a build that changed nothing
shows the same report without checking anything again. A build that has parts to make also
makes the reports it lacks in its worker processes, beside the parts (`unremembered`,
`remember`), so the gallery at the end finds them made instead of checking game after game
on one core while the other waits.
"""

from __future__ import annotations

import json
from pathlib import Path

from printgen.check.report import validate
from printgen.errors import PrintgenError
from printgen.files import memo
from printgen.files.hashing import hash_tree
from printgen.files.templates import templates_dir
from printgen.kit.run import planned_game
from printgen.model import Game, load_game
from printgen.rules.engine import Check


def checks_of(game: Game, stamped: bool = True) -> list[Check]:
    """Every check `printgen validate` makes of `game` as the build drew it (`stamped`: with
    its version stamp, else as `--no-stamp` leaves it off, so a stamp the kit does not print
    is not checked); a report that cannot be made (a broken examples.yaml) is one failed
    `data` check, so the gallery says so and is still written."""
    drawn = game if stamped else game.without_stamp()
    pieces = _pieces(game.folder, stamped)
    made = memo.remembered("validate", pieces, lambda: _encode(_validate(drawn)))
    stored = _read(made)
    return stored if stored is not None else _validate(drawn)


def stored_checks(game: Game) -> list[Check] | None:
    """The report the last build made of `game` as it is now (its folder and the templates
    unchanged since), None when no build has made it yet: `printgen serve` shows it beside a
    card without checking the game again."""
    data = memo.fetched("validate", _pieces(game.folder))
    return None if data is None else _read(data)


def unremembered(folders: list[Path], out_dir: Path, stamped: bool = True) -> list[Path]:
    """The game folders (of `folders`) whose report OUT's cache does not hold."""
    memo.configure(out_dir / ".cache")
    try:
        return [f for f in folders if not memo.stored("validate", _pieces(f, stamped))]
    finally:
        memo.configure(None)


def remember(folder: Path, out_dir: Path, stamped: bool = True) -> None:
    """Make the report of the game in `folder` and store it in OUT's cache (a worker's job); a
    game that does not load has no report (the gallery leaves it out)."""
    memo.configure(out_dir / ".cache")
    try:  # the build's own game when this worker was forked from it (a large deck's table)
        checks_of(planned_game(folder) or load_game(folder), stamped)
    except PrintgenError:
        pass
    finally:
        memo.configure(None)


def _pieces(folder: Path, stamped: bool = True) -> list[str]:
    """What a game's report is made from (with printgen's code and the fonts, which the store
    adds): the game's folder and the templates, and `--no-stamp` when the build gave it."""
    pieces = [folder.name, hash_tree(folder), hash_tree(templates_dir())]
    return pieces if stamped else [*pieces, "--no-stamp"]


def _validate(game: Game) -> list[Check]:
    try:
        return validate(game).checks
    except PrintgenError as exc:
        return [Check("data", False, "error", str(exc))]


def _encode(checks: list[Check]) -> bytes:
    return json.dumps([check.to_json() for check in checks], sort_keys=True).encode("utf-8")


def _read(data: bytes) -> list[Check] | None:
    """The checks stored as `data`; None when it is not what `_encode` writes (an entry edited
    by hand: the report is then made again)."""
    try:
        items: object = json.loads(data.decode("utf-8"))
    except ValueError:
        return None
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        return None
    try:
        checks = [Check(item["name"], item["ok"], item["level"], item["detail"]) for item in items]
    except KeyError:
        return None
    valid = all(
        isinstance(c.name, str)
        and isinstance(c.ok, bool)
        and c.level in ("error", "warning")
        and isinstance(c.detail, str)
        for c in checks
    )
    return checks if valid else None
