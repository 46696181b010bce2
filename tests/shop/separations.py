"""A CMYK PDF's separations as a RIP makes them: ghostscript's `tiffsep` device, one grey
plate a process ink (overprint simulated as a press prints it), read back as ink coverage
0..1 per pixel. An independent reader: nothing of printgen's own is used."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image

INKS = ("Cyan", "Magenta", "Yellow", "Black")


def separations(pdf: Path, page: int | None = None, dpi: int = 50) -> list[np.ndarray]:
    """Each page's plates (or page `page`'s alone, 1-based) as an array of height x width x 4
    (C, M, Y, K coverage, 0..1)."""
    with tempfile.TemporaryDirectory() as folder:
        pages = [f"-dFirstPage={page}", f"-dLastPage={page}"] if page else []
        target = Path(folder) / "p%04d.tif"
        subprocess.run(
            ["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiffsep", f"-r{dpi}",
             *pages, f"-sOutputFile={target}", str(pdf)],
            check=True,
        )  # fmt: skip
        found = []
        for composite in sorted(Path(folder).glob("p[0-9][0-9][0-9][0-9].tif")):
            plates = []
            for ink in INKS:
                with Image.open(composite.with_name(f"{composite.stem}({ink}).tif")) as plate:
                    plates.append(1 - np.asarray(plate, dtype=float) / 255)  # 0 is full ink
            found.append(np.stack(plates, axis=-1))
        return found
