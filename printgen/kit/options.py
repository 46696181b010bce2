"""What a build is asked for: the options `printgen build` reads from its command line.

It lives in kit, which reads it at every step, and `commands.build` hands it down.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.duplex import NO_OFFSET, BackOffset


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    preset: str = "tgc"
    crop_marks: bool = True
    gutter_mm: float = 0.0
    ink_saver: bool = False
    jobs: int = 1
    shops: tuple[str, ...] = ()
    lang: str | None = None  # the card faces' language; None: each game's first
    back_offset: BackOffset = NO_OFFSET  # every back page moved by it (printgen.layout.duplex)
    printer: str = ""  # the saved printer whose offset that is ('' : given as numbers or none)
    cutter: str | None = None  # silhouette or cricut: the cut files too (printgen.kit.cut)
    stamp: bool = True  # the version stamp on every front (game.yaml version:); --no-stamp
