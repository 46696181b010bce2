"""`build --shop` checks what it makes before it is written: each PDF/X file through
`printgen preflight` (printgen.preflight) for the shop's target, the table kept beside it
(`<file>.preflight.txt`); a failed check fails the shop (none of its files is written but the
failing file's preflight table, and the build says why and where that table is), so a file a
shop would bounce never passes silently.

The shop's files come from the renderers (printgen.render.shop, through the card build and
the rulebook), are checked here and named by printgen.kit.names, then written by
printgen.kit.write: each step calls the next one down, never back up.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

from printgen.errors import PreflightFailed, PrintgenError, ShopError
from printgen.files import usercache
from printgen.kit.names import Made, path_of
from printgen.render.outputs import Output


def preflighted(name: str, data: bytes, target: str | None) -> dict[str, bytes]:
    """The file `name` and its preflight table, by name; PreflightFailed when a check fails for
    `target`. A table that passed is kept in the user's cache by the file's bytes (as the
    conversion that made them is: printgen.render.shop.kept), and read back for the same
    file; a failure is checked again each time, to say why."""
    if target is None:
        return {name: data}
    path = Path(name)
    report_name = str(path.with_name(f"{path.stem}.preflight.txt"))
    text = usercache.remembered(
        "preflight",
        [target, path.name, data],
        lambda: _passed_table(path.name, data, target, report_name),
        PREFLIGHT_LIBRARIES,
        PREFLIGHT_BYTES_KEPT,
    )
    return {name: data, report_name: text}


PREFLIGHT_LIBRARIES = ("pikepdf", "pillow", "pypdfium2", "numpy")
PREFLIGHT_BYTES_KEPT = 4 << 20
"""Tables are small (some 2 kB a file)."""


def _passed_table(file_name: str, data: bytes, target: str, report_name: str) -> bytes:
    """The preflight table of `data`, checked in a private temporary folder (the kit writes
    the real files); PreflightFailed when a check fails."""
    from printgen.preflight.checks import preflight  # start-up: only a shop's files need it
    from printgen.preflight.report import table  # start-up: only a shop's files need it

    with tempfile.TemporaryDirectory(prefix="printgen-preflight-") as folder:
        probe = Path(folder) / file_name
        try:
            probe.write_bytes(data)
        except OSError as exc:  # a write's error names no file: this one is the temp folder's
            raise OSError(exc.errno, exc.strerror, str(probe)) from None
        report = preflight(probe, target)
    text = (table([report], [file_name]) + "\n").encode()
    if not report.ok:
        failed = "; ".join(
            f"{c.name}: {c.detail}" for c in report.checks if not c.ok and c.level == "error"
        )
        raise PreflightFailed(
            f"{file_name} fails preflight for {target}: {failed} (the whole report: {report_name})",
            (report_name, text),
        )
    return text


def shop_checked(made: Made) -> Iterator[tuple[str, bytes]]:
    """Each output's path and bytes, in the order made; a shop's PDF followed by its preflight
    table. A shop's files (which come one after the other) are held until the shop's last
    one and given only when every PDF of them passes its preflight: a shop's folder is whole
    or not written. When a shop fails (here, or in its renderer: ShopError), the other
    outputs still come, and one ShopError naming every failed shop is raised at the end."""
    pairs = made.items() if isinstance(made, Mapping) else made
    failures: dict[str, tuple[str, int]] = {}
    held: list[tuple[Output, bytes]] = []
    try:
        for output, data in pairs:
            if held and output.shop != held[0][0].shop:
                yield from _shop_files(held, failures)
                held = []
            if output.shop:
                held.append((output, data))
            else:
                yield path_of(output), data
    except ShopError as exc:
        failures.update(exc.failures)
    yield from _shop_files(held, failures)
    if failures:
        raise ShopError(failures)


def _shop_files(
    held: list[tuple[Output, bytes]], failures: dict[str, tuple[str, int]]
) -> Iterator[tuple[str, bytes]]:
    """One shop's files, each PDF followed by its preflight table; none when one fails (the
    shop's message then goes to `failures`)."""
    if not held:
        return
    shop = held[0][0].shop
    files: list[tuple[str, bytes]] = []
    reports: list[tuple[str, bytes]] = []
    problems: list[tuple[str, int]] = []
    for output, data in held:
        try:
            files += _preflighted(shop, path_of(output), data)
        except PreflightFailed as exc:
            problems.append((str(exc), 1))
            reports += [exc.report] if exc.report else []
        except PrintgenError as exc:
            problems.append((str(exc), 2))
    if problems:
        failures[shop] = ("; ".join(m for m, _ in problems), max(c for _, c in problems))
        yield from reports  # what failed, to read: the shop's files themselves are not written
        return
    yield from files


def _preflighted(shop: str, path: str, data: bytes) -> list[tuple[str, bytes]]:
    if not path.endswith(".pdf") or Path(path).parent.name == "proof":  # RGB, for the screen
        return [(path, data)]
    from printgen.render.shop.presets import load_preset  # start-up: only with --shop

    return list(preflighted(path, data, load_preset(shop).preflight).items())
